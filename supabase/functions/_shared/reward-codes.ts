/**
 * Reward codes (docs/rewards.md#reward-codes).
 *
 * Issuing: what a card has earned follows from its visit count by the one rule, REWARDS_CARD in
 * shared/catalog.ts (rewardsEarned); the database only stores the codes (reward_codes_issue, migration
 * reward_codes), so the rule is not written twice. Used by the rewards-punches job (every address) and the
 * acuity-webhook function (the address it just punched).
 *
 * At checkout (docs/rewards.md#at-checkout): whose a typed code is and whether it is still unused
 * (memberCode), and its Stripe promotion code (promotionCodeFor), made when a checkout first needs it.
 */
import { rewardsEarned } from '../../../shared/catalog.ts';
import { REWARDS_MESSAGES } from '../../../shared/messages.ts';
import type { AdminClient } from './admin.ts';
import type { Caller } from './caller.ts';
import type { Stripe } from './stripe.ts';

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

/** A member's code as checkout uses it. */
export interface MemberCode {
  id: number;
  code: string;
  percent_off: number;
  stripe_promotion_code: string | null;
}

/**
 * The signed-in member's code `typed`, if it is theirs (their confirmed address) and not used; else the
 * refusal: a guest 403, a code that is not theirs (guessed, mistyped, someone else's: one answer, so
 * nothing tells whether a code exists) 400, their code already used 409.
 */
export async function memberCode(db: AdminClient, who: Caller | null, typed: string): Promise<MemberCode | { status: number; error: string }> {
  if (!who) return { status: 403, error: REWARDS_MESSAGES.codeSignIn };
  const { data, error } = await db.from('reward_codes').select('id, code, email, percent_off, status, stripe_promotion_code').eq('code', typed).maybeSingle();
  if (error) throw new Error(`reward_codes read failed: ${error.message}`);
  if (!data || !who.confirmedEmail || data.email !== who.confirmedEmail) return { status: 400, error: REWARDS_MESSAGES.codeUnknown };
  if (data.status === 'used') return { status: 409, error: REWARDS_MESSAGES.codeUsed };
  return { id: data.id, code: data.code, percent_off: data.percent_off, stripe_promotion_code: data.stripe_promotion_code };
}

/**
 * The coupon of a percentage: one per percentage, with a fixed id, created once (the idempotency key
 * makes a retry the same request; one created earlier is Stripe's resource_already_exists, and is
 * checked: a coupon of that id worth something else is refused, never applied).
 */
async function couponFor(stripe: Stripe, percentOff: number): Promise<string> {
  const id = `kyb-reward-${percentOff}`;
  try {
    await stripe.coupons.create({ id, percent_off: percentOff, duration: 'once', name: REWARDS_MESSAGES.discountLine(null, percentOff) }, { idempotencyKey: `kyb-coupon-${id}` });
  } catch (e) {
    if ((e as { code?: string }).code !== 'resource_already_exists') throw e;
    // Made earlier (or by hand): used only if it takes off what the reward is worth.
    const c = await stripe.coupons.retrieve(id);
    if (c.percent_off !== percentOff || c.amount_off !== null || !c.valid) throw new Error(`Stripe coupon ${id} is not ${percentOff}% off: fix or delete it`);
  }
  return id;
}

/**
 * The Stripe promotion code a checkout applies for this reward code: the one it has while Stripe can
 * still redeem it, else a new one (max_redemptions 1, the reward code as its `code`). Made at checkout,
 * not when the code is issued: a code is issued by the job and the Acuity webhook, which need not reach
 * Stripe; most codes may never be used in the shop; and a code given back by a refund needs a new
 * promotion code anyway, since Stripe redeemed the first one. The key of the create names the promotion
 * code it replaces, so two presses at once make one.
 */
export async function promotionCodeFor(db: AdminClient, stripe: Stripe, c: MemberCode): Promise<string> {
  if (c.stripe_promotion_code) {
    const p = await stripe.promotionCodes.retrieve(c.stripe_promotion_code);
    if (p.active && (p.max_redemptions === null || p.times_redeemed < p.max_redemptions)) return p.id;
  }
  const coupon = await couponFor(stripe, c.percent_off);
  const promo = await stripe.promotionCodes.create(
    { promotion: { type: 'coupon', coupon }, code: c.code, max_redemptions: 1, metadata: { reward_code: c.code } },
    { idempotencyKey: `kyb-promo-${c.id}-${c.stripe_promotion_code ?? 'first'}` },
  );
  const { error } = await db.from('reward_codes').update({ stripe_promotion_code: promo.id }).eq('id', c.id);
  if (error) throw new Error(`reward_codes update failed: ${error.message}`);
  return promo.id;
}
