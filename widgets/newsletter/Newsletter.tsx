/**
 * kyb-newsletter (docs/newsletter-and-leads.md#newsletter-card, #states, #validation, #messages): Name, Email, consent → newsletter-signup.
 * States: form → submitting → subscribed ("Welcome to the Circle", Subscribe Another Email → form).
 * Light-DOM children (the prerendered heading/intro) are shown above the form through the default slot,
 * and hidden once subscribed, where the welcome takes their place.
 */
import { useState, type FormEvent } from 'react';
import { newsletterSignup, CONSENT_TEXT, MESSAGES } from '../core/domain.ts';
import { siteUrl } from '../core/site.ts';
import { emit } from '../core/events.ts';
import { EmailInput, Field, INVALID, errorsOf, useFocusAfterRender } from '../core/form.tsx';
import { invokeFunction } from '../core/functions.ts';
import { useToasts } from '../core/toast.tsx';
import { hostOf } from '../core/define.ts';
import { track } from '../core/analytics.ts';

export interface NewsletterProps {
  /** Recorded with the subscription; defaults to the page's path. */
  sourcePage?: string;
  container?: ShadowRoot;
}

const EMPTY = { name: '', email: '', consent: false, website: '' };
const [CONSENT_BEFORE, CONSENT_AFTER] = CONSENT_TEXT.split('Privacy Policy');

export function Newsletter({ sourcePage, container }: NewsletterProps) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<'form' | 'submitting' | 'subscribed'>('form');
  const { toast, toasts } = useToasts();
  const { root, focus } = useFocusAfterRender<HTMLDivElement>();

  const set = (k: keyof typeof EMPTY) => (v: string | boolean) => {
    setValues((x) => ({ ...x, [k]: v }));
    // The box is ticked: "Consent Required" has done its work and leaves Join the Circle (issue #23).
    if (k === 'consent' && v === true) toast({ withdraw: 'consent' });
    if (errors[k === 'consent' ? 'consentGiven' : k]) setErrors((e) => ({ ...e, [k === 'consent' ? 'consentGiven' : k]: '' }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (status === 'submitting') return;
    const parsed = newsletterSignup.safeParse({
      name: values.name,
      email: values.email,
      consentGiven: values.consent,
      sourcePage: (sourcePage || location.pathname).slice(0, 300),
      website: values.website,
    });
    if (!parsed.success) {
      const errs = errorsOf(parsed);
      setErrors(errs);
      if (errs.consentGiven) toast({ ...MESSAGES.consentRequired, cause: 'consent' });
      focus(INVALID);
      return;
    }
    setErrors({});
    setStatus('submitting');
    const r = await invokeFunction<{ message?: string }>('newsletter-signup', parsed.data);
    if (r.ok) {
      const message = r.data?.message ?? '';
      toast({ ...MESSAGES.newsletterSuccess(message), cause: 'subscribe' });
      emit(hostOf(container), 'kyb-subscribed', { email: parsed.data.email, waitingList: false, message });
      track('NewsletterSubscribed', { sourcePage: parsed.data.sourcePage });
      setValues(EMPTY);
      setStatus('subscribed');
      focus('[data-focus="success"]');
      return;
    }
    // What was typed stays: the visitor fixes it or retries.
    setStatus('form');
    toast({ ...(r.message ? MESSAGES.subscriptionFailed(r.message) : MESSAGES.somethingWentWrong), cause: 'subscribe' });
  }

  const busy = status === 'submitting';
  return (
    <div className="newsletter kyb-card" part="card" ref={root}>
      {/* The intro invites to join: once joined, the welcome replaces it (issue #29: the embed showed both). */}
      <div part="intro" hidden={status === 'subscribed'}>
        <slot></slot>
      </div>
      {status === 'subscribed' ? (
        <div className="newsletter__success" part="success">
          <h3 className="newsletter__success-title" tabIndex={-1} data-focus="success">
            Welcome to the Circle
          </h3>
          <button
            type="button"
            className="kyb-btn kyb-btn--outline"
            part="button again"
            onClick={() => {
              setStatus('form');
              focus('input[name="name"]');
            }}
          >
            Subscribe Another Email
          </button>
        </div>
      ) : (
        <form className="newsletter__form" part="form" noValidate onSubmit={submit} aria-busy={busy}>
          <Field label="Name" error={errors.name}>
            {(a) => <input {...a} className="kyb-input" type="text" name="name" autoComplete="name" value={values.name} onChange={(e) => set('name')(e.currentTarget.value)} />}
          </Field>
          <Field label="Email" error={errors.email}>
            {(a) => <EmailInput {...a} value={values.email} onValue={set('email')} />}
          </Field>
          <div className="newsletter__hp" aria-hidden="true">
            <label>
              Website
              <input type="text" name="website" tabIndex={-1} autoComplete="off" value={values.website} onChange={(e) => set('website')(e.currentTarget.value)} />
            </label>
          </div>
          <div className="kyb-field newsletter__consent" part="consent">
            <label className="newsletter__check">
              <input
                type="checkbox"
                name="consent"
                checked={values.consent}
                aria-invalid={errors.consentGiven ? true : undefined}
                aria-describedby={errors.consentGiven ? 'newsletter-consent-error' : undefined}
                onChange={(e) => set('consent')(e.currentTarget.checked)}
              />
              <span>
                {CONSENT_BEFORE}
                <a className="kyb-link" href={siteUrl('/privacy')} part="privacy-link">
                  Privacy Policy
                </a>
                {CONSENT_AFTER}
              </span>
            </label>
            {errors.consentGiven ? (
              <p id="newsletter-consent-error" className="kyb-error" part="error">
                {errors.consentGiven}
              </p>
            ) : null}
          </div>
          {/* aria-disabled, not disabled: the button stays focusable and a press explains what is
              missing (docs/newsletter-and-leads.md#validation: "Submitted without consent, the toast is Consent Required"). */}
          <button type="submit" className="kyb-btn newsletter__submit" part="button submit" aria-disabled={!values.consent || busy ? 'true' : undefined}>
            {busy ? 'Joining...' : 'Join the Circle'}
          </button>
        </form>
      )}
      {toasts}
    </div>
  );
}
