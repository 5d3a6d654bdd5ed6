/**
 * lead-capture: `{kind, payload, sourcePage?, website?}` → 200 `{message}` | 400 `{error, fields?}` |
 * 429 `{error}`.
 *
 * Stores the forms the spec leaves unsent (partnership inquiry, beta requests, notify-me, Vault and
 * merchandise opt-ins) in public.leads, after validating the payload with the same schema the widget
 * uses (contracts.ts leadPayloads[kind]); `fields` carries the first message per field for inline errors.
 */
import { fieldErrors, leadCapture, leadKinds, leadPayloads, type LeadKind } from '../_shared/contracts.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { preflight } from '../_shared/cors.ts';
import { FUNCTION_MESSAGES } from '../_shared/messages.ts';
import { adminClient } from '../_shared/admin.ts';
import { RATE_LIMITS, rateLimitHit } from '../_shared/rate-limit.ts';
import { clientAddress, honeypotFilled, internalError, json, methodNotAllowed, readJsonObject, tooManyRequests } from '../_shared/http.ts';

const isKind = (k: unknown): k is LeadKind => (leadKinds as readonly unknown[]).includes(k);

export async function handle(req: Request, env: FunctionEnv): Promise<Response> {
  const pre = preflight(req);
  if (pre) return pre;
  if (req.method !== 'POST') return methodNotAllowed();
  try {
    const db = adminClient(env);
    const wait = await rateLimitHit(db, 'lead-capture:client', clientAddress(req), RATE_LIMITS.leadPerClient);
    if (wait) return tooManyRequests(wait);

    const read = await readJsonObject(req);
    if (!read.ok) return read.response;
    const body = read.body;
    if (honeypotFilled(body)) {
      return json({ message: isKind(body.kind) ? FUNCTION_MESSAGES.lead[body.kind] : FUNCTION_MESSAGES.leadGeneric });
    }

    const envelope = leadCapture.safeParse(body);
    if (!envelope.success) {
      return json({ error: envelope.error.issues[0]?.message ?? FUNCTION_MESSAGES.badBody, fields: fieldErrors(envelope.error) }, 400);
    }
    const { kind, sourcePage } = envelope.data;
    const payload = leadPayloads[kind].safeParse(envelope.data.payload);
    if (!payload.success) {
      return json({ error: payload.error.issues[0]?.message ?? FUNCTION_MESSAGES.badBody, fields: fieldErrors(payload.error) }, 400);
    }
    const email = payload.data.email.toLowerCase();

    const waitEmail = await rateLimitHit(db, 'lead-capture:email', email, RATE_LIMITS.leadPerEmail);
    if (waitEmail) return tooManyRequests(waitEmail);

    // Only the validated fields are kept (the schema drops anything else the client sent).
    const { error } = await db
      .from('leads')
      .insert({ kind, email, payload: { ...payload.data, email }, source_page: sourcePage?.trim() || null });
    if (error) throw new Error(`leads insert failed: ${error.message}`);
    return json({ message: FUNCTION_MESSAGES.lead[kind] });
  } catch (e) {
    console.error('[lead-capture]', e);
    return internalError();
  }
}
