/**
 * Paying and refunding through the local Stripe stand-in (supabase/local/stripe/): test cards that
 * succeed or are declined, a US bank account that settles (or fails) later, the hosted page's form, and
 * refunds (full, partial, too much), read back through the official `stripe` SDK. Fixtures:
 * tests/support/stripe.ts.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { testStack, type TestStack } from '../support/stack.ts';
import { sessionParams, stripeClient } from '../support/stripe.ts';

let s: TestStack;
let stripe: Stripe;

beforeAll(async () => {
  s = await testStack({ stripe: { webhookUrl: '', asyncSettleMs: 60_000 } });
  stripe = stripeClient(s.config, s.fetch);
});
afterAll(() => s?.close());

const newSession = (extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) => stripe.checkout.sessions.create(sessionParams(randomUUID(), extra));
const types = async (id: string) => (await s.stripe.events(id)).map((e) => e.event.type);

async function failure(call: Promise<unknown>) {
  try {
    await call;
  } catch (e) {
    const err = e as Stripe.errors.StripeError;
    return { code: err.code, param: err.param, message: err.message, statusCode: err.statusCode };
  }
  throw new Error('the call succeeded');
}

describe('paying a session', () => {
  it('4242: completes the session, paid, with what Checkout collected and what Stripe copies', async () => {
    const session = await newSession();
    const order = session.client_reference_id!;
    const paid = await s.stripe.pay(session.id, {
      card: '4242 4242 4242 4242',
      name: 'Ada Customer',
      shipping: { name: 'Ada Customer', address: { line1: '12 Loc Lane', city: 'Atlanta', state: 'GA', postal_code: '30303', country: 'US' } },
    });
    expect(paid).toMatchObject({ ok: true, status: 'paid' });
    const done = await stripe.checkout.sessions.retrieve(session.id);
    const address = { line1: '12 Loc Lane', line2: null, city: 'Atlanta', state: 'GA', postal_code: '30303', country: 'US' };
    expect(done).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      url: null,
      amount_subtotal: 45000,
      amount_total: 45800,
      total_details: { amount_shipping: 800 },
      customer_details: { email: 'buyer@example.com', name: 'Ada Customer', address },
      collected_information: { shipping_details: { name: 'Ada Customer', address } },
      shipping_cost: { amount_total: 800 },
    });
    const pi = await stripe.paymentIntents.retrieve(done.payment_intent as string);
    expect(pi).toMatchObject({
      status: 'succeeded',
      amount: 45800,
      amount_received: 45800,
      currency: 'usd',
      metadata: { order_id: order },
      shipping: { name: 'Ada Customer', address },
    });
    const charge = await stripe.charges.retrieve(pi.latest_charge as string);
    expect(charge).toMatchObject({
      status: 'succeeded',
      paid: true,
      captured: true,
      amount: 45800,
      amount_refunded: 0,
      refunded: false,
      payment_intent: pi.id,
      metadata: { order_id: order },
      billing_details: { email: 'buyer@example.com', name: 'Ada Customer' },
      payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } },
    });
    expect(await types(session.id)).toEqual(['checkout.session.completed']);
    // Paying twice is refused: the session is complete.
    expect(await s.stripe.pay(session.id, { card: '4242424242424242' })).toMatchObject({ ok: false, message: 'This Checkout Session is already complete.' });
  });

  it('0002: declined, the session stays open and can be paid with another card', async () => {
    const session = await newSession();
    expect(await s.stripe.pay(session.id, { card: '4000000000000002' })).toMatchObject({ ok: false, message: 'Your card was declined.' });
    const open = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent.latest_charge'] });
    expect(open).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    const pi = open.payment_intent as Stripe.PaymentIntent;
    expect(pi).toMatchObject({ status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' } });
    expect(pi.latest_charge).toMatchObject({ status: 'failed', paid: false, failure_code: 'card_declined', failure_message: 'Your card was declined.' });
    expect(await types(session.id)).toEqual([]);
    expect(await s.stripe.pay(session.id, { card: '4242424242424242' })).toMatchObject({ ok: true });
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid.payment_intent).toBe(pi.id);
    expect(await types(session.id)).toEqual(['checkout.session.completed']);
  });

  it('refuses what Checkout refuses before charging: bad numbers, past dates, live cards, missing address', async () => {
    const session = await newSession();
    expect(await s.stripe.pay(session.id, { card: '4242424242424241' })).toMatchObject({ ok: false, message: 'Your card number is invalid.' });
    expect(await s.stripe.pay(session.id, { card: '4242424242424242', expiry: '01 / 20' })).toMatchObject({ ok: false, message: "Your card's expiration year is in the past." });
    expect(await s.stripe.pay(session.id, { card: '4111111111111111' })).toMatchObject({ ok: false, message: expect.stringContaining('used a non test (live) card') });
    expect(await s.stripe.pay(session.id, { card: '4242424242424242', shipping: { name: 'A', address: { city: 'Atlanta' } } })).toMatchObject({
      ok: false,
      field: 'line1',
    });
    expect(await s.stripe.pay(session.id, { card: '4242424242424242', shipping: { name: 'A', address: { line1: '1 Rue', city: 'Paris', country: 'FR' } } })).toMatchObject({
      ok: false,
      message: 'We cannot ship to this country.',
    });
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_intent).toBeNull();
  });

  it('US bank account 000123456789: completes unpaid, then async_payment_succeeded', async () => {
    const session = await newSession();
    expect(await s.stripe.pay(session.id, { bankAccount: '000123456789' })).toMatchObject({ ok: true, status: 'processing' });
    const processing = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent.latest_charge'] });
    expect(processing).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    expect(processing.payment_intent).toMatchObject({ status: 'processing', latest_charge: { status: 'pending', payment_method_details: { type: 'us_bank_account' } } });
    await s.stripe.settle(session.id);
    const settled = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent.latest_charge'] });
    expect(settled).toMatchObject({ status: 'complete', payment_status: 'paid', payment_intent: { status: 'succeeded', latest_charge: { status: 'succeeded', paid: true } } });
    expect(await types(session.id)).toEqual(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
  });

  it('US bank account 000111111113: completes unpaid, then async_payment_failed', async () => {
    const session = await newSession();
    await s.stripe.pay(session.id, { bankAccount: '000111111113' });
    await s.stripe.settle(session.id);
    const failed = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent.latest_charge'] });
    expect(failed).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    expect(failed.payment_intent).toMatchObject({ status: 'requires_payment_method', latest_charge: { status: 'failed', failure_code: 'account_closed' } });
    expect(await types(session.id)).toEqual(['checkout.session.completed', 'checkout.session.async_payment_failed']);
  });

  it('settles a bank payment by itself after asyncSettleMs', async () => {
    const quick = await testStack({ stripe: { webhookUrl: '', asyncSettleMs: 50 } });
    try {
      const session = await stripeClient(quick.config, quick.fetch).checkout.sessions.create(sessionParams(randomUUID()));
      await quick.stripe.pay(session.id, { bankAccount: '000123456789' });
      await expect
        .poll(async () => (await quick.stripe.events(session.id)).map((e) => e.event.type))
        .toEqual(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
      await quick.stripe.idle();
      expect(
        (await quick.stripe.events(session.id)).map((e) => e.event.type),
        'and no more',
      ).toEqual(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
    } finally {
      await quick.close();
    }
  });
});

describe('the hosted checkout page', () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const filled = {
    email: 'page@example.com',
    ship_name: 'Page Buyer',
    country: 'US',
    line1: '1 Main St',
    city: 'Atlanta',
    state: 'GA',
    postal_code: '30303',
    method: 'card',
    card_expiry: '12 / 34',
    card_cvc: '123',
    name: 'Page Buyer',
  };

  it('shows the lines, the totals and the prefilled e-mail, and redirects to success_url once paid', async () => {
    const session = await newSession();
    const page = await s.fetch(session.url!);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    for (const text of ['Jah Locs', 'Loc care kit', 'Qty 2', '$450.00', '$8.00', '$458.00', 'Pay $458.00', 'value="buyer@example.com"', 'http://127.0.0.1:5173/cart']) {
      expect(html).toContain(text);
    }
    const paid = await s.fetch(session.url!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form({ ...filled, card_number: '4242 4242 4242 4242' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://127.0.0.1:5173/order/confirmed?session_id=${session.id}`);
    // customer_email is shown read-only and wins over whatever the form sent.
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'complete', customer_details: { email: 'buyer@example.com' } });
    expect(html).toMatch(/name="email" value="buyer@example.com"[^>]*readonly/);
  });

  it('shows "Your card was declined." for 0002 and keeps the session open', async () => {
    const session = await newSession();
    const declined = await s.fetch(session.url!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form({ ...filled, card_number: '4000 0000 0000 0002' }),
    });
    const html = await declined.text();
    expect(html).toContain('role="alert">Your card was declined.</p>');
    expect(html).toContain('value="1 Main St"');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });
});

describe('refunds', () => {
  async function paidSession() {
    const session = await newSession();
    await s.stripe.pay(session.id, { card: '4242424242424242' });
    return stripe.checkout.sessions.retrieve(session.id);
  }

  it('refunds part, then the rest; refuses more than is left', async () => {
    const session = await paidSession();
    const pi = session.payment_intent as string;
    const part = await stripe.refunds.create({ payment_intent: pi, amount: 20000, reason: 'requested_by_customer', metadata: { note: 'deposit back' } });
    expect(part).toMatchObject({ object: 'refund', amount: 20000, status: 'succeeded', payment_intent: pi, reason: 'requested_by_customer', metadata: { note: 'deposit back' } });
    let charge = await stripe.charges.retrieve(part.charge as string);
    expect(charge).toMatchObject({ amount_refunded: 20000, refunded: false });
    expect(await failure(stripe.refunds.create({ payment_intent: pi, amount: 30000 }))).toMatchObject({
      statusCode: 400,
      code: 'amount_too_large',
      param: 'amount',
      message: 'Refund amount ($300.00) is greater than unrefunded amount on charge ($258.00)',
    });
    const rest = await stripe.refunds.create({ charge: charge.id });
    expect(rest.amount).toBe(25800);
    charge = await stripe.charges.retrieve(charge.id, { expand: ['refunds'] });
    expect(charge).toMatchObject({ amount_refunded: 45800, refunded: true });
    expect(charge.refunds!.data.map((r) => r.amount)).toEqual([25800, 20000]);
    expect(await failure(stripe.refunds.create({ payment_intent: pi }))).toMatchObject({
      code: 'charge_already_refunded',
      message: `Charge ${charge.id} has already been refunded.`,
    });
    expect(await types(session.id)).toEqual(['checkout.session.completed', 'charge.refunded', 'refund.created', 'charge.refunded', 'refund.created']);
    const refunded = (await s.stripe.events(session.id)).filter((e) => e.event.type === 'charge.refunded').map((e) => (e.event.data.object as Stripe.Charge).amount_refunded);
    expect(refunded).toEqual([20000, 45800]);
  });

  it('refuses a first refund above the charge, and refunds nothing on an unpaid payment', async () => {
    const session = await paidSession();
    expect(await failure(stripe.refunds.create({ payment_intent: session.payment_intent as string, amount: 50000 }))).toMatchObject({
      code: 'amount_too_large',
      message: 'Refund amount ($500.00) is greater than charge amount ($458.00)',
    });
    const declined = await newSession();
    await s.stripe.pay(declined.id, { card: '4000000000000002' });
    const pi = (await stripe.checkout.sessions.retrieve(declined.id)).payment_intent as string;
    expect(await failure(stripe.refunds.create({ payment_intent: pi }))).toMatchObject({ statusCode: 400, param: 'payment_intent' });
    expect(await failure(stripe.refunds.create({}))).toMatchObject({ statusCode: 400, code: 'parameter_missing' });
  });
});
