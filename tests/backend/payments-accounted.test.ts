/**
 * Every payment accounted for (issue #27, defects 2-5; docs/commerce.md#never-lost-never-doubled), in the
 * local stack's Node runtime with the local Stripe, asserted at Stripe through the official SDK and in
 * the database: a balance superseded is expired at Stripe, never only in the database; a payment the
 * order no longer expects (cancelled, refunded, its checkout closed) is recorded and refunded in full,
 * with one e-mail to the customer and one notice to the business; a full refund closes the order's open
 * sessions; the balance gets its receipt; the business hears of every paid order whatever order the
 * events come in; a signed body that is not an event is refused. After each, for every order: what
 * Stripe holds net of refunds equals paid_cents - refunded_cents.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { adminClient, invokeFunction, testStack, type TestClient, type TestStack } from '../support/stack.ts';
import { stripeClient } from '../support/stripe.ts';
import { signatureHeader } from '../../supabase/local/stripe/webhooks.ts';
import { LOCAL_NOTIFY_TO } from '../../supabase/local/config.ts';
import type { CartLine } from '../../shared/cart.ts';
import { ORDER_PAGE_TEXT } from '../../shared/messages.ts';
import { historyNote, type OrderEvent } from '../../shared/orders.ts';

const JAH: CartLine = { product: 'jah-locs', configuration: { length: '24-26', size: 'MD', color: 'multi-tone', quantity: 40 }, quantity: 1 };
const PLANNER: CartLine = { product: 'crown-planner', configuration: { tier: 'bundle' }, quantity: 1 };
const CARD = { card: '4242424242424242' };

let s: TestStack;
let sdk: Stripe;
let admin: TestClient;
const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await s.db.query<T>(text, params)).rows;
const ip = () => `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

const invoke = (name: string, body: unknown, client: TestClient = s.client()) => invokeFunction(client, name, body, { 'x-real-ip': ip() });
const sessionOf = (url: string) => url.split('/').pop()!;
const subjects = async (to: string, number?: number) =>
  (await sql<{ subject: string }>('select subject from local_inbox.mails where to_address = $1 order by seq', [to]))
    .map((m) => m.subject)
    .filter((subject) => number === undefined || subject.includes(`KYB-${number}`));

interface Order {
  id: string;
  token: string;
  number: number;
  email: string;
}
/** Checks out `lines`, pays with a test card and waits for the webhook. */
async function paidOrder(lines: CartLine[]): Promise<Order & { sessionId: string }> {
  const email = `pa${randomUUID().slice(0, 8)}@example.com`;
  const r = await invoke('checkout', { cart: randomUUID(), lines });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const sessionId = sessionOf(r.body.url);
  expect(await s.stripe.pay(sessionId, { ...CARD, email, name: 'Ama Mensah' })).toMatchObject({ ok: true });
  await s.stripe.idle();
  const [o] = await sql<{ id: string; access_token: string; number: number }>(
    'select o.id, o.access_token, o.number from public.orders o join public.order_payments p on p.order_id = o.id where p.checkout_session_id = $1',
    [sessionId],
  );
  return { id: o.id, token: o.access_token, number: Number(o.number), email, sessionId };
}
/** Presses Pay balance with the order's link. */
const payBalance = (o: Order) => invoke('checkout', { balance: { token: o.token } });
const move = (order: string, status: string) => invoke('admin-orders', { order, status }, admin);

const orderRow = async (id: string) =>
  (
    await sql<{ status: string; paid_cents: number; refunded_cents: number; balance_due_cents: number }>(
      'select status, paid_cents, refunded_cents, balance_due_cents from public.orders where id = $1',
      [id],
    )
  )[0];
const payments = (id: string) =>
  sql<{ id: string; kind: string; status: string; amount_cents: number; refunded_cents: number; unexpected: boolean; checkout_session_id: string }>(
    'select id, kind, status, amount_cents, refunded_cents, unexpected, checkout_session_id from public.order_payments where order_id = $1 order by created_at',
    [id],
  );
/** The order's history notes as the screens word them (the database keeps a key and the cents). */
const notes = async (id: string) =>
  (await sql<Omit<OrderEvent, 'status' | 'at'>>('select note, amount_cents, due_cents from public.order_events where order_id = $1 order by id', [id])).map(historyNote);

/** The invariant, read at Stripe: captured minus refunded over the order's sessions = paid_cents - refunded_cents. */
async function expectStripeAgrees(orderId: string) {
  let net = 0;
  for (const p of await payments(orderId)) {
    const session = await sdk.checkout.sessions.retrieve(p.checkout_session_id, { expand: ['payment_intent.latest_charge'] });
    const charge = (session.payment_intent as Stripe.PaymentIntent | null)?.latest_charge as Stripe.Charge | null | undefined;
    if (charge?.captured) net += charge.amount_captured - charge.amount_refunded;
  }
  const o = await orderRow(orderId);
  expect(net).toBe(o.paid_cents - o.refunded_cents);
}

/** The refunds Stripe made of a session's payment. */
async function refundsOf(sessionId: string) {
  const session = await sdk.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.latest_charge'] });
  const charge = (session.payment_intent as Stripe.PaymentIntent).latest_charge as Stripe.Charge;
  const full = await sdk.charges.retrieve(charge.id, { expand: ['refunds'] });
  return { charge: full, refunds: full.refunds?.data ?? [] };
}

/** Redelivers every event of a session and waits: nothing may change or go twice. */
async function redeliverAll(sessionId: string) {
  for (const e of await s.stripe.events(sessionId)) await s.stripe.redeliver(e.event.id, 2);
  await s.stripe.idle();
}

beforeAll(async () => {
  s = await testStack({ autoconfirm: true, siteUrl: 'https://shop.example' });
  sdk = stripeClient(s.config, s.fetch);
  admin = await adminClient(s);
});
afterAll(() => s?.close());

describe('defect 2: a balance is superseded at Stripe, never only in the database', () => {
  it('a second Pay balance in the last two minutes expires the first at Stripe: its page can no longer be paid', async () => {
    const o = await paidOrder([JAH]);
    const first = await payBalance(o);
    expect(first.status).toBe(200);
    const firstId = sessionOf(first.body.url);
    // The first session is in its last two minutes (as our database reckons it).
    await sql(`update public.order_payments set expires_at = now() + interval '1 minute' where checkout_session_id = $1`, [firstId]);
    const second = await payBalance(o);
    expect(second.status).toBe(200);
    const secondId = sessionOf(second.body.url);
    expect(secondId).not.toBe(firstId);
    expect((await sdk.checkout.sessions.retrieve(firstId)).status).toBe('expired');
    expect((await sdk.checkout.sessions.retrieve(secondId)).status).toBe('open');
    expect(await s.stripe.pay(firstId, CARD)).toMatchObject({ ok: false });
    expect(await s.stripe.pay(secondId, CARD)).toMatchObject({ ok: true });
    await s.stripe.idle();
    expect(await orderRow(o.id)).toMatchObject({ paid_cents: 39_500, refunded_cents: 0, balance_due_cents: 0 });
    expect((await payments(o.id)).map((p) => [p.kind, p.status])).toEqual([
      ['deposit', 'paid'],
      ['balance', 'expired'],
      ['balance', 'paid'],
    ]);
    await expectStripeAgrees(o.id);
  });

  it('when Stripe says the old balance was just paid, the press answers the order page and opens nothing', async () => {
    const o = await paidOrder([JAH]);
    const firstId = sessionOf((await payBalance(o)).body.url);
    s.stripe.pause();
    try {
      expect(await s.stripe.pay(firstId, CARD)).toMatchObject({ ok: true });
      await sql(`update public.order_payments set expires_at = now() + interval '1 minute' where checkout_session_id = $1`, [firstId]);
      const again = await payBalance(o);
      expect(again).toMatchObject({ status: 200, body: { paid: true, url: `https://shop.example/order?token=${o.token}` } });
    } finally {
      s.stripe.resume();
    }
    await s.stripe.idle();
    expect((await payments(o.id)).map((p) => [p.kind, p.status, p.unexpected])).toEqual([
      ['deposit', 'paid', false],
      ['balance', 'paid', false],
    ]);
    expect(await orderRow(o.id)).toMatchObject({ paid_cents: 39_500, balance_due_cents: 0 });
    expect(await payBalance(o)).toMatchObject({ status: 409 });
    await expectStripeAgrees(o.id);
  });

  it('a balance our database had closed and Stripe then took is recorded and refunded, and the balance stays due', async () => {
    const o = await paidOrder([JAH]);
    const firstId = sessionOf((await payBalance(o)).body.url);
    // What the old release did: the payment closed in the database only, its session still payable.
    await sql(`update public.order_payments set status = 'expired' where checkout_session_id = $1`, [firstId]);
    expect(await s.stripe.pay(firstId, CARD)).toMatchObject({ ok: true });
    await s.stripe.idle();
    const [, balance] = await payments(o.id);
    expect(balance).toMatchObject({ status: 'paid', unexpected: true, refunded_cents: 19_700 });
    const { charge, refunds } = await refundsOf(firstId);
    expect(charge).toMatchObject({ amount_refunded: 19_700, refunded: true });
    expect(refunds).toEqual([expect.objectContaining({ amount: 19_700, metadata: { order_id: o.id, payment_id: balance.id, reason: 'unexpected' } })]);
    expect(await orderRow(o.id)).toMatchObject({ status: 'deposit_paid', paid_cents: 39_500, refunded_cents: 19_700, balance_due_cents: 19_700 });
    await expectStripeAgrees(o.id);
    // The balance can still be paid, once.
    const fresh = await payBalance(o);
    expect(fresh.status).toBe(200);
    expect(sessionOf(fresh.body.url)).not.toBe(firstId);
  });
});

describe('defect 3: a balance paid on a cancelled or refunded order is recorded and refunded', () => {
  it('cancelled: recorded, refunded in full at Stripe, a history line, one e-mail to each', async () => {
    const o = await paidOrder([JAH]);
    const balanceId = sessionOf((await payBalance(o)).body.url);
    // Cancelled in the database while the balance's page is still payable: what a cancel that does not
    // expire the session leaves, and the moment between an expiry at Stripe and the cancel.
    await sql(`select public.order_transition($1, 'cancelled', null, null, null, null)`, [o.id]);
    expect(await s.stripe.pay(balanceId, { ...CARD, email: o.email })).toMatchObject({ ok: true });
    await s.stripe.idle();
    const [, balance] = await payments(o.id);
    expect(balance).toMatchObject({ kind: 'balance', status: 'paid', unexpected: true, refunded_cents: 19_700 });
    expect(await orderRow(o.id)).toMatchObject({ status: 'cancelled', paid_cents: 39_500, refunded_cents: 19_700, balance_due_cents: 0 });
    const { refunds } = await refundsOf(balanceId);
    expect(refunds).toEqual([expect.objectContaining({ amount: 19_700, status: 'succeeded', metadata: { order_id: o.id, payment_id: balance.id, reason: 'unexpected' } })]);
    expect(await notes(o.id)).toContain('Payment of $197.00 received that the order no longer expected (the order was cancelled): refunded in full');
    await redeliverAll(balanceId);
    expect((await refundsOf(balanceId)).refunds).toHaveLength(1);
    expect(await subjects(o.email)).toEqual([`Deposit received: Order KYB-${o.number}`, `We refunded a payment we could not use (Order KYB-${o.number})`]);
    expect(await subjects(LOCAL_NOTIFY_TO, o.number)).toEqual([
      expect.stringMatching(new RegExp(`^New order KYB-${o.number}:`)),
      `Payment refunded automatically: Order KYB-${o.number}, $197`,
    ]);
    await expectStripeAgrees(o.id);
  });

  it('a bank balance settling when the order is cancelled: no second checkout meanwhile, refunded once it settles', async () => {
    const o = await paidOrder([JAH]);
    const balanceId = sessionOf((await payBalance(o)).body.url);
    expect(await s.stripe.pay(balanceId, { bankAccount: '000123456789', email: o.email })).toMatchObject({ ok: true, status: 'processing' });
    await s.stripe.idle();
    // While it settles, Pay balance shows the order page instead of taking the balance twice.
    expect(await payBalance(o)).toMatchObject({ status: 200, body: { paid: true, url: `https://shop.example/order?token=${o.token}` } });
    expect((await move(o.id, 'cancelled')).status).toBe(200);
    await s.stripe.settle(balanceId);
    await s.stripe.idle();
    const [, balance] = await payments(o.id);
    expect(balance).toMatchObject({ status: 'paid', unexpected: true, refunded_cents: 19_700 });
    expect((await refundsOf(balanceId)).refunds).toEqual([expect.objectContaining({ amount: 19_700, metadata: expect.objectContaining({ reason: 'unexpected' }) })]);
    expect(await orderRow(o.id)).toMatchObject({ status: 'cancelled', paid_cents: 39_500, refunded_cents: 19_700 });
    await expectStripeAgrees(o.id);
  });

  it('refunded: the full refund expires the open balance at Stripe', async () => {
    const o = await paidOrder([JAH]);
    const balanceId = sessionOf((await payBalance(o)).body.url);
    const pi = (await sdk.checkout.sessions.retrieve(o.sessionId)).payment_intent as string;
    await sdk.refunds.create({ payment_intent: pi });
    await s.stripe.idle();
    expect(await orderRow(o.id)).toMatchObject({ status: 'refunded', paid_cents: 19_800, refunded_cents: 19_800 });
    expect((await sdk.checkout.sessions.retrieve(balanceId)).status).toBe('expired');
    expect(await s.stripe.pay(balanceId, CARD)).toMatchObject({ ok: false });
    expect((await payments(o.id)).map((p) => p.status)).toEqual(['paid', 'expired']);
    await expectStripeAgrees(o.id);
  });

  it('refunded while the balance was being paid: the balance is recorded and refunded, whichever event comes first', async () => {
    const o = await paidOrder([JAH]);
    const balanceId = sessionOf((await payBalance(o)).body.url);
    s.stripe.pause();
    try {
      const pi = (await sdk.checkout.sessions.retrieve(o.sessionId)).payment_intent as string;
      await sdk.refunds.create({ payment_intent: pi });
      expect(await s.stripe.pay(balanceId, { ...CARD, email: o.email })).toMatchObject({ ok: true });
      // The deposit's refund is delivered first: the order keeps nothing, so its open sessions are
      // closed at Stripe, and the one found completed is recorded and refunded.
      const [refund] = (await s.stripe.events(o.sessionId)).filter((e) => e.event.type === 'charge.refunded');
      await s.stripe.deliverNow(refund.event.id);
    } finally {
      s.stripe.resume();
    }
    await s.stripe.idle();
    const [, balance] = await payments(o.id);
    expect(balance).toMatchObject({ status: 'paid', unexpected: true, refunded_cents: 19_700 });
    expect(await orderRow(o.id)).toMatchObject({ status: 'refunded', paid_cents: 39_500, refunded_cents: 39_500 });
    expect((await refundsOf(balanceId)).refunds).toEqual([expect.objectContaining({ amount: 19_700, metadata: expect.objectContaining({ reason: 'unexpected' }) })]);
    expect(await notes(o.id)).toContain('Payment of $197.00 received that the order no longer expected (the order was refunded): refunded in full');
    expect((await subjects(o.email)).filter((m) => m.startsWith('We refunded a payment we could not use'))).toHaveLength(1);
    await expectStripeAgrees(o.id);
  });
});

describe('defect 4: a receipt for every payment', () => {
  it('the balance e-mails a receipt and notifies the business, once each; the success page names it', async () => {
    const o = await paidOrder([JAH]);
    const balanceId = sessionOf((await payBalance(o)).body.url);
    expect(await s.stripe.pay(balanceId, { ...CARD, email: o.email })).toMatchObject({ ok: true });
    // The success page asks before the webhook lands: it names the balance, and the order owes nothing.
    const page = await invoke('order-status', { sessionId: balanceId });
    expect(page.body).toMatchObject({ payment: { kind: 'balance', status: 'paid', unexpected: false }, order: { status: 'deposit_paid', balance_due_cents: 0 } });
    await s.stripe.idle();
    await redeliverAll(balanceId);
    expect(await subjects(o.email)).toEqual([`Deposit received: Order KYB-${o.number}`, `Balance received: Order KYB-${o.number}`]);
    expect(await subjects(LOCAL_NOTIFY_TO, o.number)).toEqual([expect.stringMatching(new RegExp(`^New order KYB-${o.number}:`)), `Balance paid: Order KYB-${o.number}, $197`]);
    const [receipt] = await sql<{ text: string }>(`select text from local_inbox.mails where to_address = $1 and subject like 'Balance received%'`, [o.email]);
    expect(receipt.text).toContain("We've received your balance payment of $197. Your order is paid in full ($395)");
    expect(receipt.text).not.toContain('Balance due before shipping');
    // The order page's first visit (the e-mailed link) names no payment.
    expect((await invoke('order-status', { token: o.token })).body.payment).toBeUndefined();
    expect(ORDER_PAGE_TEXT.balanceReceived).toBe('Balance received: we ship your order soon');
  });

  it('the business hears of a paid order even when its refund is delivered before its payment', async () => {
    const o = await (async () => {
      s.stripe.pause();
      try {
        const email = `rb${randomUUID().slice(0, 8)}@example.com`;
        const sessionId = sessionOf((await invoke('checkout', { cart: randomUUID(), lines: [PLANNER] })).body.url);
        await s.stripe.pay(sessionId, { ...CARD, email });
        const pi = (await sdk.checkout.sessions.retrieve(sessionId)).payment_intent as string;
        await sdk.refunds.create({ payment_intent: pi });
        const [refund] = (await s.stripe.events(sessionId)).filter((e) => e.event.type === 'charge.refunded');
        await s.stripe.deliverNow(refund.event.id);
        const [row] = await sql<{ id: string; number: number }>(
          'select o.id, o.number from public.orders o join public.order_payments p on p.order_id = o.id where p.checkout_session_id = $1',
          [sessionId],
        );
        return { ...row, email, number: Number(row.number) };
      } finally {
        s.stripe.resume();
      }
    })();
    await s.stripe.idle();
    expect(await orderRow(o.id)).toMatchObject({ status: 'refunded', paid_cents: 2_700, refunded_cents: 2_700 });
    expect(await subjects(LOCAL_NOTIFY_TO, o.number)).toEqual([expect.stringMatching(new RegExp(`^New order KYB-${o.number}:`))]);
    expect(await subjects(o.email)).toEqual([`Your KYB order KYB-${o.number} is confirmed`, `Refund for your order KYB-${o.number}`]);
    await expectStripeAgrees(o.id);
  });
});

describe('the webhook refuses a signed body that is not an event', () => {
  it.each([
    ['null', 'null'],
    ['an array', '[]'],
    ['a string', '"evt_1"'],
    ['an object without id or type', '{"object":"event","data":{"object":{"id":"cs_test_x"}}}'],
    ['an event without its object', '{"id":"evt_no_object","object":"event","type":"checkout.session.completed","data":null}'],
  ])('%s: 400, nothing written', async (_, body) => {
    const [{ n: before }] = await sql<{ n: number }>('select count(*)::int as n from public.stripe_events');
    const r = await s.fetch(`${s.url}/functions/v1/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signatureHeader(body, s.config.stripe.webhookSecret) },
      body,
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ error: 'The body is not a Stripe event.' });
    const [{ n: after }] = await sql<{ n: number }>('select count(*)::int as n from public.stripe_events');
    expect(after).toBe(before);
  });
});
