/**
 * acuity-reconcile: POST with the service role key → 200 `{appointments_seen, repaired, repairs, punched,
 * taken_back, codes_issued}` | 401 `{error}` | 405 | 500 (docs/rewards.md#reconciliation).
 *
 * Acuity's webhooks get lost (Acuity down, this project's function down, a bad deploy), and Acuity
 * documents no retry. So, like stripe-reconcile for Stripe, this hourly job asks Acuity what the webhooks
 * should have said. It lists the appointments of the window (RECONCILE_DAYS_BACK days back to
 * RECONCILE_DAYS_AHEAD ahead: `GET /appointments` with `minDate`, `maxDate` and `max`, once for the
 * scheduled ones and once with `canceled=true`, _shared/acuity.ts listAppointments), compares each with
 * the stored booking, and applies each one missing or different through the webhook's own path
 * (_shared/bookings.ts applyBooking: booking_apply, rewards_settle, the codes a punch earned), so the
 * result is what the delivered webhook would have left. A booking stored with a start in the window that
 * neither list holds (moved out of the window, or deleted) is read by id, as the webhook reads it.
 *
 * Idempotent: what matches is not written, so a second run repairs nothing; each listing's read carries
 * the time it began, so a webhook that read Acuity later is never overwritten by this run (booking_apply),
 * and a run and a webhook at once settle each booking under its row lock. An appointment that cannot be
 * read or applied is reported and left for the next run; the run then answers 500, so the schedule's log
 * shows it, after applying the rest.
 *
 * Scheduled hourly: on hosted Supabase by pg_cron and pg_net (README, "Deploy"), in the local stack at
 * start and hourly by supabase/local/functions/jobs.ts.
 */
import type { FunctionEnv } from '../../../shared/http.ts';
import { adminClient, type AdminClient } from '../_shared/admin.ts';
import { acuitySettings, listAppointments, readAppointment, type Booking } from '../_shared/acuity.ts';
import { applyBooking } from '../_shared/bookings.ts';
import { internalError, json, requireServiceRole } from '../_shared/http.ts';

/** How far back the window reaches: a no-show or a late cancellation is marked within days of the visit. */
export const RECONCILE_DAYS_BACK = 7;
/** How far ahead: an appointment booked further out is reconciled once it comes this close. */
export const RECONCILE_DAYS_AHEAD = 60;
/** Ids per stored-booking lookup (they travel in the request's URL), and rows per page of the window. */
const LOOKUP = 100;
const PAGE = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A booking this run applied because it was missing or differed (a type, not an interface: it is answered as JSON). */
export type Repair = {
  acuity_id: number;
  /** missing: never stored; changed: stored, but Acuity says otherwise; not_listed: read by id. */
  was: 'missing' | 'changed' | 'not_listed';
};

export interface Report {
  appointments_seen: number;
  repaired: number;
  repairs: Repair[];
  punched: number;
  taken_back: number;
  codes_issued: number;
}

const COLUMNS = 'acuity_id, email, first_name, appointment_type, appointment_type_id, calendar_id, starts_at, ends_at, canceled, no_show, confirmation_page';
type Stored = Pick<
  Booking,
  'acuity_id' | 'email' | 'first_name' | 'appointment_type' | 'appointment_type_id' | 'calendar_id' | 'starts_at' | 'ends_at' | 'canceled' | 'no_show' | 'confirmation_page'
>;

/** Whether the stored booking says what Acuity says (times compared as instants, ids as numbers). */
function same(stored: Stored, b: Booking): boolean {
  const time = (t: string) => Date.parse(t);
  const id = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return (
    stored.email === b.email &&
    stored.first_name === b.first_name &&
    stored.appointment_type === b.appointment_type &&
    id(stored.appointment_type_id) === b.appointment_type_id &&
    id(stored.calendar_id) === b.calendar_id &&
    time(stored.starts_at) === time(b.starts_at) &&
    time(stored.ends_at) === time(b.ends_at) &&
    stored.canceled === b.canceled &&
    stored.no_show === b.no_show &&
    stored.confirmation_page === b.confirmation_page
  );
}

async function storedBookings(db: AdminClient, ids: number[]): Promise<Map<number, Stored>> {
  const found = new Map<number, Stored>();
  for (let i = 0; i < ids.length; i += LOOKUP) {
    const { data, error } = await db
      .from('bookings')
      .select(COLUMNS)
      .in('acuity_id', ids.slice(i, i + LOOKUP));
    if (error) throw new Error(`bookings read failed: ${error.message}`);
    for (const r of data) found.set(Number(r.acuity_id), r as Stored);
  }
  return found;
}

/** The ids of the bookings stored with a start in the window. */
async function storedInWindow(db: AdminClient, from: Date, to: Date): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { data, error } = await db
      .from('bookings')
      .select('acuity_id')
      .gte('starts_at', from.toISOString())
      .lte('starts_at', to.toISOString())
      .order('acuity_id')
      .range(offset, offset + PAGE - 1);
    if (error) throw new Error(`bookings read failed: ${error.message}`);
    for (const r of data) ids.push(Number(r.acuity_id));
    if (data.length < PAGE) return ids;
  }
}

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e));
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const handle = requireServiceRole(async (env: FunctionEnv): Promise<Response> => {
  const acuity = acuitySettings(env);
  if (!acuity) {
    console.error('[acuity-reconcile] ACUITY_USER_ID or ACUITY_API_KEY is not set: Acuity cannot be read');
    return internalError();
  }
  const db = adminClient(env);
  const report: Report = { appointments_seen: 0, repaired: 0, repairs: [], punched: 0, taken_back: 0, codes_issued: 0 };
  const errors: string[] = [];
  const apply = async (booking: Booking, syncedAt: string, was: Repair['was']) => {
    try {
      const done = await applyBooking(db, booking, syncedAt);
      report.punched += done.punched;
      report.taken_back += done.taken_back;
      report.codes_issued += done.codes_issued;
      if (done.applied) {
        report.repaired++;
        report.repairs.push({ acuity_id: booking.acuity_id, was });
      }
    } catch (e) {
      errors.push(`appointment ${booking.acuity_id}: ${reason(e)}`);
    }
  };

  try {
    const now = Date.now();
    const from = new Date(now - RECONCILE_DAYS_BACK * DAY_MS);
    const to = new Date(now + RECONCILE_DAYS_AHEAD * DAY_MS);
    // Acuity filters by the calendar's own day; a day more on each side covers every time zone.
    const range = { minDate: day(from.getTime() - DAY_MS), maxDate: day(to.getTime() + DAY_MS) };
    const listed = new Set<number>();
    // The scheduled ones, then the canceled ones: an appointment canceled between the two reads is in
    // both, and the later read (canceled) is applied last.
    for (const canceled of [false, true]) {
      const syncedAt = new Date().toISOString();
      const list = await listAppointments(acuity, { ...range, canceled });
      report.appointments_seen += list.length;
      const good = list.flatMap((l) => (l.ok ? [l.booking] : []));
      for (const l of list) if (!l.ok) errors.push(`appointment ${String(l.id)}: ${l.error}`);
      const stored = await storedBookings(
        db,
        good.map((b) => b.acuity_id),
      );
      for (const b of good) {
        listed.add(b.acuity_id);
        const mine = stored.get(b.acuity_id);
        if (!mine || !same(mine, b)) await apply(b, syncedAt, mine ? 'changed' : 'missing');
      }
    }
    // Stored in the window, yet in neither list: moved out of it (a reschedule whose webhook was lost), or
    // deleted at Acuity. Read by id, as the webhook reads it; one Acuity no longer has is left as it is.
    for (const id of await storedInWindow(db, from, to)) {
      if (listed.has(id)) continue;
      try {
        const syncedAt = new Date().toISOString();
        const read = await readAppointment(acuity, id);
        if (!read.found) continue;
        const [mine] = (await storedBookings(db, [id])).values();
        if (!mine || !same(mine, read.booking)) await apply(read.booking, syncedAt, 'not_listed');
      } catch (e) {
        errors.push(`appointment ${id}: ${reason(e)}`);
      }
    }
  } catch (e) {
    errors.push(reason(e));
  }

  if (errors.length) {
    console.error(`[acuity-reconcile] the run failed (${report.repaired} repaired before):`, errors.join('\n').slice(0, 4000));
    return internalError();
  }
  if (report.repaired) console.log(`[acuity-reconcile] repaired ${report.repaired} booking(s) no webhook had brought`);
  return json(report);
});
