/**
 * The admin's refunds and cancellations through the admin-orders function (issue #27; docs/admin.md#refunds),
 * in the local stack with the local Stripe: a refund goes through Stripe with the dialog's request id as
 * the idempotency key and the answer already shows it; more than is left is refused in words; the same
 * request twice refunds once; only admins refund or read Stripe's ids; cancelling closes the order's open
 * checkouts at Stripe and, when asked, refunds what was paid. Reconcile runs are read by admins only.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { adminClient, invokeFunction, signedInClient, testStack, type TestClient, type TestStack } from '../support/stack.ts';
import { stripeClient } from '../support/stripe.ts';
import type { CartLine } from '../../shared/cart.ts';
import { historyNote, type OrderEvent } from '../../shared/orders.ts';

const JAH: CartLine = { product: 'jah-locs', configuration: { length: '24-26', size: 'MD', color: 'multi-tone', quantity: 40 }, quantity: 1 };
const PLANNER: CartLine = { product: 'crown-planner', configuration: { tier: 'bundle' }, quantity: 1 };

let s: TestStack;
let sdk: Stripe;
let admin: TestClient;
const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await s.db.query<T>(text, params)).rows;
const ip = () => `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

const invoke = (name: string, body: unknown, client: TestClient = admin) => invokeFunction(client, name, body, { 'x-real-ip': ip() });

async function paidOrder(lines: CartLine[], email: string) {
  const r = await invoke('checkout', { cart: randomUUID(), lines }, s.client());
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const sessionId = String(r.body.url).split('/').pop()!;
  await s.stripe.pay(sessionId, { card: '4242424242424242', email, name: 'Ama Mensah' });
  await s.stripe.idle();
  const [{ order_id: id, payment_id: payment }] = await sql<{ order_id: string; payment_id: string }>(
    'select order_id, id as payment_id from public.order_payments where checkout_session_id = $1',
    [sessionId],
  );
  const [{ access_token: token }] = await sql<{ access_token: string }>('select access_token from public.orders where id = $1', [id]);
  return { id, payment, token, sessionId };
}
const refund = (order: string, payment: string, amount_cents: number, request = randomUUID(), client = admin) =>
  invoke('admin-orders', { order, refund: { payment, amount_cents, reason: 'Customer asked' }, request }, client);
const refundsAtStripe = async (sessionId: string) => {
  const pi = (await sdk.checkout.sessions.retrieve(sessionId)).payment_intent as string;
  const charge = (await sdk.paymentIntents.retrieve(pi, { expand: ['latest_charge'] })).latest_charge as Stripe.Charge;
  const refunds = (await sdk.charges.retrieve(charge.id, { expand: ['refunds'] })).refunds?.data ?? [];
  return { pi, refunded: charge.amount_refunded, refunds };
};

beforeAll(async () => {
  s = await testStack({ autoconfirm: true, siteUrl: 'https://shop.example' });
  sdk = stripeClient(s.config, s.fetch);
  admin = await adminClient(s);
});
afterAll(() => s?.close());

describe('admin-orders: refunds', () => {
  it('refunds part of a deposit through Stripe, shows it at once, refuses more than is left, and refunds the rest', async () => {
    const email = `rf${randomUUID().slice(0, 6)}@example.com`;
    const { id, payment, sessionId } = await paidOrder([JAH], email);

    const part = await refund(id, payment, 4500);
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.order).toMatchObject({ status: 'deposit_paid', paid_cents: 19_800, refunded_cents: 4500 });
    expect(part.body.payments).toEqual([
      expect.objectContaining({ id: payment, kind: 'deposit', status: 'paid', refunded_cents: 4500, payment_intent: expect.stringMatching(/^pi_/) }),
    ]);
    const { pi, refunded, refunds } = await refundsAtStripe(sessionId);
    expect(refunded).toBe(4500);
    expect(refunds).toEqual([
      expect.objectContaining({ amount: 4500, reason: 'requested_by_customer', metadata: { order_id: id, payment_id: payment, reason: 'Customer asked' } }),
    ]);
    // Locally the Dashboard link is the local Stripe's page of the payment.
    expect(part.body.payments[0].dashboard_url).toBe(`${new URL(s.config.publicUrl).origin}/stripe/payments/${pi}`);
    // That page shows the payment, its charge, the refund with its reason, and the session.
    const page = await s.fetch(part.body.payments[0].dashboard_url);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const shown of [pi, '$198.00', '$45.00', 'requested_by_customer', 'reason: Customer asked', sessionId, 'succeeded']) expect(html).toContain(shown);
    expect((await s.fetch(`${s.config.publicUrl}/stripe/payments/pi_nothing`)).status).toBe(404);

    const over = await refund(id, payment, 15_301);
    expect(over).toEqual({ status: 409, body: { error: 'Only $153.00 of the deposit is left to refund.' } });
    expect(await refund(id, payment, 19_801)).toEqual({ status: 409, body: { error: 'Only $153.00 of the deposit is left to refund.' } });
    expect((await refundsAtStripe(sessionId)).refunded).toBe(4500);

    const rest = await refund(id, payment, 15_300);
    expect(rest.body.order).toMatchObject({ status: 'refunded', refunded_cents: 19_800, balance_due_cents: 0 });
    expect(await refund(id, payment, 100)).toEqual({ status: 409, body: { error: 'The deposit is already refunded in full.' } });

    // Stripe's own charge.refunded events arrive later and change nothing more.
    await s.stripe.idle();
    expect((await sql('select refunded_cents, status from public.orders where id = $1', [id]))[0]).toEqual({ refunded_cents: 19_800, status: 'refunded' });
    const notes = await sql<Omit<OrderEvent, 'status' | 'at'>>('select note, amount_cents, due_cents from public.order_events where order_id = $1 order by id', [id]);
    expect(notes.filter((n) => n.note === 'refunded_total').map((n) => n.amount_cents)).toEqual([4500, 19_800]);
    expect(notes.map(historyNote).filter((n) => n?.startsWith('Refunded'))).toEqual(['Refunded $45.00 in all', 'Refunded $198.00 in all']);
    // One refund e-mail per refunded total.
    const subjects = (await sql<{ subject: string }>('select subject from local_inbox.mails where to_address = $1 order by seq', [email])).map((m) => m.subject);
    expect(subjects.filter((x) => x.startsWith('Refund'))).toHaveLength(2);
  });

  it('the same confirmation sent twice refunds once', async () => {
    const { id, payment, sessionId } = await paidOrder([PLANNER], `rp${randomUUID().slice(0, 6)}@example.com`);
    const request = randomUUID();
    const [a, b] = await Promise.all([refund(id, payment, 1000, request), refund(id, payment, 1000, request)]);
    const again = await refund(id, payment, 1000, request);
    for (const r of [a, b, again]) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(again.body.order.refunded_cents).toBe(1000);
    expect((await refundsAtStripe(sessionId)).refunds).toHaveLength(1);
    await s.stripe.idle();
    expect((await sql('select refunded_cents from public.order_payments where id = $1', [payment]))[0]).toEqual({ refunded_cents: 1000 });
  });

  it('refuses a visitor, a customer and a bad request, and refunds nothing', async () => {
    const email = `rn${randomUUID().slice(0, 6)}@example.com`;
    const me = await signedInClient(s, email);
    const { id, payment, sessionId } = await paidOrder([PLANNER], email);
    expect(await refund(id, payment, 500, randomUUID(), s.client())).toMatchObject({ status: 401 });
    expect(await refund(id, payment, 500, randomUUID(), me.client)).toEqual({ status: 403, body: { error: 'Only an admin can change an order.' } });
    expect(await invoke('admin-orders', { order: id, payments: true }, me.client)).toMatchObject({ status: 403 });
    expect(await refund(id, payment, 0)).toEqual({ status: 400, body: { error: 'Enter an amount above $0.00', field: 'refund.amount_cents' } });
    expect(await refund(id, payment, 12.5)).toMatchObject({ status: 400, body: { field: 'refund.amount_cents' } });
    expect(await invoke('admin-orders', { order: id, refund: { payment, amount_cents: 500, reason: ' ' }, request: randomUUID() })).toMatchObject({
      status: 400,
      body: { field: 'refund.reason' },
    });
    expect(await invoke('admin-orders', { order: id, refund: { payment, amount_cents: 500, reason: 'x' } })).toMatchObject({ status: 400, body: { field: 'request' } });
    expect(await refund(id, randomUUID(), 500)).toEqual({ status: 404, body: { error: 'Payment not found' } });
    // A payment Stripe does not know (the seeded KYB-1002's): Stripe's refusal, in its words, and a 409.
    const seeded = await refund('5eed0006-0000-4000-8000-000000000002', '5eed0008-0000-4000-8000-000000000002', 500);
    expect(seeded.status).toBe(409);
    expect(seeded.body.error).toMatch(/^Stripe refused the refund: .*pi_seed_02/);
    expect((await refundsAtStripe(sessionId)).refunded).toBe(0);
    // A customer reads their payments without Stripe's ids.
    const mine = await me.client.from('order_payments').select('*').eq('order_id', id);
    expect(mine.error).not.toBeNull();
    const cols = await me.client.from('order_payments').select('kind, amount_cents, expires_at').eq('order_id', id);
    expect(cols.data).toHaveLength(1);
  });

  it('an admin reads the payments with their Stripe ids and Dashboard links', async () => {
    const { id, payment } = await paidOrder([PLANNER], `rr${randomUUID().slice(0, 6)}@example.com`);
    const read = await invoke('admin-orders', { order: id, payments: true });
    expect(read).toMatchObject({ status: 200, body: { order: { id }, payments: [{ id: payment, status: 'paid', payment_intent: expect.stringMatching(/^pi_/) }] } });
  });
});

describe('admin-orders: cancelling', () => {
  it('closes the open balance checkout at Stripe and, when asked, refunds what was paid', async () => {
    const email = `cx${randomUUID().slice(0, 6)}@example.com`;
    const { id, token, sessionId } = await paidOrder([JAH], email);
    expect((await invoke('admin-orders', { order: id, status: 'in_production' })).status).toBe(200);
    const balance = await invoke('checkout', { balance: { token } }, s.client());
    expect(balance.status).toBe(200);
    const balanceSession = String(balance.body.url).split('/').pop()!;

    const cancelled = await invoke('admin-orders', { order: id, status: 'cancelled', note: 'Out of stock', refund: true });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.order).toMatchObject({ refunded_cents: 19_800, paid_cents: 19_800 });
    expect((await sdk.checkout.sessions.retrieve(balanceSession)).status).toBe('expired');
    expect((await refundsAtStripe(sessionId)).refunded).toBe(19_800);
    expect(cancelled.body.payments.map((p: { kind: string; status: string }) => [p.kind, p.status])).toEqual([
      ['deposit', 'paid'],
      ['balance', 'expired'],
    ]);
  });

  it('without refund: the order is cancelled, its open checkout closed, and nothing refunded', async () => {
    const email = `cn${randomUUID().slice(0, 6)}@example.com`;
    const { id, token, sessionId } = await paidOrder([JAH], email);
    const [{ number: n }] = await sql<{ number: number }>('select number from public.orders where id = $1', [id]);
    const number = `KYB-${n}`;
    const balance = await invoke('checkout', { balance: { token } }, s.client());
    const balanceSession = String(balance.body.url).split('/').pop()!;
    const cancelled = await invoke('admin-orders', { order: id, status: 'cancelled' });
    expect(cancelled.body.order).toMatchObject({ status: 'cancelled', refunded_cents: 0 });
    expect((await sdk.checkout.sessions.retrieve(balanceSession)).status).toBe('expired');
    expect((await refundsAtStripe(sessionId)).refunded).toBe(0);
    // The customer is told, once (a balance page they still hold is refused at Stripe): no e-mail said so.
    expect(cancelled.body.mailed).toBe(true);
    expect((await invoke('admin-orders', { order: id, status: 'cancelled' })).status).toBe(409);
    const mails = await sql<{ subject: string; text: string }>('select subject, text from local_inbox.mails where to_address = $1 order by seq', [email]);
    const told = mails.filter((m) => m.subject.includes('is cancelled'));
    expect(told.map((m) => m.subject)).toEqual([`Your order ${number} is cancelled`]);
    expect(told[0].text).toContain("We've cancelled your order. Nothing more is due on it");
    expect(await sql('select kind, status from public.order_mails where order_id = $1 and kind = $2', [id, 'cancelled'])).toEqual([{ kind: 'cancelled', status: 'sent' }]);
  });

  it('with the refund: the refund e-mail tells the customer, and no second e-mail about the cancel', async () => {
    const email = `cr${randomUUID().slice(0, 6)}@example.com`;
    const { id } = await paidOrder([PLANNER], email);
    const cancelled = await invoke('admin-orders', { order: id, status: 'cancelled', refund: true });
    expect(cancelled.body.order).toMatchObject({ status: 'refunded' });
    const subjects = (await sql<{ subject: string }>('select subject from local_inbox.mails where to_address = $1 order by seq', [email])).map((m) => m.subject);
    expect(subjects.filter((x) => x.startsWith('Refund'))).toHaveLength(1);
    expect(subjects.filter((x) => x.includes('is cancelled'))).toEqual([]);
  });
});

describe('stripe_reconcile_runs', () => {
  it('admins read the runs; customers read none and nobody writes from a browser', async () => {
    await sql(`insert into public.stripe_reconcile_runs (finished_at, events_seen, repaired) values (now(), 12, 0)`);
    const runs = await admin.from('stripe_reconcile_runs').select('finished_at, events_seen, repaired').order('started_at', { ascending: false }).limit(1);
    expect(runs.data?.[0]).toMatchObject({ events_seen: 12, repaired: 0 });
    const me = await signedInClient(s);
    expect((await me.client.from('stripe_reconcile_runs').select('id')).data).toEqual([]);
    expect((await admin.from('stripe_reconcile_runs').insert({ repaired: 1 })).error).not.toBeNull();
  });
});
