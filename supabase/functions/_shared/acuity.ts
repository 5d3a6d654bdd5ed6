/**
 * Acuity Scheduling, as the rewards functions use it (docs/rewards.md): its webhook signature and one
 * call of its API, `GET /appointments/:id` (HTTP Basic auth: the user id and the API key). Settings are
 * function secrets:
 *
 *   ACUITY_USER_ID   the account's user id (Acuity: Integrations → API)
 *   ACUITY_API_KEY   the account's API key: it authenticates our reads, and Acuity signs its webhooks with it
 *   ACUITY_API_URL   local only: the local stack's Acuity stand-in (supabase/local/acuity/); unset in
 *                    production, so the calls go to Acuity's own API
 *
 * Web APIs only (WebCrypto, fetch): the same code runs in Deno on hosted Supabase and in the local stack.
 */
import type { FunctionEnv } from './env.ts';
import { constantTimeEqual } from './http.ts';

export const ACUITY_API = 'https://acuityscheduling.com/api/v1';

export interface AcuitySettings {
  userId: string;
  apiKey: string;
  api: string;
  fetch: typeof fetch;
}

/** The settings, or null when the deployment lacks a secret. */
export function acuitySettings(env: FunctionEnv): AcuitySettings | null {
  const userId = env.get('ACUITY_USER_ID')?.trim();
  const apiKey = env.get('ACUITY_API_KEY')?.trim();
  if (!userId || !apiKey) return null;
  const api = (env.get('ACUITY_API_URL')?.trim() || ACUITY_API).replace(/\/+$/, '');
  // The local stand-in is the stack itself: reached in-process, as the Stripe client does.
  const local = env.fetch && new URL(api).origin === new URL(env.supabaseUrl).origin;
  return { userId, apiKey, api, fetch: local && env.fetch ? env.fetch : fetch };
}

/** base64 HMAC-SHA256 of `body` keyed with `key`: how Acuity signs a webhook (`X-Acuity-Signature`). */
export async function acuitySignature(key: string, body: Uint8Array): Promise<string> {
  const k = await crypto.subtle.importKey('raw', new TextEncoder().encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', k, body as Uint8Array<ArrayBuffer>));
  let bin = '';
  for (const b of mac) bin += String.fromCharCode(b);
  return btoa(bin);
}

/** Whether `signature` signs exactly these bytes, compared in constant time. */
export async function acuitySigned(key: string, body: Uint8Array, signature: string): Promise<boolean> {
  return constantTimeEqual(await acuitySignature(key, body), signature.trim());
}

/** What the shop keeps of an appointment (the columns of public.bookings; booking_apply). */
export interface Booking {
  acuity_id: number;
  email: string | null;
  first_name: string | null;
  appointment_type: string;
  appointment_type_id: number | null;
  calendar_id: number | null;
  starts_at: string;
  ends_at: string;
  canceled: boolean;
  no_show: boolean;
  confirmation_page: string | null;
}

const int = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : null);
const text = (v: unknown) => (typeof v === 'string' ? v : null);

/**
 * An appointment as Acuity's API renders it, read into a booking; null when it is not one. The start is
 * `datetime` (ISO 8601 with its offset); the end is the start plus `duration` minutes (`endTime` is only
 * the calendar's local clock time, without a date). `noShow` is absent on accounts that never use it.
 */
export function bookingOf(a: unknown): Booking | null {
  if (!a || typeof a !== 'object' || Array.isArray(a)) return null;
  const o = a as Record<string, unknown>;
  const id = int(o.id);
  // Acuity writes the offset without a colon (`-0500`); ISO 8601's extended form, which every runtime parses, has one.
  const start = typeof o.datetime === 'string' ? Date.parse(o.datetime.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')) : Number.NaN;
  const minutes = int(o.duration);
  if (!id || Number.isNaN(start) || minutes === null || typeof o.canceled !== 'boolean') return null;
  const email = text(o.email)?.trim().toLowerCase() || null;
  return {
    acuity_id: id,
    email: email && email.length <= 320 && email.includes('@') ? email : null,
    first_name: text(o.firstName)?.slice(0, 200) ?? null,
    appointment_type: text(o.type)?.slice(0, 200) ?? '',
    appointment_type_id: int(o.appointmentTypeID),
    calendar_id: int(o.calendarID),
    starts_at: new Date(start).toISOString(),
    ends_at: new Date(start + minutes * 60_000).toISOString(),
    canceled: o.canceled,
    no_show: o.noShow === true,
    confirmation_page: text(o.confirmationPage),
  };
}

export type AppointmentRead = { found: true; booking: Booking } | { found: false };

/** Reads one appointment; throws when Acuity cannot be read or answers what is not an appointment. */
export async function readAppointment(s: AcuitySettings, id: number): Promise<AppointmentRead> {
  const res = await s.fetch(`${s.api}/appointments/${id}`, {
    headers: { Authorization: `Basic ${btoa(`${s.userId}:${s.apiKey}`)}`, Accept: 'application/json' },
    signal: AbortSignal.timeout(15_000),
  });
  const body: unknown = await res.json().catch(() => null);
  // Deleted, or another account's: nothing of ours to record.
  if (res.status === 404) return { found: false };
  if (!res.ok) throw new Error(`Acuity answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  const booking = bookingOf(body);
  if (!booking || booking.acuity_id !== id) throw new Error(`Acuity's answer for appointment ${id} is not that appointment`);
  return { found: true, booking };
}
