/**
 * Reward codes at checkout (issue #31 item 3; docs/rewards.md#at-checkout), against the real local stack
 * in-process: the checkout function, the local Stripe through the official SDK (coupons, promotion codes,
 * Checkout Sessions with `discounts`), its signed webhooks to stripe-webhook, and the refund path.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { priceCart, type CartLine } from '../../shared/cart.ts';
import { REWARDS_MESSAGES } from '../../shared/messages.ts';
import { adminClient, testStack, signedInClient, sqlOn, invokeFunction, type TestStack, type TestClient } from '../support/stack.ts';
import { stripeClient } from '../support/stripe.ts';

let s: TestStack;
let sdk: Stripe;
const sql = sqlOn(() => s);

const PLANNER: CartLine = { product: 'crown-planner', configuration: { tier: 'bundle' }, quantity: 1 };
const IRIE: CartLine = { product: 'irie-locs', configuration: { length: 12, size: 'XS', color: 'black' }, quantity: 1 };
const JAH: CartLine = { product: 'jah-locs', configuration: { length: '24-26', size: 'MD', color: 'multi-tone', quantity: 40 }, quantity: 1 };

const email = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;
const newCode = () => `KYB-${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
/** A code issued to `address` (what reward_codes_issue writes; the issuing itself is reward-codes.test.ts). */
const issue = async (address: string, percentOff = 10) => {
  const code = newCode();
  await sql('insert into public.reward_codes (code, email, earned_at_visit, percent_off) values ($1, $2, $3, $4)', [
    code,
    address,
    5 + Math.floor(Math.random() * 1e6) * 5,
    percentOff,
  ]);
  return code;
};
const codeRow = async (code: string) =>
  (
    await sql<{ status: string; order_id: string | null; used_at: string | null; returned_at: string | null; stripe_promotion_code: string | null }>(
      'select status, order_id, used_at, returned_at, stripe_promotion_code from public.reward_codes where code = $1',
      [code],
    )
  )[0];
const orderRow = async (id: string) =>
  (
    await sql<{ status: string; paid_cents: number; refunded_cents: number; discount_cents: number; reward_code_id: number | null; balance_due_cents: number }>(
      'select status, paid_cents, refunded_cents, discount_cents, reward_code_id, balance_due_cents from public.orders where id = $1',
      [id],
    )
  )[0];
const notes = async (id: string) => (await sql<{ note: string | null }>('select note from public.order_events where order_id = $1 order by id', [id])).map((e) => e.note);

const checkout = (client: TestClient, lines: CartLine[], extra: Record<string, unknown> = {}) =>
  invokeFunction(client, 'checkout', { cart: randomUUID(), lines, ...extra }, { 'x-real-ip': `10.31.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
const sessionOf = (url: string) => url.split('/').pop()!;
const orderOf = async (sessionId: string) =>
  (await sql<{ order_id: string }>('select order_id from public.order_payments where checkout_session_id = $1', [sessionId]))[0].order_id;
const pay = async (sessionId: string) => {
  const r = await s.stripe.pay(sessionId, { card: '4242424242424242' });
  await s.stripe.idle();
  return r;
};

beforeAll(async () => {
  s = await testStack({ autoconfirm: true, siteUrl: 'https://shop.example' });
  sdk = stripeClient(s.config, s.fetch);
});
afterAll(() => s?.close());

describe('the local Stripe: coupons, promotion codes and discounted sessions, as Stripe has them', () => {
  const line = (cents: number, quantity = 1): Stripe.Checkout.SessionCreateParams.LineItem => ({
    quantity,
    price_data: { currency: 'usd', unit_amount: cents, product_data: { name: `Item ${cents}` } },
  });
  const session = (params: Partial<Stripe.Checkout.SessionCreateParams>) =>
    sdk.checkout.sessions.create({ mode: 'payment', success_url: 'https://shop.example/ok', line_items: [line(1_000)], ...params }, { idempotencyKey: randomUUID() });

  it('creates a coupon once per id and a promotion code in the pinned shape; refuses an unknown coupon and a taken code', async () => {
    const id = `test-${randomUUID().slice(0, 8)}`;
    const coupon = await sdk.coupons.create({ id, percent_off: 15, duration: 'once' }, { idempotencyKey: `c-${id}` });
    expect(coupon).toMatchObject({ id, object: 'coupon', percent_off: 15, duration: 'once', valid: true, times_redeemed: 0 });
    await expect(sdk.coupons.create({ id, percent_off: 15, duration: 'once' })).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'resource_already_exists' });
    await expect(sdk.coupons.create({ percent_off: 15, duration: 'forever' })).rejects.toMatchObject({ code: 'parameter_not_implemented_locally' });
    const code = newCode();
    const promo = await sdk.promotionCodes.create({ promotion: { type: 'coupon', coupon: id }, code, max_redemptions: 1 });
    expect(promo).toMatchObject({ object: 'promotion_code', code, active: true, max_redemptions: 1, times_redeemed: 0, promotion: { type: 'coupon', coupon: id } });
    expect(await sdk.promotionCodes.retrieve(promo.id)).toEqual(promo);
    await expect(sdk.promotionCodes.create({ promotion: { type: 'coupon', coupon: id }, code })).rejects.toMatchObject({ code: 'resource_already_exists', param: 'code' });
    await expect(sdk.promotionCodes.create({ promotion: { type: 'coupon', coupon: 'nope' } })).rejects.toMatchObject({
      code: 'resource_missing',
      param: 'promotion[coupon]',
    });
    // The older shape (a top-level `coupon`) is not a parameter of the pinned version.
    await expect(sdk.promotionCodes.create({ coupon: id } as never)).rejects.toMatchObject({ code: 'parameter_unknown' });
  });

  it('takes a percentage off the lines, never the shipping, rounded to the cent and shared among the lines', async () => {
    const id = `test-${randomUUID().slice(0, 8)}`;
    await sdk.coupons.create({ id, percent_off: 15, duration: 'once' });
    const promo = await sdk.promotionCodes.create({ promotion: { type: 'coupon', coupon: id }, max_redemptions: 1 });
    // 15% of $10.99 + 2 × $3.33 = 15% of $17.65 = $2.6475: $2.65.
    const cs = await session({
      line_items: [line(1_099), line(333, 2)],
      discounts: [{ promotion_code: promo.id }],
      shipping_address_collection: { allowed_countries: ['US'] },
      shipping_options: [{ shipping_rate_data: { type: 'fixed_amount', fixed_amount: { amount: 800, currency: 'usd' }, display_name: 'Standard' } }],
    });
    expect(cs).toMatchObject({ amount_subtotal: 1_765, amount_total: 1_765 - 265 + 800, total_details: { amount_discount: 265, amount_shipping: 800, amount_tax: 0 } });
    expect(cs.discounts).toEqual([{ coupon: id, promotion_code: promo.id }]);
    const items = await sdk.checkout.sessions.listLineItems(cs.id);
    expect(items.data.map((i) => i.amount_discount).reduce((a, b) => a + b, 0)).toBe(265);
    expect(items.data.map((i) => i.amount_total)).toEqual(items.data.map((i) => i.amount_subtotal - i.amount_discount));
    // The hosted page shows the code and the discount.
    const page = await (await s.fetch(`${s.url}/stripe/pay/${cs.id}`)).text();
    expect(page).toContain(`${promo.code} (15% off)`);
    expect(page).toContain('−$2.65');
  });

  it('redeems the promotion code when the session completes; a code past max_redemptions is refused at create, and at pay', async () => {
    const id = `test-${randomUUID().slice(0, 8)}`;
    await sdk.coupons.create({ id, percent_off: 10, duration: 'once' });
    const promo = await sdk.promotionCodes.create({ promotion: { type: 'coupon', coupon: id }, max_redemptions: 1 });
    const first = await session({ discounts: [{ promotion_code: promo.id }] });
    const second = await session({ discounts: [{ promotion_code: promo.id }] });
    expect((await s.stripe.pay(first.id, { card: '4242424242424242' })).ok).toBe(true);
    expect(await sdk.promotionCodes.retrieve(promo.id)).toMatchObject({ times_redeemed: 1, active: false });
    expect(await sdk.coupons.retrieve(id)).toMatchObject({ times_redeemed: 1 });
    // Opened before the code was used up: Checkout refuses to take the payment.
    expect(await s.stripe.pay(second.id, { card: '4242424242424242' })).toMatchObject({ ok: false, message: expect.stringMatching(/maximum number of times/) });
    await expect(session({ discounts: [{ promotion_code: promo.id }] })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'discounts[0][promotion_code]',
      message: expect.stringMatching(/maximum number of times/),
    });
    await expect(session({ discounts: [{ promotion_code: 'promo_nope' }] })).rejects.toMatchObject({ code: 'resource_missing' });
    await expect(session({ discounts: [{ promotion_code: promo.id, coupon: id }] })).rejects.toMatchObject({ type: 'StripeInvalidRequestError' });
  });
});

describe('checkout with a reward code', () => {
  it("opens the session with the member's code, records Stripe's discount, marks the code used, and refuses it again", async () => {
    const member = await signedInClient(s, email('member'));
    const code = await issue(member.email, 10);
    const r = await checkout(member.client, [IRIE], { rewardCode: ` ${code.toLowerCase()} ` });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const sessionId = sessionOf(r.body.url);
    const orderId = await orderOf(sessionId);
    const cart = priceCart([IRIE]);
    const cs = await sdk.checkout.sessions.retrieve(sessionId);
    const discount = Math.round(cart.subtotalCents * 0.1);
    expect(cs).toMatchObject({ amount_subtotal: cart.subtotalCents, total_details: { amount_discount: discount }, amount_total: cart.totalCents - discount });
    const promo = await sdk.promotionCodes.retrieve((cs.discounts![0].promotion_code as string)!);
    expect(promo).toMatchObject({ code, max_redemptions: 1, times_redeemed: 0, promotion: { coupon: 'kyb-reward-10' } });
    expect(await codeRow(code)).toMatchObject({ status: 'issued', stripe_promotion_code: promo.id });

    await pay(sessionId);
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', paid_cents: cart.totalCents - discount, discount_cents: discount, balance_due_cents: 0 });
    // Stripe charged the payment less its discount: nothing "differs".
    expect(await notes(orderId)).not.toContain('amount_differs');
    expect(await codeRow(code)).toMatchObject({ status: 'used', order_id: orderId, used_at: expect.any(Date) });
    expect(await sdk.promotionCodes.retrieve(promo.id)).toMatchObject({ times_redeemed: 1 });
    // The receipt (order-status, the order page's source) carries the discount and the code.
    const { data: view } = await s.client().functions.invoke('order-status', { body: { sessionId } });
    expect(view).toMatchObject({ order: { discount_cents: discount, reward_code: code } });

    const again = await checkout(member.client, [PLANNER], { rewardCode: code });
    expect(again).toMatchObject({ status: 409, body: { error: REWARDS_MESSAGES.codeUsed, field: 'rewardCode' } });
  });

  it("refuses a guessed code, someone else's, and any code from a guest, with the field and nothing written", async () => {
    const member = await signedInClient(s, email('mine'));
    const other = await signedInClient(s, email('theirs'));
    const theirs = await issue(other.email);
    const [{ n: before }] = await sql<{ n: number }>('select count(*)::int as n from public.orders');
    for (const rewardCode of [newCode(), theirs, 'KYB-12', 'free stuff']) {
      const r = await checkout(member.client, [PLANNER], { rewardCode });
      expect(r, rewardCode).toMatchObject({ status: 400, body: { error: REWARDS_MESSAGES.codeUnknown, field: 'rewardCode' } });
    }
    const guest = await checkout(s.client(), [PLANNER], { rewardCode: theirs });
    expect(guest).toMatchObject({ status: 403, body: { error: REWARDS_MESSAGES.codeSignIn, field: 'rewardCode' } });
    expect((await sql<{ n: number }>('select count(*)::int as n from public.orders'))[0].n).toBe(before);
    expect(await codeRow(theirs)).toMatchObject({ status: 'issued', stripe_promotion_code: null });
    // An empty field is no code.
    expect((await checkout(s.client(), [PLANNER], { rewardCode: '' })).status).toBe(200);
  });

  it('a changed code is a changed cart: the open session is expired at Stripe, and a new one opened', async () => {
    const member = await signedInClient(s, email('changer'));
    const code = await issue(member.email, 15);
    const cart = randomUUID();
    const plain = await checkout(member.client, [IRIE], { cart });
    expect(plain.status).toBe(200);
    const withCode = await checkout(member.client, [IRIE], { cart, rewardCode: code });
    expect(withCode.status, JSON.stringify(withCode.body)).toBe(200);
    expect(withCode.body.url).not.toBe(plain.body.url);
    expect((await sdk.checkout.sessions.retrieve(sessionOf(plain.body.url))).status).toBe('expired');
    // The same code again: the same session.
    expect((await checkout(member.client, [IRIE], { cart, rewardCode: code })).body.url).toBe(withCode.body.url);
    const without = await checkout(member.client, [IRIE], { cart });
    expect((await sdk.checkout.sessions.retrieve(sessionOf(withCode.body.url))).status).toBe('expired');
    expect((await sdk.checkout.sessions.retrieve(sessionOf(without.body.url))).total_details?.amount_discount).toBe(0);
  });

  it('a full refund gives the code back, a new promotion code carries it, and Stripe net = paid − refunded throughout', async () => {
    const member = await signedInClient(s, email('refund'));
    const code = await issue(member.email, 10);
    const first = await checkout(member.client, [PLANNER], { rewardCode: code });
    const sessionId = sessionOf(first.body.url);
    const orderId = await orderOf(sessionId);
    await pay(sessionId);
    const paid = await orderRow(orderId);
    expect(paid).toMatchObject({ status: 'paid', paid_cents: 2_700 - 270, discount_cents: 270 });
    const cs = await sdk.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.latest_charge'] });
    const charge = (cs.payment_intent as Stripe.PaymentIntent).latest_charge as Stripe.Charge;
    expect(charge.amount).toBe(paid.paid_cents);

    await sdk.refunds.create({ payment_intent: (cs.payment_intent as Stripe.PaymentIntent).id }, { idempotencyKey: randomUUID() });
    await s.stripe.idle();
    const refunded = await orderRow(orderId);
    expect(refunded).toMatchObject({ status: 'refunded', refunded_cents: paid.paid_cents });
    const after = await sdk.charges.retrieve(charge.id);
    expect(after.amount_captured - after.amount_refunded).toBe(refunded.paid_cents - refunded.refunded_cents);
    const returned = await codeRow(code);
    expect(returned).toMatchObject({ status: 'returned', order_id: orderId, returned_at: expect.any(Date) });

    // Usable again: Stripe redeemed the first promotion code, so the next checkout makes another.
    const second = await checkout(member.client, [PLANNER], { rewardCode: code });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const cs2 = await sdk.checkout.sessions.retrieve(sessionOf(second.body.url));
    const promo2 = cs2.discounts![0].promotion_code as string;
    expect(promo2).not.toBe(returned.stripe_promotion_code);
    expect(await sdk.promotionCodes.retrieve(promo2)).toMatchObject({ code, times_redeemed: 0, active: true });
    await pay(cs2.id);
    const order2 = await orderOf(cs2.id);
    expect(await codeRow(code)).toMatchObject({ status: 'used', order_id: order2 });
  });

  it('a coupon of the same id worth another percentage (made by hand) is never applied: 502, no session', async () => {
    const member = await signedInClient(s, email('coupon'));
    const code = await issue(member.email, 20);
    await sdk.coupons.create({ id: 'kyb-reward-20', percent_off: 25, duration: 'once' }, { idempotencyKey: randomUUID() });
    const r = await checkout(member.client, [PLANNER], { rewardCode: code });
    expect(r.status, JSON.stringify(r.body)).toBe(502);
    expect(await codeRow(code)).toMatchObject({ status: 'issued', stripe_promotion_code: null });
  });

  it("a made-to-order deposit is discounted, and the balance is what is left after Stripe's discount", async () => {
    const member = await signedInClient(s, email('deposit'));
    const code = await issue(member.email, 10);
    const r = await checkout(member.client, [JAH], { rewardCode: code });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const sessionId = sessionOf(r.body.url);
    const orderId = await orderOf(sessionId);
    const cart = priceCart([JAH]);
    await pay(sessionId);
    const o = await orderRow(orderId);
    const discount = Math.round(cart.dueNowCents * 0.1);
    expect(o).toMatchObject({ status: 'deposit_paid', discount_cents: discount, paid_cents: cart.dueNowCents - discount });
    expect(o.balance_due_cents).toBe(cart.totalCents - discount - o.paid_cents);
    expect(await codeRow(code)).toMatchObject({ status: 'used', order_id: orderId });
  });
});

describe("the admin's refund of an order that used a code (admin-orders, docs/rewards.md#at-checkout)", () => {
  let admin: TestClient | undefined;
  const asAdmin = async (body: unknown) => invokeFunction((admin ??= await adminClient(s)), 'admin-orders', body, { 'x-real-ip': `10.32.${Math.floor(Math.random() * 250)}.1` });
  const paidWithCode = async (tag: string) => {
    const member = await signedInClient(s, email(tag));
    const code = await issue(member.email, 10);
    const r = await checkout(member.client, [IRIE], { rewardCode: code });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const sessionId = sessionOf(r.body.url);
    const orderId = await orderOf(sessionId);
    await pay(sessionId);
    const cs = await sdk.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.latest_charge'] });
    const charge = (cs.payment_intent as Stripe.PaymentIntent).latest_charge as Stripe.Charge;
    return { code, orderId, charge };
  };
  const kept = async (chargeId: string) => {
    const c = await sdk.charges.retrieve(chargeId);
    return c.amount_captured - c.amount_refunded;
  };

  it('the payment is what Stripe charged; a partial refund keeps the code used, refunding what is left gives it back', async () => {
    const { code, orderId, charge } = await paidWithCode('adm-refund');
    const cart = priceCart([IRIE]);
    const discount = Math.round(cart.subtotalCents * 0.1);
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', paid_cents: cart.totalCents - discount, discount_cents: discount });
    const read = await asAdmin({ order: orderId, payments: true });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const [payment] = read.body.payments as { id: string; amount_cents: number; refunded_cents: number }[];
    // What is left to refund of the payment is what Stripe holds (the Refund form offers it; Stripe refused more).
    expect(payment.amount_cents).toBe(charge.amount);

    const part = await asAdmin({ order: orderId, refund: { payment: payment.id, amount_cents: 500, reason: 'Scratched box' }, request: randomUUID() });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', refunded_cents: 500 });
    expect(await codeRow(code)).toMatchObject({ status: 'used', order_id: orderId, returned_at: null });

    const rest = await asAdmin({
      order: orderId,
      refund: { payment: payment.id, amount_cents: payment.amount_cents - 500, reason: 'Returned' },
      request: randomUUID(),
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    const refunded = await orderRow(orderId);
    expect(refunded).toMatchObject({ status: 'refunded', refunded_cents: charge.amount });
    expect(await kept(charge.id)).toBe(refunded.paid_cents - refunded.refunded_cents);
    expect(await codeRow(code)).toMatchObject({ status: 'returned', order_id: orderId, returned_at: expect.any(Date) });
  });

  it('Cancel order with Refund what was paid refunds what Stripe charged, and gives the code back', async () => {
    const { code, orderId, charge } = await paidWithCode('adm-cancel');
    const r = await asAdmin({ order: orderId, status: 'cancelled', note: 'Out of stock', refund: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.order).toMatchObject({ paid_cents: charge.amount, refunded_cents: charge.amount });
    expect(await kept(charge.id)).toBe(0);
    expect(await codeRow(code)).toMatchObject({ status: 'returned', order_id: orderId });
  });
});
