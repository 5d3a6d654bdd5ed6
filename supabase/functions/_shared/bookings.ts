/**
 * The one path by which what Acuity says of an appointment reaches the rewards card (docs/rewards.md#bookings):
 * the acuity-webhook function takes it for the appointment a notification names, the acuity-reconcile job
 * for each appointment it finds that no notification brought. So a booking the job repairs ends exactly as
 * if its webhook had been delivered.
 */
import type { AdminClient } from './admin.ts';
import type { Booking } from './acuity.ts';
import { issueRewardCodes } from './reward-codes.ts';

export interface Applied {
  /** Whether the booking was stored: false when a read that began later had stored it already. */
  applied: boolean;
  punched: number;
  taken_back: number;
  codes_issued: number;
}

/**
 * Stores the booking as read at `syncedAt` (when that read of Acuity began: booking_apply keeps whichever
 * read began last), settles its punch (rewards_settle), and issues at once any code the visit it just
 * punched earned, rather than at the rewards-punches job's next run. Throws when the database refuses.
 */
export async function applyBooking(db: AdminClient, booking: Booking, syncedAt: string): Promise<Applied> {
  const applied = await db.rpc('booking_apply', { p: booking as never, p_synced_at: syncedAt });
  if (applied.error) throw new Error(`booking_apply: ${applied.error.message}`);
  const settled = await db.rpc('rewards_settle', { p_booking: booking.acuity_id });
  if (settled.error) throw new Error(`rewards_settle: ${settled.error.message}`);
  const { punched, taken_back } = settled.data as { punched: number; taken_back: number };
  const codes = booking.email && punched > 0 ? await issueRewardCodes(db, [booking.email.toLowerCase()]) : 0;
  return { applied: applied.data === true, punched, taken_back, codes_issued: codes };
}
