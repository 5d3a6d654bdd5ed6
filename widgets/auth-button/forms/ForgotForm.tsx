/** Forgot password?: sends the recovery mail, then goes back to Sign in. */
import { useState } from 'react';
import { EmailInput, Field } from '../../core/form.tsx';
import { MESSAGES } from '../../core/domain.ts';
import type { Toast } from '../action.ts';
import { checkEmail } from '../checks.ts';
import { redirectTo, useAuthForm } from './auth-form.ts';

export function ForgotForm({ toast, onBack }: { toast: Toast; onBack: () => void }) {
  const [email, setEmail] = useState('');
  const { busy, errors, form, submit } = useAuthForm(
    toast,
    () => ({ email: checkEmail(email) }),
    () => ({
      cause: 'reset',
      call: (c) => c.auth.resetPasswordForEmail(email.trim(), { redirectTo: redirectTo() }),
      failed: MESSAGES.resetFailed,
      done: () => {
        toast(MESSAGES.resetLinkSent);
        onBack();
      },
    }),
  );
  return (
    <form ref={form} className="kyb-stack auth__form" part="form forgot-form" noValidate onSubmit={submit} aria-busy={busy}>
      <p className="auth__intro">Enter your e-mail and we'll send you a link to choose a new password.</p>
      <Field label="Email" error={errors.email}>
        {(a) => <EmailInput {...a} value={email} onValue={setEmail} autoFocus />}
      </Field>
      <button type="submit" className="kyb-btn auth__submit" part="button submit" disabled={busy}>
        {busy ? 'Sending...' : 'Send reset link'}
      </button>
      <button type="button" className="kyb-link kyb-link--button" part="back" onClick={onBack}>
        Back to sign in
      </button>
    </form>
  );
}
