/**
 * One payable checkout per cart (issue #27; docs/commerce.md#checkout, #never-lost-never-doubled), in the
 * local stack's Node runtime against the local Stripe through the official SDK: the cart's id (`cart`)
 * keeps one payable Stripe session per cart whichever tab, device or Back presses Checkout; changed
 * lines expire the old session at Stripe before a new one opens; a paid cart answers 409 with its order;
 * two presses with different lines that interleave leave at most one open session; an order is numbered
 * only once paid; and one product is limited to 10 across lines.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { invokeFunction, signedInClient, testStack, type TestClient, type TestStack } from '../support/stack.ts';
import { stripeClient } from '../support/stripe.ts';
import type { CartLine } from '../../shared/cart.ts';
import { CART_MESSAGES, COMMERCE_MESSAGES } from '../../shared/messages.ts';
import { CART_LIMITS } from '../../shared/rules/commerce.ts';

const PLANNER: CartLine = { product: 'crown-planner', configuration: { tier: 'bundle' }, quantity: 1 };
const PDF: CartLine = { product: 'crown-planner', configuration: { tier: 'pdf' }, quantity: 1 };
const LOCS: CartLine = { product: 'handmade-locs', configuration: {}, quantity: 1 };

let s: TestStack;
let sdk: Stripe;
const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await s.db.query<T>(text, params)).rows;
const ip = () => `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

const press = (cart: string, lines: CartLine[], extra: Record<string, unknown> = {}, client: TestClient = s.client()) =>
  invokeFunction(client, 'checkout', { cart, lines, attempt: randomUUID(), ...extra }, { 'x-real-ip': ip() });
const sessionOf = (url: string) => url.split('/').pop()!;
const orderOfSession = async (session: string) =>
  (await sql<{ order_id: string }>('select order_id from public.order_payments where checkout_session_id = $1', [session]))[0]?.order_id;
const ordersOf = async (cart: string) =>
  sql<{ id: string; status: string; number: string | null }>('select id, status, number::text from public.orders where cart_id = $1 order by created_at', [cart]);
/** The cart's sessions that are open at Stripe, by the order ids they name (the stand-in's store). */
async function openAtStripe(cart: string) {
  const ids = (await ordersOf(cart)).map((o) => o.id);
  const rows = await sql<{ id: string }>(
    `select data->>'id' as id from local_stripe.objects where kind = 'checkout.session' and data->>'status' = 'open' and data->>'client_reference_id' = any($1::text[])`,
    [ids],
  );
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  s = await testStack({ autoconfirm: true, siteUrl: 'https://shop.example' });
  sdk = stripeClient(s.config, s.fetch);
});
afterAll(() => s?.close());

describe('one payable checkout per cart', () => {
  it('answers two tabs of one cart the same Stripe page, which can be paid once', async () => {
    const cart = randomUUID();
    const [a, b] = await Promise.all([press(cart, [PLANNER]), press(cart, [PLANNER])]);
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([200, 200]);
    expect(b.body.url).toBe(a.body.url);
    expect(await ordersOf(cart)).toHaveLength(1);
    expect((await s.stripe.pay(sessionOf(a.body.url), { card: '4242424242424242' })).ok).toBe(true);
    expect((await s.stripe.pay(sessionOf(b.body.url), { card: '4242424242424242' })).ok).toBe(false);
    await s.stripe.idle();
    const payments = await sql<{ status: string }>('select p.status from public.order_payments p join public.orders o on o.id = p.order_id where o.cart_id = $1', [cart]);
    expect(payments).toEqual([{ status: 'paid' }]);
  });

  it('after Back from Stripe, Checkout again finds the same order and session', async () => {
    const cart = randomUUID();
    const first = await press(cart, [PLANNER, LOCS]);
    expect(first.status).toBe(200);
    const again = await press(cart, [PLANNER, LOCS]);
    const reload = await press(cart, [PLANNER, LOCS]);
    expect([again.body.url, reload.body.url]).toEqual([first.body.url, first.body.url]);
    expect(again.body.order).toBe(first.body.order);
    expect(await ordersOf(cart)).toEqual([{ id: first.body.order, status: 'pending', number: null }]);
    expect(await openAtStripe(cart)).toEqual([sessionOf(first.body.url)]);
  });

  it('expires the old session at Stripe before opening one for changed lines', async () => {
    const cart = randomUUID();
    const first = await press(cart, [PLANNER]);
    const changed = await press(cart, [PLANNER, PDF]);
    expect(changed.status).toBe(200);
    expect(changed.body.url).not.toBe(first.body.url);
    expect((await sdk.checkout.sessions.retrieve(sessionOf(first.body.url))).status).toBe('expired');
    expect((await sdk.checkout.sessions.retrieve(sessionOf(changed.body.url))).status).toBe('open');
    expect((await s.stripe.pay(sessionOf(first.body.url), { card: '4242424242424242' })).ok).toBe(false);
    // The first checkout stays, closed, with its history: the attempt's audit trail.
    expect((await ordersOf(cart)).map((o) => o.status)).toEqual(['expired', 'pending']);
    expect(await openAtStripe(cart)).toEqual([sessionOf(changed.body.url)]);
  });

  it('opens a new session when the old one has a minute or less left, expiring the old one first', async () => {
    const cart = randomUUID();
    const first = await press(cart, [PLANNER]);
    await sql(`update public.order_payments set expires_at = now() + interval '50 seconds' where checkout_session_id = $1`, [sessionOf(first.body.url)]);
    const again = await press(cart, [PLANNER]);
    expect(again.status).toBe(200);
    expect(again.body.url).not.toBe(first.body.url);
    expect((await sdk.checkout.sessions.retrieve(sessionOf(first.body.url))).status).toBe('expired');
    expect(await openAtStripe(cart)).toEqual([sessionOf(again.body.url)]);
  });

  it('answers a paid cart pressed again with 409 and its order, and opens nothing', async () => {
    const cart = randomUUID();
    const first = await press(cart, [PLANNER]);
    await s.stripe.pay(sessionOf(first.body.url), { card: '4242424242424242' });
    await s.stripe.idle();
    const [{ access_token: token }] = await sql<{ access_token: string }>('select access_token from public.orders where id = $1', [first.body.order]);
    for (const lines of [[PLANNER], [PLANNER, PDF]]) {
      const r = await press(cart, lines);
      expect(r).toEqual({ status: 409, body: { error: COMMERCE_MESSAGES.cartAlreadyPaid, paid: true, orderUrl: `/order?token=${token}` } });
    }
    expect(await ordersOf(cart)).toHaveLength(1);
  });

  it('answers the paid order when Stripe says the session was just completed as it is expired', async () => {
    const cart = randomUUID();
    const first = await press(cart, [PLANNER]);
    s.stripe.pause();
    try {
      // Paid at Stripe; the webhook has not told the shop yet.
      expect((await s.stripe.pay(sessionOf(first.body.url), { card: '4242424242424242' })).ok).toBe(true);
      const r = await press(cart, [PLANNER, PDF]);
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ error: COMMERCE_MESSAGES.cartAlreadyPaid, paid: true, orderUrl: expect.stringMatching(/^\/order\?token=[0-9a-f]{64}$/) });
      expect(await ordersOf(cart)).toEqual([{ id: first.body.order, status: 'paid', number: expect.stringMatching(/^\d+$/) }]);
    } finally {
      s.stripe.resume();
    }
    await s.stripe.idle();
    expect(await openAtStripe(cart)).toEqual([]);
  });

  it('leaves at most one open session for a cart whose presses with different lines interleave', async () => {
    const cart = randomUUID();
    const carts = [[PLANNER], [PDF], [PLANNER, PDF], [LOCS], [PLANNER, LOCS], [{ ...LOCS, quantity: 2 }]];
    const answers = await Promise.all(carts.map((lines) => press(cart, lines)));
    for (const a of answers) expect([200, 409], JSON.stringify(a.body)).toContain(a.status);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.error).toBe(COMMERCE_MESSAGES.cartChanged);
    const open = await openAtStripe(cart);
    expect(open.length).toBeLessThanOrEqual(1);
    // Whatever page an answer gave, only the cart's current one can still be paid.
    for (const a of answers.filter((x) => x.status === 200)) {
      const state = (await sdk.checkout.sessions.retrieve(sessionOf(a.body.url))).status;
      expect(state === 'expired' || open.includes(sessionOf(a.body.url)), `${sessionOf(a.body.url)} is ${state}`).toBe(true);
    }
    // A last press settles it: one open session, the cart's current one.
    const last = await press(cart, [PLANNER]);
    expect(last.status).toBe(200);
    expect(await openAtStripe(cart)).toEqual([sessionOf(last.body.url)]);
  });

  it('refuses in the database to attach a session to a checkout that is no longer its cart’s current one', async () => {
    const cart = randomUUID();
    await press(cart, [PLANNER]);
    await press(cart, [PDF]);
    const [old] = await ordersOf(cart);
    const [{ id: payment }] = await sql<{ id: string }>('select id from public.order_payments where order_id = $1', [old.id]);
    const { error } = await s.client({ serviceRole: true }).rpc('order_payment_session', {
      p_payment: payment,
      p_session: 'cs_test_late_session',
      p_url: 'https://example.com/late',
      p_expires_at: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(error?.code).toBe('P0409');
    expect(await sql('select checkout_session_id from public.order_payments where id = $1', [payment])).toEqual([{ checkout_session_id: expect.stringMatching(/^cs_test_/) }]);
  });

  it('keeps the retry when Stripe cannot be reached: the same press again opens the same order', async () => {
    const cart = randomUUID();
    const attempt = randomUUID();
    s.config.functionEnv.STRIPE_API_URL = 'http://127.0.0.1:9';
    let down: Awaited<ReturnType<typeof press>>;
    try {
      down = await press(cart, [PLANNER], { attempt });
    } finally {
      delete s.config.functionEnv.STRIPE_API_URL;
    }
    expect(down).toEqual({ status: 502, body: { error: COMMERCE_MESSAGES.paymentUnavailable } });
    const [pending] = await ordersOf(cart);
    const retry = await press(cart, [PLANNER], { attempt });
    expect(retry.status).toBe(200);
    expect(await orderOfSession(sessionOf(retry.body.url))).toBe(pending.id);
    expect(await ordersOf(cart)).toHaveLength(1);
  });

  it("gives a member's other device the same page through the cart id kept with the account", async () => {
    const me = await signedInClient(s);
    const cart = randomUUID();
    const saved = await me.client.from('carts').upsert({ user_id: me.id, lines: [PLANNER] as never, cart_id: cart }, { onConflict: 'user_id' });
    expect(saved.error).toBeNull();
    const first = await press(cart, [PLANNER], {}, me.client);
    const other = s.client();
    expect((await other.auth.signInWithPassword({ email: me.email, password: me.password })).error).toBeNull();
    const { data } = await other.from('carts').select('cart_id, lines').single();
    expect(data?.cart_id).toBe(cart);
    const second = await press(data!.cart_id!, data!.lines as unknown as CartLine[], {}, other);
    expect(second.body.url).toBe(first.body.url);
  });

  it('needs the cart id', async () => {
    const { data, error, response } = await s.client().functions.invoke('checkout', { body: { lines: [PLANNER] }, headers: { 'x-real-ip': ip() } });
    expect([response?.status, data]).toEqual([400, null]);
    expect(error).toBeTruthy();
    expect((await response!.json()).field).toBe('cart');
  });
});

describe('order numbers only once paid', () => {
  it('numbers an order when it is paid, after the highest number, with no gap left by abandoned presses', async () => {
    const [{ max }] = await sql<{ max: string }>('select max(number)::text as max from public.orders');
    const abandoned = await press(randomUUID(), [PDF]);
    await sdk.checkout.sessions.expire(sessionOf(abandoned.body.url));
    const paid = await press(randomUUID(), [PLANNER]);
    expect((await sdk.checkout.sessions.retrieve(sessionOf(paid.body.url))).metadata).toEqual({ order_id: paid.body.order, payment_id: expect.any(String) });
    await s.stripe.pay(sessionOf(paid.body.url), { card: '4242424242424242', email: `n${randomUUID().slice(0, 6)}@example.com` });
    await s.stripe.idle();
    const numbers = await sql<{ id: string; number: string | null }>('select id, number::text from public.orders where id = any($1::uuid[])', [
      [abandoned.body.order, paid.body.order],
    ]);
    expect(Object.fromEntries(numbers.map((n) => [n.id, n.number]))).toEqual({ [abandoned.body.order]: null, [paid.body.order]: String(Number(max) + 1) });
  });

  it('numbers a bank debit once it is processing', async () => {
    const r = await press(randomUUID(), [PDF]);
    await s.stripe.pay(sessionOf(r.body.url), { bankAccount: '000123456789' });
    await s.stripe.idle();
    const [o] = await sql<{ status: string; number: string | null }>('select status, number::text from public.orders where id = $1', [r.body.order]);
    expect(o).toEqual({ status: 'processing', number: expect.stringMatching(/^\d+$/) });
  });
});

describe('10 of each across lines', () => {
  it('refuses one product totalling more than 10 across lines, with the cart’s own words, and writes nothing', async () => {
    const [{ n: before }] = await sql<{ n: number }>('select count(*)::int as n from public.orders');
    const limit = CART_MESSAGES.quantityLimit(CART_LIMITS.maxQuantity).description;
    // Locs: a download is one per order, refused in its own words (checkout-contract.ts).
    const TRINITY: CartLine = { product: 'trinity-locs', configuration: { length: 20, size: 'MD', color: 'black' }, quantity: 1 };
    for (const lines of [
      Array.from({ length: 20 }, () => TRINITY),
      [
        { ...TRINITY, quantity: 6 },
        { ...TRINITY, quantity: 5 },
      ],
    ]) {
      const r = await press(randomUUID(), lines);
      expect(r).toEqual({ status: 400, body: { error: limit, field: 'lines' } });
    }
    // The same product with other options is another item.
    expect(
      (
        await press(randomUUID(), [
          { ...TRINITY, quantity: 10 },
          { ...TRINITY, configuration: { ...TRINITY.configuration, color: 'brown' }, quantity: 10 },
        ])
      ).status,
    ).toBe(200);
    const [{ n: after }] = await sql<{ n: number }>('select count(*)::int as n from public.orders');
    expect(after).toBe(before + 1);
  });
});
