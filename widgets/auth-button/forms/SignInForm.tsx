/** The dialog's Sign in tab; offers Resend confirmation while the address is not confirmed yet. */
import { useState } from 'react';
import { MSG, MESSAGES, TEXTS } from '../../core/domain.ts';
import { EmailInput, Field } from '../../core/form.tsx';
import type { Toast } from '../action.ts';
import { ResendButton } from './ResendButton.tsx';
import { useAuthForm } from './auth-form.ts';

export interface SignInFormProps {
  toast: Toast;
  onDone: () => void;
  onForgot: () => void;
  unconfirmed: string | null;
  setUnconfirmed: (email: string | null) => void;
}

export function SignInForm({ toast, onDone, onForgot, unconfirmed, setUnconfirmed }: SignInFormProps) {
  const [email, setEmail] = useState(unconfirmed ?? '');
  const [password, setPassword] = useState('');
  const { busy, errors, form, submit } = useAuthForm(
    toast,
    // Signing in only needs both fields filled; the server judges the rest.
    () => ({ email: email.trim() ? undefined : MSG.emailRequired, password: password ? undefined : TEXTS.passwordRequired }),
    () => ({
      cause: 'sign-in',
      call: (c) => c.auth.signInWithPassword({ email: email.trim(), password }),
      refused: (error) => {
        if (error.code === 'email_not_confirmed') setUnconfirmed(email.trim());
      },
      failed: MESSAGES.signInFailed,
      done: () => {
        setUnconfirmed(null);
        toast(MESSAGES.signInSuccess);
        onDone();
      },
    }),
  );

  return (
    <form ref={form} className="kyb-stack auth__form" part="form sign-in-form" noValidate onSubmit={submit} aria-busy={busy}>
      <Field label="Email" error={errors.email}>
        {(a) => <EmailInput {...a} value={email} onValue={setEmail} autoFocus />}
      </Field>
      <Field label="Password" error={errors.password}>
        {(a) => (
          <input
            {...a}
            className="kyb-input"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
        )}
      </Field>
      <button type="submit" className="kyb-btn auth__submit" part="button submit" disabled={busy}>
        {busy ? 'Signing in...' : 'Sign in'}
      </button>
      <div className="auth__links">
        <button type="button" className="kyb-link kyb-link--button" part="forgot" onClick={onForgot}>
          Forgot password?
        </button>
        {unconfirmed ? <ResendButton email={unconfirmed} toast={toast} /> : null}
      </div>
    </form>
  );
}
