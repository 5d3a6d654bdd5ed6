/** The account dialog: tabs Sign in / Create account, or the Forgot password and New password steps. */
import { useId } from 'react';
import { BUSINESS } from '../core/domain.ts';
import { Modal } from '../core/dialog.tsx';
import { TabList } from '../core/tab-list.tsx';
import type { Toast } from './action.ts';
import { ForgotForm } from './forms/ForgotForm.tsx';
import { NewPasswordForm } from './forms/NewPasswordForm.tsx';
import { SignInForm } from './forms/SignInForm.tsx';
import { SignUpForm } from './forms/SignUpForm.tsx';

export type View = 'sign-in' | 'sign-up' | 'forgot' | 'new-password';

export interface AuthDialogProps {
  view: View;
  setView: (v: View) => void;
  onClose: () => void;
  onDone: () => void;
  toast: Toast;
  unconfirmed: string | null;
  setUnconfirmed: (email: string | null) => void;
}

export function AuthDialog({ view, setView, onClose, onDone, toast, unconfirmed, setUnconfirmed }: AuthDialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const title = view === 'forgot' ? 'Reset your password' : view === 'new-password' ? 'Choose a new password' : `Welcome to ${BUSINESS.name}`;
  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="auth__dialog">
      <button type="button" className="kyb-dialog__close" part="close" aria-label="Close" onClick={onClose}>
        ×
      </button>
      <h2 id={titleId} className="auth__title" part="title">
        {title}
      </h2>
      {view === 'sign-in' || view === 'sign-up' ? (
        <TabList<View>
          id={id}
          label="Account"
          listClass="auth__tabs"
          tabClass="auth__tab"
          selected={view}
          onSelect={setView}
          items={[
            {
              value: 'sign-in',
              label: 'Sign in',
              panel: <SignInForm toast={toast} onDone={onDone} onForgot={() => setView('forgot')} unconfirmed={unconfirmed} setUnconfirmed={setUnconfirmed} />,
            },
            { value: 'sign-up', label: 'Create account', panel: <SignUpForm toast={toast} onDone={onDone} setUnconfirmed={setUnconfirmed} /> },
          ]}
        />
      ) : view === 'forgot' ? (
        <ForgotForm toast={toast} onBack={() => setView('sign-in')} />
      ) : (
        <NewPasswordForm toast={toast} onDone={onDone} />
      )}
    </Modal>
  );
}
