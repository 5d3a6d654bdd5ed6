/**
 * /admin/rewards' reads, as the signed-in admin (row-level security lets an admin read every row): the
 * members by visits (the view rewards_members, migration rewards_admin) and the rewards not marked seen.
 * The count beside the nav's link (kyb-inbox-count of="rewards") is `countNewRewards`, a module of its own
 * so the nav carries nothing else of this screen.
 */
import type { Database } from '../../supabase/types/database.ts';
import type { KybClient } from '../core/supabase.ts';

export type Member = { email: string; visits: number; first_name: string | null; last_change_at: string | null };
export type NewReward = Pick<Database['public']['Tables']['reward_codes']['Row'], 'id' | 'code' | 'email' | 'percent_off' | 'earned_at_visit' | 'issued_at'>;
export interface Overview {
  /** Most visits first. */
  members: Member[];
  /** Newest first. */
  fresh: NewReward[];
}

export async function loadOverview(c: KybClient): Promise<Overview> {
  const [m, f] = await Promise.all([
    c.from('rewards_members').select('email, visits, first_name, last_change_at').order('visits', { ascending: false }).order('email'),
    c.from('reward_codes').select('id, code, email, percent_off, earned_at_visit, issued_at').is('admin_seen_at', null).order('issued_at', { ascending: false }),
  ]);
  if (m.error) throw m.error;
  if (f.error) throw f.error;
  return {
    members: m.data.filter((x): x is Member => x.email !== null && x.visits !== null).map((x) => ({ ...x, visits: x.visits })),
    fresh: f.data,
  };
}
