/**
 * The shop's functions held to one contract in both runtimes (docs/commerce.md): `checkout`,
 * `stripe-webhook` and `order-status`, run by the local stack's Node runtime (checkout.test.ts) and by
 * the real Deno from their deployed entry points (checkout-deno.test.ts), against the local Stripe
 * stand-in through the official SDK: prices come from the server only, a tampered cart is refused and
 * writes nothing, only Stripe's signed word marks an order paid, each event applies once and each e-mail
 * goes once whatever the order and number of deliveries, and refunds, expiry and failed payments are
 * reflected. The crash test (kill -9 mid-event) is checkout-crash.test.ts.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import type { Db } from '../../supabase/local/db.ts';
import type { StackConfig } from '../../supabase/local/config.ts';
import type { StripeStandIn } from '../../supabase/local/stripe/stand-in.ts';
import { priceCart, type CartLine } from '../../shared/cart.ts';
import { KIT_TERMS } from '../../shared/rules/commerce.ts';
import { CART_MESSAGES } from '../../shared/messages.ts';
import { type TestClient, invokeFunction } from '../support/stack.ts';
import { stripeClient } from '../support/stripe.ts';

export interface ShopEnv {
  db: Db;
  config: StackConfig;
  /** supabase-js as a visitor: its functions go to the runtime under test. */
  client(): TestClient;
  /** Calls a function by name with a raw request (the webhook, which supabase-js never calls). */
  request(name: string, init: RequestInit): Promise<Response>;
  /** The local Stripe's test controls. */
  stripe: StripeStandIn;
  /** fetch that reaches the stack (the SDK's transport). */
  fetch: typeof fetch;
  /** A new visitor signed up and in. */
  signedIn(): Promise<{ client: TestClient; id: string; email: string }>;
  close(): Promise<void>;
}

export const JAH: CartLine = { product: 'jah-locs', configuration: { length: '24-26', size: 'MD', color: 'multi-tone', quantity: 40 }, quantity: 1 };
export const PLANNER: CartLine = { product: 'crown-planner', configuration: { tier: 'bundle' }, quantity: 1 };
export const KIT: CartLine = { product: 'lock-kit', configuration: { size: 'SM', count: 20, length: '12-14', color: 'black', addOns: [] }, quantity: 1 };

export function shopContracts(make: () => Promise<ShopEnv>) {
  let env: ShopEnv;
  let sdk: Stripe;
  const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await env.db.query<T>(text, params)).rows;
  const count = async (table: string) => (await sql<{ n: number }>(`select count(*)::int as n from public.${table}`))[0].n;
  // Each call from its own address, as shoppers are: the per-client limits are tested in functions-contract.ts.
  const invoke = (name: string, body: unknown, client = env.client()) =>
    invokeFunction(client, name, body, { 'x-real-ip': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  // A cart of its own per call unless `extra.cart` names one (a cart pressed again reuses its session).
  const checkout = (lines: CartLine[], extra: Record<string, unknown> = {}, client?: TestClient) => invoke('checkout', { cart: randomUUID(), lines, ...extra }, client);
  const orderOf = async (sessionId: string) =>
    (await sql<{ order_id: string }>('select order_id from public.order_payments where checkout_session_id = $1', [sessionId]))[0]?.order_id;
  const order = async (id: string) =>
    (
      await sql<{ status: string; paid_cents: number; refunded_cents: number; email: string | null; user_id: string | null; balance_due_cents: number }>(
        'select status, paid_cents, refunded_cents, email, user_id, balance_due_cents from public.orders where id = $1',
        [id],
      )
    )[0];
  const history = async (id: string) =>
    (await sql<{ status: string; source: string }>('select status, source from public.order_events where order_id = $1 order by id', [id])).map((e) => `${e.status}:${e.source}`);
  const sessionIdOf = (url: string) => url.split('/').pop()!;
  /** The subjects of the mail the dev inbox holds for `to`, oldest first (its store: supabase/local/inbox-store.ts). */
  const mails = async (to: string) => (await sql<{ subject: string }>('select subject from local_inbox.mails where to_address = $1 order by seq', [to])).map((m) => m.subject);
  /** A session's events (id, type) and every delivery attempt's answer, oldest first. */
  const eventsOf = async (sessionId: string) => (await env.stripe.events(sessionId)).map((r) => ({ id: r.event.id, type: r.event.type, answers: r.attempts.map((a) => a.status) }));
  /** Checks out `lines` as a guest and returns the session id and the order id. */
  const startCheckout = async (lines: CartLine[], extra: Record<string, unknown> = {}, client?: TestClient) => {
    const r = await checkout(lines, extra, client);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const sessionId = sessionIdOf(r.body.url);
    return { sessionId, orderId: await orderOf(sessionId), url: r.body.url as string, order: r.body.order as string };
  };

  beforeAll(async () => {
    env = await make();
    sdk = stripeClient(env.config, env.fetch);
  });
  afterAll(() => env?.close());

  describe('checkout: priced on the server', () => {
    it('writes a pending order with a snapshot of each line and opens a session for what is due now', async () => {
      const cart = priceCart([JAH, PLANNER]);
      const { sessionId, orderId, order: answered } = await startCheckout([JAH, PLANNER]);
      expect(answered).toBe(orderId);
      const session = await sdk.checkout.sessions.retrieve(sessionId, { expand: ['line_items'] });
      expect(session).toMatchObject({
        status: 'open',
        mode: 'payment',
        currency: 'usd',
        client_reference_id: orderId,
        // No order number: an order is numbered once paid.
        metadata: { order_id: orderId, payment_id: expect.any(String) },
        amount_total: cart.dueNowCents,
        shipping_address_collection: { allowed_countries: ['US'] },
        success_url: `${env.config.siteUrl}/order/confirmed?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${env.config.siteUrl}/cart?checkout=cancelled`,
      });
      // Jah Locs are charged their deposit now (50%, to the dollar); the planner in full; shipping free over $100.
      expect(session.line_items?.data.map((l) => [l.description, l.amount_total, l.quantity])).toEqual([
        ['Jah Locs: 50% deposit', 19_800, 1],
        ['Crown Planner Bundle', 2_700, 1],
      ]);
      // An hour, to the second (the function and Stripe read the clock a moment apart).
      expect(Math.abs(session.expires_at! - session.created - 60 * 60)).toBeLessThanOrEqual(1);
      expect(session.metadata).not.toHaveProperty('order_number');
      const [o] = await sql('select number, status, subtotal_cents, shipping_cents, total_cents, due_at_checkout_cents, needs_shipping from public.orders where id = $1', [
        orderId,
      ]);
      expect(o).toEqual({ number: null, status: 'pending', subtotal_cents: 42_200, shipping_cents: 0, total_cents: 42_200, due_at_checkout_cents: 22_500, needs_shipping: true });
      const items = await sql(
        'select name, options, unit_cents, quantity, line_cents, due_at_checkout_cents, digital from public.order_items where order_id = $1 order by position',
        [orderId],
      );
      expect(items).toEqual([
        {
          name: 'Jah Locs',
          options: ['Length: 24-26 in', 'Size: MD (1.2-1.5 cm)', 'Color: Multi-tone (custom)', '40 locs (2 bundles of 20)'],
          unit_cents: 39_500,
          quantity: 1,
          line_cents: 39_500,
          due_at_checkout_cents: 19_800,
          digital: false,
        },
        { name: 'Crown Planner Bundle', options: ['Digital download'], unit_cents: 2_700, quantity: 1, line_cents: 2_700, due_at_checkout_cents: 2_700, digital: true },
      ]);
      expect(await history(orderId)).toEqual(['pending:checkout']);
    });

    it('asks no address and charges no shipping for a digital-only cart; charges $8 under $100', async () => {
      const digital = await startCheckout([PLANNER]);
      const s1 = await sdk.checkout.sessions.retrieve(digital.sessionId);
      expect(s1.shipping_address_collection).toBeNull();
      expect(s1.amount_total).toBe(2_700);
      const small = await startCheckout([{ product: 'irie-locs', configuration: { length: 12, size: 'XS', color: 'black' }, quantity: 1 }]);
      const s2 = await sdk.checkout.sessions.retrieve(small.sessionId);
      expect(s2.total_details?.amount_shipping).toBe(800);
      expect(s2.amount_total).toBe(6_500 + 800);
    });

    it('refuses a tampered cart with a 400 that names the field, and writes nothing', async () => {
      const before = [await count('orders'), await count('order_items'), await count('order_payments')];
      const cases: [unknown, string][] = [
        [[{ ...JAH, product: 'gold-locs' }], 'lines.0.product'],
        [[{ ...JAH, configuration: { ...JAH.configuration, length: '20-22' } }], 'lines.0.configuration.length'],
        [[{ ...JAH, configuration: { ...JAH.configuration, unit_cents: 1 } }], 'lines.0.configuration'],
        [[{ ...JAH, configuration: { length: '24-26', size: 'MD', color: 'multi-tone' } }], 'lines.0.configuration.quantity'],
        [[{ ...JAH, quantity: 0 }], 'lines.0.quantity'],
        [[{ ...JAH, quantity: 11 }], 'lines.0.quantity'],
        [[{ ...JAH, quantity: 1.5 }], 'lines.0.quantity'],
        [[PLANNER, { ...JAH, quantity: '2' }], 'lines.1.quantity'],
        [[{ product: 'diy-kit', configuration: { kit: 'starter' }, quantity: 1 }], 'lines.0.product'],
        [Array.from({ length: 21 }, () => PLANNER), 'lines'],
        [[], 'lines'],
        ['not a list', 'lines'],
      ];
      for (const [lines, field] of cases) {
        const r = await checkout(lines as CartLine[]);
        expect([r.status, r.body?.field], JSON.stringify(lines).slice(0, 120)).toEqual([400, field]);
        expect(typeof r.body.error).toBe('string');
      }
      // A download is one per order (issue #29): two of the planner are refused, in one line or two.
      for (const [lines, field] of [
        [[{ ...PLANNER, quantity: 2 }], 'lines.0.quantity'],
        [[PLANNER, PLANNER], 'lines'],
      ] as const) {
        const r = await checkout(lines as unknown as CartLine[]);
        expect([r.status, r.body?.field, r.body?.error]).toEqual([400, field, CART_MESSAGES.downloadOnce]);
      }
      const kit = await checkout([KIT]);
      expect([kit.status, kit.body.field]).toEqual([400, 'kitTerms']);
      const oldTerms = await checkout([KIT], { kitTerms: '2020-01' });
      expect([oldTerms.status, oldTerms.body.field]).toEqual([400, 'kitTerms']);
      expect([await count('orders'), await count('order_items'), await count('order_payments')]).toEqual(before);
    });

    it('ignores a price the browser sends: Stripe is asked for the catalog price', async () => {
      const { sessionId } = await startCheckout([{ ...PLANNER, unit_cents: 1, price: 0.01 } as CartLine], { totalCents: 1 });
      expect((await sdk.checkout.sessions.retrieve(sessionId)).amount_total).toBe(2_700);
    });

    it('records the kit terms the customer ticked, with their version', async () => {
      const { orderId } = await startCheckout([KIT], { kitTerms: KIT_TERMS.version });
      const [o] = await sql<{ kit_terms_version: string; accepted: boolean }>(
        'select kit_terms_version, kit_terms_accepted_at is not null as accepted from public.orders where id = $1',
        [orderId],
      );
      expect(o).toEqual({ kit_terms_version: KIT_TERMS.version, accepted: true });
    });

    it('opens one order and one session for one press of Checkout, however often it arrives', async () => {
      const attempt = randomUUID();
      const cart = randomUUID();
      const before = await count('orders');
      const answers = await Promise.all([checkout([PLANNER], { cart, attempt }), checkout([PLANNER], { cart, attempt }), checkout([PLANNER], { cart, attempt })]);
      const again = await checkout([PLANNER], { cart, attempt });
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(new Set([...answers, again].map((a) => a.body.url)).size).toBe(1);
      expect(await count('orders')).toBe(before + 1);
      const changed = await checkout([PLANNER, { ...PLANNER, configuration: { tier: 'pdf' } }], { cart, attempt });
      expect(changed.status).toBe(409);
    });

    it("puts a signed-in customer's address on the session and their id on the order", async () => {
      const me = await env.signedIn();
      const { sessionId, orderId } = await startCheckout([PLANNER], {}, me.client);
      expect((await sdk.checkout.sessions.retrieve(sessionId)).customer_email).toBe(me.email);
      expect(await order(orderId)).toMatchObject({ user_id: me.id, email: me.email });
    });
  });

  describe('stripe-webhook: only Stripe marks an order paid, once', () => {
    it('marks a paid order paid once, and sends one confirmation and one notice', async () => {
      const email = `g${randomUUID().slice(0, 8)}@example.com`;
      const { sessionId, orderId } = await startCheckout([PLANNER]);
      expect((await env.stripe.pay(sessionId, { card: '4242424242424242', email })).ok).toBe(true);
      await env.stripe.idle();
      expect(await order(orderId)).toMatchObject({ status: 'paid', paid_cents: 2_700, email });
      expect(await history(orderId)).toEqual(['pending:checkout', 'paid:stripe']);
      expect(await mails(email)).toEqual([expect.stringMatching(/^Your KYB order KYB-\d+ is confirmed$/)]);
      const [event] = (await eventsOf(sessionId)).filter((e) => e.type === 'checkout.session.completed');
      expect((await sql('select id from public.stripe_events where id = $1', [event.id])).length).toBe(1);
    });

    it('changes nothing more and sends nothing more when an event comes twice, or twice at once', async () => {
      const email = `d${randomUUID().slice(0, 8)}@example.com`;
      const { sessionId, orderId } = await startCheckout([JAH]);
      await env.stripe.pay(sessionId, { card: '4242424242424242', email });
      await env.stripe.idle();
      const [completed] = (await eventsOf(sessionId)).filter((e) => e.type === 'checkout.session.completed');
      await env.stripe.redeliver(completed.id, 3);
      await env.stripe.idle();
      await env.stripe.redeliver(completed.id, 1);
      await env.stripe.idle();
      expect(await order(orderId)).toMatchObject({ status: 'deposit_paid', paid_cents: 19_800, balance_due_cents: 19_700 });
      expect(await history(orderId)).toEqual(['pending:checkout', 'deposit_paid:stripe']);
      expect(await mails(email)).toEqual([expect.stringMatching(/^Deposit received: Order KYB-\d+$/)]);
      const { answers } = (await eventsOf(sessionId)).find((e) => e.id === completed.id)!;
      expect(answers).toEqual([200, 200, 200, 200, 200]);
    });

    it('refuses a forged, altered or stale signature with a 400 and writes nothing', async () => {
      const { sessionId } = await startCheckout([PLANNER]);
      const event = JSON.stringify({
        id: `evt_${randomUUID().replace(/-/g, '')}`,
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: { id: sessionId, object: 'checkout.session' } },
      });
      const before = await count('stripe_events');
      const post = (body: string, signature?: string) =>
        env.request('stripe-webhook', { method: 'POST', body, headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) } });
      const sign = (payload: string, secret: string, timestamp?: number) => sdk.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp });
      const cases = [
        ['missing', await post(event)],
        ['wrong secret', await post(event, await sign(event, 'whsec_not_the_endpoint_secret'))],
        ['altered body', await post(event.replace('completed', 'expired'), await sign(event, env.config.stripe.webhookSecret))],
        ['stale', await post(event, await sign(event, env.config.stripe.webhookSecret, Math.floor(Date.now() / 1000) - 3600))],
        ['garbage', await post(event, 't=1,v1=00')],
      ] as const;
      for (const [what, r] of cases) expect([what, r.status]).toEqual([what, 400]);
      expect(await count('stripe_events')).toBe(before);
      expect((await order(await orderOf(sessionId))).status).toBe('pending');
    });

    it('answers a GET with 405', async () => {
      expect((await env.request('stripe-webhook', { method: 'GET' })).status).toBe(405);
    });
  });

  describe('order-status: the success page', () => {
    it('is not paid before Stripe says so, and paid once Stripe says so, webhook or not', async () => {
      const email = `s${randomUUID().slice(0, 8)}@example.com`;
      env.stripe.pause();
      try {
        const { sessionId, orderId } = await startCheckout([PLANNER]);
        const before = await invoke('order-status', { sessionId });
        expect(before.status).toBe(200);
        expect(before.body.order).toMatchObject({ status: 'pending', paid_cents: 0 });
        await env.stripe.pay(sessionId, { card: '4242424242424242', email });
        // The webhook is held back: the page asks Stripe itself.
        const after = await invoke('order-status', { sessionId });
        expect(after.body.order).toMatchObject({ status: 'paid', paid_cents: 2_700 });
        expect(after.body.link).toMatch(/\/order\?token=[0-9a-f]{64}$/);
        expect(await history(orderId)).toEqual(['pending:checkout', 'paid:success-page']);
        expect(await mails(email)).toHaveLength(1);
        env.stripe.resume();
        await env.stripe.idle();
        expect(await history(orderId)).toEqual(['pending:checkout', 'paid:success-page']);
        expect(await mails(email)).toHaveLength(1);
      } finally {
        env.stripe.resume();
      }
    });

    it('reads a guest order by its link token, and nothing by a guessed one', async () => {
      const { sessionId } = await startCheckout([PLANNER]);
      await env.stripe.pay(sessionId, { card: '4242424242424242' });
      await env.stripe.idle();
      const { body } = await invoke('order-status', { sessionId });
      const token = new URL(body.link).searchParams.get('token')!;
      expect((await invoke('order-status', { token })).body.order.id).toBe(body.order.id);
      for (const guess of [token.replace(/.$/, (c) => (c === '0' ? '1' : '0')), randomUUID().replace(/-/g, '').repeat(2)]) {
        expect(await invoke('order-status', { token: guess })).toEqual({ status: 404, body: { error: 'Order not found' } });
      }
      expect((await invoke('order-status', { sessionId: 'cs_test_unknown_session' })).status).toBe(404);
      expect((await invoke('order-status', {})).status).toBe(400);
      expect(body.order).not.toHaveProperty('access_token');
      expect(body.order).not.toHaveProperty('user_id');
    });
  });

  describe('what Stripe reports later', () => {
    it('keeps a declined card unpaid', async () => {
      const email = `x${randomUUID().slice(0, 8)}@example.com`;
      const { sessionId, orderId } = await startCheckout([PLANNER]);
      const r = await env.stripe.pay(sessionId, { card: '4000000000000002', email });
      expect(r).toMatchObject({ ok: false, message: 'Your card was declined.' });
      await env.stripe.idle();
      expect((await order(orderId)).status).toBe('pending');
      expect(await mails(email)).toEqual([]);
    });

    it('expires the order with its session, and keeps it expired', async () => {
      const { sessionId, orderId } = await startCheckout([PLANNER]);
      await sdk.checkout.sessions.expire(sessionId);
      await env.stripe.idle();
      expect((await order(orderId)).status).toBe('expired');
      expect(await history(orderId)).toEqual(['pending:checkout', 'expired:stripe']);
    });

    it('follows a bank payment from processing to paid, and another to failed', async () => {
      const ok = await startCheckout([PLANNER]);
      await env.stripe.pay(ok.sessionId, { bankAccount: '000123456789' });
      await env.stripe.idle();
      expect((await order(ok.orderId)).status).toBe('processing');
      await env.stripe.settle(ok.sessionId);
      await env.stripe.idle();
      expect(await order(ok.orderId)).toMatchObject({ status: 'paid', paid_cents: 2_700 });
      const bad = await startCheckout([PLANNER]);
      await env.stripe.pay(bad.sessionId, { bankAccount: '000111111113' });
      await env.stripe.idle();
      await env.stripe.settle(bad.sessionId);
      await env.stripe.idle();
      expect(await order(bad.orderId)).toMatchObject({ status: 'payment_failed', paid_cents: 0 });
      expect(await history(bad.orderId)).toEqual(['pending:checkout', 'processing:stripe', 'payment_failed:stripe']);
    });

    it('reflects a partial refund, then a full one', async () => {
      const { sessionId, orderId } = await startCheckout([JAH]);
      await env.stripe.pay(sessionId, { card: '4242424242424242' });
      await env.stripe.idle();
      const pi = (await sdk.checkout.sessions.retrieve(sessionId)).payment_intent as string;
      await sdk.refunds.create({ payment_intent: pi, amount: 5_000 });
      await env.stripe.idle();
      expect(await order(orderId)).toMatchObject({ status: 'deposit_paid', refunded_cents: 5_000 });
      await sdk.refunds.create({ payment_intent: pi });
      await env.stripe.idle();
      expect(await order(orderId)).toMatchObject({ status: 'refunded', refunded_cents: 19_800, balance_due_cents: 0 });
    });

    it('ends in the same state when the refund is delivered before the payment it refunds', async () => {
      env.stripe.pause();
      try {
        const { sessionId, orderId } = await startCheckout([PLANNER]);
        await env.stripe.pay(sessionId, { card: '4242424242424242' });
        const pi = (await sdk.checkout.sessions.retrieve(sessionId)).payment_intent as string;
        await sdk.refunds.create({ payment_intent: pi });
        const events = await eventsOf(sessionId);
        const refunded = events.find((e) => e.type === 'charge.refunded')!;
        const completed = events.find((e) => e.type === 'checkout.session.completed')!;
        await env.stripe.deliverNow(refunded.id);
        await env.stripe.deliverNow(completed.id);
        expect(await order(orderId)).toMatchObject({ status: 'refunded', paid_cents: 2_700, refunded_cents: 2_700 });
      } finally {
        env.stripe.resume();
      }
      await env.stripe.idle();
    });
  });
}
