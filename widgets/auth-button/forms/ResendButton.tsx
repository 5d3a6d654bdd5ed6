/** Resend confirmation: a new sign-up confirmation mail to an address that has not confirmed yet. */
import { MESSAGES } from '../../core/domain.ts';
import { useAuthAction, type Toast } from '../action.ts';
import { redirectTo } from './auth-form.ts';

export function ResendButton({ email, toast }: { email: string; toast: Toast }) {
  const { busy, run } = useAuthAction(toast);
  return (
    <button
      type="button"
      className="kyb-link kyb-link--button"
      part="resend"
      disabled={busy}
      onClick={() =>
        void run({
          cause: 'resend',
          call: (c) => c.auth.resend({ type: 'signup', email, options: { emailRedirectTo: redirectTo() } }),
          failed: MESSAGES.resendFailed,
          done: () => toast(MESSAGES.confirmationResent),
        })
      }
    >
      Resend confirmation
    </button>
  );
}
