/**
 * Every change of state, each inside the caller's transaction: creating a session, paying it (the
 * hosted page and the test controls share this), settling an async payment, expiring a session and
 * refunding. Each event is stored with its webhook delivery in the same transaction as its cause, so a
 * crash never leaves an effect without its event or an event without its delivery.
 */
import type Stripe from 'stripe';
import type { Query } from '../db.ts';
import type { StripeConfig } from '../config.ts';
import { invalidRequest, missingParameter, notImplemented } from './errors.ts';
import {
  applyPercentOff,
  applyShippingRate,
  buildCoupon,
  buildPromotionCode,
  buildCharge,
  buildEvent,
  buildPaymentIntent,
  buildRefund,
  buildSession,
  nowSeconds,
  randomCode,
  type Address,
  type Charge,
  type Coupon,
  type CreateParams,
  type EventRequest,
  type PaymentDetails,
  type PaymentIntent,
  type PromotionCode,
  type Refund,
  type Session,
  type SessionPrivate,
  type StripeEvent,
} from './objects.ts';
import { SCHEMA, bySession, load, save } from './store.ts';

export interface FlowEnv {
  config: StripeConfig;
  publicUrl: string;
}

const NO_REQUEST: EventRequest = { id: null, idempotency_key: null };

/** Stores an event and queues its webhook delivery (none when no webhook URL is configured). */
export async function emit(q: Query, env: FlowEnv, type: Stripe.Event.Type, object: { id: string }, sessionId: string | null, request = NO_REQUEST) {
  const event = buildEvent(type, object, nowSeconds(), request);
  await save(q, 'event', event, { sessionId });
  if (env.config.webhookUrl) {
    const now = Date.now();
    await q(`insert into ${SCHEMA}.deliveries (event_id, url, max_attempts, next_attempt_ms, created_ms) values ($1, $2, $3, $4, $4)`, [
      event.id,
      env.config.webhookUrl,
      env.config.maxAttempts,
      now,
    ]);
  }
  return event;
}

export const money = (amount: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);

// ------------------------------------------------------------------ sessions

const MIN_EXPIRY = 30 * 60;
const MAX_EXPIRY = 24 * 60 * 60;

/** Creates a session from checked parameters (rules.ts), after the rules a table cannot say. */
export async function createSession(q: Query, env: FlowEnv, p: CreateParams): Promise<Session> {
  const at = nowSeconds();
  if (p.mode === undefined) throw missingParameter('mode');
  if (p.mode !== 'payment') throw notImplemented(`mode=${p.mode}`);
  if (!p.line_items?.length) throw missingParameter('line_items');
  let currency: string | undefined;
  p.line_items.forEach((li, i) => {
    const at = `line_items[${i}]`;
    if (!li.price_data) throw missingParameter(`${at}[price_data]`);
    if (li.price_data.unit_amount === undefined) throw missingParameter(`${at}[price_data][unit_amount]`);
    if (!li.price_data.product_data) throw missingParameter(`${at}[price_data][product_data]`);
    if (li.quantity === undefined) throw invalidRequest(`Quantity is required. Add \`quantity\` to \`${at}\``, `${at}[quantity]`, 'parameter_missing');
    if (li.quantity < 1) throw invalidRequest('This value must be greater than or equal to 1.', `${at}[quantity]`);
    const c = li.price_data.currency.toLowerCase();
    if (currency && c !== currency) throw invalidRequest('All line items must have the same currency.', `${at}[price_data][currency]`);
    currency = c;
  });
  p.shipping_options?.forEach((o, i) => {
    const at = `shipping_options[${i}]`;
    if (!o.shipping_rate_data) throw missingParameter(`${at}[shipping_rate_data]`);
    if (!o.shipping_rate_data.fixed_amount) throw missingParameter(`${at}[shipping_rate_data][fixed_amount]`);
    if (o.shipping_rate_data.fixed_amount.currency.toLowerCase() !== currency) {
      throw invalidRequest('The shipping rate currency must match the currency of the line items.', `${at}[shipping_rate_data][fixed_amount][currency]`);
    }
  });
  if (p.expires_at !== undefined) {
    if (p.expires_at - at < MIN_EXPIRY) throw invalidRequest('The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', 'expires_at');
    if (p.expires_at - at > MAX_EXPIRY) throw invalidRequest('The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', 'expires_at');
  }
  const discount = p.discounts?.length ? await discountOf(q, p.discounts[0]) : null;
  const { session, priv, products, rates } = buildSession(p, at, env.publicUrl);
  if (discount) {
    applyPercentOff(session, priv.line_items, discount.percent_off, { coupon: discount.coupon, promotion_code: discount.promotion_code });
    priv.discount = discount;
  }
  if (currency === 'usd' && (session.amount_total ?? 0) < 50) {
    throw invalidRequest("The Checkout Session's total amount due must add up to at least $0.50 usd", undefined, 'amount_too_small');
  }
  await save(q, 'checkout.session', session, { sessionId: session.id, private: priv });
  for (const product of products) await save(q, 'product', product, { sessionId: session.id });
  for (const rate of rates) await save(q, 'shipping_rate', rate, { sessionId: session.id });
  return session;
}

// ------------------------------------------------------------------ coupons and promotion codes

export async function createCoupon(q: Query, p: Stripe.CouponCreateParams): Promise<Coupon> {
  if (p.percent_off === undefined) throw invalidRequest('Must provide percent_off or amount_off.', 'percent_off');
  if (p.id !== undefined && (await load(q, p.id, 'coupon'))) throw invalidRequest('Coupon already exists.', 'id', 'resource_already_exists');
  const coupon = buildCoupon(p, nowSeconds());
  await save(q, 'coupon', coupon);
  return coupon;
}

export async function createPromotionCode(q: Query, p: Stripe.PromotionCodeCreateParams): Promise<PromotionCode> {
  const couponId = p.promotion.coupon;
  if (!couponId) throw missingParameter('promotion[coupon]');
  if (!(await load(q, couponId, 'coupon'))) throw invalidRequest(`No such coupon: '${couponId}'`, 'promotion[coupon]', 'resource_missing');
  // Unique among active codes, whatever the case (Stripe's rule for codes without a customer).
  const code = p.code ?? randomCode();
  const taken = await q(`select 1 from ${SCHEMA}.objects where kind = 'promotion_code' and upper(data->>'code') = upper($1) and (data->>'active')::boolean`, [code]);
  if (taken.rows.length) throw invalidRequest(`A promotion code with \`code: ${code}\` already exists.`, 'code', 'resource_already_exists');
  const promo = buildPromotionCode(p, code, nowSeconds());
  await save(q, 'promotion_code', promo);
  return promo;
}

/** Why a promotion code cannot be redeemed now, or null when it can. */
function unredeemable(promo: PromotionCode, coupon: Coupon): string | null {
  if (promo.max_redemptions !== null && promo.times_redeemed >= promo.max_redemptions) return 'This promotion code has been redeemed the maximum number of times.';
  if (!promo.active) return 'This promotion code is not active.';
  if (!coupon.valid) return 'This promotion code is not valid because its coupon is no longer valid.';
  return null;
}

/** A session's `discounts[0]`: its coupon (directly or through an active promotion code), checked as Stripe checks it. */
async function discountOf(q: Query, d: Stripe.Checkout.SessionCreateParams.Discount): Promise<NonNullable<SessionPrivate['discount']>> {
  const param = 'discounts[0]';
  if (d.coupon && d.promotion_code) throw invalidRequest('You may only specify one of these parameters: coupon, promotion_code.', `${param}[coupon]`);
  let promo: PromotionCode | null = null;
  let couponId = d.coupon;
  if (d.promotion_code) {
    promo = (await load<PromotionCode>(q, d.promotion_code, 'promotion_code'))?.data ?? null;
    if (!promo) throw invalidRequest(`No such promotion code: '${d.promotion_code}'`, `${param}[promotion_code]`, 'resource_missing');
    couponId = promo.promotion.coupon as string;
  }
  if (!couponId) throw invalidRequest('A discount needs a coupon or a promotion_code.', param, 'parameter_missing');
  const coupon = (await load<Coupon>(q, couponId, 'coupon'))?.data;
  if (!coupon) throw invalidRequest(`No such coupon: '${couponId}'`, `${param}[coupon]`, 'resource_missing');
  const why = promo ? unredeemable(promo, coupon) : coupon.valid ? null : 'This coupon is no longer valid.';
  if (why) throw invalidRequest(why, `${param}[${promo ? 'promotion_code' : 'coupon'}]`);
  return { coupon: coupon.id, percent_off: coupon.percent_off ?? 0, promotion_code: promo?.id ?? null, code: promo?.code ?? null };
}

/**
 * Redeems a completing session's discount: one more redemption of its coupon and promotion code; a
 * promotion code that reaches its max_redemptions is no longer active. A code used up since the session
 * opened (another session completed with it) refuses the payment, as Checkout refuses it.
 */
async function redeem(q: Query, priv: SessionPrivate, dryRun: boolean): Promise<string | null> {
  if (!priv.discount) return null;
  const coupon = (await load<Coupon>(q, priv.discount.coupon, 'coupon', true))!.data;
  const promo = priv.discount.promotion_code ? (await load<PromotionCode>(q, priv.discount.promotion_code, 'promotion_code', true))!.data : null;
  const why = promo ? unredeemable(promo, coupon) : null;
  if (why || dryRun) return why;
  coupon.times_redeemed += 1;
  await save(q, 'coupon', coupon);
  if (promo) {
    promo.times_redeemed += 1;
    if (promo.max_redemptions !== null && promo.times_redeemed >= promo.max_redemptions) promo.active = false;
    await save(q, 'promotion_code', promo);
  }
  return null;
}

/** Expires an open session: on request (the API), or because its expires_at has passed (the sweeper). */
export async function expireSession(q: Query, env: FlowEnv, id: string, request = NO_REQUEST): Promise<Session | null> {
  const row = await load<Session>(q, id, 'checkout.session', true);
  if (!row) return null;
  const s = row.data;
  if (s.status !== 'open') {
    throw invalidRequest(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status}".`, 'session');
  }
  s.status = 'expired';
  s.url = null;
  if (typeof s.payment_intent === 'string') {
    const pi = (await load<PaymentIntent>(q, s.payment_intent, 'payment_intent', true))!;
    pi.data.status = 'canceled';
    pi.data.canceled_at = nowSeconds();
    pi.data.cancellation_reason = 'abandoned';
    await save(q, 'payment_intent', pi.data);
  }
  await save(q, 'checkout.session', s);
  await emit(q, env, 'checkout.session.expired', s, s.id, request);
  return s;
}

/** Open sessions whose expires_at is at or before `at` (unix seconds). */
export async function dueForExpiry(q: Query, at: number): Promise<string[]> {
  const r = await q<{ id: string }>(
    `select id from ${SCHEMA}.objects where kind = 'checkout.session' and data->>'status' = 'open' and (data->>'expires_at')::bigint <= $1 order by seq limit 100`,
    [at],
  );
  return r.rows.map((x) => x.id);
}

// ------------------------------------------------------------------ paying

/** Stripe's test card numbers the stand-in knows (docs: "Testing"). */
export const TEST_CARDS: Record<string, { brand: string; funding: string; decline?: { code: string; decline_code?: string; message: string } }> = {
  '4242424242424242': { brand: 'visa', funding: 'credit' },
  '4000056655665556': { brand: 'visa', funding: 'debit' },
  '5555555555554444': { brand: 'mastercard', funding: 'credit' },
  '378282246310005': { brand: 'amex', funding: 'credit' },
  '4000000000000002': { brand: 'visa', funding: 'credit', decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } },
  '4000000000009995': {
    brand: 'visa',
    funding: 'credit',
    decline: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  '4000000000009987': { brand: 'visa', funding: 'credit', decline: { code: 'card_declined', decline_code: 'lost_card', message: 'Your card was declined.' } },
  '4000000000000069': { brand: 'visa', funding: 'credit', decline: { code: 'expired_card', message: 'Your card has expired.' } },
  '4000000000000127': { brand: 'visa', funding: 'credit', decline: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." } },
};

/** Stripe's US bank account test numbers (routing 110000000): settle a few seconds later, or fail then. */
export const TEST_ROUTING_NUMBER = '110000000';
export const TEST_BANK_ACCOUNTS: Record<string, { fails?: { code: string; message: string } }> = {
  '000123456789': {},
  '000111111113': { fails: { code: 'account_closed', message: "The customer's bank account has been closed." } },
  '000222222227': { fails: { code: 'insufficient_funds', message: "The customer's account has insufficient funds to cover this payment." } },
};

export interface PayInput {
  method?: 'card' | 'us_bank_account';
  email?: string;
  name?: string;
  card?: { number: string; expiry?: string; cvc?: string };
  bank?: { routing?: string; account: string; holder?: string };
  shipping?: { name?: string; address: Partial<Address> } | null;
  /** The id of one of the session's shipping rates (default: the selected one). */
  shippingRate?: string;
}

/** What the page shows: `field` names the input the message belongs to. */
export type PayResult = { ok: true; session: Session; status: 'paid' | 'processing' } | { ok: false; message: string; field?: string; session?: Session };

const luhn = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Pays an open session as Checkout would: the customer's e-mail and name, a shipping address when the
 * session collects one, then a test card (charged now, or declined: the session stays open) or a US
 * bank account (the session completes unpaid and settles later).
 */
export async function pay(q: Query, env: FlowEnv, sessionId: string, input: PayInput): Promise<PayResult> {
  const row = await load<Session>(q, sessionId, 'checkout.session', true);
  if (!row) return { ok: false, message: 'This Checkout Session does not exist.' };
  const s = row.data;
  const priv = row.private as SessionPrivate;
  const at = nowSeconds();
  if (s.status === 'open' && s.expires_at <= at) {
    await expireSession(q, env, s.id);
    return { ok: false, message: 'This Checkout Session has expired.', session: s };
  }
  if (s.status !== 'open') return { ok: false, message: `This Checkout Session is ${s.status === 'complete' ? 'already complete' : 'no longer active'}.`, session: s };

  // A session created with customer_email shows it read-only: Checkout does not let the customer change it.
  const email = (s.customer_email ?? input.email ?? '').trim();
  if (!EMAIL.test(email)) return { ok: false, message: 'Your email address is invalid.', field: 'email' };
  const name = (input.name ?? '').trim();
  if (!name) return { ok: false, message: 'Your name is incomplete.', field: 'name' };

  let shipping: PaymentDetails['shipping'] = null;
  if (s.shipping_address_collection) {
    const a = input.shipping?.address ?? {};
    const shipName = (input.shipping?.name ?? name).trim();
    const country = (a.country ?? 'US').trim().toUpperCase();
    if (!a.line1?.trim()) return { ok: false, message: 'Your shipping address is incomplete.', field: 'line1' };
    if (!a.city?.trim()) return { ok: false, message: 'Your city is incomplete.', field: 'city' };
    if (!s.shipping_address_collection.allowed_countries.includes(country as Stripe.Checkout.Session.ShippingAddressCollection.AllowedCountry)) {
      return { ok: false, message: 'We cannot ship to this country.', field: 'country' };
    }
    if (country === 'US' && !/^\d{5}(-\d{4})?$/.test(a.postal_code?.trim() ?? '')) return { ok: false, message: 'Your ZIP is invalid.', field: 'postal_code' };
    if (country === 'US' && !/^[A-Z]{2}$/.test(a.state?.trim().toUpperCase() ?? '')) return { ok: false, message: 'Your state is incomplete.', field: 'state' };
    shipping = {
      name: shipName,
      address: {
        city: a.city.trim(),
        country,
        line1: a.line1.trim(),
        line2: a.line2?.trim() || null,
        postal_code: a.postal_code?.trim() || null,
        state: a.state?.trim().toUpperCase() || null,
      },
    };
  }
  if (input.shippingRate) {
    const rate = priv.rates.find((r) => r.id === input.shippingRate);
    if (!rate) return { ok: false, message: 'Choose a shipping option.', field: 'shipping_rate' };
    applyShippingRate(s, rate);
  }
  const spent = await redeem(q, priv, true);
  if (spent) return { ok: false, message: spent, session: s };

  const method = input.method ?? (input.bank ? 'us_bank_account' : 'card');
  let details: PaymentDetails;
  let outcome: Parameters<typeof buildCharge>[3];
  let settlement: { code?: string; message?: string } | null = null;
  if (method === 'card') {
    const number = (input.card?.number ?? '').replace(/[\s-]/g, '');
    if (!/^\d{13,19}$/.test(number)) return { ok: false, message: 'Your card number is incomplete.', field: 'card_number' };
    if (!luhn(number)) return { ok: false, message: 'Your card number is invalid.', field: 'card_number' };
    const exp = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.card?.expiry ?? '12 / 34');
    if (!exp) return { ok: false, message: "Your card's expiration date is incomplete.", field: 'card_expiry' };
    const month = Number(exp[1]);
    const year = exp[2].length === 2 ? 2000 + Number(exp[2]) : Number(exp[2]);
    const now = new Date();
    if (month < 1 || month > 12) return { ok: false, message: "Your card's expiration month is invalid.", field: 'card_expiry' };
    if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
      return { ok: false, message: "Your card's expiration year is in the past.", field: 'card_expiry' };
    }
    const cvc = (input.card?.cvc ?? '123').trim();
    if (!/^\d{3,4}$/.test(cvc)) return { ok: false, message: "Your card's security code is incomplete.", field: 'card_cvc' };
    const card = TEST_CARDS[number];
    if (!card) {
      return {
        ok: false,
        message: 'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
        field: 'card_number',
      };
    }
    details = { type: 'card', email, name, card: { brand: card.brand, last4: number.slice(-4), exp_month: month, exp_year: year, funding: card.funding }, shipping };
    outcome = card.decline
      ? { status: 'failed', failure_code: card.decline.code, failure_message: card.decline.message, decline_code: card.decline.decline_code }
      : { status: 'succeeded' };
  } else {
    const routing = (input.bank?.routing ?? TEST_ROUTING_NUMBER).trim();
    const account = (input.bank?.account ?? '').trim();
    if (routing !== TEST_ROUTING_NUMBER) return { ok: false, message: `In test mode, use the routing number ${TEST_ROUTING_NUMBER}.`, field: 'routing' };
    const bank = TEST_BANK_ACCOUNTS[account];
    if (!bank) return { ok: false, message: 'In test mode, use a test account number (000123456789, 000111111113).', field: 'account' };
    details = { type: 'us_bank_account', email, name: input.bank?.holder?.trim() || name, bank: { last4: account.slice(-4), routing_number: routing }, shipping };
    outcome = { status: 'pending' };
    settlement = bank.fails ?? {};
  }

  // One PaymentIntent per session, created at the first attempt and reused by the next ones.
  let pi: PaymentIntent;
  if (typeof s.payment_intent === 'string') pi = (await load<PaymentIntent>(q, s.payment_intent, 'payment_intent', true))!.data;
  else pi = buildPaymentIntent(s, priv, at);
  pi.amount = s.amount_total ?? 0;
  pi.payment_method_types = [method];
  pi.shipping = shipping ? { address: shipping.address, carrier: null, name: shipping.name, phone: null, tracking_number: null } : null;
  const charge = buildCharge(pi, details, at, outcome);
  pi.latest_charge = charge.id;
  pi.payment_method = charge.payment_method;
  s.payment_intent = pi.id;
  await save(q, 'charge', charge, { sessionId: s.id });

  if (outcome.status === 'failed') {
    pi.status = 'requires_payment_method';
    pi.last_payment_error = {
      type: 'card_error',
      code: outcome.failure_code,
      decline_code: outcome.decline_code,
      message: outcome.failure_message,
      charge: charge.id,
      doc_url: `https://stripe.com/docs/error-codes/${outcome.failure_code!.replace(/_/g, '-')}`,
    } as Stripe.PaymentIntent.LastPaymentError;
    await save(q, 'payment_intent', pi, { sessionId: s.id });
    await save(q, 'checkout.session', s);
    return { ok: false, message: outcome.failure_message!, field: 'card_number', session: s };
  }

  pi.last_payment_error = null;
  if (outcome.status === 'succeeded') {
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
  } else {
    pi.status = 'processing';
  }
  await save(q, 'payment_intent', pi, { sessionId: s.id });
  s.status = 'complete';
  await redeem(q, priv, false);
  s.payment_status = outcome.status === 'succeeded' ? 'paid' : 'unpaid';
  s.url = null;
  s.customer_details = {
    address: shipping?.address ?? { city: null, country: 'US', line1: null, line2: null, postal_code: null, state: null },
    business_name: null,
    email,
    individual_name: null,
    name: details.name,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  };
  s.collected_information = { business_name: null, individual_name: null, shipping_details: shipping };
  await save(q, 'checkout.session', s);
  if (settlement) {
    const result = settlement.code ? `failed:${settlement.code}:${settlement.message}` : 'succeeded';
    await q(`insert into ${SCHEMA}.settlements (payment_intent, outcome, due_ms) values ($1, $2, $3)`, [pi.id, result, Date.now() + env.config.asyncSettleMs]);
  }
  await emit(q, env, 'checkout.session.completed', s, s.id);
  return { ok: true, session: s, status: outcome.status === 'succeeded' ? 'paid' : 'processing' };
}

/** Settles a processing (bank debit) payment: its scheduled outcome, or the one given. */
export async function settle(q: Query, env: FlowEnv, paymentIntentId: string, force?: 'succeeded' | 'failed'): Promise<PaymentIntent> {
  const row = await load<PaymentIntent>(q, paymentIntentId, 'payment_intent', true);
  if (!row) throw invalidRequest(`No such payment_intent: '${paymentIntentId}'`, 'payment_intent', 'resource_missing', 404);
  const pi = row.data;
  if (pi.status !== 'processing') throw invalidRequest(`This PaymentIntent is not processing (its status is ${pi.status}).`, 'payment_intent');
  const planned = (await q<{ outcome: string }>(`delete from ${SCHEMA}.settlements where payment_intent = $1 returning outcome`, [pi.id])).rows[0]?.outcome ?? 'succeeded';
  const [result, code, message] =
    force === 'succeeded' ? ['succeeded'] : force === 'failed' ? ['failed', 'account_closed', "The customer's bank account has been closed."] : planned.split(':');
  const charge = (await load<Charge>(q, pi.latest_charge as string, 'charge', true))!.data;
  const s = (await load<Session>(q, row.session_id!, 'checkout.session', true))!.data;
  if (result === 'succeeded') {
    charge.status = 'succeeded';
    charge.paid = true;
    charge.balance_transaction = `txn_${charge.id.slice(3)}`;
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    s.payment_status = 'paid';
  } else {
    charge.status = 'failed';
    charge.captured = false;
    charge.amount_captured = 0;
    charge.failure_code = code;
    charge.failure_message = message;
    pi.status = 'requires_payment_method';
    pi.last_payment_error = { type: 'invalid_request_error', code, message } as Stripe.PaymentIntent.LastPaymentError;
  }
  await save(q, 'charge', charge);
  await save(q, 'payment_intent', pi);
  await save(q, 'checkout.session', s);
  await emit(q, env, result === 'succeeded' ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed', s, s.id);
  return pi;
}

/** Settlements due at `atMs`. */
export async function dueSettlements(q: Query, atMs: number): Promise<string[]> {
  return (await q<{ payment_intent: string }>(`select payment_intent from ${SCHEMA}.settlements where due_ms <= $1 order by due_ms limit 100`, [atMs])).rows.map(
    (r) => r.payment_intent,
  );
}

// ------------------------------------------------------------------ refunds

export interface RefundParams {
  amount?: number;
  charge?: string;
  payment_intent?: string;
  reason?: Stripe.RefundCreateParams.Reason;
  metadata?: Record<string, string> | null;
}

export async function refund(q: Query, env: FlowEnv, p: RefundParams, request: EventRequest): Promise<Refund> {
  if (!p.charge && !p.payment_intent) {
    throw invalidRequest('One of the following params should be provided for this request: payment_intent or charge.', undefined, 'parameter_missing');
  }
  let chargeId = p.charge;
  if (p.payment_intent) {
    const pi = await load<PaymentIntent>(q, p.payment_intent, 'payment_intent', true);
    if (!pi) throw invalidRequest(`No such payment_intent: '${p.payment_intent}'`, 'payment_intent', 'resource_missing');
    if (pi.data.status !== 'succeeded') {
      throw invalidRequest(`This PaymentIntent (${pi.data.id}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
    }
    if (p.charge && p.charge !== pi.data.latest_charge) throw invalidRequest('The charge does not belong to this PaymentIntent.', 'charge', 'parameters_exclusive');
    chargeId = pi.data.latest_charge as string;
  }
  const row = await load<Charge>(q, chargeId!, 'charge', true);
  if (!row) throw invalidRequest(`No such charge: '${chargeId}'`, 'charge', 'resource_missing');
  const charge = row.data;
  if (charge.status !== 'succeeded') throw invalidRequest(`Charge ${charge.id} has not succeeded and cannot be refunded.`, 'charge', 'charge_not_refundable');
  const remaining = charge.amount - charge.amount_refunded;
  if (remaining <= 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
  const amount = p.amount ?? remaining;
  if (amount > remaining) {
    throw invalidRequest(
      charge.amount_refunded === 0
        ? `Refund amount (${money(amount, charge.currency)}) is greater than charge amount (${money(charge.amount, charge.currency)})`
        : `Refund amount (${money(amount, charge.currency)}) is greater than unrefunded amount on charge (${money(remaining, charge.currency)})`,
      'amount',
      'amount_too_large',
    );
  }
  const r = buildRefund(charge, amount, p.reason ?? null, p.metadata ?? {}, nowSeconds());
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  await save(q, 'refund', r, { sessionId: row.session_id });
  await save(q, 'charge', charge);
  await emit(q, env, 'charge.refunded', charge, row.session_id, request);
  await emit(q, env, 'refund.created', r, row.session_id, request);
  return r;
}

/** A session's events, oldest first (for the test controls and the dashboard). */
export const sessionEvents = (q: Query, sessionId: string) => bySession<StripeEvent>(q, sessionId, 'event');
