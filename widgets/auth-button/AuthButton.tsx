/**
 * kyb-auth-button (docs/pages.md#shared-layout, docs/accounts.md#sign-in-dialog, #validation, #messages): the header's account control.
 * Signed out: Sign in (opens the dialog). Signed in: greeting with the display name given at sign-up, else
 * the e-mail (which the greeting's tooltip always holds), My Account, Sign out.
 * Dialog: tabs Sign in / Create account; beyond the spec: Forgot password? (recovery mail, then a
 * set-new-password step when the link lands) and Resend confirmation (when sign-in says the e-mail is
 * not confirmed yet, or after a sign-up that needs confirmation).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { hostOf } from '../core/define.ts';
import { emit } from '../core/events.ts';
import { clearConfirmed, clearRecovery, useAuth } from '../core/auth.ts';
import { siteUrl } from '../core/site.ts';
import { MESSAGES } from '../core/domain.ts';
import { useToasts } from '../core/toast.tsx';
import { useAuthAction } from './action.ts';
import { AuthDialog, type View } from './AuthDialog.tsx';
import { takeSignInRequests } from './requests.ts';

export interface AuthButtonProps {
  /** Path of the account page on the site (the My Account link). */
  accountPath?: string;
  /**
   * `bar` (default): one row for a header. `menu`: stacked and full width, for a slide-out menu; its
   * Sign in asks the page's `bar` button for the dialog (`kyb-request-sign-in`), so a page with both
   * has one dialog.
   */
  layout?: 'bar' | 'menu';
  container?: ShadowRoot;
}

/**
 * The buttons on the page, so that one of them owns the dialog (a header and a slide-out menu both
 * hold one): the first `bar` button; a `menu` one only on a page without any other (a `bar` button
 * that has not rendered yet still counts: the order they render in is not the page's).
 */
const mounted = new Set<{ layout: 'bar' | 'menu' }>();
const owner = () => [...mounted].find((b) => b.layout === 'bar') ?? (document.querySelector('kyb-auth-button:not([layout="menu"])') ? undefined : [...mounted][0]);

function PersonIcon() {
  return (
    <svg className="auth__account-icon" part="account-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
    </svg>
  );
}

export function AuthButton({ accountPath = '/account', layout = 'bar', container }: AuthButtonProps) {
  const auth = useAuth();
  const { toast, toasts } = useToasts();
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<View>('sign-in');
  const signOutAction = useAuthAction(toast);
  /** E-mail of a sign-up still waiting for its confirmation (offers Resend). */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const self = useRef({ layout });
  self.current.layout = layout;
  const isOwner = () => owner() === self.current;

  const openDialog = (v: View) => {
    // A slide-out menu holding a sign-in entry gives way to the dialog (its toggle gets focus back,
    // and the dialog returns focus there when it closes).
    for (const p of document.querySelectorAll<HTMLElement>(':popover-open')) if (p.querySelector('kyb-auth-button')) p.hidePopover();
    setView(v);
    setOpen(true);
  };

  // Other elements (or the page) may ask for the dialog: `kyb-request-sign-in`; the owner takes it,
  // also one that came before this button mounted (requests.ts).
  useEffect(() => {
    const me = self.current;
    mounted.add(me);
    const stop = takeSignInRequests((tab) => {
      if (!isOwner()) return false;
      openDialog(tab);
      return true;
    });
    return () => {
      stop();
      mounted.delete(me);
    };
  }, []);

  // A recovery link landed: ask for the new password (once, in the owner's dialog).
  useEffect(() => {
    if (auth.recovery && isOwner()) openDialog('new-password');
  }, [auth.recovery]);

  // A confirmation link landed and signed the visitor in, back on the page they signed up from: say so
  // (once, from the owner; issue #23).
  useEffect(() => {
    if (!auth.confirmed || !isOwner()) return;
    clearConfirmed();
    toast(MESSAGES.emailConfirmed);
  }, [auth.confirmed]);

  const signOut = () =>
    signOutAction.run({
      cause: 'sign-out',
      call: (c) => c.auth.signOut(),
      failed: MESSAGES.signOutFailed,
      done: () => toast(MESSAGES.signOutSuccess),
    });

  const close = () => {
    setOpen(false);
    if (view === 'new-password') clearRecovery();
  };

  const signIn = () => {
    if (layout === 'bar' || isOwner()) return openDialog('sign-in');
    // In a slide-out menu: the page's header button opens the one dialog.
    emit(hostOf(container) ?? document, 'kyb-request-sign-in', { tab: 'sign-in' });
  };

  let bar: ReactNode;
  if (auth.initializing) {
    bar = <span className="auth__placeholder" part="placeholder" aria-hidden="true" />;
  } else if (auth.user) {
    const email = auth.user.email ?? '';
    // The display name the member gave at sign-up, else the e-mail (issue #29: "Hi, cleo.member@…").
    const given = auth.user.user_metadata?.full_name;
    const name = typeof given === 'string' && given.trim() ? given.trim() : email;
    bar = (
      <span className="auth__signed-in" part="signed-in">
        {/* One line; a long address ends in an ellipsis, the whole of it in the tooltip. */}
        <span className="auth__greeting" part="greeting" title={email}>
          Hi, <span className="auth__email">{name}</span>
        </span>
        {/* The two buttons stay together: when the row is too narrow it is the greeting that takes a line of its own. */}
        <span className="auth__actions" part="actions">
          <a className="kyb-btn kyb-btn--ghost auth__account" part="account-link" href={siteUrl(accountPath)} title="My Account">
            <PersonIcon />
            <span className="auth__account-label" part="account-label">
              My Account
            </span>
          </a>
          <button type="button" className="kyb-btn kyb-btn--outline" part="button sign-out" onClick={signOut} disabled={signOutAction.busy}>
            Sign out
          </button>
        </span>
      </span>
    );
  } else {
    bar = (
      <button type="button" className="kyb-btn" part="button sign-in" aria-haspopup="dialog" onClick={signIn}>
        Sign in
      </button>
    );
  }

  return (
    <div className={`auth auth--${layout === 'menu' ? 'menu' : 'bar'}`} part="base">
      {bar}
      {open ? (
        <AuthDialog view={view} setView={setView} onClose={close} onDone={() => setOpen(false)} toast={toast} unconfirmed={unconfirmed} setUnconfirmed={setUnconfirmed} />
      ) : null}
      {toasts}
    </div>
  );
}
