/**
 * newsletter-signup: `{name, email, consentGiven, waitingList?, sourcePage?, website?}` →
 * 200 `{message}` | 400 `{error}` (first validation message) | 429 `{error}`.
 *
 * Joins the newsletter, or with `waitingList: true` the DIY kit waiting list (a separate list).
 * Idempotent and discreet: a repeat sign-up gets the same answer and never reveals whether the address
 * was already there; an unsubscribed address is subscribed again. Every sign-up is written to the
 * consent ledger with the consent wording's version: the newsletter's (CONSENT_TEXT_VERSION), or for the
 * waiting list its own (WAITLIST_CONSENT_TEXT_VERSION, the kit's launch only; issue #23). The waiting
 * list's fixed name is a label, not a person's name, and is not stored.
 */
import { newsletterSignup } from '../../../shared/contracts.ts';
import { CONSENT_TEXT_VERSION, WAITLIST_CONSENT_TEXT_VERSION } from '../../../shared/rules/forms.ts';
import { FUNCTION_MESSAGES } from '../../../shared/messages.ts';
import { RATE_LIMITS } from '../_shared/rate-limit.ts';
import { postJsonHandler, rateLimited } from '../_shared/handler.ts';
import { honeypotFilled, json } from '../_shared/http.ts';

export const LISTS = { newsletter: 'newsletter', waitingList: 'diy-kit-waitlist' } as const;

export const handle = postJsonHandler({
  name: 'newsletter-signup',
  perClient: RATE_LIMITS.signupPerClient,
  async handle({ db, body }) {
    const message = body.waitingList === true ? FUNCTION_MESSAGES.waitlistJoined : FUNCTION_MESSAGES.newsletterJoined;
    // A bot filled the hidden field: it sees success, nothing is stored.
    if (honeypotFilled(body)) return json({ message });

    const parsed = newsletterSignup.safeParse(body);
    if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? FUNCTION_MESSAGES.badBody }, 400);
    const input = parsed.data;
    const email = input.email.toLowerCase();

    const limited = await rateLimited(db, 'newsletter-signup:email', email, RATE_LIMITS.signupPerEmail);
    if (limited) return limited;

    const waiting = input.waitingList === true;
    const { error } = await db.rpc('newsletter_subscribe', {
      p_email: email,
      // SQL arguments are nullable, which generated types cannot express: null means "not given".
      p_name: (waiting ? null : input.name) as string,
      p_list: waiting ? LISTS.waitingList : LISTS.newsletter,
      p_source_page: (input.sourcePage?.trim() || null) as string,
      p_consent_text_version: waiting ? WAITLIST_CONSENT_TEXT_VERSION : CONSENT_TEXT_VERSION,
    });
    if (error) throw new Error(`newsletter_subscribe failed: ${error.message}`);
    return json({ message });
  },
});
