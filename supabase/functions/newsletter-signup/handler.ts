/**
 * newsletter-signup: `{name, email, consentGiven, waitingList?, sourcePage?, website?}` →
 * 200 `{message}` | 400 `{error}` (first validation message) | 429 `{error}`.
 *
 * Joins the newsletter, or with `waitingList: true` the DIY kit waiting list (a separate list).
 * Idempotent and discreet: a repeat sign-up gets the same answer and never reveals whether the address
 * was already there; an unsubscribed address is subscribed again. Every sign-up is written to the
 * consent ledger with the consent wording's version (rules.ts CONSENT_TEXT_VERSION).
 */
import { newsletterSignup } from '../../../shared/contracts.ts';
import { CONSENT_TEXT_VERSION } from '../../../shared/rules/forms.ts';
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

    const { error } = await db.rpc('newsletter_subscribe', {
      p_email: email,
      p_name: input.name,
      p_list: input.waitingList ? LISTS.waitingList : LISTS.newsletter,
      // SQL arguments are nullable, which generated types cannot express: null means "not given".
      p_source_page: (input.sourcePage?.trim() || null) as string,
      p_consent_text_version: CONSENT_TEXT_VERSION,
    });
    if (error) throw new Error(`newsletter_subscribe failed: ${error.message}`);
    return json({ message });
  },
});
