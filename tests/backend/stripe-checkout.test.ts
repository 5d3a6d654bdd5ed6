/**
 * The local Stripe stand-in's Checkout Session API (supabase/local/stripe/), through the official
 * `stripe` SDK pointed at the stack as the functions point it (tests/support/stripe.ts): creating a
 * session, idempotent replays and conflicts, parameters Stripe does not define or the stand-in does not
 * implement, expires_at's bounds, the API key, retrieving with expand, line items, expiring.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { testStack, type TestStack } from '../support/stack.ts';
import { inMinutes, sessionParams, stripeClient } from '../support/stripe.ts';

let s: TestStack;
let stripe: Stripe;

beforeAll(async () => {
  s = await testStack({ stripe: { webhookUrl: '' } });
  stripe = stripeClient(s.config, s.fetch);
});
afterAll(() => s?.close());

/** The error the SDK throws for a call, as a plain object. */
async function failure(call: Promise<unknown>) {
  try {
    await call;
  } catch (e) {
    const err = e as Stripe.errors.StripeError;
    return { type: err.type, rawType: err.rawType, code: err.code, param: err.param, message: err.message, statusCode: err.statusCode, requestId: err.requestId };
  }
  throw new Error('the call succeeded');
}

describe('creating a Checkout Session', () => {
  it('answers an open session with its amounts, metadata and the local hosted page', async () => {
    const order = randomUUID();
    const session = await stripe.checkout.sessions.create(sessionParams(order), { idempotencyKey: `order-${order}` });
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      livemode: false,
      currency: 'usd',
      client_reference_id: order,
      metadata: { order_id: order },
      customer_email: 'buyer@example.com',
      amount_subtotal: 45000,
      amount_total: 45800,
      total_details: { amount_discount: 0, amount_shipping: 800, amount_tax: 0 },
      shipping_address_collection: { allowed_countries: ['US'] },
      payment_intent: null,
      url: `${s.url}/stripe/pay/${session.id}`,
      success_url: 'http://127.0.0.1:5173/order/confirmed?session_id={CHECKOUT_SESSION_ID}',
    });
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]{58}$/);
    expect(session.shipping_options).toEqual([{ shipping_amount: 800, shipping_rate: expect.stringMatching(/^shr_/) }]);
    expect(session.lastResponse.requestId).toMatch(/^req_/);
    expect(session.lastResponse.apiVersion).toBe(Stripe.API_VERSION);
    // Stripe's order of keys: id, object, then the rest.
    expect(Object.keys(session).slice(0, 2)).toEqual(['id', 'object']);
  });

  it('replays the same key with the same parameters, and refuses it with others', async () => {
    const order = randomUUID();
    const key = `order-${order}`;
    // One set of parameters (expires_at is read from the clock: built twice, a second may pass between).
    const params = sessionParams(order);
    const first = await stripe.checkout.sessions.create(params, { idempotencyKey: key });
    const again = await stripe.checkout.sessions.create(params, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    // With the fetch HTTP client, lastResponse is the fetch Response.
    const replayed = (r: { lastResponse: unknown }) => (r.lastResponse as unknown as Response).headers.get('idempotent-replayed');
    expect(replayed(again)).toBe('true');
    expect(replayed(first)).toBeNull();
    const sessions = await s.db.query(`select count(*)::int as n from local_stripe.objects where kind = 'checkout.session' and data->>'client_reference_id' = $1`, [order]);
    expect(sessions.rows[0]).toEqual({ n: 1 });

    const other = await failure(stripe.checkout.sessions.create(sessionParams(order, { metadata: { order_id: 'tampered' } }), { idempotencyKey: key }));
    expect(other).toMatchObject({ type: 'StripeIdempotencyError', rawType: 'idempotency_error', statusCode: 400 });
    expect(other.message).toBe(
      `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    );
    // Without a key of its own, each call is a new session (the SDK sends a fresh key per call).
    const a = await stripe.checkout.sessions.create(sessionParams(order));
    const b = await stripe.checkout.sessions.create(sessionParams(order));
    expect(a.id).not.toBe(b.id);
  });

  it('replays a key once among concurrent requests', async () => {
    const order = randomUUID();
    const params = sessionParams(order);
    const all = await Promise.all(Array.from({ length: 5 }, () => stripe.checkout.sessions.create(params, { idempotencyKey: `c-${order}` })));
    expect(new Set(all.map((x) => x.id)).size).toBe(1);
  });

  it('refuses a parameter Stripe does not define, naming it (nothing stored)', async () => {
    const before = await s.db.query<{ n: number }>(`select count(*)::int as n from local_stripe.objects`);
    const top = await failure(stripe.checkout.sessions.create({ ...sessionParams('x'), colour: 'red' } as Stripe.Checkout.SessionCreateParams));
    expect(top).toMatchObject({ rawType: 'invalid_request_error', code: 'parameter_unknown', param: 'colour', message: 'Received unknown parameter: colour', statusCode: 400 });
    const params = sessionParams('x');
    (params.line_items![0].price_data as unknown as Record<string, unknown>).unit_price = 5;
    const nested = await failure(stripe.checkout.sessions.create(params));
    expect(nested).toMatchObject({ code: 'parameter_unknown', param: 'line_items[0][price_data][unit_price]' });
    const after = await s.db.query<{ n: number }>(`select count(*)::int as n from local_stripe.objects`);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('says so when a parameter Stripe has is not implemented here, instead of ignoring it', async () => {
    const e = await failure(stripe.checkout.sessions.create({ ...sessionParams('x'), allow_promotion_codes: true }));
    expect(e).toMatchObject({ code: 'parameter_not_implemented_locally', param: 'allow_promotion_codes', statusCode: 400 });
    expect(e.message).toContain('does not implement the parameter `allow_promotion_codes`');
    expect(await failure(stripe.checkout.sessions.create({ ...sessionParams('x'), mode: 'subscription' }))).toMatchObject({ code: 'parameter_not_implemented_locally' });
  });

  it('checks values: required keys, integers, e-mail, URLs, currencies', async () => {
    const noName = sessionParams('x');
    delete (noName.line_items![0].price_data!.product_data as Partial<Stripe.Checkout.SessionCreateParams.LineItem.PriceData.ProductData>).name;
    expect(await failure(stripe.checkout.sessions.create(noName))).toMatchObject({
      code: 'parameter_missing',
      param: 'line_items[0][price_data][product_data][name]',
      message: 'Missing required param: line_items[0][price_data][product_data][name].',
    });
    const fraction = await s.fetch(`${s.url}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${s.config.stripe.secretKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'mode=payment&line_items[0][quantity]=1.5',
    });
    expect(fraction.status).toBe(400);
    expect((await fraction.json()).error).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid_integer', param: 'line_items[0][quantity]' });
    expect(await failure(stripe.checkout.sessions.create({ ...sessionParams('x'), customer_email: 'not-mail' }))).toMatchObject({ code: 'email_invalid', param: 'customer_email' });
    expect(await failure(stripe.checkout.sessions.create({ ...sessionParams('x'), success_url: 'javascript:alert(1)' }))).toMatchObject({
      code: 'url_invalid',
      param: 'success_url',
    });
    const mixed = sessionParams('x');
    mixed.line_items![1].price_data!.currency = 'eur';
    expect(await failure(stripe.checkout.sessions.create(mixed))).toMatchObject({ param: 'line_items[1][price_data][currency]' });
    expect(await failure(stripe.checkout.sessions.create({ ...sessionParams('x'), line_items: [] }))).toMatchObject({ code: 'parameter_missing', param: 'line_items' });
  });

  it("keeps expires_at within Stripe's 30 minutes to 24 hours", async () => {
    const early = await failure(stripe.checkout.sessions.create({ ...sessionParams('x'), expires_at: inMinutes(29) }));
    expect(early).toMatchObject({
      rawType: 'invalid_request_error',
      param: 'expires_at',
      message: 'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
    });
    const late = await failure(stripe.checkout.sessions.create({ ...sessionParams('x'), expires_at: inMinutes(24 * 60 + 1) }));
    expect(late).toMatchObject({ param: 'expires_at', message: 'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.' });
    // One instant for the request and the check: computed twice, a second could tick between them.
    const at = inMinutes(31);
    const edge = await stripe.checkout.sessions.create({ ...sessionParams('x'), expires_at: at });
    expect(edge.expires_at).toBe(at);
    const byDefault = await stripe.checkout.sessions.create({ ...sessionParams('x'), expires_at: undefined });
    expect(byDefault.expires_at - byDefault.created).toBe(24 * 60 * 60);
  });

  it('answers 401 as Stripe does to a missing, wrong or publishable key', async () => {
    const wrong = await failure(stripeClient(s.config, s.fetch, 'sk_test_wrong_key_123456789').checkout.sessions.create(sessionParams('x')));
    expect(wrong).toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401, message: 'Invalid API Key provided: sk_test_***************6789' });
    const publishable = await failure(stripeClient(s.config, s.fetch, s.config.stripe.publishableKey).checkout.sessions.retrieve('cs_test_x'));
    expect(publishable).toMatchObject({ statusCode: 401 });
    const none = await s.fetch(`${s.url}/v1/checkout/sessions/cs_test_x`);
    expect(none.status).toBe(401);
    const body = await none.json();
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/^You did not provide an API key/);
    expect(none.headers.get('request-id')).toMatch(/^req_/);
  });
});

describe('reading and expiring a session', () => {
  it('retrieves a session, expands its line items and payment, and lists its line items', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams(randomUUID()));
    const got = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items', 'line_items.data.price.product'] });
    expect(got.line_items).toMatchObject({ object: 'list', has_more: false, url: `/v1/checkout/sessions/${session.id}/line_items` });
    const [jah, kit] = got.line_items!.data;
    expect(jah).toMatchObject({ object: 'item', description: 'Jah Locs', quantity: 1, amount_subtotal: 42000, amount_total: 42000, currency: 'usd' });
    expect(jah.price).toMatchObject({ object: 'price', unit_amount: 42000, type: 'one_time' });
    expect(jah.price!.product).toMatchObject({ object: 'product', name: 'Jah Locs', description: '24-26 in · MD · multi-tone · 40 locs', metadata: { product: 'jah-locs' } });
    expect(kit).toMatchObject({ quantity: 2, amount_total: 3000 });

    const page = await stripe.checkout.sessions.listLineItems(session.id, { limit: 1 });
    expect(page.data.map((i) => i.description)).toEqual(['Jah Locs']);
    expect(page.has_more).toBe(true);
    const rest = await stripe.checkout.sessions.listLineItems(session.id, { limit: 1, starting_after: page.data[0].id });
    expect(rest.data.map((i) => i.description)).toEqual(['Loc care kit']);

    await s.stripe.pay(session.id, { card: '4242424242424242' });
    const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent.latest_charge'] });
    const pi = paid.payment_intent as Stripe.PaymentIntent;
    expect(pi).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount: 45800, metadata: { order_id: session.client_reference_id } });
    expect(pi.latest_charge).toMatchObject({ object: 'charge', status: 'succeeded', paid: true, amount: 45800, metadata: { order_id: session.client_reference_id } });

    expect(await failure(stripe.checkout.sessions.retrieve(session.id, { expand: ['customer_details'] }))).toMatchObject({
      message: 'This property cannot be expanded (customer_details).',
    });
    expect(await failure(stripe.checkout.sessions.retrieve('cs_test_missing'))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such checkout.session: 'cs_test_missing'",
    });
  });

  it('expires an open session (event checkout.session.expired), and only an open one', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams(randomUUID()));
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ id: session.id, status: 'expired', url: null, payment_status: 'unpaid' });
    const events = await s.stripe.events(session.id);
    expect(events.map((e) => e.event.type)).toEqual(['checkout.session.expired']);
    expect(events[0].event.request).toEqual({ id: expired.lastResponse.requestId, idempotency_key: expect.stringMatching(/^stripe-node-retry-/) });
    const again = await failure(stripe.checkout.sessions.expire(session.id));
    expect(again).toMatchObject({ statusCode: 400, message: 'Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "expired".' });
    const page = await s.fetch(`${s.url}/stripe/pay/${session.id}`);
    expect(page.status).toBe(410);
  });

  it('expires sessions once their expires_at has passed', async () => {
    const session = await stripe.checkout.sessions.create({ ...sessionParams(randomUUID()), expires_at: inMinutes(31) });
    expect(await s.stripe.expireDue()).not.toContain(session.id);
    expect(await s.stripe.expireDue(inMinutes(32))).toContain(session.id);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
    expect((await s.stripe.events(session.id)).map((e) => [e.event.type, e.event.request])).toEqual([['checkout.session.expired', { id: null, idempotency_key: null }]]);
  });

  it('answers an endpoint it does not implement with 404 and says so', async () => {
    const r = await s.fetch(`${s.url}/v1/customers`, { headers: { Authorization: `Bearer ${s.config.stripe.secretKey}` } });
    expect(r.status).toBe(404);
    expect((await r.json()).error.message).toMatch(/^Unrecognized request URL \(GET: \/v1\/customers\)/);
  });
});
