/**
 * Issuing reward codes (docs/rewards.md#reward-codes): what a card has earned follows from its visit
 * count by the one rule, REWARDS_CARD in shared/catalog.ts (rewardsEarned); the database only stores the
 * codes (reward_codes_issue, migration reward_codes), so the rule is not written twice. Used by the
 * rewards-punches job (every address) and the acuity-webhook function (the address it just punched).
 */
import { rewardsEarned } from '../../../shared/catalog.ts';
import type { AdminClient } from './admin.ts';

/** Page size when reading the punches: PostgREST answers at most its max-rows at a time. */
const PAGE = 1000;

/** Issues every code the cards of these addresses (all, when omitted) have earned and lack. Returns how many. */
export async function issueRewardCodes(db: AdminClient, emails?: string[]): Promise<number> {
  const visits = new Map<string, number>();
  for (let from = 0; ; from += PAGE) {
    let q = db
      .from('punches')
      .select('email, change')
      .order('id')
      .range(from, from + PAGE - 1);
    if (emails) q = q.in('email', emails);
    const { data, error } = await q;
    if (error) throw new Error(`punches: ${error.message}`);
    for (const p of data) visits.set(p.email, (visits.get(p.email) ?? 0) + p.change);
    if (data.length < PAGE) break;
  }
  let issued = 0;
  for (const [email, count] of visits) {
    const earned = rewardsEarned(count).map((r) => ({ visit: r.visit, percent_off: r.percentOff }));
    if (earned.length === 0) continue;
    const { data, error } = await db.rpc('reward_codes_issue', { p_email: email, p_earned: earned });
    if (error) throw new Error(`reward_codes_issue: ${error.message}`);
    issued += data;
  }
  return issued;
}
