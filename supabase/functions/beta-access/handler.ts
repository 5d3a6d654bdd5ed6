/**
 * beta-access: `{password}` → 200 `{ok: true}` | 401 `{error: "Incorrect password. Please try again."}` |
 * 429 `{error}`.
 *
 * The spec's beta gate compared the password in the browser (doc 2 §4, §6); here only its SHA-256
 * lives on the server (secret BETA_PASSWORD_SHA256), compared in constant time, with guessing slowed
 * by a per-client rate limit.
 */
import { betaAccess } from '../_shared/contracts.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { preflight } from '../_shared/cors.ts';
import { FUNCTION_MESSAGES } from '../_shared/messages.ts';
import { adminClient } from '../_shared/admin.ts';
import { RATE_LIMITS, rateLimitHit } from '../_shared/rate-limit.ts';
import {
  clientAddress, constantTimeEqual, internalError, json, methodNotAllowed, readJsonObject, sha256Hex, tooManyRequests,
} from '../_shared/http.ts';

export async function handle(req: Request, env: FunctionEnv): Promise<Response> {
  const pre = preflight(req);
  if (pre) return pre;
  if (req.method !== 'POST') return methodNotAllowed();
  try {
    const expected = env.get('BETA_PASSWORD_SHA256')?.trim().toLowerCase();
    if (!expected || !/^[0-9a-f]{64}$/.test(expected)) {
      console.error('[beta-access] BETA_PASSWORD_SHA256 is not set to a SHA-256 hex digest');
      return internalError();
    }
    const db = adminClient(env);
    const wait = await rateLimitHit(db, 'beta-access:client', clientAddress(req), RATE_LIMITS.betaPerClient);
    if (wait) return tooManyRequests(wait);

    const read = await readJsonObject(req);
    if (!read.ok) return read.response;
    const parsed = betaAccess.safeParse(read.body);
    if (!parsed.success) return json({ error: FUNCTION_MESSAGES.betaPasswordWrong }, 401);

    const given = await sha256Hex(parsed.data.password);
    if (!constantTimeEqual(given, expected)) return json({ error: FUNCTION_MESSAGES.betaPasswordWrong }, 401);
    return json({ ok: true });
  } catch (e) {
    console.error('[beta-access]', e);
    return internalError();
  }
}
