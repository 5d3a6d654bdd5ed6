/**
 * Acuity Scheduling, as the rewards functions use it (docs/rewards.md): its webhook signature and two
 * calls of its API (HTTP Basic auth: the user id and the API key): `GET /appointments/:id` (the webhook,
 * and the reconcile job for a stored booking the listing left out) and `GET /appointments` with
 * `minDate`, `maxDate`, `max` and `canceled` (the reconcile job). Settings are function secrets:
 *
 *   ACUITY_USER_ID   the account's user id (Acuity: Integrations → API)
 *   ACUITY_API_KEY   the account's API key: it authenticates our reads, and Acuity signs its webhooks with it
 *   ACUITY_API_URL   local only: the local stack's Acuity stand-in (supabase/local/acuity/); unset in
 *                    production, so the calls go to Acuity's own API
 *
 * Web APIs only (WebCrypto, fetch): the same code runs in Deno on hosted Supabase and in the local stack.
 */
import type { FunctionEnv } from '../../../shared/http.ts';
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

/** One GET of Acuity's API: its status and JSON body (null when the body is not JSON). */
async function get(s: AcuitySettings, path: string): Promise<{ status: number; ok: boolean; body: unknown }> {
  const res = await s.fetch(`${s.api}${path}`, {
    headers: { Authorization: `Basic ${btoa(`${s.userId}:${s.apiKey}`)}`, Accept: 'application/json' },
    signal: AbortSignal.timeout(15_000),
  });
  return { status: res.status, ok: res.ok, body: await res.json().catch(() => null) };
}

/** Reads one appointment; throws when Acuity cannot be read or answers what is not an appointment. */
export async function readAppointment(s: AcuitySettings, id: number): Promise<AppointmentRead> {
  const { status, ok, body } = await get(s, `/appointments/${id}`);
  // Deleted, or another account's: nothing of ours to record.
  if (status === 404) return { found: false };
  if (!ok) throw new Error(`Acuity answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
  const booking = bookingOf(body);
  if (!booking || booking.acuity_id !== id) throw new Error(`Acuity's answer for appointment ${id} is not that appointment`);
  return { found: true, booking };
}

/**
 * Appointments a listing holds per request: `max`, whose default is also 100. Acuity's listing has no
 * offset or cursor, so a full page is followed by another that ends on the day the page ended on.
 */
export const LIST_MAX = 100;

/** A listed appointment: its booking, or why it could not be read as one. */
export type Listed = { ok: true; booking: Booking } | { ok: false; id: unknown; error: string };

/**
 * Every appointment whose day (the calendar's) is from `minDate` to `maxDate` (`YYYY-MM-DD`, both
 * included): `GET /appointments?minDate&maxDate&max`, the scheduled ones, or the canceled ones with
 * `canceled=true` (Acuity lists them apart). Acuity lists the latest first (its default `direction`,
 * DESC); when a page is full, the next one asks again up to the day of the page's earliest appointment,
 * that day included, and what was seen already is skipped by id. A day that alone fills a page cannot be
 * listed whole: that throws, as does an answer that is not a list.
 */
export async function listAppointments(s: AcuitySettings, range: { minDate: string; maxDate: string; canceled: boolean }): Promise<Listed[]> {
  const seen = new Map<string, Listed>();
  let maxDate = range.maxDate;
  for (;;) {
    const query = new URLSearchParams({ minDate: range.minDate, maxDate, max: String(LIST_MAX), ...(range.canceled ? { canceled: 'true' } : {}) });
    const { status, ok, body } = await get(s, `/appointments?${query}`);
    if (!ok) throw new Error(`Acuity answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
    if (!Array.isArray(body)) throw new Error("Acuity's appointment list is not a list");
    for (const a of body) {
      const booking = bookingOf(a);
      const id = booking?.acuity_id ?? (a as { id?: unknown } | null)?.id;
      const listed: Listed =
        booking && booking.canceled === range.canceled
          ? { ok: true, booking }
          : { ok: false, id, error: booking ? `listed with the ${range.canceled ? 'canceled' : 'scheduled'} ones, but canceled is ${booking.canceled}` : 'not an appointment' };
      seen.set(String(id), listed);
    }
    if (body.length < LIST_MAX) return [...seen.values()];
    // The calendar's own day of the earliest appointment listed: the date part of its `datetime`.
    const last = (body[body.length - 1] as { datetime?: unknown } | null)?.datetime;
    const day = typeof last === 'string' ? last.slice(0, 10) : '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error("Acuity's appointment list ends with what is not an appointment");
    if (day >= maxDate) throw new Error(`${LIST_MAX} appointments or more on ${day}: Acuity's list cannot be read whole`);
    maxDate = day;
  }
}
