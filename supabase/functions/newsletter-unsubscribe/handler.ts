/**
 * newsletter-unsubscribe: POST `{token}` → 200 `{message}`.
 *
 * POST only: mail clients and link scanners fetch GET links on their own, and must not unsubscribe
 * anyone; the unsubscribe page posts the token from its link. Unknown tokens get the same answer as
 * known ones, so the endpoint cannot be used to test tokens.
 */
import { newsletterUnsubscribe } from '../_shared/contracts.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { preflight } from '../_shared/cors.ts';
import { FUNCTION_MESSAGES } from '../_shared/messages.ts';
import { adminClient } from '../_shared/admin.ts';
import { RATE_LIMITS, rateLimitHit } from '../_shared/rate-limit.ts';
import { clientAddress, internalError, json, methodNotAllowed, readJsonObject, tooManyRequests } from '../_shared/http.ts';

export async function handle(req: Request, env: FunctionEnv): Promise<Response> {
  const pre = preflight(req);
  if (pre) return pre;
  if (req.method !== 'POST') return methodNotAllowed();
  try {
    const db = adminClient(env);
    const wait = await rateLimitHit(db, 'newsletter-unsubscribe:client', clientAddress(req), RATE_LIMITS.unsubscribePerClient);
    if (wait) return tooManyRequests(wait);

    const read = await readJsonObject(req);
    if (!read.ok) return read.response;
    const parsed = newsletterUnsubscribe.safeParse(read.body);
    if (!parsed.success) return json({ error: FUNCTION_MESSAGES.unsubscribeLinkInvalid }, 400);

    const { error } = await db.rpc('newsletter_unsubscribe', { p_token: parsed.data.token });
    if (error) throw new Error(`newsletter_unsubscribe failed: ${error.message}`);
    return json({ message: FUNCTION_MESSAGES.unsubscribed });
  } catch (e) {
    console.error('[newsletter-unsubscribe]', e);
    return internalError();
  }
}
