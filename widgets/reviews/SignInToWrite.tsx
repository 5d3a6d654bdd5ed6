/**
 * "Sign in to write a review" (issue #23, docs/reviews.md#reviews-section): Write Review stays for
 * signed-in visitors, as the spec has it; everyone else is shown the way there. Pressing it asks the
 * page's sign-in control for its dialog (`kyb-request-sign-in`, answered by kyb-auth-button), and once
 * the visitor is signed in the form opens by itself, so the press leads where it said it would.
 *
 * - `<SignInToWrite onPress onWant />`: the button, drawn where Write Review would be.
 * - `useWriteAfterSignIn(user, open)` → `{ask}`: `ask(from)` remembers that a review is wanted and asks
 *   for the dialog; when a user appears while one is wanted, `open(from)` runs (the form opens).
 */
import { useEffect, useRef } from 'react';
import { REVIEW_SIGN_IN_LABEL } from '../core/shared.ts';

export function SignInToWrite({ onPress, onWant }: { onPress: (e: { currentTarget: HTMLButtonElement }) => void; onWant: () => void }) {
  return (
    <button type="button" className="kyb-btn kyb-btn--outline" part="sign-in-button" aria-haspopup="dialog" onClick={onPress} onPointerEnter={onWant} onFocus={onWant}>
      <svg className="rv-btn-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M4 20h4l10.5-10.5a2.1 2.1 0 0 0-4-4L4 16z" />
      </svg>
      {REVIEW_SIGN_IN_LABEL}
    </button>
  );
}

export function useWriteAfterSignIn(user: unknown, open: (from: HTMLElement) => void, requestSignIn: () => void) {
  const wanted = useRef<HTMLElement | null>(null);
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    if (!user || !wanted.current) return;
    const from = wanted.current;
    wanted.current = null;
    openRef.current(from);
  }, [user]);
  return {
    ask(from: HTMLElement) {
      wanted.current = from;
      requestSignIn();
    },
  };
}
