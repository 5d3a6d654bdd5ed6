/**
 * The notification e-mail to the business for a new partnership inquiry or beta request (issue #10):
 * sent by lead-capture after the lead is stored, so a mail that cannot go out never loses the lead (the
 * row records `notification`: sent, failed or skipped).
 *
 * Transport: an HTTP e-mail API shaped like Resend's `POST /emails` (`{from, to[], subject, text,
 * reply_to}` with `Authorization: Bearer <key>`). Settings are function secrets:
 *
 *   RESEND_API_KEY     the API key (required to send)
 *   NOTIFY_EMAIL_TO    the business address that receives the notifications (required to send)
 *   NOTIFY_EMAIL_FROM  the sender, on a domain verified with the API (default below)
 *   EMAIL_API_URL      the endpoint (default Resend's); the local stack points it at its dev inbox
 *                      (supabase/local/inbox.ts), where the mail lands next to the auth mails.
 *
 * Web APIs only, like every handler (Deno on hosted, Node in the local stack).
 */
import type { FunctionEnv } from '../../../shared/http.ts';
import type { LeadKind } from '../../../shared/rules/forms.ts';

export const DEFAULT_EMAIL_API_URL = 'https://api.resend.com/emails';
export const DEFAULT_NOTIFY_FROM = 'KYB website <notifications@kybhaircare.com>';
/** A slow e-mail API must not keep the visitor's form waiting for long: the lead is already stored. */
export const SEND_TIMEOUT_MS = 8000;

/** The kinds the business is told about by e-mail, with the subject's wording. */
export const NOTIFIED_KINDS: Partial<Record<LeadKind, string>> = {
  partnership: 'New partnership inquiry',
  beta_request: 'New beta request',
  access_beta: 'New beta request',
};

/** How mail leaves: the e-mail API, its key and the sender (the same for every mail the functions send). */
export interface MailTransport {
  apiUrl: string;
  apiKey: string;
  from: string;
}

export interface MailSettings extends MailTransport {
  to: string;
}

/** The transport, or null when the deployment has no e-mail API key (then nothing is sent). */
export function mailTransport(env: FunctionEnv): MailTransport | null {
  const apiKey = env.get('RESEND_API_KEY')?.trim();
  if (!apiKey) return null;
  return {
    apiUrl: env.get('EMAIL_API_URL')?.trim() || DEFAULT_EMAIL_API_URL,
    apiKey,
    from: env.get('NOTIFY_EMAIL_FROM')?.trim() || DEFAULT_NOTIFY_FROM,
  };
}

/** The settings, or null when the deployment has not configured notifications (then nothing is sent). */
export function mailSettings(env: FunctionEnv): MailSettings | null {
  const transport = mailTransport(env);
  const to = env.get('NOTIFY_EMAIL_TO')?.trim();
  if (!transport || !to) return null;
  return { ...transport, to };
}

export interface OutgoingMail {
  subject: string;
  text: string;
  /** The visitor's address, so "Reply" in the business's mail client answers them. */
  replyTo: string;
}

/** Labels of the payload fields, in the order the mail lists them. */
const FIELD_LABEL: Record<string, string> = {
  name: 'Name',
  email: 'E-mail',
  company: 'Company',
  partnershipType: 'Partnership type',
  role: 'Role',
  message: 'Message',
};

// Header values must stay on one line (no header injection through a visitor's name).
const oneLine = (s: string) => s.replace(/\p{Cc}+/gu, ' ').trim();

export function notificationMail(kind: LeadKind, payload: Record<string, unknown>, sourcePage: string | null, receivedAt: Date): OutgoingMail | null {
  const title = NOTIFIED_KINDS[kind];
  if (!title) return null;
  const name = typeof payload.name === 'string' ? payload.name : '';
  const email = String(payload.email ?? '');
  const lines = Object.entries(FIELD_LABEL)
    .filter(([key]) => typeof payload[key] === 'string' && (payload[key] as string) !== '')
    .map(([key, label]) => (key === 'message' ? `${label}:\n${payload[key]}` : `${label}: ${payload[key]}`));
  return {
    subject: oneLine(`${title} from ${name || email}`).slice(0, 200),
    text: [
      `${title} from the website.`,
      '',
      ...lines,
      '',
      `Sent from: ${sourcePage ?? 'unknown page'}`,
      `Received: ${receivedAt.toISOString().slice(0, 19).replace('T', ' ')} UTC`,
      '',
      'It is stored in the admin inbox (/admin/inbox) whether or not this e-mail arrives.',
    ].join('\n'),
    replyTo: email,
  };
}

/** One e-mail to anyone: a plain-text part always, an HTML part where given. */
export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /**
   * The API's Idempotency-Key: the same key sends once however often it is posted (Resend keeps keys for
   * 24 hours), so a retry after a crash between sending and recording cannot send twice.
   */
  idempotencyKey?: string;
}

/**
 * Sends one e-mail; true when the API accepted it. Never throws: the caller records the outcome. The
 * local stack's in-process fetch is used only for its own URLs (the dev inbox).
 */
export async function sendEmail(transport: MailTransport, mail: Email, env: FunctionEnv): Promise<boolean> {
  const local = env.fetch && new URL(transport.apiUrl).origin === new URL(env.supabaseUrl).origin;
  const fetchFn = local ? env.fetch! : fetch;
  const headers: Record<string, string> = { Authorization: `Bearer ${transport.apiKey}`, 'Content-Type': 'application/json' };
  if (mail.idempotencyKey) headers['Idempotency-Key'] = mail.idempotencyKey;
  try {
    const res = await fetchFn(transport.apiUrl, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        from: transport.from,
        to: [mail.to],
        subject: oneLine(mail.subject).slice(0, 200),
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.replyTo ? { reply_to: mail.replyTo } : {}),
      }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    if (!res.ok) console.error(`[notify] the e-mail API answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    else await res.body?.cancel();
    return res.ok;
  } catch (e) {
    console.error('[notify] the e-mail API could not be reached', e);
    return false;
  }
}

/** Sends a notification to the business (settings.to); true when the API accepted it. Never throws. */
export function sendMail(settings: MailSettings, mail: OutgoingMail, env: FunctionEnv): Promise<boolean> {
  return sendEmail(settings, { to: settings.to, subject: mail.subject, text: mail.text, replyTo: mail.replyTo }, env);
}
