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
import { REVIEW_SIGN_IN_LABEL } from '../core/domain.ts';

export function SignInToWrite({ onPress, onWant }: { onPress: (e: { currentTarget: HTMLButtonElement }) => void; onWant: () => void }) {
  return (
    <button type="button" className="kyb-btn kyb-btn--outline" part="sign-in-button" onClick={onPress} onPointerEnter={onWant} onFocus={onWant}>
      {REVIEW_SIGN_IN_LABEL}
    </button>
  );
}

export function useWriteAfterSignIn(user: unknown, open: (from: HTMLElement) => void, requestSignIn: () => void) {
  const wanted = useRef<HTMLElement | null>(null);
  // The form opens on the render that first has a user, if a review was asked for.
  useEffect(() => {
    const from = wanted.current;
    if (user && from) {
      wanted.current = null;
      open(from);
    }
  }, [user]);
  return {
    ask(from: HTMLElement) {
      wanted.current = from;
      requestSignIn();
    },
  };
}
