/**
 * kyb-beta-gate (docs/tools.md#beta-area, #states, #validation, docs/data.md#roles-and-permissions, docs/tools.md#messages): the password gate of the beta area.
 *
 * - Locked: a password form. The password is checked by the `beta-access` function (only its SHA-256
 *   lives on the server; the spec's in-browser comparison would ship the password to every visitor).
 *   Wrong: the spec's browser alert "Incorrect password. Please try again." plus the same text inline.
 * - Unlocked for the page session (sessionStorage, docs/tools.md#beta-gate "Unlock lasts only for the page
 *   session"): shows the element's light-DOM content through a slot rendered only now (the site
 *   prerenders the Beta Access Tools inside the element), or, when the element holds nothing but a
 *   `.widget-fallback`, its own Beta Access Tools. Dispatches `kyb-beta-unlocked`.
 * - A request form (name, email, role, message; all required) toggled from the gate, stored as lead
 *   `beta_request`; its submit shows a thank-you, and Back to Login returns to the gate.
 *
 * The unlock only reveals links (the tools themselves are public pages or Coming Soon), so a
 * client-side session flag is enough here; nothing secret is behind it.
 *
 * Attribute `mode`: "gate" (default) or "tools" (the /beta-tester page: the tools are the point, the
 * gate says so). Both show the tools straight away when the session is already unlocked.
 *
 * Arriving from the access modal's beta request (`?request=sent`, BETA_REQUEST_SENT), the gate opens
 * on the request's thank-you, which says what happens next, not on a password prompt for a password
 * nobody has sent yet (issue #8); Back to Login leads to the prompt for those who have one.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { track } from '../core/analytics.ts';
import { BETA_UNLOCK_KEY, BUSINESS, FUNCTION_MESSAGES, MESSAGES, TEXTS } from '../core/domain.ts';
import { siteUrl } from '../core/site.ts';
import { hostOf } from '../core/define.ts';
import { emit } from '../core/events.ts';
import { EmailInput, Field, INVALID, useFocusAfterRender } from '../core/form.tsx';
import { invokeFunction } from '../core/functions.ts';
import { BETA_REQUEST_SENT, useLeadForm } from '../core/leads.ts';
import { useToasts } from '../core/toast.tsx';

export interface BetaGateProps {
  mode?: 'gate' | 'tools' | string;
  container?: ShadowRoot;
}

/** Roles offered in the request form (the contract only asks for a non-empty text). */
export const BETA_ROLES = ['Loc wearer', 'Natural hair enthusiast', 'Stylist or loctician', 'Salon owner', 'Content creator', 'Other'] as const;

/** docs/tools.md#beta-access-tools: five disabled Coming Soon tools. */
export const COMING_SOON_TOOLS = ['AI Hair Quiz', 'Community Hub', 'Digital Library', 'Smart Scheduler', 'Goals Tracker'] as const;

export const CROWN_PLANNER_PATH = '/digital-tools/crown-planner';

function readUnlocked(): boolean {
  try {
    return sessionStorage.getItem(BETA_UNLOCK_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberUnlocked() {
  try {
    sessionStorage.setItem(BETA_UNLOCK_KEY, '1');
  } catch {
    /* storage disabled: unlocked for this page view only */
  }
}

/** True when the element holds content of its own to reveal (anything but the no-JS fallback). */
function hasOwnContent(host: HTMLElement | null): boolean {
  if (!host) return false;
  return [...host.children].some((c) => !c.classList.contains('widget-fallback') && !c.hasAttribute('slot'));
}

const REQUEST_EMPTY = { name: '', email: '', role: '', message: '' };

type View = 'login' | 'request' | 'sent';

/** Landed here right after a beta request: remember it, and take it out of the address. */
function arrivedAfterRequest(): boolean {
  const q = new URLSearchParams(location.search);
  const [k, v] = BETA_REQUEST_SENT.split('=');
  if (q.get(k) !== v) return false;
  q.delete(k);
  const rest = q.toString();
  history.replaceState(history.state, '', `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`);
  return true;
}

export function BetaGate({ mode, container }: BetaGateProps) {
  const host = () => hostOf(container);
  const [unlocked, setUnlocked] = useState(readUnlocked);
  const [view, setView] = useState<View>(() => (arrivedAfterRequest() ? 'sent' : 'login'));
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [checking, setChecking] = useState(false);
  const [ownContent, setOwnContent] = useState(() => hasOwnContent(hostOf(container)));
  const { toast, toasts } = useToasts();
  const { root, focus } = useFocusAfterRender<HTMLDivElement>();

  const request = useLeadForm('beta_request', REQUEST_EMPTY, {
    toast,
    host,
    focus,
    onSuccess: () => {
      track('BetaAccessRequested');
      focus('[data-focus="requested"]');
    },
  });

  // The page may fill the element after it upgrades (client-rendered hosts): follow its children.
  useEffect(() => {
    const h = hostOf(container);
    if (!h) return;
    setOwnContent(hasOwnContent(h));
    const mo = new MutationObserver(() => setOwnContent(hasOwnContent(h)));
    mo.observe(h, { childList: true });
    return () => mo.disconnect();
  }, [container]);

  // An unlock earlier in this session counts here too: tell the page once.
  useEffect(() => {
    if (unlocked) emit(hostOf(container), 'kyb-beta-unlocked', {});
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function unlock(e: FormEvent) {
    e.preventDefault();
    if (checking) return;
    if (!password) {
      setPasswordError('Please enter the beta password.');
      focus(INVALID);
      return;
    }
    setChecking(true);
    const r = await invokeFunction<{ ok?: boolean }>('beta-access', { password });
    setChecking(false);
    if (r.ok && r.data?.ok) {
      rememberUnlocked();
      setPassword('');
      setPasswordError(undefined);
      setUnlocked(true);
      emit(host(), 'kyb-beta-unlocked', {});
      track('BetaUnlocked');
      focus('[data-focus="unlocked"]');
      return;
    }
    if (!r.ok && r.status === 401) {
      setPasswordError(FUNCTION_MESSAGES.betaPasswordWrong);
      focus(INVALID);
      // docs/errors.md: a browser alert reads Incorrect password. Please try again.
      window.alert(FUNCTION_MESSAGES.betaPasswordWrong);
      return;
    }
    // Rate limit (429, the function's own text) or no answer: the password stays for a retry.
    toast(!r.ok && r.message ? { title: 'Could not check the password', description: r.message, variant: 'destructive' } : MESSAGES.somethingWentWrong);
  }

  function toRequest() {
    setView('request');
    focus('input[name="name"]');
  }

  function backToLogin() {
    request.reset();
    setView('login');
    focus('input[name="password"]');
  }

  if (unlocked) {
    return (
      <div className="gate gate--unlocked" part="base unlocked" ref={root}>
        <p className="gate__welcome" part="welcome" tabIndex={-1} data-focus="unlocked">
          Access granted. Welcome, beta tester!
        </p>
        {ownContent ? <slot></slot> : <BetaTools />}
        {toasts}
      </div>
    );
  }

  return (
    <div className="gate kyb-card" part="base card" ref={root}>
      {view === 'login' ? (
        <>
          <h2 className="gate__title" part="title">
            {mode === 'tools' ? 'Beta Access Tools are for testers' : 'Beta Tester Login'}
          </h2>
          <p className="gate__intro">
            {mode === 'tools' ? 'Enter the beta password you received by e-mail to open the tools.' : 'Enter the beta password you received by e-mail to unlock the beta tools.'}
          </p>
          <form className="gate__form" part="form" noValidate onSubmit={unlock} aria-busy={checking}>
            <Field label="Beta password" error={passwordError}>
              {(a) => (
                <input
                  {...a}
                  className="kyb-input"
                  type="password"
                  name="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => {
                    setPassword(e.currentTarget.value);
                    if (passwordError) setPasswordError(undefined);
                  }}
                />
              )}
            </Field>
            <button type="submit" className="kyb-btn gate__submit" part="button submit" disabled={checking}>
              {checking ? 'Checking...' : 'Unlock Beta Access'}
            </button>
          </form>
          <p className="gate__switch">
            Don't have the password?{' '}
            <button type="button" className="kyb-link kyb-link--button gate__link" part="request-link" onClick={toRequest}>
              Request Beta Access
            </button>
          </p>
        </>
      ) : view === 'sent' || request.status === 'done' ? (
        <div className="gate__thanks" part="success">
          <h2 className="gate__title" tabIndex={-1} data-focus="requested">
            Thank you for your interest!
          </h2>
          <p>{TEXTS.betaRequestThanks}</p>
          <button type="button" className="kyb-btn kyb-btn--outline" part="button back" onClick={backToLogin}>
            Back to Login
          </button>
        </div>
      ) : (
        <>
          <h2 className="gate__title" part="title">
            Request Beta Access
          </h2>
          <p className="gate__intro">Tell us who you are and why you'd like to test. All fields are required.</p>
          <form className="gate__form" part="form request-form" noValidate onSubmit={(e) => void request.submit(e)} aria-busy={request.busy}>
            <Field label="Name" error={request.errors.name}>
              {(a) => (
                <input
                  {...a}
                  className="kyb-input"
                  type="text"
                  name="name"
                  autoComplete="name"
                  value={request.values.name}
                  onChange={(e) => request.set('name')(e.currentTarget.value)}
                />
              )}
            </Field>
            <Field label="Email" error={request.errors.email}>
              {(a) => <EmailInput {...a} value={request.values.email} onValue={request.set('email')} />}
            </Field>
            <Field label="Role" error={request.errors.role}>
              {(a) => (
                <select {...a} className="kyb-select" name="role" value={request.values.role} onChange={(e) => request.set('role')(e.currentTarget.value)}>
                  <option value="">Choose your role</option>
                  {BETA_ROLES.map((r) => (
                    <option key={r} value={r}>
                      {r}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Message" hint="Why would you like to join the beta?" error={request.errors.message}>
              {(a) => (
                <textarea {...a} className="kyb-textarea" name="message" rows={4} value={request.values.message} onChange={(e) => request.set('message')(e.currentTarget.value)} />
              )}
            </Field>
            {request.honeypot}
            <div className="gate__actions">
              <button type="button" className="kyb-btn kyb-btn--outline" part="button back" onClick={backToLogin} disabled={request.busy}>
                Back to Login
              </button>
              <button type="submit" className="kyb-btn" part="button submit" disabled={request.busy}>
                {request.busy ? 'Submitting...' : 'Submit Request'}
              </button>
            </div>
          </form>
        </>
      )}
      {toasts}
    </div>
  );
}

/** The element's own Beta Access Tools, for pages that put nothing inside it (docs/tools.md#beta-access-tools). */
function BetaTools() {
  const feedback = `mailto:${BUSINESS.email}?subject=${encodeURIComponent('Beta feedback')}`;
  return (
    <section className="tools" part="tools" aria-labelledby="kyb-beta-tools-title">
      <h2 id="kyb-beta-tools-title" className="gate__title">
        Beta Access Tools
      </h2>
      <ul className="tools__list" role="list">
        <li className="tool tool--live" part="tool">
          <h3 className="tool__name">Crown Planner</h3>
          <p className="tool__text">Plan every protective style, ritual and goal in one place.</p>
          <a className="kyb-btn" href={siteUrl(CROWN_PLANNER_PATH)} part="tool-link">
            Open the Crown Planner
          </a>
        </li>
        {COMING_SOON_TOOLS.map((t) => (
          <li key={t} className="tool" part="tool">
            <h3 className="tool__name">{t}</h3>
            <button type="button" className="kyb-btn kyb-btn--outline" disabled aria-label={`${t}: Coming Soon`}>
              Coming Soon
            </button>
          </li>
        ))}
      </ul>
      <div className="tools__community" part="community">
        <p>
          <strong>Share your feedback.</strong> What works, what doesn't, what you wish existed:{' '}
          <a className="kyb-link" href={feedback}>
            e-mail {BUSINESS.email}
          </a>
        </p>
        <p>
          <strong>Join the tester community.</strong>{' '}
          <a className="kyb-link" href={BUSINESS.chatCommunityUrl} target="_blank" rel="noopener">
            Chat with other testers and the team<span className="kyb-sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      </div>
    </section>
  );
}
