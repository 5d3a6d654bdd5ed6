/**
 * The one shape every account action has: nothing while one is running, the auth client loaded on
 * demand (core/auth.ts), the call, then a toast. A refused call (an `error` in the answer) and a thrown
 * one (network, client failed to load) both end in the action's failure toast with the server's own
 * words (authErrorText), and the control is usable again. A failure toast names the action as its cause,
 * and the action's next success withdraws it (issue #23: "Sign in failed" stayed beside "Welcome back!"
 * after a quick retry).
 */
import { useState } from 'react';
import type { AuthError } from '@supabase/supabase-js';
import { ensureAuth } from '../core/auth.ts';
import type { KybClient } from '../core/supabase.ts';
import { authErrorText } from '../core/supabase.ts';
import type { ToastInput, useToasts } from '../core/toast.tsx';

export type Toast = ReturnType<typeof useToasts>['toast'];

export interface AuthAction<R> {
  /** Which action this is ('sign-in', 'sign-up', …): the cause its failure toast carries. */
  cause: string;
  call: (c: KybClient) => Promise<R & { error: AuthError | null }>;
  /** The failure toast for a reason text. */
  failed: (reason: string | null) => ToastInput;
  /** Before the failure toast of a refused call (e.g. remember an unconfirmed address). */
  refused?: (error: AuthError) => void;
  /** After a successful call: its toast and whatever follows. */
  done: (result: R) => void;
}

export function useAuthAction(toast: Toast) {
  const [busy, setBusy] = useState(false);
  async function run<R>(action: AuthAction<R>) {
    if (busy) return;
    setBusy(true);
    try {
      const c = await ensureAuth();
      const result = await action.call(c);
      if (result.error) {
        action.refused?.(result.error);
        toast({ ...action.failed(authErrorText(result.error)), cause: action.cause });
      } else {
        toast({ withdraw: action.cause });
        action.done(result);
      }
    } catch (e) {
      toast({ ...action.failed(authErrorText(e)), cause: action.cause });
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}
