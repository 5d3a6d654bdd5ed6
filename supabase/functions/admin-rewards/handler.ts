/**
 * admin-rewards (issue #31, item 5; docs/admin.md#rewards): the business corrects a rewards card.
 *   correct `{email, change: 1 | -1, reason}` from a signed-in admin → 200 `{email, visits, codesIssued}`
 *   seen    `{seen: true}` from a signed-in admin → 200 `{seen}` (the new rewards marked seen)
 * | 400 `{error, field}` | 401 | 403 | 429.
 *
 * A correction is a row of the card's append-only history, written by rewards_adjust (migration
 * rewards_visits) with the admin's id from the session, never from the body: the database keeps who did
 * it and why, and nothing is deleted. A punch added that reaches a marker earns its code at once, as a
 * visit does (issueRewardCodes: the rule is shared/catalog.ts REWARDS_CARD). The browser holds no key:
 * this function checks that the caller is an admin, as admin-orders and kit-launch do.
 */
import { firstIssuePath, rewardsAdjustRequest, rewardsSeenRequest, type RewardsAdjustResult } from '../../../shared/contracts.ts';
import { COMMERCE_MESSAGES, REWARDS_MESSAGES } from '../../../shared/messages.ts';
import { callerOf, SESSION_EXPIRED } from '../_shared/caller.ts';
import { postJsonHandler } from '../_shared/handler.ts';
import { json } from '../_shared/http.ts';
import { RATE_LIMITS } from '../_shared/rate-limit.ts';
import { issueRewardCodes } from '../_shared/reward-codes.ts';

/** rewards_adjust's own refusals (errcode 22023), in the words of shared/messages.ts. */
const REFUSALS: [RegExp, string, string][] = [
  [/no punch to take back/, REWARDS_MESSAGES.noPunchToTakeBack, 'change'],
  [/needs a reason/, REWARDS_MESSAGES.reasonRequired, 'reason'],
  [/adds or takes back one punch/, REWARDS_MESSAGES.changeInvalid, 'change'],
];

export const handle = postJsonHandler({
  name: 'admin-rewards',
  perClient: RATE_LIMITS.adminPerClient,
  async handle({ req, db, body }) {
    const who = await callerOf(db, req);
    if (who === 'expired') return json({ error: SESSION_EXPIRED }, 401);
    if (!who) return json({ error: COMMERCE_MESSAGES.adminSignIn }, 401);
    if (!who.admin) return json({ error: REWARDS_MESSAGES.adminOnly }, 403);

    if ('seen' in body) {
      const seen = rewardsSeenRequest.safeParse(body);
      if (!seen.success) return json({ error: COMMERCE_MESSAGES.invalidRequest, field: 'seen' }, 400);
      const { data, error } = await db.from('reward_codes').update({ admin_seen_at: new Date().toISOString() }).is('admin_seen_at', null).select('id');
      if (error) throw new Error(`reward_codes seen failed: ${error.message}`);
      return json({ seen: data.length } satisfies RewardsAdjustResult);
    }

    const parsed = rewardsAdjustRequest.safeParse(body);
    if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? COMMERCE_MESSAGES.invalidRequest, field: firstIssuePath(parsed.error) }, 400);
    const email = parsed.data.email.trim().toLowerCase();
    const { error } = await db.rpc('rewards_adjust', { p_email: email, p_change: parsed.data.change, p_reason: parsed.data.reason, p_by: who.id });
    if (error) {
      const refusal = error.code === '22023' ? REFUSALS.find(([re]) => re.test(error.message)) : undefined;
      if (refusal) return json({ error: refusal[1], field: refusal[2] }, 400);
      throw new Error(`rewards_adjust failed: ${error.message}`);
    }
    const codesIssued = parsed.data.change === 1 ? await issueRewardCodes(db, [email]) : 0;
    const { data: card, error: readError } = await db.from('rewards_members').select('visits').eq('email', email).maybeSingle();
    if (readError) throw new Error(`rewards_members read failed: ${readError.message}`);
    return json({ email, visits: card?.visits ?? 0, codesIssued } satisfies RewardsAdjustResult);
  },
});
