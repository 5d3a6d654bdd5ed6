/**
 * lead-capture: `{kind, payload, sourcePage?, website?}` → 200 `{message}` | 400 `{error, fields?}` |
 * 429 `{error}`.
 *
 * Stores the forms the spec leaves unsent (partnership inquiry, beta requests, notify-me, Vault and
 * merchandise opt-ins) in public.leads, after validating the payload with the same schema the widget
 * uses (contracts.ts leadPayloads[kind]); `fields` carries the first message per field for inline errors.
 *
 * A partnership inquiry or beta request also sends the business a notification e-mail (_shared/notify.ts),
 * after the row is stored: a failed send is logged and recorded on the row (`notification`), never
 * turned into an error for the visitor, and never loses the lead. A Vault opt-in sends the visitor the
 * e-mail the Vault card promises (_shared/vault-mail.ts, issue #23), recorded the same way.
 */
import { fieldErrors, leadCapture, leadPayloads } from '../../../shared/contracts.ts';
import { leadKinds, type LeadKind } from '../../../shared/rules/forms.ts';
import { FUNCTION_MESSAGES } from '../../../shared/messages.ts';
import { RATE_LIMITS } from '../_shared/rate-limit.ts';
import { postJsonHandler, rateLimited } from '../_shared/handler.ts';
import { honeypotFilled, json } from '../_shared/http.ts';
import { mailSettings, notificationMail, sendMail } from '../_shared/notify.ts';
import { sendVaultMail } from '../_shared/vault-mail.ts';

const isKind = (k: unknown): k is LeadKind => (leadKinds as readonly unknown[]).includes(k);

export const handle = postJsonHandler({
  name: 'lead-capture',
  perClient: RATE_LIMITS.leadPerClient,
  async handle({ db, body, env }) {
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
    const stored = { ...payload.data, email };
    const source = sourcePage?.trim() || null;
    const { data, error } = await db.from('leads').insert({ kind, email, payload: stored, source_page: source }).select('id, created_at').single();
    if (error) throw new Error(`leads insert failed: ${error.message}`);

    const mail = notificationMail(kind, stored, source, new Date(data.created_at));
    if (mail) {
      const settings = mailSettings(env);
      if (!settings) console.warn('[lead-capture] notification e-mail not configured (RESEND_API_KEY, NOTIFY_EMAIL_TO): lead stored, nobody told');
      const outcome = !settings ? 'skipped' : (await sendMail(settings, mail, env)) ? 'sent' : 'failed';
      const marked = await db.from('leads').update({ notification: outcome }).eq('id', data.id);
      if (marked.error) console.error(`[lead-capture] could not record notification=${outcome} on lead ${data.id}`, marked.error);
    }
    if (kind === 'vault_optin') {
      const outcome = await sendVaultMail(db, env, email, String((stored as { item?: unknown }).item ?? ''), data.id);
      const marked = await db.from('leads').update({ notification: outcome }).eq('id', data.id);
      if (marked.error) console.error(`[lead-capture] could not record the download e-mail (${outcome}) on lead ${data.id}`, marked.error);
    }
    return json({ message: FUNCTION_MESSAGES.lead[kind] });
  },
});
