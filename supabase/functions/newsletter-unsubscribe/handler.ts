/**
 * newsletter-unsubscribe: POST `{token}` → 200 `{message}`.
 *
 * POST only: mail clients and link scanners fetch GET links on their own, and must not unsubscribe
 * anyone; the unsubscribe page posts the token from its link. Unknown tokens get the same answer as
 * known ones, so the endpoint cannot be used to test tokens.
 */
import { newsletterUnsubscribe } from '../../../shared/contracts.ts';
import { FUNCTION_MESSAGES } from '../../../shared/messages.ts';
import { RATE_LIMITS } from '../_shared/rate-limit.ts';
import { postJsonHandler } from '../_shared/handler.ts';
import { json } from '../_shared/http.ts';

export const handle = postJsonHandler({
  name: 'newsletter-unsubscribe',
  perClient: RATE_LIMITS.unsubscribePerClient,
  async handle({ db, body }) {
    const parsed = newsletterUnsubscribe.safeParse(body);
    if (!parsed.success) return json({ error: FUNCTION_MESSAGES.unsubscribeLinkInvalid }, 400);

    const { error } = await db.rpc('newsletter_unsubscribe', { p_token: parsed.data.token });
    if (error) throw new Error(`newsletter_unsubscribe failed: ${error.message}`);
    return json({ message: FUNCTION_MESSAGES.unsubscribed });
  },
});
