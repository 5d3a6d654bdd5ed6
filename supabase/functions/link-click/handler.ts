/**
 * link-click: `POST ?link=<id>` → 204, one click added to today's count of that link of /links
 * (issue #22; docs/pages.md#links, docs/data.md#calls).
 *
 * The page sends it without any script of its own: each link carries `ping="<this URL>"`, and the
 * browser posts it when the visitor follows the link (hyperlink auditing: body `PING`, type
 * `text/ping`, no credentials). So the id travels in the query string, the body is never read, and the
 * answer is empty: nobody looks at it. Only ids of shared/links.ts count (400 otherwise), and a
 * per-client limit stops a loop from inflating the numbers (429). Nothing about the visitor is kept: the
 * limit's key is a hash of the address (rate_limits, kept at most a day), the count has none.
 */
import { isLinkClickId } from '../../../shared/links.ts';
import { FUNCTION_MESSAGES } from '../../../shared/messages.ts';
import { adminClient } from '../_shared/admin.ts';
import { corsHeaders, preflight } from '../_shared/cors.ts';
import type { FunctionEnv } from '../../../shared/http.ts';
import { rateLimited } from '../_shared/handler.ts';
import { clientAddress, internalError, json, methodNotAllowed } from '../_shared/http.ts';
import { RATE_LIMITS } from '../_shared/rate-limit.ts';

export async function handle(req: Request, env: FunctionEnv): Promise<Response> {
  const pre = preflight(req);
  if (pre) return pre;
  if (req.method !== 'POST') return methodNotAllowed();
  const link = new URL(req.url).searchParams.get('link');
  if (!isLinkClickId(link)) return json({ error: FUNCTION_MESSAGES.linkUnknown }, 400);
  try {
    const db = adminClient(env);
    const limited = await rateLimited(db, 'link-click:client', clientAddress(req), RATE_LIMITS.linkClickPerClient);
    if (limited) return limited;
    const { error } = await db.rpc('link_click_record', { p_link: link });
    if (error) throw new Error(`link_click_record failed: ${error.message}`);
    return new Response(null, { status: 204, headers: corsHeaders });
  } catch (e) {
    console.error('[link-click]', e);
    return internalError();
  }
}
