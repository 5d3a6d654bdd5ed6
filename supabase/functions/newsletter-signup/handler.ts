/**
 * newsletter-signup: `{name, email, consentGiven, waitingList?, sourcePage?, website?}` →
 * 200 `{message}` | 400 `{error}` (first validation message) | 429 `{error}`.
 *
 * Joins the newsletter, or with `waitingList: true` the DIY kit waiting list (a separate list).
 * Idempotent and discreet: a repeat sign-up gets the same answer and never reveals whether the address
 * was already there; an unsubscribed address is subscribed again. Every sign-up is written to the
 * consent ledger with the consent wording's version (rules.ts CONSENT_TEXT_VERSION).
 */
import { newsletterSignup } from '../_shared/contracts.ts';
import { CONSENT_TEXT_VERSION } from '../_shared/rules.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { preflight } from '../_shared/cors.ts';
import { FUNCTION_MESSAGES } from '../_shared/messages.ts';
import { adminClient } from '../_shared/admin.ts';
import { RATE_LIMITS, rateLimitHit } from '../_shared/rate-limit.ts';
import { clientAddress, honeypotFilled, internalError, json, methodNotAllowed, readJsonObject, tooManyRequests } from '../_shared/http.ts';

export const LISTS = { newsletter: 'newsletter', waitingList: 'diy-kit-waitlist' } as const;

export async function handle(req: Request, env: FunctionEnv): Promise<Response> {
  const pre = preflight(req);
  if (pre) return pre;
  if (req.method !== 'POST') return methodNotAllowed();
  try {
    const db = adminClient(env);
    // Counted before anything else, so malformed floods are limited too.
    const wait = await rateLimitHit(db, 'newsletter-signup:client', clientAddress(req), RATE_LIMITS.signupPerClient);
    if (wait) return tooManyRequests(wait);

    const read = await readJsonObject(req);
    if (!read.ok) return read.response;
    const body = read.body;
    const message = body.waitingList === true ? FUNCTION_MESSAGES.waitlistJoined : FUNCTION_MESSAGES.newsletterJoined;
    // A bot filled the hidden field: it sees success, nothing is stored.
    if (honeypotFilled(body)) return json({ message });

    const parsed = newsletterSignup.safeParse(body);
    if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? FUNCTION_MESSAGES.badBody }, 400);
    const input = parsed.data;
    const email = input.email.toLowerCase();

    const waitEmail = await rateLimitHit(db, 'newsletter-signup:email', email, RATE_LIMITS.signupPerEmail);
    if (waitEmail) return tooManyRequests(waitEmail);

    const { error } = await db.rpc('newsletter_subscribe', {
      p_email: email,
      p_name: input.name,
      p_list: input.waitingList ? LISTS.waitingList : LISTS.newsletter,
      p_source_page: input.sourcePage?.trim() || null,
      p_consent_text_version: CONSENT_TEXT_VERSION,
    });
    if (error) throw new Error(`newsletter_subscribe failed: ${error.message}`);
    return json({ message });
  } catch (e) {
    console.error('[newsletter-signup]', e);
    return internalError();
  }
}
