/**
 * A member's rewards, as the signed-in member reads them (docs/rewards.md#what-the-member-sees): their
 * punches, bookings and codes, each filtered to their own address. Row-level security already gives a
 * member only the rows of their confirmed address; the filter is for an admin, who reads every row.
 * Also kyb-admin-rewards' reader of one member's history (the same rows, any address).
 */
import type { Database } from '../../supabase/types/database.ts';
import type { KybClient } from '../core/supabase.ts';

export type Punch = Pick<Database['public']['Tables']['punches']['Row'], 'id' | 'booking_id' | 'change' | 'reason' | 'note' | 'created_at'>;
export type Booking = Pick<
  Database['public']['Tables']['bookings']['Row'],
  'acuity_id' | 'appointment_type' | 'starts_at' | 'ends_at' | 'canceled' | 'no_show' | 'confirmation_page'
>;
export type RewardCode = Pick<
  Database['public']['Tables']['reward_codes']['Row'],
  'id' | 'code' | 'percent_off' | 'status' | 'earned_at_visit' | 'issued_at' | 'used_at' | 'returned_at'
>;

export interface Rewards {
  /** The visit count: the sum of the punches (the card and the tier read it). */
  visits: number;
  /** Newest first. */
  punches: Punch[];
  /** By Acuity id: the appointment each visit row names. */
  bookings: Map<number, Booking>;
  /** Not canceled, not started yet: soonest first. */
  upcoming: Booking[];
  /** Newest first. */
  codes: RewardCode[];
}

/** A code that can still be used: issued, or given back by a refund. */
export const usable = (c: RewardCode) => c.status === 'issued' || c.status === 'returned';

/** Every row of one address; throws what supabase-js answered when a read fails. */
export async function loadRewards(c: KybClient, email: string, now = Date.now()): Promise<Rewards> {
  const address = email.trim().toLowerCase();
  const [p, b, r] = await Promise.all([
    c.from('punches').select('id, booking_id, change, reason, note, created_at').eq('email', address).order('id', { ascending: false }),
    c.from('bookings').select('acuity_id, appointment_type, starts_at, ends_at, canceled, no_show, confirmation_page').eq('email', address).order('starts_at'),
    c
      .from('reward_codes')
      .select('id, code, percent_off, status, earned_at_visit, issued_at, used_at, returned_at')
      .eq('email', address)
      .order('earned_at_visit', { ascending: false }),
  ]);
  if (p.error) throw p.error;
  if (b.error) throw b.error;
  if (r.error) throw r.error;
  const bookings = new Map(b.data.map((x) => [x.acuity_id, x]));
  // The visit's own booking may now name another address (email_changed): read those too, for their names.
  const missing = [...new Set(p.data.map((x) => x.booking_id).filter((id): id is number => id !== null && !bookings.has(id)))];
  if (missing.length) {
    const more = await c.from('bookings').select('acuity_id, appointment_type, starts_at, ends_at, canceled, no_show, confirmation_page').in('acuity_id', missing);
    if (!more.error) for (const x of more.data) bookings.set(x.acuity_id, x);
  }
  return {
    visits: Math.max(
      0,
      p.data.reduce((n, x) => n + x.change, 0),
    ),
    punches: p.data,
    bookings,
    upcoming: b.data.filter((x) => !x.canceled && new Date(x.starts_at).getTime() > now),
    codes: r.data,
  };
}
