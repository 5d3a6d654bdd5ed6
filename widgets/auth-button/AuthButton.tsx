/**
 * kyb-auth-button (doc 1 §2.2, §2.3, §5, §8): the header's account control.
 * Signed out: Sign in (opens the dialog). Signed in: greeting with the e-mail, My Account, Sign out.
 * Dialog: tabs Sign in / Create account; beyond the spec: Forgot password? (recovery mail, then a
 * set-new-password step when the link lands) and Resend confirmation (when sign-in says the e-mail is
 * not confirmed yet, or after a sign-up that needs confirmation).
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { EMAIL_PATTERN, MSG, PASSWORD_MIN } from '../../supabase/functions/_shared/rules.ts';
import { BUSINESS } from '../core/business.ts';
import { hostOf } from '../core/define.ts';
import { emit } from '../core/events.ts';
import { clearRecovery, ensureAuth, useAuth } from '../core/auth.ts';
import { siteOrigin, siteUrl } from '../core/config.ts';
import { authErrorText } from '../core/supabase.ts';
import { Modal } from '../core/dialog.tsx';
import { Field, INVALID, useFocusAfterRender } from '../core/form.tsx';
import { MESSAGES, TEXTS } from '../core/messages.ts';
import { useToasts } from '../core/toast.tsx';

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

type View = 'sign-in' | 'sign-up' | 'forgot' | 'new-password';
type Errors = Partial<Record<'email' | 'password', string>>;

/** Where mail links land: the site's origin (doc 1 §7 "redirect to the site origin"). */
const redirectTo = () => `${siteOrigin()}/`;

function checkEmail(email: string): string | undefined {
  if (!email.trim()) return MSG.emailRequired;
  if (!EMAIL_PATTERN.test(email.trim())) return MSG.emailInvalid;
}

/**
 * The buttons on the page, so that one of them owns the dialog (a header and a slide-out menu both
 * hold one): the first `bar` button; a `menu` one only on a page without any other (a `bar` button
 * that has not rendered yet still counts: the order they render in is not the page's).
 */
const mounted = new Set<{ layout: 'bar' | 'menu' }>();
const owner = () =>
  [...mounted].find((b) => b.layout === 'bar') ?? (document.querySelector('kyb-auth-button:not([layout="menu"])') ? undefined : [...mounted][0]);

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
  const [signingOut, setSigningOut] = useState(false);
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

  // Other elements (or the page) may ask for the dialog: `kyb-request-sign-in`.
  useEffect(() => {
    const me = self.current;
    mounted.add(me);
    // The loader defers this element until the visitor acts; a click (or another element's request)
    // that arrived before the code did is waiting here; the owner takes it (checked once the buttons
    // upgraded in the same pass had their turn to register). The loader notes every request, so the
    // one handled here is cleared.
    const g = globalThis as unknown as Record<symbol, boolean>;
    const waiting = Symbol.for('kyb.wantsSignIn');
    const onRequest = (e: Event) => {
      if (!isOwner()) return;
      g[waiting] = false;
      const tab = (e as CustomEvent<{ tab?: 'sign-in' | 'sign-up' }>).detail?.tab;
      openDialog(tab === 'sign-up' ? 'sign-up' : 'sign-in');
    };
    document.addEventListener('kyb-request-sign-in', onRequest);
    const t = setTimeout(() => {
      if (g[waiting] && isOwner()) {
        g[waiting] = false;
        openDialog('sign-in');
      }
    });
    return () => {
      clearTimeout(t);
      mounted.delete(me);
      document.removeEventListener('kyb-request-sign-in', onRequest);
    };
  }, []);

  // A recovery link landed: ask for the new password (once, in the owner's dialog).
  useEffect(() => {
    if (auth.recovery && isOwner()) openDialog('new-password');
  }, [auth.recovery]);

  async function signOut() {
    setSigningOut(true);
    try {
      const c = await ensureAuth();
      const { error } = await c.auth.signOut();
      if (error) toast(MESSAGES.signOutFailed(authErrorText(error)));
      else toast(MESSAGES.signOutSuccess);
    } catch (e) {
      toast(MESSAGES.signOutFailed(authErrorText(e)));
    } finally {
      setSigningOut(false);
    }
  }

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
    bar = (
      <span className="auth__signed-in" part="signed-in">
        {/* One line; a long address ends in an ellipsis, the whole of it in the tooltip. */}
        <span className="auth__greeting" part="greeting" title={email}>
          Hi, <span className="auth__email">{email}</span>
        </span>
        <a className="kyb-btn kyb-btn--ghost auth__account" part="account-link" href={siteUrl(accountPath)}>
          <PersonIcon />
          <span className="auth__account-label" part="account-label">
            My Account
          </span>
        </a>
        <button type="button" className="kyb-btn kyb-btn--outline" part="button sign-out" onClick={signOut} disabled={signingOut}>
          Sign out
        </button>
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
        <AuthDialog
          view={view}
          setView={setView}
          onClose={close}
          onDone={() => setOpen(false)}
          toast={toast}
          unconfirmed={unconfirmed}
          setUnconfirmed={setUnconfirmed}
        />
      ) : null}
      {toasts}
    </div>
  );
}

interface DialogProps {
  view: View;
  setView: (v: View) => void;
  onClose: () => void;
  onDone: () => void;
  toast: ReturnType<typeof useToasts>['toast'];
  unconfirmed: string | null;
  setUnconfirmed: (email: string | null) => void;
}

function AuthDialog({ view, setView, onClose, onDone, toast, unconfirmed, setUnconfirmed }: DialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const tabs = view === 'sign-in' || view === 'sign-up';
  const title =
    view === 'forgot' ? 'Reset your password' : view === 'new-password' ? 'Choose a new password' : `Welcome to ${BUSINESS.name}`;
  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="auth__dialog">
      <button type="button" className="kyb-dialog__close" part="close" aria-label="Close" onClick={onClose}>
        ×
      </button>
      <h2 id={titleId} className="auth__title" part="title">
        {title}
      </h2>
      {tabs ? (
        <Tabs
          id={id}
          selected={view}
          onSelect={setView}
          signIn={<SignInForm toast={toast} onDone={onDone} onForgot={() => setView('forgot')} unconfirmed={unconfirmed} setUnconfirmed={setUnconfirmed} />}
          signUp={<SignUpForm toast={toast} onDone={onDone} setUnconfirmed={setUnconfirmed} />}
        />
      ) : view === 'forgot' ? (
        <ForgotForm toast={toast} onBack={() => setView('sign-in')} />
      ) : (
        <NewPasswordForm toast={toast} onDone={onDone} />
      )}
    </Modal>
  );
}

function Tabs({ id, selected, onSelect, signIn, signUp }: { id: string; selected: View; onSelect: (v: View) => void; signIn: ReactNode; signUp: ReactNode }) {
  const items: Array<{ v: View; label: string; panel: ReactNode }> = [
    { v: 'sign-in', label: 'Sign in', panel: signIn },
    { v: 'sign-up', label: 'Create account', panel: signUp },
  ];
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = items.findIndex((t) => t.v === selected);
    let next = -1;
    if (e.key === 'ArrowRight') next = (i + 1) % items.length;
    else if (e.key === 'ArrowLeft') next = (i - 1 + items.length) % items.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = items.length - 1;
    if (next < 0) return;
    e.preventDefault();
    onSelect(items[next].v);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <>
      <div className="auth__tabs" role="tablist" aria-label="Account" part="tabs" ref={list} onKeyDown={onKeyDown}>
        {items.map((t) => (
          <button
            key={t.v}
            type="button"
            role="tab"
            id={`${id}-tab-${t.v}`}
            aria-selected={selected === t.v}
            aria-controls={`${id}-panel-${t.v}`}
            tabIndex={selected === t.v ? 0 : -1}
            className="auth__tab"
            part={selected === t.v ? 'tab tab-selected' : 'tab'}
            onClick={() => onSelect(t.v)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {items.map((t) => (
        <div key={t.v} role="tabpanel" id={`${id}-panel-${t.v}`} aria-labelledby={`${id}-tab-${t.v}`} hidden={selected !== t.v} part="panel">
          {selected === t.v ? t.panel : null}
        </div>
      ))}
    </>
  );
}

/** Focus the first invalid control after the render that marks it. */
function useFocusInvalid() {
  const { root, focus } = useFocusAfterRender<HTMLFormElement>();
  return { form: root, focusInvalid: () => focus(INVALID) };
}

interface FormProps {
  toast: ReturnType<typeof useToasts>['toast'];
}

function SignInForm({ toast, onDone, onForgot, unconfirmed, setUnconfirmed }: FormProps & { onDone: () => void; onForgot: () => void; unconfirmed: string | null; setUnconfirmed: (e: string | null) => void }) {
  const [email, setEmail] = useState(unconfirmed ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const { form, focusInvalid } = useFocusInvalid();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    // doc 1 §5: nothing is sent while either field is empty.
    const errs: Errors = { email: email.trim() ? undefined : MSG.emailRequired, password: password ? undefined : TEXTS.passwordRequired };
    if (errs.email || errs.password) {
      setErrors(errs);
      focusInvalid();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const c = await ensureAuth();
      const { error } = await c.auth.signInWithPassword({ email: email.trim(), password });
      if (error) {
        if (error.code === 'email_not_confirmed') setUnconfirmed(email.trim());
        toast(MESSAGES.signInFailed(authErrorText(error)));
        setBusy(false);
        return;
      }
      setUnconfirmed(null);
      toast(MESSAGES.signInSuccess);
      onDone();
    } catch (err) {
      toast(MESSAGES.signInFailed(authErrorText(err)));
      setBusy(false);
    }
  }

  return (
    <form ref={form} className="kyb-stack auth__form" part="form sign-in-form" noValidate onSubmit={submit} aria-busy={busy}>
      <Field label="Email" error={errors.email}>
        {(a) => <input {...a} className="kyb-input" type="email" name="email" autoComplete="email" autoFocus value={email} onChange={(e) => setEmail(e.currentTarget.value)} />}
      </Field>
      <Field label="Password" error={errors.password}>
        {(a) => <input {...a} className="kyb-input" type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />}
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

function ResendButton({ email, toast }: FormProps & { email: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="kyb-link kyb-link--button"
      part="resend"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const c = await ensureAuth();
          const { error } = await c.auth.resend({ type: 'signup', email, options: { emailRedirectTo: redirectTo() } });
          toast(error ? MESSAGES.resendFailed(authErrorText(error)) : MESSAGES.confirmationResent);
        } catch (e) {
          toast(MESSAGES.resendFailed(authErrorText(e)));
        } finally {
          setBusy(false);
        }
      }}
    >
      Resend confirmation
    </button>
  );
}

function SignUpForm({ toast, onDone, setUnconfirmed }: FormProps & { onDone: () => void; setUnconfirmed: (e: string | null) => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const { form, focusInvalid } = useFocusInvalid();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const errs: Errors = {
      email: checkEmail(email),
      password: !password ? TEXTS.passwordRequired : password.length < PASSWORD_MIN ? TEXTS.passwordTooShort : undefined,
    };
    if (errs.email || errs.password) {
      setErrors(errs);
      focusInvalid();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const c = await ensureAuth();
      const fullName = name.trim();
      const { data, error } = await c.auth.signUp({
        email: email.trim(),
        password,
        options: { ...(fullName ? { data: { full_name: fullName } } : {}), emailRedirectTo: redirectTo() },
      });
      if (error) {
        toast(MESSAGES.signUpFailed(authErrorText(error)));
        setBusy(false);
        return;
      }
      if (data.session) {
        // Projects without e-mail confirmation sign the new account in at once.
        toast(MESSAGES.signInSuccess);
      } else {
        setUnconfirmed(email.trim());
        toast(MESSAGES.signUpSuccess);
      }
      onDone();
    } catch (err) {
      toast(MESSAGES.signUpFailed(authErrorText(err)));
      setBusy(false);
    }
  }

  return (
    <form ref={form} className="kyb-stack auth__form" part="form sign-up-form" noValidate onSubmit={submit} aria-busy={busy}>
      <Field label="Display name" hint="Optional">
        {(a) => <input {...a} className="kyb-input" type="text" name="display-name" autoComplete="name" autoFocus value={name} onChange={(e) => setName(e.currentTarget.value)} />}
      </Field>
      <Field label="Email" error={errors.email}>
        {(a) => <input {...a} className="kyb-input" type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />}
      </Field>
      <Field label="Password" error={errors.password}>
        {(a) => (
          <input {...a} className="kyb-input" type="password" name="password" autoComplete="new-password" placeholder={TEXTS.passwordPlaceholder} value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
        )}
      </Field>
      <button type="submit" className="kyb-btn auth__submit" part="button submit" disabled={busy}>
        {busy ? 'Creating account...' : 'Create account'}
      </button>
    </form>
  );
}

function ForgotForm({ toast, onBack }: FormProps & { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const { form, focusInvalid } = useFocusInvalid();
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const err = checkEmail(email);
    setError(err);
    if (err) {
      focusInvalid();
      return;
    }
    setBusy(true);
    try {
      const c = await ensureAuth();
      const { error: apiError } = await c.auth.resetPasswordForEmail(email.trim(), { redirectTo: redirectTo() });
      if (apiError) toast(MESSAGES.resetFailed(authErrorText(apiError)));
      else {
        toast(MESSAGES.resetLinkSent);
        onBack();
      }
    } catch (e2) {
      toast(MESSAGES.resetFailed(authErrorText(e2)));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form ref={form} className="kyb-stack auth__form" part="form forgot-form" noValidate onSubmit={submit} aria-busy={busy}>
      <p className="auth__intro">Enter your e-mail and we'll send you a link to choose a new password.</p>
      <Field label="Email" error={error}>
        {(a) => <input {...a} className="kyb-input" type="email" name="email" autoComplete="email" autoFocus value={email} onChange={(e) => setEmail(e.currentTarget.value)} />}
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

function NewPasswordForm({ toast, onDone }: FormProps & { onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const { form, focusInvalid } = useFocusInvalid();
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const err = !password ? TEXTS.passwordRequired : password.length < PASSWORD_MIN ? TEXTS.passwordTooShort : undefined;
    setError(err);
    if (err) {
      focusInvalid();
      return;
    }
    setBusy(true);
    try {
      const c = await ensureAuth();
      const { error: apiError } = await c.auth.updateUser({ password });
      if (apiError) {
        toast(MESSAGES.passwordUpdateFailed(authErrorText(apiError)));
        setBusy(false);
        return;
      }
      clearRecovery();
      toast(MESSAGES.passwordUpdated);
      onDone();
    } catch (e2) {
      toast(MESSAGES.passwordUpdateFailed(authErrorText(e2)));
      setBusy(false);
    }
  }
  return (
    <form ref={form} className="kyb-stack auth__form" part="form new-password-form" noValidate onSubmit={submit} aria-busy={busy}>
      <Field label="New password" error={error}>
        {(a) => (
          <input {...a} className="kyb-input" type="password" name="new-password" autoComplete="new-password" placeholder={TEXTS.passwordPlaceholder} autoFocus value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
        )}
      </Field>
      <button type="submit" className="kyb-btn auth__submit" part="button submit" disabled={busy}>
        {busy ? 'Saving...' : 'Save new password'}
      </button>
    </form>
  );
}
