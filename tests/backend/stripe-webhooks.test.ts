/**
 * The local Stripe stand-in's webhooks (supabase/local/stripe/webhooks.ts): events signed as Stripe
 * signs them (checked with the SDK's own constructEventAsync, which refuses forgeries), retries with
 * backoff after a failure or a timeout, redelivery (several at once), deliveries held and released out
 * of order, and a queue that survives a restart of the stack on the same database (a PGlite data
 * directory, or the same PostgreSQL database); a kill -9 is stripe-crash.test.ts. The endpoint is a small recording server (tests/support/stripe.ts).
 */
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { testStack, reopenableTestDb, type TestStack } from '../support/stack.ts';
import { FAST_RETRIES, sessionParams, stripeClient, webhookEndpoint } from '../support/stripe.ts';
import { createStack } from '../../supabase/local/app.ts';
import { signatureHeader } from '../../supabase/local/stripe/webhooks.ts';

let s: TestStack;
let stripe: Stripe;
let hook: Awaited<ReturnType<typeof webhookEndpoint>>;

beforeAll(async () => {
  hook = await webhookEndpoint();
  s = await testStack({ stripe: { ...FAST_RETRIES, webhookUrl: hook.url } });
  stripe = stripeClient(s.config, s.fetch);
});
afterAll(async () => {
  await s?.close();
  await hook?.close();
});
beforeEach(() => {
  hook.received.length = 0;
  hook.delay(0);
  hook.recover();
});

async function paidSession() {
  const session = await stripe.checkout.sessions.create(sessionParams(randomUUID()));
  await s.stripe.pay(session.id, { card: '4242424242424242' });
  await s.stripe.idle();
  return session;
}

describe('signed events', () => {
  it('delivers checkout.session.completed as Stripe does, and the SDK verifies it', async () => {
    const session = await paidSession();
    expect(hook.received).toHaveLength(1);
    const [{ headers, body }] = hook.received;
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(headers['user-agent']).toBe('Stripe/1.0 (+https://stripe.com/docs/webhooks)');
    expect(headers['stripe-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(body).toContain('\n  "id": "evt_'); // pretty-printed, as Stripe sends it
    const event = await stripe.webhooks.constructEventAsync(body, headers['stripe-signature'] as string, s.config.stripe.webhookSecret);
    expect(event).toMatchObject({
      object: 'event',
      type: 'checkout.session.completed',
      api_version: Stripe.API_VERSION,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { id: session.id, object: 'checkout.session', status: 'complete', payment_status: 'paid', client_reference_id: session.client_reference_id } },
    });
    expect(event.id).toMatch(/^evt_/);
    // The stored event, once delivered, has no webhook pending.
    const stored = await stripe.events.retrieve(event.id);
    expect(stored).toMatchObject({ id: event.id, type: 'checkout.session.completed', pending_webhooks: 0 });
  });

  it('is refused by the SDK when forged, re-serialised, signed with another secret or stale', async () => {
    await paidSession();
    const [{ headers, body }] = hook.received;
    const sig = headers['stripe-signature'] as string;
    const secret = s.config.stripe.webhookSecret;
    const refused = (b: string, h: string, k = secret) =>
      stripe.webhooks.constructEventAsync(b, h, k).then(
        () => 'accepted',
        (e: Error) => e.constructor.name,
      );
    expect(await refused(body.replace('"paid"', '"unpaid"'), sig)).toBe('StripeSignatureVerificationError');
    expect(await refused(JSON.stringify(JSON.parse(body)), sig)).toBe('StripeSignatureVerificationError');
    expect(await refused(body, sig, 'whsec_not_the_secret')).toBe('StripeSignatureVerificationError');
    expect(await refused(body, signatureHeader(body, secret, Math.floor(Date.now() / 1000) - 600))).toBe('StripeSignatureVerificationError');
    expect(await refused(body, signatureHeader(body, secret))).toBe('accepted');
    // The stand-in's secret is what the functions get, and what `npm start` prints.
    expect(secret).toMatch(/^whsec_[0-9a-f]{32}$/);
  });
});

describe('retries', () => {
  it('retries a 500 with exponential backoff until a 2xx', async () => {
    hook.answer(500, 503);
    const session = await paidSession();
    expect(hook.received.map((r) => JSON.parse(r.body).id)).toHaveLength(3);
    expect(new Set(hook.received.map((r) => JSON.parse(r.body).id)).size).toBe(1);
    const [a, b, c] = hook.received.map((r) => r.at);
    expect(b - a).toBeGreaterThanOrEqual(50);
    expect(c - b).toBeGreaterThanOrEqual(100);
    // Each attempt is signed afresh.
    const [record] = await s.stripe.events(session.id);
    expect(record.attempts.map((x) => x.status)).toEqual([500, 503, 200]);
    expect(record.deliveries).toMatchObject([{ state: 'delivered', attempts: 3 }]);
  });

  it('gives up after maxAttempts, and counts a timeout as a failure', async () => {
    const before = s.config.stripe.deliveryTimeoutMs;
    s.config.stripe.deliveryTimeoutMs = 150;
    try {
      hook.delay(2_000);
      const session = await paidSession();
      const [record] = await s.stripe.events(session.id);
      expect(record.deliveries).toMatchObject([{ state: 'failed', attempts: 5 }]);
      expect(record.attempts).toHaveLength(5);
      expect(record.attempts.every((x) => x.status === null && /timed out/.test(x.error ?? ''))).toBe(true);
      expect((await stripe.events.retrieve(record.event.id)).pending_webhooks).toBe(1);
    } finally {
      s.config.stripe.deliveryTimeoutMs = before;
    }
  });
});

describe('redelivery and ordering', () => {
  it('redelivers an event several times at once', async () => {
    const session = await paidSession();
    const [record] = await s.stripe.events(session.id);
    hook.received.length = 0;
    hook.delay(1_000);
    await s.stripe.redeliver(record.event.id, 4);
    await s.stripe.idle();
    expect(hook.received.map((r) => JSON.parse(r.body).id)).toEqual(Array(4).fill(record.event.id));
    // Concurrent: all four arrived before the first answer was due (one after another would take 3 s).
    const times = hook.received.map((r) => r.at);
    expect(Math.max(...times) - Math.min(...times)).toBeLessThan(1_000);
  });

  it('holds deliveries while paused and can release them out of order', async () => {
    s.stripe.pause();
    try {
      const session = await stripe.checkout.sessions.create(sessionParams(randomUUID()));
      await s.stripe.pay(session.id, { card: '4242424242424242' });
      await stripe.refunds.create({ payment_intent: (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string, amount: 1000 });
      await s.stripe.idle();
      expect(hook.received).toHaveLength(0);
      const records = await s.stripe.events(session.id);
      expect(records.map((r) => r.event.type)).toEqual(['checkout.session.completed', 'charge.refunded', 'refund.created']);
      await s.stripe.deliverNow(records[1].event.id);
      expect(hook.events().map((e) => e.type)).toEqual(['charge.refunded']);
      s.stripe.resume();
      await s.stripe.idle();
      // The two held back go out together once resumed, in no promised order (as with Stripe).
      const [first, ...rest] = hook.events().map((e) => e.type);
      expect([first, rest.sort()]).toEqual(['charge.refunded', ['checkout.session.completed', 'refund.created']]);
    } finally {
      s.stripe.resume();
    }
  });

  it('answers the test controls over HTTP, JSON only', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams(randomUUID()));
    const post = (path: string, body: unknown, type = 'application/json') =>
      s.fetch(`${s.url}/stripe/_test${path}`, { method: 'POST', headers: { 'Content-Type': type }, body: JSON.stringify(body) });
    expect((await post(`/sessions/${session.id}/pay`, { card: '4242424242424242' }, 'application/x-www-form-urlencoded')).status).toBe(415);
    const paid = await post(`/sessions/${session.id}/pay`, { card: '4242424242424242' });
    expect(await paid.json()).toMatchObject({ ok: true, status: 'paid' });
    expect((await post('/idle', {})).status).toBe(200);
    const events = await (await s.fetch(`${s.url}/stripe/_test/sessions/${session.id}/events`)).json();
    expect(events).toMatchObject([{ event: { type: 'checkout.session.completed' }, deliveries: [{ state: 'delivered' }], attempts: [{ status: 200 }] }]);
    const dashboard = await s.fetch(`${s.url}/stripe`);
    expect(dashboard.headers.get('access-control-allow-origin')).toBeNull();
    expect(await dashboard.text()).toContain(session.id.slice(0, 20));
    expect(await (await s.fetch(`${s.url}/stripe/sessions/${session.id}`)).text()).toContain('checkout.session.completed');
  });
});

describe('durability', () => {
  it('keeps undelivered events, sessions and idempotency keys across a restart on the same database', async () => {
    const saved = await reopenableTestDb();
    const endpoint = await webhookEndpoint();
    try {
      const config = { stripe: { ...FAST_RETRIES, retryBaseMs: 100, maxAttempts: 50, webhookUrl: endpoint.url } };
      const first = await createStack({ db: await saved.open(), config });
      endpoint.answer(...Array(50).fill(503));
      const session = await stripeClient(first.config, first.fetch).checkout.sessions.create(sessionParams(randomUUID()), { idempotencyKey: 'durable-1' });
      await first.stripe.pay(session.id, { card: '4242424242424242' });
      // The first stack stops once it has tried (and failed) at least once.
      await expect.poll(() => endpoint.received.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
      await first.close();

      // The endpoint recovers; a new stack on the same directory picks up where the first one stopped.
      endpoint.received.length = 0;
      endpoint.recover();
      const answered = endpoint.received;
      const second = await createStack({ db: await saved.open(), config });
      try {
        await second.stripe.idle();
        const api = stripeClient(second.config, second.fetch);
        const delivered = answered.map((r) => JSON.parse(r.body) as Stripe.Event);
        expect(delivered.map((e) => [e.type, (e.data.object as { id: string }).id])).toEqual([['checkout.session.completed', session.id]]);
        const [record] = await second.stripe.events(session.id);
        expect(record.deliveries).toMatchObject([{ state: 'delivered' }]);
        expect(record.attempts.at(-1)!.status).toBe(200);
        expect((await api.checkout.sessions.retrieve(session.id)).status).toBe('complete');
        const replay = await api.checkout.sessions.create(sessionParams(session.client_reference_id!, { expires_at: session.expires_at }), { idempotencyKey: 'durable-1' });
        expect(replay.id).toBe(session.id);
      } finally {
        await second.close();
      }
    } finally {
      await endpoint.close();
      await saved.drop();
    }
  }, 60_000);
});
