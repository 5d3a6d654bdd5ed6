/**
 * kyb-unsubscribe: the landing page of a newsletter / waiting-list e-mail's unsubscribe link
 * (`/unsubscribe?token=…`). The token comes from the `token` attribute or, by default, the page's
 * `?token=`.
 *
 * Nothing is sent until the visitor presses **Unsubscribe**: mail scanners and link previews open
 * every link in a message, and an unsubscribe on load would take people off the list who never asked.
 * The function answers the same for known and unknown tokens, so the confirmation says nothing about
 * whether the address was on the list. States: ready → sending → done, or invalid (no or malformed
 * token, or the function refused it). A network failure keeps the button for another try.
 */
import { useState } from 'react';
import { newsletterUnsubscribe, FUNCTION_MESSAGES, BUSINESS, MESSAGES } from '../core/domain.ts';
import { siteUrl } from '../core/site.ts';
import { useFocusAfterRender } from '../core/form.tsx';
import { invokeFunction } from '../core/functions.ts';
import { useToasts } from '../core/toast.tsx';
import { track } from '../core/analytics.ts';

export interface UnsubscribeProps {
  /** The subscription's unsubscribe token; defaults to `?token=` in the page URL. */
  token?: string;
  container?: ShadowRoot;
}

type Result = { kind: 'done' | 'invalid'; message: string };

const RESULT = '[data-focus="result"]';
const mailto = `mailto:${BUSINESS.email}?subject=${encodeURIComponent('Unsubscribe')}`;

export function Unsubscribe({ token }: UnsubscribeProps) {
  // Read once: the page URL does not change under the element, the attribute may.
  const [fromUrl] = useState(() => new URLSearchParams(location.search).get('token'));
  const value = (token || fromUrl || '').trim();
  const wellFormed = newsletterUnsubscribe.safeParse({ token: value }).success;

  // A result belongs to the token it was obtained for: a new token (attribute changed) starts over.
  const [outcome, setOutcome] = useState<(Result & { token: string }) | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const { toast, toasts } = useToasts();
  const { root, focus } = useFocusAfterRender<HTMLDivElement>();

  const result: Result | null = outcome && outcome.token === value ? outcome : wellFormed ? null : { kind: 'invalid', message: FUNCTION_MESSAGES.unsubscribeLinkInvalid };

  async function unsubscribe() {
    if (busy || result) return;
    setBusy(true);
    setError(undefined);
    const r = await invokeFunction<{ message?: string }>('newsletter-unsubscribe', { token: value });
    setBusy(false);
    if (r.ok) {
      track('NewsletterUnsubscribed');
      setOutcome({ kind: 'done', message: r.data?.message || FUNCTION_MESSAGES.unsubscribed, token: value });
      focus(RESULT);
    } else if (r.status === 400) {
      setOutcome({ kind: 'invalid', message: r.message || FUNCTION_MESSAGES.unsubscribeLinkInvalid, token: value });
      focus(RESULT);
    } else if (r.message) {
      // The function's own words (too many requests): shown by the button, which stays for a retry.
      setError(r.message);
    } else {
      toast(MESSAGES.somethingWentWrong);
    }
  }

  return (
    <div className="unsub kyb-card" part="card" ref={root} aria-busy={busy || undefined}>
      {result?.kind === 'done' ? (
        <div className="unsub__result" part="result done">
          <h2 className="unsub__title" part="title" tabIndex={-1} data-focus="result">
            {result.message}
          </h2>
          <p className="unsub__text" part="text">
            Changed your mind? You can join the Circle again at any time from our home page.
          </p>
          <a className="kyb-btn kyb-btn--outline" part="button home" href={siteUrl('/')}>
            Back to the home page
          </a>
        </div>
      ) : result?.kind === 'invalid' ? (
        <div className="unsub__result" part="result invalid">
          <h2 className="unsub__title" part="title" tabIndex={-1} data-focus="result">
            {result.message}
          </h2>
          <p className="unsub__text" part="text">
            Open the unsubscribe link at the bottom of our e-mail again (the whole link), or write to us at{' '}
            <a className="kyb-link" part="mailto" href={mailto}>
              {BUSINESS.email}
            </a>{' '}
            and we will take you off the list.
          </p>
        </div>
      ) : (
        <div className="unsub__confirm" part="confirm">
          <p className="unsub__text" part="intro">
            Press the button to stop receiving e-mails from this list at the address this link was sent to. Nothing changes until you press it.
          </p>
          <button
            type="button"
            className="kyb-btn unsub__submit"
            part="button submit"
            // aria-disabled, not disabled: a disabled button drops focus, and after a failure the
            // visitor's focus should still be on it for another try.
            aria-disabled={busy ? 'true' : undefined}
            onClick={unsubscribe}
          >
            {busy ? 'Unsubscribing...' : 'Unsubscribe'}
          </button>
          {error ? (
            <p className="kyb-error" part="error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      )}
      {toasts}
    </div>
  );
}
