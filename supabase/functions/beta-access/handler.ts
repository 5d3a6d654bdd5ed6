/**
 * beta-access: `{password}` → 200 `{ok: true}` | 401 `{error: "Incorrect password. Please try again."}` |
 * 429 `{error}`.
 *
 * The spec's beta gate compared the password in the browser (docs/tools.md#beta-gate, docs/data.md#roles-and-permissions); here only its SHA-256
 * lives on the server (secret BETA_PASSWORD_SHA256), compared in constant time, with guessing slowed
 * by a per-client rate limit.
 */
import { betaAccess } from '../../../shared/contracts.ts';
import { FUNCTION_MESSAGES } from '../../../shared/messages.ts';
import { RATE_LIMITS } from '../_shared/rate-limit.ts';
import { postJsonHandler } from '../_shared/handler.ts';
import { constantTimeEqual, internalError, json, sha256Hex } from '../_shared/http.ts';

export const handle = postJsonHandler({
  name: 'beta-access',
  perClient: RATE_LIMITS.betaPerClient,
  setup(env) {
    const expected = env.get('BETA_PASSWORD_SHA256')?.trim().toLowerCase();
    if (expected && /^[0-9a-f]{64}$/.test(expected)) return expected;
    console.error('[beta-access] BETA_PASSWORD_SHA256 is not set to a SHA-256 hex digest');
    return internalError();
  },
  async handle({ body, settings: expected }) {
    const parsed = betaAccess.safeParse(body);
    if (!parsed.success) return json({ error: FUNCTION_MESSAGES.betaPasswordWrong }, 401);

    const given = await sha256Hex(parsed.data.password);
    if (!constantTimeEqual(given, expected)) return json({ error: FUNCTION_MESSAGES.betaPasswordWrong }, 401);
    return json({ ok: true });
  },
});
