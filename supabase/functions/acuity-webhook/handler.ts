/**
 * acuity-webhook: Acuity Scheduling's appointment notifications → 200 `{received, …}` | 400 `{error}`
 * (a missing or forged signature, not a notification) | 405 | 413 | 500 (try again later)
 * (docs/rewards.md#bookings).
 *
 * Acuity posts `application/x-www-form-urlencoded` with `action` (`scheduled`, `rescheduled`, `canceled`,
 * `changed`; a webhook created through Acuity's API names them `appointment.scheduled` and so on), `id`,
 * `calendarID` and `appointmentTypeID`, signed in `X-Acuity-Signature` (base64 HMAC-SHA256 of the raw
 * body, keyed with the account's API key). The first thing the function does is check that signature
 * over the bytes received, in constant time: anything unsigned or forged gets a 400, and nothing is read
 * or written.
 *
 * Then it trusts nothing of the body but the id: it reads the appointment from Acuity's API as it stands
 * now and stores that booking (_shared/bookings.ts applyBooking: booking_apply, migration rewards_visits),
 * keeping whichever read began last. So a duplicated, replayed, concurrent or reordered delivery ends in
 * the same state. The punches follow from the bookings (rewards_settle): settled here for this booking at
 * once, and by the hourly rewards-punches job for the appointments whose end has passed since. A
 * notification that never arrives is made up for by the hourly acuity-reconcile job, through the same
 * applyBooking.
 */
import type { FunctionHandler } from '../_shared/handler.ts';
import { adminClient } from '../_shared/admin.ts';
import { applyBooking } from '../_shared/bookings.ts';
import { internalError, json, methodNotAllowed } from '../_shared/http.ts';
import { readCapped } from '../../../shared/http.ts';
import { acuitySettings, acuitySigned, readAppointment } from '../_shared/acuity.ts';
import { FUNCTION_MESSAGES, REWARDS_MESSAGES } from '../../../shared/messages.ts';

/** A notification is four short fields; anything far larger is not one. */
const MAX_BODY_BYTES = 16 * 1024;

/** The appointment actions, as a static webhook names them and as an API-created one does. */
const APPOINTMENT_ACTIONS = new Set(['scheduled', 'rescheduled', 'canceled', 'changed'].flatMap((a) => [a, `appointment.${a}`]));

export const handle: FunctionHandler = async (req, env) => {
  if (req.method !== 'POST') return methodNotAllowed();
  const acuity = acuitySettings(env);
  if (!acuity) {
    console.error('[acuity-webhook] ACUITY_USER_ID or ACUITY_API_KEY is not set: notifications cannot be verified');
    return internalError();
  }
  const bytes = await readCapped(req, MAX_BODY_BYTES);
  if (!bytes) return json({ error: FUNCTION_MESSAGES.bodyTooLarge }, 413);
  const signature = req.headers.get('x-acuity-signature');
  if (!signature) return json({ error: REWARDS_MESSAGES.missingSignature }, 400);
  if (!(await acuitySigned(acuity.apiKey, bytes, signature))) {
    console.warn('[acuity-webhook] refused a notification with a bad signature');
    return json({ error: REWARDS_MESSAGES.invalidSignature }, 400);
  }

  const form = new URLSearchParams(new TextDecoder().decode(bytes));
  const action = form.get('action') ?? '';
  // Orders (`order.completed`) are signed the same way and are not ours to count: acknowledged, ignored.
  if (action === 'order.completed') return json({ received: true, ignored: action });
  const idText = form.get('id') ?? '';
  if (!APPOINTMENT_ACTIONS.has(action) || !/^[1-9]\d{0,14}$/.test(idText)) return json({ error: REWARDS_MESSAGES.notANotification }, 400);
  const id = Number(idText);

  const db = adminClient(env);
  try {
    // When the read began: a later read reflects at least as much of Acuity as this one.
    const syncedAt = new Date().toISOString();
    const read = await readAppointment(acuity, id);
    if (!read.found) return json({ received: true, ignored: 'not_found' });
    return json({ received: true, ...(await applyBooking(db, read.booking, syncedAt)) });
  } catch (e) {
    console.error(`[acuity-webhook] ${action} ${id} failed:`, e instanceof Error ? e.message : e);
    return json({ error: REWARDS_MESSAGES.acuityUnavailable }, 500);
  }
};
