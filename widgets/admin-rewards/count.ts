/** How many rewards were issued that the admin has not marked seen (kyb-inbox-count of="rewards"; HEAD: the count only). */
import type { Result } from '../core/admin-gate.tsx';
import type { KybClient } from '../core/supabase.ts';

export async function countNewRewards(sb: KybClient): Promise<Result<number>> {
  const { error, count } = await sb.from('reward_codes').select('id', { count: 'exact', head: true }).is('admin_seen_at', null);
  if (error) return { ok: false, error };
  return { ok: true, value: count ?? 0 };
}
