/**
 * lead-capture: `{kind, payload, sourcePage?, website?}` → 200 `{message}` | 400 `{error, fields?}` |
 * 429 `{error}`.
 *
 * Stores the forms the spec leaves unsent (partnership inquiry, beta requests, notify-me, Vault and
 * merchandise opt-ins) in public.leads, after validating the payload with the same schema the widget
 * uses (contracts.ts leadPayloads[kind]); `fields` carries the first message per field for inline errors.
 */
import { fieldErrors, leadCapture, leadKinds, leadPayloads, type LeadKind } from '../_shared/contracts.ts';
import { FUNCTION_MESSAGES } from '../_shared/messages.ts';
import { RATE_LIMITS } from '../_shared/rate-limit.ts';
import { postJsonHandler, rateLimited } from '../_shared/handler.ts';
import { honeypotFilled, json } from '../_shared/http.ts';

const isKind = (k: unknown): k is LeadKind => (leadKinds as readonly unknown[]).includes(k);

export const handle = postJsonHandler({
  name: 'lead-capture',
  perClient: RATE_LIMITS.leadPerClient,
  async handle({ db, body }) {
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

    const limited = await rateLimited(db, 'lead-capture:email', email, RATE_LIMITS.leadPerEmail);
    if (limited) return limited;

    // Only the validated fields are kept (the schema drops anything else the client sent).
    const { error } = await db
      .from('leads')
      .insert({ kind, email, payload: { ...payload.data, email }, source_page: sourcePage?.trim() || null });
    if (error) throw new Error(`leads insert failed: ${error.message}`);
    return json({ message: FUNCTION_MESSAGES.lead[kind] });
  },
});
