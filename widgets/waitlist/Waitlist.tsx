/**
 * kyb-waitlist (docs/newsletter-and-leads.md#waiting-list, #states, #validation, docs/data.md#calls, docs/newsletter-and-leads.md#messages): the DIY kit's waiting list. One e-mail field; sends the
 * fixed name "DIY Kit Waiting List", consentGiven true and waitingList true to newsletter-signup.
 * States: form → submitting → joined ("You're on the list!"; no way back, docs/newsletter-and-leads.md#states).
 */
import { useState, type FormEvent } from 'react';
import { newsletterSignup, WAITLIST_CONSENT_TEXT, WAITLIST_NAME, MESSAGES } from '../core/domain.ts';
import { hostOf } from '../core/define.ts';
import { emit } from '../core/events.ts';
import { EmailInput, Field, INVALID, errorsOf, useFocusAfterRender } from '../core/form.tsx';
import { invokeFunction } from '../core/functions.ts';
import { useToasts } from '../core/toast.tsx';
import { track } from '../core/analytics.ts';

export interface WaitlistProps {
  /** Recorded with the signup; defaults to the page's path. */
  sourcePage?: string;
  container?: ShadowRoot;
}

export function Waitlist({ sourcePage, container }: WaitlistProps) {
  const [email, setEmail] = useState('');
  const [website, setWebsite] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<'form' | 'submitting' | 'joined'>('form');
  const { toast, toasts } = useToasts();
  const { root, focus } = useFocusAfterRender<HTMLDivElement>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (status !== 'form') return;
    const parsed = newsletterSignup.safeParse({
      name: WAITLIST_NAME,
      email,
      consentGiven: true,
      waitingList: true,
      sourcePage: (sourcePage || location.pathname).slice(0, 300),
      website,
    });
    if (!parsed.success) {
      setError(errorsOf(parsed).email);
      focus(INVALID);
      return;
    }
    setError(undefined);
    setStatus('submitting');
    const r = await invokeFunction<{ message?: string }>('newsletter-signup', parsed.data);
    if (r.ok) {
      toast({ ...MESSAGES.waitlistSuccess, cause: 'join' });
      emit(hostOf(container), 'kyb-subscribed', { email: parsed.data.email, waitingList: true, message: r.data?.message ?? '' });
      track('WaitlistJoined', { sourcePage: parsed.data.sourcePage });
      setStatus('joined');
      focus('[data-focus="joined"]');
      return;
    }
    setStatus('form');
    toast({ ...(r.message ? MESSAGES.waitlistFailed(r.message) : MESSAGES.somethingWentWrong), cause: 'join' });
  }

  const busy = status === 'submitting';
  return (
    <div className="waitlist" part="base" ref={root}>
      {status === 'joined' ? (
        <p className="waitlist__joined" part="joined" tabIndex={-1} data-focus="joined">
          You're on the list!
        </p>
      ) : (
        <form className="waitlist__form" part="form" noValidate onSubmit={submit} aria-busy={busy}>
          {/* What joining agrees to, and all it does (issue #23): recorded with the sign-up. */}
          <Field label="Email" error={error} hint={WAITLIST_CONSENT_TEXT}>
            {(a) => (
              <EmailInput
                {...a}
                value={email}
                onValue={(v) => {
                  setEmail(v);
                  if (error) setError(undefined);
                }}
                placeholder="you@example.com"
              />
            )}
          </Field>
          <div className="waitlist__hp" aria-hidden="true">
            <label>
              Website
              <input type="text" name="website" tabIndex={-1} autoComplete="off" value={website} onChange={(e) => setWebsite(e.currentTarget.value)} />
            </label>
          </div>
          <button type="submit" className="kyb-btn waitlist__submit" part="button submit" disabled={busy}>
            {busy ? 'Joining...' : 'Join the Waiting List'}
          </button>
        </form>
      )}
      {toasts}
    </div>
  );
}
