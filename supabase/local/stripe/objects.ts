/**
 * Stripe's objects as the pinned API version renders them (typed by the SDK, so a field the version
 * requires cannot be left out): Checkout Sessions, their line items, products and shipping rates,
 * PaymentIntents, Charges, Refunds and Events. Builders only; flows.ts changes them.
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/** The API version every object and event is rendered in: the SDK's own. */
export const API_VERSION = Stripe.API_VERSION;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function randomId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}${out}`;
}

/** A promotion code's customer-facing code when none is given: 8 upper-case letters and digits. */
export const randomCode = () => randomId('', 8).toUpperCase();

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export type Session = Stripe.Checkout.Session;
export type PaymentIntent = Stripe.PaymentIntent;
export type Charge = Stripe.Charge;
export type Refund = Stripe.Refund;
export type LineItem = Stripe.LineItem;
export type StripeEvent = Stripe.Event;
export type Address = Stripe.Address;
export type Coupon = Stripe.Coupon;
export type PromotionCode = Stripe.PromotionCode;

/** What a session keeps that its object does not show. */
export interface SessionPrivate {
  line_items: LineItem[];
  payment_intent_data: { metadata: Record<string, string>; description: string | null; receipt_email: string | null };
  /** The shipping rates offered (their ids are in shipping_options), for the hosted page. */
  rates: Stripe.ShippingRate[];
  /** The discount applied (discounts[0]): its coupon's percent off and, when given, the promotion code and its customer-facing code. */
  discount?: { coupon: string; percent_off: number; promotion_code: string | null; code: string | null };
}

export type CreateParams = Stripe.Checkout.SessionCreateParams;

/** A new open session, with its line items, products and shipping rates. */
export function buildSession(p: CreateParams, at: number, publicUrl: string) {
  const id = randomId('cs_test_', 58);
  const currency = p.line_items![0].price_data!.currency.toLowerCase();
  const products: Stripe.Product[] = [];
  const lineItems: LineItem[] = p.line_items!.map((li) => {
    const pd = li.price_data!;
    const product: Stripe.Product = {
      id: randomId('prod_', 14),
      object: 'product',
      active: false,
      created: at,
      default_price: null,
      description: pd.product_data!.description ?? null,
      images: [],
      livemode: false,
      marketing_features: [],
      metadata: (pd.product_data!.metadata as Record<string, string>) ?? {},
      name: pd.product_data!.name,
      package_dimensions: null,
      shippable: null,
      statement_descriptor: null,
      tax_code: null,
      tax_details: null,
      type: 'service',
      unit_label: null,
      updated: at,
      url: null,
    };
    products.push(product);
    const unit = pd.unit_amount!;
    const quantity = li.quantity!;
    const price = {
      id: randomId('price_'),
      object: 'price',
      active: false,
      billing_scheme: 'per_unit',
      created: at,
      currency,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: product.id,
      recurring: null,
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: 'one_time',
      unit_amount: unit,
      // Stripe sends decimals as strings; the SDK's type is its own Decimal class.
      unit_amount_decimal: String(unit) as unknown as Stripe.Price['unit_amount_decimal'],
    } satisfies Stripe.Price;
    return {
      id: randomId('li_'),
      object: 'item',
      adjustable_quantity: null,
      amount_discount: 0,
      amount_subtotal: unit * quantity,
      amount_tax: 0,
      amount_total: unit * quantity,
      currency,
      description: pd.product_data!.name,
      metadata: (li.metadata as Record<string, string>) ?? {},
      price,
      quantity,
    } satisfies LineItem;
  });
  const rates: Stripe.ShippingRate[] = (p.shipping_options ?? []).map((o) => {
    const d = o.shipping_rate_data!;
    return {
      id: randomId('shr_'),
      object: 'shipping_rate',
      active: true,
      created: at,
      delivery_estimate: null,
      display_name: d.display_name,
      fixed_amount: { amount: d.fixed_amount!.amount, currency: d.fixed_amount!.currency.toLowerCase() },
      livemode: false,
      metadata: (d.metadata as Record<string, string>) ?? {},
      tax_behavior: 'unspecified',
      tax_code: null,
      type: 'fixed_amount',
    };
  });
  const subtotal = lineItems.reduce((sum, li) => sum + li.amount_subtotal, 0);
  const session: Session = {
    id,
    object: 'checkout.session',
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: subtotal,
    amount_total: subtotal,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: p.cancel_url ?? null,
    client_reference_id: p.client_reference_id ?? null,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: at,
    currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_account: null,
    customer_creation: 'if_required',
    customer_details: null,
    customer_email: p.customer_email ?? null,
    discounts: [],
    expires_at: p.expires_at ?? at + 24 * 60 * 60,
    integration_identifier: null,
    invoice: null,
    invoice_creation: {
      enabled: false,
      invoice_data: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: null, metadata: {}, rendering_options: null },
    },
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: (p.metadata as Record<string, string>) ?? {},
    mode: 'payment',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'if_required',
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card', 'us_bank_account'],
    payment_status: 'unpaid',
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: p.shipping_address_collection ? { allowed_countries: [...p.shipping_address_collection.allowed_countries] } : null,
    shipping_cost: null,
    shipping_options: rates.map((r) => ({ shipping_amount: r.fixed_amount!.amount, shipping_rate: r.id })),
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: p.success_url ?? null,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: `${publicUrl}/stripe/pay/${id}`,
    wallet_options: null,
  };
  // Checkout selects the first shipping rate until the customer picks another.
  if (rates.length) applyShippingRate(session, rates[0]);
  const priv: SessionPrivate = {
    line_items: lineItems,
    payment_intent_data: {
      metadata: (p.payment_intent_data?.metadata as Record<string, string>) ?? {},
      description: p.payment_intent_data?.description ?? null,
      receipt_email: p.payment_intent_data?.receipt_email ?? null,
    },
    rates,
  };
  return { session, priv, products, rates };
}

export function applyShippingRate(session: Session, rate: Stripe.ShippingRate) {
  const amount = rate.fixed_amount!.amount;
  session.shipping_cost = { amount_subtotal: amount, amount_tax: 0, amount_total: amount, shipping_rate: rate.id };
  const discount = session.total_details?.amount_discount ?? 0;
  session.total_details = { amount_discount: discount, amount_shipping: amount, amount_tax: 0 };
  session.amount_total = (session.amount_subtotal ?? 0) - discount + amount;
}

export interface PaymentDetails {
  type: 'card' | 'us_bank_account';
  email: string;
  name: string;
  /** Card: brand, last4, expiry, funding. Bank account: last4 and routing number. */
  card?: { brand: string; last4: string; exp_month: number; exp_year: number; funding: string };
  bank?: { last4: string; routing_number: string };
  shipping: { name: string; address: Address } | null;
}

export function buildPaymentIntent(session: Session, priv: SessionPrivate, at: number): PaymentIntent {
  const id = randomId('pi_');
  return {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: session.amount_total ?? 0,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: `${id}_secret_${randomId('', 25)}`,
    confirmation_method: 'automatic',
    created: at,
    currency: session.currency ?? 'usd',
    customer: null,
    customer_account: null,
    description: priv.payment_intent_data.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: { ...priv.payment_intent_data.metadata },
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: [...session.payment_method_types],
    payment_record: null,
    processing: null,
    receipt_email: priv.payment_intent_data.receipt_email,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  };
}

/** One charge attempt of a payment intent: succeeded, pending (bank debit) or failed. */
export function buildCharge(
  pi: PaymentIntent,
  d: PaymentDetails,
  at: number,
  outcome: { status: 'succeeded' | 'pending' | 'failed'; failure_code?: string; failure_message?: string; decline_code?: string },
): Charge {
  const succeeded = outcome.status === 'succeeded';
  const failed = outcome.status === 'failed';
  const billingAddress = d.shipping?.address ?? { city: null, country: null, line1: null, line2: null, postal_code: null, state: null };
  const pm = randomId('pm_');
  const details = (d.type === 'card'
    ? {
        type: 'card',
        card: {
          amount_authorized: failed ? null : pi.amount,
          authorization_code: failed ? null : String(100000 + (at % 900000)),
          brand: d.card!.brand,
          checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: failed ? null : 'pass' },
          country: 'US',
          exp_month: d.card!.exp_month,
          exp_year: d.card!.exp_year,
          fingerprint: randomId('', 16),
          funding: d.card!.funding,
          last4: d.card!.last4,
          network: d.card!.brand,
          network_token: { used: false },
          three_d_secure: null,
          wallet: null,
        },
      }
    : {
        type: 'us_bank_account',
        us_bank_account: {
          account_holder_type: 'individual',
          account_type: 'checking',
          bank_name: 'STRIPE TEST BANK',
          fingerprint: randomId('', 16),
          last4: d.bank!.last4,
          mandate: randomId('mandate_'),
          payment_reference: null,
          routing_number: d.bank!.routing_number,
        },
      }) as unknown as Stripe.Charge.PaymentMethodDetails;
  return {
    id: randomId('ch_'),
    object: 'charge',
    amount: pi.amount,
    amount_captured: failed ? 0 : pi.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: succeeded ? randomId('txn_') : null,
    billing_details: { address: billingAddress, email: d.email, name: d.name, phone: null, tax_id: null },
    calculated_statement_descriptor: 'KYB',
    captured: !failed,
    created: at,
    currency: pi.currency,
    customer: null,
    description: pi.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: outcome.failure_code ?? null,
    failure_message: outcome.failure_message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: { ...pi.metadata },
    on_behalf_of: null,
    outcome: failed
      ? {
          advice_code: null,
          network_advice_code: null,
          network_decline_code: null,
          network_status: 'declined_by_network',
          reason: outcome.decline_code ?? outcome.failure_code ?? null,
          risk_level: 'normal',
          risk_score: 20,
          seller_message: 'The bank did not return any further details with this decline.',
          type: 'issuer_declined',
        }
      : {
          advice_code: null,
          network_advice_code: null,
          network_decline_code: null,
          network_status: 'approved_by_network',
          reason: null,
          risk_level: 'normal',
          risk_score: 20,
          seller_message: 'Payment complete.',
          type: 'authorized',
        },
    paid: succeeded,
    payment_intent: pi.id,
    payment_method: pm,
    payment_method_details: details,
    receipt_email: pi.receipt_email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: d.shipping ? { address: d.shipping.address, carrier: null, name: d.shipping.name, phone: null, tracking_number: null } : null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: outcome.status,
    transfer_data: null,
    transfer_group: null,
  };
}

export function buildRefund(charge: Charge, amount: number, reason: Stripe.Refund.Reason | null, metadata: Record<string, string>, at: number): Refund {
  return {
    id: randomId('re_'),
    object: 'refund',
    amount,
    balance_transaction: randomId('txn_'),
    charge: charge.id,
    created: at,
    currency: charge.currency,
    customer: null,
    customer_account: null,
    metadata,
    payment_intent: typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null),
    payment_method: charge.payment_method,
    reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
}

export interface EventRequest {
  id: string | null;
  idempotency_key: string | null;
}

export function buildEvent(type: Stripe.Event.Type, object: unknown, at: number, request: EventRequest): StripeEvent {
  return {
    id: randomId('evt_'),
    object: 'event',
    api_version: API_VERSION,
    created: at,
    data: { object: structuredClone(object) as Stripe.Event.Data.Object },
    livemode: false,
    pending_webhooks: 1,
    request,
    type,
  } as StripeEvent;
}

export function list<T>(data: T[], url: string, hasMore = false) {
  return { object: 'list' as const, data, has_more: hasMore, url };
}

/** A coupon as created (coupons.create): percent off, duration once; `id` chosen or generated. */
export function buildCoupon(p: Stripe.CouponCreateParams, at: number): Coupon {
  return {
    id: p.id ?? randomId('', 8),
    object: 'coupon',
    amount_off: null,
    created: at,
    currency: null,
    duration: p.duration ?? 'once',
    duration_in_months: null,
    livemode: false,
    max_redemptions: p.max_redemptions ?? null,
    metadata: (p.metadata as Record<string, string> | undefined) ?? {},
    name: p.name ?? null,
    percent_off: p.percent_off ?? null,
    redeem_by: null,
    times_redeemed: 0,
    valid: true,
  };
}

/** A promotion code on a coupon (the pinned API version's shape: `promotion: {type: 'coupon', coupon}`). */
export function buildPromotionCode(p: Stripe.PromotionCodeCreateParams, code: string, at: number): PromotionCode {
  return {
    id: randomId('promo_'),
    object: 'promotion_code',
    active: p.active ?? true,
    code,
    created: at,
    customer: null,
    customer_account: null,
    expires_at: null,
    livemode: false,
    max_redemptions: p.max_redemptions ?? null,
    metadata: (p.metadata as Record<string, string> | undefined) ?? {},
    promotion: { type: 'coupon', coupon: p.promotion.coupon ?? null },
    restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
    times_redeemed: 0,
  };
}

/**
 * Applies a percent-off coupon to a new session, as Checkout does: the percentage of the line items'
 * subtotal (never of shipping), rounded to the nearest cent (half up), then shared among the lines in
 * proportion to their amounts, whole cents, the leftover cents to the lines with the largest remainders
 * (the first line on a tie), so the lines' discounts add up to the session's.
 */
export function applyPercentOff(session: Session, lines: LineItem[], percentOff: number, discount: Stripe.Checkout.Session.Discount): void {
  const subtotal = session.amount_subtotal ?? 0;
  const total = Math.round((subtotal * percentOff) / 100);
  const shares = lines.map((li, i) => {
    const exact = subtotal ? (li.amount_subtotal * total) / subtotal : 0;
    return { i, cents: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  let left = total - shares.reduce((sum, x) => sum + x.cents, 0);
  for (const x of [...shares].sort((a, b) => b.rest - a.rest || a.i - b.i)) {
    if (left <= 0) break;
    x.cents += 1;
    left -= 1;
  }
  for (const x of shares) {
    lines[x.i].amount_discount = x.cents;
    lines[x.i].amount_total = lines[x.i].amount_subtotal - x.cents;
  }
  const shipping = session.total_details?.amount_shipping ?? 0;
  session.discounts = [discount];
  session.total_details = { amount_discount: total, amount_shipping: shipping, amount_tax: 0 };
  session.amount_total = subtotal - total + shipping;
}
