/**
 * kyb-access-modal (docs/tools.md#digital-tools-hub, #states, #validation, docs/data.md#calls, docs/tools.md#limits): a Get Early Access button opening a
 * modal with a choice of beta or notify.
 * - Beta: name, email, optional message → stored as lead `access_beta`; a submitted state, then after
 *   1.5 s the modal closes and the page goes to /beta-tester (a cancelable `kyb-redirect`
 *   `{to, reason: 'beta-access'}` is dispatched first; a listener may preventDefault and route itself).
 * - Notify: name, email → stored as lead `notify`; a confirmation, then after 2 s it resets and closes.
 * - Back or close (button, Esc, backdrop) resets every field.
 * Analytics (docs/data.md#calls): AccessBetaClicked, NotifyModalOpened, NotifySubmitted {email}.
 * On a failed submit the typed values stay and an error toast explains.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { track } from '../core/analytics.ts';
import { siteUrl } from '../core/site.ts';
import { hostOf } from '../core/define.ts';
import { Modal } from '../core/dialog.tsx';
import { emitCancelable, type KybEventMap } from '../core/events.ts';
import { EmailInput, Field, useFocusAfterRender } from '../core/form.tsx';
import { BETA_REQUEST_SENT, useLeadForm } from '../core/leads.ts';
import { TEXTS } from '../core/domain.ts';
import { useToasts } from '../core/toast.tsx';

export interface AccessModalProps {
  /** Text of the button that opens the modal. */
  label?: string;
  container?: ShadowRoot;
}

/** docs/limits.md: modal 1.5 s (beta) and 2 s (notify). */
export const BETA_REDIRECT_MS = 1500;
export const NOTIFY_CLOSE_MS = 2000;
export const BETA_TESTER_PATH = '/beta-tester';

type View = 'choice' | 'beta' | 'notify';

const BETA_EMPTY = { name: '', email: '', message: '' };
const NOTIFY_EMPTY = { name: '', email: '' };

export function AccessModal({ label, container }: AccessModalProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<View>('choice');
  const { toast, toasts } = useToasts();
  const { root, focus } = useFocusAfterRender<HTMLDivElement>();
  const trigger = useRef<HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const host = () => hostOf(container);

  const beta = useLeadForm('access_beta', BETA_EMPTY, {
    toast,
    host,
    focus,
    onSuccess: () => {
      focus('[data-focus="done"]');
      timer.current = setTimeout(() => {
        close();
        // The beta page then says what happens next instead of asking for a password (issue #8).
        const to = siteUrl(`${BETA_TESTER_PATH}?${BETA_REQUEST_SENT}`);
        // 'beta-access' widens kyb-redirect's reason (events.ts lists only 'signed-out' so far).
        const detail = { to, reason: 'beta-access' } as unknown as KybEventMap['kyb-redirect'];
        if (emitCancelable(host(), 'kyb-redirect', detail)) location.assign(to);
      }, BETA_REDIRECT_MS);
    },
  });
  const notify = useLeadForm('notify', NOTIFY_EMPTY, {
    toast,
    host,
    focus,
    onSuccess: (data) => {
      track('NotifySubmitted', { email: data.email });
      focus('[data-focus="done"]');
      timer.current = setTimeout(close, NOTIFY_CLOSE_MS);
    },
  });

  function resetAll() {
    clearTimeout(timer.current);
    beta.reset();
    notify.reset();
    setView('choice');
  }

  function close() {
    resetAll();
    setOpen(false);
    // The native dialog gives focus back to the opener too; this covers the timed closes.
    requestAnimationFrame(() => trigger.current?.focus());
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  function choose(v: 'beta' | 'notify') {
    track(v === 'beta' ? 'AccessBetaClicked' : 'NotifyModalOpened');
    setView(v);
    focus('input[name="name"]');
  }

  function back() {
    resetAll();
    focus('[data-choice="beta"]');
  }

  const form = view === 'beta' ? beta : view === 'notify' ? notify : null;
  const done = form?.status === 'done';
  const title = view === 'choice' ? 'Get Early Access' : view === 'beta' ? (done ? TEXTS.betaRequestReceived : 'Join the Beta') : done ? "You're on the list!" : 'Get Notified';

  return (
    <div className="access" part="base">
      <button ref={trigger} type="button" className="kyb-btn access__trigger" part="trigger" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {label || 'Get Early Access'}
      </button>
      <Modal open={open} onClose={close} labelledBy={titleId} className="access__dialog">
        <div ref={root}>
          <button type="button" className="kyb-dialog__close" part="close" aria-label="Close" onClick={close}>
            ×
          </button>
          <h2 id={titleId} className="access__title" part="title" tabIndex={done ? -1 : undefined} data-focus={done ? 'done' : undefined}>
            {title}
          </h2>
          {view === 'choice' ? (
            <div className="access__choice" part="choice">
              <p className="access__intro">Be among the first to use our digital hair-care tools. How would you like to join us?</p>
              <ChoiceButton choice="beta" autofocus title="Become a Beta Tester" onClick={() => choose('beta')}>
                Try new tools before anyone else and help shape them with your feedback.
              </ChoiceButton>
              <ChoiceButton choice="notify" title="Notify Me at Launch" onClick={() => choose('notify')}>
                Get one e-mail when our digital tools are ready for everyone.
              </ChoiceButton>
            </div>
          ) : done ? (
            <div className="access__done" part="success" role="status">
              {view === 'beta' ? (
                <p>Thank you, {beta.values.name.trim() || 'friend'}! Your request is in. Taking you to the beta page…</p>
              ) : (
                <p>Thank you! We'll e-mail you as soon as our digital tools launch.</p>
              )}
            </div>
          ) : (
            <form className="access__form" part="form" noValidate onSubmit={(e) => void form!.submit(e)} aria-busy={form!.busy}>
              <p className="access__intro">
                {view === 'beta'
                  ? 'Tell us a little about yourself and we will open the beta tools for you.'
                  : 'Leave your name and e-mail and we will tell you the moment our tools launch.'}
              </p>
              <Field label="Name" error={form!.errors.name}>
                {(a) => (
                  <input
                    {...a}
                    className="kyb-input"
                    type="text"
                    name="name"
                    autoComplete="name"
                    value={form!.values.name}
                    onChange={(e) => form!.set('name')(e.currentTarget.value)}
                  />
                )}
              </Field>
              <Field label="Email" error={form!.errors.email}>
                {(a) => <EmailInput {...a} value={form!.values.email} onValue={form!.set('email')} />}
              </Field>
              {view === 'beta' ? (
                <Field label="Message (optional)" error={beta.errors.message}>
                  {(a) => (
                    <textarea {...a} className="kyb-textarea" name="message" rows={3} value={beta.values.message} onChange={(e) => beta.set('message')(e.currentTarget.value)} />
                  )}
                </Field>
              ) : null}
              {form!.honeypot}
              <div className="access__actions">
                <button type="button" className="kyb-btn kyb-btn--outline" part="button back" onClick={back} disabled={form!.busy}>
                  Back
                </button>
                <button type="submit" className="kyb-btn" part="button submit" disabled={form!.busy}>
                  {form!.busy ? 'Submitting...' : view === 'beta' ? 'Request Beta Access' : 'Notify Me'}
                </button>
              </div>
            </form>
          )}
        </div>
        {/* While the modal is open the rest of the element is inert: its toasts live inside. */}
        {open ? toasts : null}
      </Modal>
      {open ? null : toasts}
    </div>
  );
}

/** A choice card: its title and the sentence under it (both are the button's name). */
function ChoiceButton(props: { choice: 'beta' | 'notify'; title: string; autofocus?: boolean; onClick: () => void; children: string }) {
  return (
    <button type="button" className="access__option" part="option" data-choice={props.choice} data-autofocus={props.autofocus ? '' : undefined} onClick={props.onClick}>
      <span className="access__option-title">{props.title}</span>
      <span className="access__option-text">{props.children}</span>
    </button>
  );
}
