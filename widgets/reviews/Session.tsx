/**
 * Follows the page's auth store (widgets/core/auth.ts, shared with kyb-auth-button and the rest) for
 * kyb-reviews. Imported by Reviews.tsx only when a session may exist (stored, or a mail link landed),
 * the store already runs on the page, a sign-in or sign-out happens elsewhere (`kyb-auth-change`, or
 * `storage` from another tab), or the visitor acts while a lookup may be pending: a signed-out
 * visitor who only reads never downloads it.
 */
import { useEffect } from 'react';
import { ensureAuth, getAuthState, subscribeAuth, useAuth, type User } from '../core/auth.ts';

export interface Reviewer {
  user: User | null;
  /** True until the first session lookup is done (docs/accounts.md#session). */
  initializing: boolean;
}

/** Renders nothing; reports the store's user to the element on every change. */
export function FollowAuth({ onChange }: { onChange: (r: Reviewer) => void }) {
  const { user, initializing } = useAuth();
  useEffect(() => onChange({ user, initializing }), [user, initializing, onChange]);
  return null;
}

/** The user once the first session lookup is done (a click may come before it). */
export async function settledUser(): Promise<User | null> {
  try {
    await ensureAuth();
  } catch {
    return null; // logged by core
  }
  if (!getAuthState().initializing) return getAuthState().user;
  return new Promise((resolve) => {
    const off = subscribeAuth(() => {
      if (getAuthState().initializing) return;
      off();
      resolve(getAuthState().user);
    });
  });
}
