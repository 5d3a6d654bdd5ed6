/** Choose a new password: the step a recovery link lands on. */
import { useState } from 'react';
import { clearRecovery } from '../../core/auth.ts';
import { Field } from '../../core/form.tsx';
import { MESSAGES, TEXTS } from '../../core/domain.ts';
import type { Toast } from '../action.ts';
import { checkNewPassword } from '../checks.ts';
import { useAuthForm } from './auth-form.ts';

export function NewPasswordForm({ toast, onDone }: { toast: Toast; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const { busy, errors, form, submit } = useAuthForm(
    toast,
    () => ({ password: checkNewPassword(password) }),
    () => ({
      cause: 'new-password',
      call: (c) => c.auth.updateUser({ password }),
      failed: MESSAGES.passwordUpdateFailed,
      done: () => {
        clearRecovery();
        toast(MESSAGES.passwordUpdated);
        onDone();
      },
    }),
  );
  return (
    <form ref={form} className="kyb-stack auth__form" part="form new-password-form" noValidate onSubmit={submit} aria-busy={busy}>
      <Field label="New password" error={errors.password}>
        {(a) => (
          <input
            {...a}
            className="kyb-input"
            type="password"
            name="new-password"
            autoComplete="new-password"
            placeholder={TEXTS.passwordPlaceholder}
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
        )}
      </Field>
      <button type="submit" className="kyb-btn auth__submit" part="button submit" disabled={busy}>
        {busy ? 'Saving...' : 'Save new password'}
      </button>
    </form>
  );
}
