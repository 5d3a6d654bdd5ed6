/** The dialog's Create account tab: optional display name, e-mail, password. */
import { useState } from 'react';
import { EmailInput, Field } from '../../core/form.tsx';
import { MESSAGES, TEXTS } from '../../core/domain.ts';
import type { Toast } from '../action.ts';
import { checkEmail, checkNewPassword } from '../checks.ts';
import { redirectTo, useAuthForm } from './auth-form.ts';

export interface SignUpFormProps {
  toast: Toast;
  onDone: () => void;
  setUnconfirmed: (email: string | null) => void;
}

export function SignUpForm({ toast, onDone, setUnconfirmed }: SignUpFormProps) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const fullName = name.trim();
  const { busy, errors, form, submit } = useAuthForm(
    toast,
    () => ({ email: checkEmail(email), password: checkNewPassword(password) }),
    () => ({
      cause: 'sign-up',
      call: (c) =>
        c.auth.signUp({
          email: email.trim(),
          password,
          options: { ...(fullName ? { data: { full_name: fullName } } : {}), emailRedirectTo: redirectTo() },
        }),
      failed: MESSAGES.signUpFailed,
      done: ({ data }) => {
        if (data.session) {
          // Projects without e-mail confirmation sign the new account in at once.
          toast(MESSAGES.signUpSignedIn);
        } else {
          setUnconfirmed(email.trim());
          toast(MESSAGES.signUpSuccess);
        }
        onDone();
      },
    }),
  );

  return (
    <form ref={form} className="kyb-stack auth__form" part="form sign-up-form" noValidate onSubmit={submit} aria-busy={busy}>
      <Field label="Display name" hint="Optional">
        {(a) => <input {...a} className="kyb-input" type="text" name="display-name" autoComplete="name" autoFocus value={name} onChange={(e) => setName(e.currentTarget.value)} />}
      </Field>
      <Field label="Email" error={errors.email}>
        {(a) => <EmailInput {...a} value={email} onValue={setEmail} />}
      </Field>
      <Field label="Password" error={errors.password}>
        {(a) => (
          <input
            {...a}
            className="kyb-input"
            type="password"
            name="password"
            autoComplete="new-password"
            placeholder={TEXTS.passwordPlaceholder}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
        )}
      </Field>
      <button type="submit" className="kyb-btn auth__submit" part="button submit" disabled={busy}>
        {busy ? 'Creating account...' : 'Create account'}
      </button>
    </form>
  );
}
