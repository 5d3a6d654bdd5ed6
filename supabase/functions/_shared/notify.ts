/**
 * The notification e-mail to the business for a new partnership inquiry or beta request (issue #10):
 * sent by lead-capture after the lead is stored, so a mail that cannot go out never loses the lead (the
 * row records `notification`: sent, failed or skipped). The same transport carries the one mail a
 * visitor gets after a Vault opt-in (vault-mail.ts, issue #23), which needs the API key but not the
 * business's address.
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
import type { FunctionEnv } from './env.ts';
import type { LeadKind } from '../../../shared/contracts.ts';

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

/** The e-mail API and the sender: what any mail needs. */
export interface Sender {
  apiUrl: string;
  apiKey: string;
  from: string;
}

export interface MailSettings extends Sender {
  /** The business's address (notifications). */
  to: string;
}

/** The API and sender, or null when the deployment has no API key (then nothing is sent). */
export function senderSettings(env: FunctionEnv): Sender | null {
  const apiKey = env.get('RESEND_API_KEY')?.trim();
  if (!apiKey) return null;
  return { apiUrl: env.get('EMAIL_API_URL')?.trim() || DEFAULT_EMAIL_API_URL, apiKey, from: env.get('NOTIFY_EMAIL_FROM')?.trim() || DEFAULT_NOTIFY_FROM };
}

/** The settings, or null when the deployment has not configured notifications (then nothing is sent). */
export function mailSettings(env: FunctionEnv): MailSettings | null {
  const sender = senderSettings(env);
  const to = env.get('NOTIFY_EMAIL_TO')?.trim();
  if (!sender || !to) return null;
  return { ...sender, to };
}

export interface OutgoingMail {
  /** The recipient, when not the business (a visitor's own address). */
  to?: string;
  subject: string;
  text: string;
  /** Where "Reply" goes: the visitor (notifications to the business), or the business (mail to a visitor). */
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
export const oneLine = (s: string) => s.replace(/\p{Cc}+/gu, ' ').trim();

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

/**
 * Sends one mail; true when the API accepted it. Never throws: the caller records the outcome. The
 * local stack's in-process fetch is used only for its own URLs (the dev inbox).
 */
export async function sendMail(settings: Sender & { to?: string }, mail: OutgoingMail, env: FunctionEnv): Promise<boolean> {
  const to = mail.to ?? settings.to;
  if (!to) return false;
  const local = env.fetch && new URL(settings.apiUrl).origin === new URL(env.supabaseUrl).origin;
  const fetchFn = local ? env.fetch! : fetch;
  try {
    const res = await fetchFn(settings.apiUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${settings.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ from: settings.from, to: [to], subject: mail.subject, text: mail.text, reply_to: mail.replyTo }),
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
