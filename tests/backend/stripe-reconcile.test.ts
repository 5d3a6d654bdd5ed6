/**
 * Reconciliation (docs/commerce.md#reconciliation): the stripe-reconcile job, run as the schedule runs
 * it, against the local stack with Stripe's webhook held back (`stack.stripe.pause()`): a payment or a
 * refund no webhook delivered is applied by one run, its e-mails sent once, the run recorded; a second
 * run repairs nothing and the webhook delivered later changes nothing. Then the local Stripe's list
 * endpoints the job reads (supabase/local/stripe/lists.ts), through the official SDK: Stripe's
 * pagination, its filters, the SDK's auto-pagination, and refusals of what the stand-in does not
 * implement or Stripe does not define.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { adminClient, testStack, type TestStack } from '../support/stack.ts';
import { sessionParams, stripeClient } from '../support/stripe.ts';
import { EVENT_LIST_DAYS } from '../../supabase/local/stripe/lists.ts';
import { LOCAL_NOTIFY_TO } from '../../supabase/local/config.ts';
import { JOB_UNAUTHORIZED as UNAUTHORIZED } from '../../supabase/functions/_shared/http.ts';
import type { CartLine } from '../../shared/cart.ts';

const PLANNER: CartLine = { product: 'crown-planner', configuration: { tier: 'bundle' }, quantity: 1 };

describe('the stripe-reconcile job', () => {
  let s: TestStack;
  let stripe: Stripe;
  const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await s.db.query<T>(text, params)).rows;
  const ip = () => `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const mails = async (to: string) => sql<{ subject: string; text: string }>('select subject, text from local_inbox.mails where to_address = $1 order by seq', [to]);
  /** The business's new-order notices that name this customer. */
  const notices = async (email: string) => (await mails(LOCAL_NOTIFY_TO)).filter((m) => m.text.includes(`(${email})`));
  const run = (key = s.config.serviceRoleKey, init: RequestInit = {}) =>
    s.fetch(`${s.url}/functions/v1/stripe-reconcile`, {
      method: 'POST',
      headers: { apikey: s.config.anonKey, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{}',
      ...init,
    });
  const runOk = async () => {
    const res = await run();
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body as { events_seen: number; repaired: number; repairs: { event: string; type: string; order_id: string }[] };
  };
  const lastRun = async () => (await sql<Record<string, unknown>>('select * from public.stripe_reconcile_runs order by id desc limit 1'))[0];
  const orderOf = async (sessionId: string) =>
    (
      await sql<{ id: string; status: string; paid_cents: number; refunded_cents: number }>(
        'select o.id, o.status, o.paid_cents, o.refunded_cents from public.orders o join public.order_payments p on p.order_id = o.id where p.checkout_session_id = $1',
        [sessionId],
      )
    )[0];

  /** The Crown Planner checked out through the checkout function, and paid at Stripe as `email`. */
  async function paid(email: string) {
    const { data, error } = await s.client().functions.invoke('checkout', { body: { cart: randomUUID(), lines: [PLANNER] }, headers: { 'x-real-ip': ip() } });
    expect(error).toBeNull();
    const sessionId = String(data.url).split('/').pop()!;
    await s.stripe.pay(sessionId, { card: '4242424242424242', email, name: 'Ama Mensah' });
    return sessionId;
  }

  beforeAll(async () => {
    s = await testStack({ siteUrl: 'https://shop.example' });
    stripe = stripeClient(s.config, s.fetch);
  });
  afterAll(() => s?.close());

  it('records a payment no webhook delivered, in one run, and sends its e-mails once', async () => {
    const email = `rc${randomUUID().slice(0, 6)}@example.com`;
    s.stripe.pause();
    let sessionId: string;
    let eventId: string;
    try {
      sessionId = await paid(email);
      const [record] = await s.stripe.events(sessionId);
      eventId = record.event.id;
      expect(record.event.type).toBe('checkout.session.completed');
      // Stripe says it is not delivered; the shop knows nothing of the payment.
      expect((await stripe.events.list({ delivery_success: false, limit: 100 })).data.map((e) => e.id)).toContain(eventId);
      expect(await orderOf(sessionId)).toMatchObject({ status: 'pending', paid_cents: 0 });

      const first = await runOk();
      expect(first.events_seen).toBeGreaterThanOrEqual(1);
      const order = await orderOf(sessionId);
      expect(first).toMatchObject({ repaired: 1, repairs: [{ event: eventId, type: 'checkout.session.completed', order_id: order.id }] });
      expect(order).toMatchObject({ status: 'paid', paid_cents: expect.any(Number) });
      expect(order.paid_cents).toBeGreaterThan(0);
      expect((await mails(email)).map((m) => m.subject)).toEqual([expect.stringMatching(/is confirmed$/)]);
      expect(await notices(email)).toHaveLength(1);
      expect(await lastRun()).toMatchObject({ events_seen: first.events_seen, repaired: 1, repairs: first.repairs, error: null, finished_at: expect.anything() });
      expect(await sql('select id from public.stripe_events where id = $1', [eventId])).toHaveLength(1);

      // A second run finds it recorded: nothing to repair, nothing sent.
      const second = await runOk();
      expect(second).toMatchObject({ repaired: 0, repairs: [] });
      expect(second.events_seen).toBe(first.events_seen);
      expect(await lastRun()).toMatchObject({ repaired: 0, repairs: [], error: null });
    } finally {
      s.stripe.resume();
    }
    // Stripe's delivery, once it comes, changes nothing and sends nothing more.
    const history = await sql('select id from public.order_events where order_id = (select order_id from public.order_payments where checkout_session_id = $1)', [sessionId]);
    await s.stripe.idle();
    const [record] = await s.stripe.events(sessionId);
    expect(record.deliveries).toMatchObject([{ state: 'delivered' }]);
    expect(JSON.parse(record.attempts.at(-1)!.response!)).toMatchObject({ received: true, duplicate: true });
    expect(await sql('select id from public.order_events where order_id = (select order_id from public.order_payments where checkout_session_id = $1)', [sessionId])).toEqual(
      history,
    );
    expect(await mails(email)).toHaveLength(1);
    expect(await notices(email)).toHaveLength(1);
    expect((await stripe.events.list({ delivery_success: true, limit: 100 })).data.map((e) => e.id)).toContain(eventId);
    expect((await runOk()).repaired).toBe(0);
  });

  it('records a refund no webhook delivered, and tells the customer once', async () => {
    const email = `rf${randomUUID().slice(0, 6)}@example.com`;
    const sessionId = await paid(email);
    await s.stripe.idle();
    const pi = (await stripe.checkout.sessions.retrieve(sessionId)).payment_intent as string;
    s.stripe.pause();
    try {
      await stripe.refunds.create({ payment_intent: pi });
      expect(await orderOf(sessionId)).toMatchObject({ status: 'paid', refunded_cents: 0 });
      const result = await runOk();
      const order = await orderOf(sessionId);
      expect(result).toMatchObject({ repaired: 1, repairs: [{ type: 'charge.refunded', order_id: order.id }] });
      expect(order.status).toBe('refunded');
      expect(order.refunded_cents).toBe(order.paid_cents);
      expect((await mails(email)).map((m) => m.subject)).toEqual([expect.stringMatching(/is confirmed$/), expect.stringMatching(/refund/i)]);
      expect((await runOk()).repaired).toBe(0);
    } finally {
      s.stripe.resume();
    }
    await s.stripe.idle();
    expect(await mails(email)).toHaveLength(2);
  });

  it('counts an event for a session the shop does not know, without an error', async () => {
    s.stripe.pause();
    try {
      // A session another integration on the same account opened, then let go.
      const other = await stripe.checkout.sessions.create(sessionParams(randomUUID()));
      await stripe.checkout.sessions.expire(other.id);
      const [record] = await s.stripe.events(other.id);
      const result = await runOk();
      expect(result).toMatchObject({ repaired: 0, repairs: [] });
      expect(await lastRun()).toMatchObject({ error: null, events_seen: result.events_seen });
      // Recorded as seen, so the next run and the late webhook skip it.
      expect(await sql('select order_id from public.stripe_events where id = $1', [record.event.id])).toEqual([{ order_id: null }]);
    } finally {
      s.stripe.resume();
    }
    await s.stripe.idle();
  });

  it('records a run that failed, with its error, and answers 500', async () => {
    s.config.functionEnv.STRIPE_API_URL = 'http://127.0.0.1:9';
    try {
      const res = await run();
      expect(res.status).toBe(500);
    } finally {
      delete s.config.functionEnv.STRIPE_API_URL;
    }
    const failed = await lastRun();
    expect(failed).toMatchObject({ events_seen: 0, repaired: 0, repairs: [], finished_at: expect.anything() });
    expect(failed.error).toEqual(expect.any(String));
    expect((await runOk()).repaired).toBe(0);
  });

  it('answers only the service role key, and records nothing for anyone else', async () => {
    const before = await sql('select id from public.stripe_reconcile_runs');
    const admin = await adminClient(s);
    const adminToken = (await admin.auth.getSession()).data.session!.access_token;
    for (const key of [s.config.anonKey, adminToken]) {
      const res = await run(key);
      expect({ status: res.status, body: await res.json() }).toEqual({ status: 401, body: { error: UNAUTHORIZED } });
    }
    // No JWT: the gateway refuses it before the job runs (verify_jwt, supabase/local/app.ts).
    const notKey = await run('not-a-key');
    expect({ status: notKey.status, body: await notKey.json() }).toEqual({ status: 401, body: { code: 401, message: 'Invalid Token or Protected Header formatting' } });
    const none = await s.fetch(`${s.url}/functions/v1/stripe-reconcile`, { method: 'POST', headers: { apikey: s.config.anonKey }, body: '{}' });
    expect({ status: none.status, body: await none.json() }).toEqual({ status: 401, body: { code: 401, message: 'Missing authorization header' } });
    expect((await run(s.config.serviceRoleKey, { method: 'GET', body: undefined })).status).toBe(405);
    expect(await sql('select id from public.stripe_reconcile_runs')).toEqual(before);
    // Admins read the runs (RLS and column grants); customers and visitors see none, and nobody but the service role writes.
    expect((await admin.from('stripe_reconcile_runs').select('id, repaired, repairs, error').order('id')).data).toHaveLength(before.length);
    expect((await s.client().from('stripe_reconcile_runs').select('id')).data ?? []).toEqual([]);
    expect((await admin.from('stripe_reconcile_runs').insert({})).error).not.toBeNull();
  });
});

/** The error the SDK throws for a call, as a plain object. */
async function failure(call: Promise<unknown>) {
  try {
    await call;
  } catch (e) {
    const err = e as Stripe.errors.StripeError;
    return { rawType: err.rawType, code: err.code, param: err.param, message: err.message, statusCode: err.statusCode };
  }
  throw new Error('the call succeeded');
}

describe("the local Stripe's list endpoints", () => {
  let s: TestStack;
  let stripe: Stripe;
  /** The 25 expired sessions' events, oldest first. */
  let expired: string[];
  const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await s.db.query<T>(text, params)).rows;

  beforeAll(async () => {
    s = await testStack({ stripe: { webhookUrl: '' } });
    stripe = stripeClient(s.config, s.fetch);
    expired = [];
    for (let i = 0; i < 25; i++) {
      const session = await stripe.checkout.sessions.create(sessionParams(randomUUID()));
      await stripe.checkout.sessions.expire(session.id);
      const [record] = await s.stripe.events(session.id);
      expired.push(record.event.id);
    }
  });
  afterAll(() => s?.close());

  const expiredList = (p: Stripe.EventListParams = {}) => stripe.events.list({ type: 'checkout.session.expired', ...p });

  it('pages 25 events 10 at a time, newest first, in both directions', async () => {
    const newestFirst = [...expired].reverse();
    const first = await expiredList({ limit: 10 });
    expect(first).toMatchObject({ object: 'list', url: '/v1/events', has_more: true });
    expect(first.data.map((e) => e.id)).toEqual(newestFirst.slice(0, 10));
    const second = await expiredList({ limit: 10, starting_after: first.data[9].id });
    expect(second.data.map((e) => e.id)).toEqual(newestFirst.slice(10, 20));
    expect(second.has_more).toBe(true);
    const third = await expiredList({ limit: 10, starting_after: second.data[9].id });
    expect(third.data.map((e) => e.id)).toEqual(newestFirst.slice(20));
    expect(third.has_more).toBe(false);
    // ending_before: the page just newer than the cursor, still newest first.
    const back = await expiredList({ limit: 10, ending_before: second.data[0].id });
    expect(back.data.map((e) => e.id)).toEqual(newestFirst.slice(0, 10));
    expect(back.has_more).toBe(false);
    const partial = await expiredList({ limit: 3, ending_before: newestFirst[5] });
    expect(partial.data.map((e) => e.id)).toEqual(newestFirst.slice(2, 5));
    expect(partial.has_more).toBe(true);
    // Ten by default; each event as GET /v1/events/:id renders it.
    const byDefault = await expiredList();
    expect(byDefault.data).toHaveLength(10);
    expect(byDefault.data[0]).toEqual(await stripe.events.retrieve(newestFirst[0]));
  });

  it("walks the whole list once with the SDK's auto-pagination", async () => {
    const seen: string[] = [];
    for await (const e of expiredList({ limit: 10 })) seen.push(e.id);
    expect(seen).toEqual([...expired].reverse());
    expect(await expiredList({ limit: 7 }).autoPagingToArray({ limit: 100 })).toHaveLength(25);
  });

  it('filters by created: bounds, one instant, and 30 days back at most', async () => {
    const ids = async (p: Stripe.EventListParams) => (await expiredList({ limit: 100, ...p }).autoPagingToArray({ limit: 100 })).map((e) => e.id);
    // The five oldest happened an hour ago, one of them a month ago.
    const now = Math.floor(Date.now() / 1000);
    await sql(`update local_stripe.objects set data = json_build_object('created', $2::bigint)::jsonb || (data::jsonb - 'created') where id = any($1::text[])`, [
      expired.slice(1, 5),
      now - 3600,
    ]);
    await sql(`update local_stripe.objects set data = json_build_object('created', $2::bigint)::jsonb || (data::jsonb - 'created') where id = $1`, [
      expired[0],
      now - (EVENT_LIST_DAYS * 24 + 1) * 3600,
    ]);
    expect(await ids({ created: { gte: now - 600 } })).toEqual(expired.slice(5).reverse());
    expect(await ids({ created: { lt: now - 600 } })).toEqual(expired.slice(1, 5).reverse());
    expect(await ids({ created: { gt: now - 3600, lte: now + 60 } })).toEqual(expired.slice(5).reverse());
    expect(await ids({ created: now - 3600 })).toEqual(expired.slice(1, 5).reverse());
    // Gone from the list after 30 days, as at Stripe.
    expect(await ids({})).toEqual(expired.slice(1).reverse());
  });

  it('filters by types[], by a type with a wildcard, and by the objects a session or refund list names', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams(randomUUID()));
    await s.stripe.pay(session.id, { card: '4242424242424242' });
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    const pi = paid.payment_intent as string;
    const refund = await stripe.refunds.create({ payment_intent: pi, amount: 1000 });
    const types = await stripe.events.list({ types: ['charge.refunded', 'refund.created'] });
    expect(types.data.map((e) => e.type)).toEqual(['refund.created', 'charge.refunded']);
    expect(types.data.map((e) => (e.data.object as { id: string }).id)).toEqual([refund.id, refund.charge]);
    const sessions = await stripe.events.list({ type: 'checkout.session.*', limit: 2 });
    expect(sessions.data.map((e) => e.type)).toEqual(['checkout.session.completed', 'checkout.session.expired']);
    // `.` and `_` are literal: only `*` is a wildcard.
    expect((await stripe.events.list({ type: 'checkout_session.*' })).data).toEqual([]);

    expect((await stripe.checkout.sessions.list({ payment_intent: pi })).data.map((x) => x.id)).toEqual([session.id]);
    expect((await stripe.checkout.sessions.list({ status: 'complete' })).data.map((x) => x.id)).toEqual([session.id]);
    const open = await stripe.checkout.sessions.create(sessionParams(randomUUID()));
    expect((await stripe.checkout.sessions.list({ status: 'open' })).data.map((x) => x.id)).toEqual([open.id]);
    const all = await stripe.checkout.sessions.list({ limit: 100 }).autoPagingToArray({ limit: 200 });
    expect(all.map((x) => x.id).slice(0, 2)).toEqual([open.id, session.id]);
    expect(all).toHaveLength(27);
    const withIntent = await stripe.checkout.sessions.list({ payment_intent: pi, expand: ['data.payment_intent'] });
    expect(withIntent.data[0].payment_intent).toMatchObject({ object: 'payment_intent', id: pi });

    const rest = await stripe.refunds.create({ payment_intent: pi });
    expect((await stripe.refunds.list({ payment_intent: pi })).data.map((r) => r.id)).toEqual([rest.id, refund.id]);
    expect((await stripe.refunds.list({ charge: refund.charge as string, limit: 1 })).data.map((r) => r.id)).toEqual([rest.id]);
    expect((await stripe.refunds.list({ payment_intent: 'pi_unknown' })).data).toEqual([]);
    expect((await stripe.refunds.list({ created: { gte: refund.created } })).data).toHaveLength(2);
  });

  it("refuses what Stripe refuses and what the stand-in does not implement, in Stripe's words", async () => {
    expect(await failure(stripe.events.list({ starting_after: expired[3], ending_before: expired[1] }))).toMatchObject({
      statusCode: 400,
      rawType: 'invalid_request_error',
      message: 'Received both starting_after and ending_before parameters. Please pass in only one.',
    });
    expect(await failure(stripe.events.list({ starting_after: 'evt_unknown' }))).toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'starting_after',
      message: "No such event: 'evt_unknown'",
    });
    expect(await failure(stripe.refunds.list({ ending_before: 're_unknown' }))).toMatchObject({ code: 'resource_missing', param: 'ending_before' });
    // A session's id is not an event's.
    const session = await stripe.checkout.sessions.create(sessionParams(randomUUID()));
    expect(await failure(stripe.events.list({ starting_after: session.id }))).toMatchObject({ code: 'resource_missing', param: 'starting_after' });
    expect(await failure(stripe.events.list({ limit: 101 }))).toMatchObject({ statusCode: 400, param: 'limit' });
    expect(await failure(stripe.events.list({ limit: 0 }))).toMatchObject({ statusCode: 400, param: 'limit' });
    expect(await failure(stripe.events.list({ type: 'charge.refunded', types: ['refund.created'] }))).toMatchObject({ statusCode: 400, param: 'types' });
    expect(await failure(stripe.events.list({ types: Array.from({ length: 21 }, (_, i) => `t${i}`) }))).toMatchObject({ statusCode: 400, param: 'types' });
    expect(await failure(stripe.checkout.sessions.list({ status: 'paid' as 'open' }))).toMatchObject({ statusCode: 400, param: 'status' });
    expect(await failure(stripe.events.list({ created: { after: 5 } as Stripe.RangeQueryParam }))).toMatchObject({
      code: 'parameter_unknown',
      param: 'created[after]',
    });

    // Defined by Stripe, not implemented here: refused, never ignored.
    const notHere = await failure(stripe.checkout.sessions.list({ customer: 'cus_123' }));
    expect(notHere).toMatchObject({ statusCode: 400, code: 'parameter_not_implemented_locally', param: 'customer' });
    expect(notHere.message).toContain('does not implement the parameter `customer`');
    expect(await failure(stripe.checkout.sessions.list({ customer_details: { email: 'a@example.com' } }))).toMatchObject({
      code: 'parameter_not_implemented_locally',
      param: 'customer_details',
    });
    // Not a Stripe parameter at all.
    expect(await failure(stripe.events.list({ colour: 'red' } as Stripe.EventListParams))).toMatchObject({
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'colour',
      message: 'Received unknown parameter: colour',
    });
    expect(await failure(stripe.refunds.list({ status: 'succeeded' } as Stripe.RefundListParams))).toMatchObject({ code: 'parameter_unknown', param: 'status' });
  });
});
