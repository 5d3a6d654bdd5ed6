/**
 * The parameters each implemented endpoint takes, checked by TypeScript against the pinned SDK's own
 * parameter types (params.ts Fields<T>): every key Stripe defines is listed, implemented or NO.
 */
import type Stripe from 'stripe';
import { invalidRequest, notImplemented } from './errors.ts';
import { NO, arr, bool, int, metadata, obj, range, req, str, type Fields } from './params.ts';

const url = str({
  max: 5000,
  check(v, param) {
    let u: URL | null = null;
    try {
      u = new URL(v);
    } catch {}
    if (!u || (u.protocol !== 'https:' && u.protocol !== 'http:')) throw invalidRequest('Not a valid URL', param, 'url_invalid');
  },
});
const email = str({
  max: 800,
  check(v, param) {
    if (!/^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/.test(v)) throw invalidRequest(`Invalid email address: ${v}`, param, 'email_invalid');
  },
});
const currency = str({
  check(v, param) {
    if (!/^[a-zA-Z]{3}$/.test(v)) throw invalidRequest(`Invalid currency: ${v}. Stripe currently supports these currencies: usd, …`, param);
  },
});
/** Stripe's list of countries it cannot ship to (Session.ShippingAddressCollection.allowed_countries). */
const UNSHIPPABLE = ['AS', 'CX', 'CC', 'CU', 'HM', 'IR', 'KP', 'MH', 'FM', 'NF', 'MP', 'PW', 'SY', 'UM', 'VI'];
const country = str({
  check(v, param) {
    if (!/^[A-Z]{2}$/.test(v) || UNSHIPPABLE.includes(v)) throw invalidRequest(`Invalid ${param}: ${v} is not a supported shipping country.`, param);
  },
});
const expand = arr<string>(str({ max: 500 }));

type CreateSession = Stripe.Checkout.SessionCreateParams;
type LineItem = Stripe.Checkout.SessionCreateParams.LineItem;
type PriceData = Stripe.Checkout.SessionCreateParams.LineItem.PriceData;
type ProductData = Stripe.Checkout.SessionCreateParams.LineItem.PriceData.ProductData;
type PaymentIntentData = Stripe.Checkout.SessionCreateParams.PaymentIntentData;
type AddressCollection = Stripe.Checkout.SessionCreateParams.ShippingAddressCollection;
type Country = Stripe.Checkout.SessionCreateParams.ShippingAddressCollection.AllowedCountry;
type ShippingOption = Stripe.Checkout.SessionCreateParams.ShippingOption;
type ShippingRateData = Stripe.Checkout.SessionCreateParams.ShippingOption.ShippingRateData;
type FixedAmount = Stripe.Checkout.SessionCreateParams.ShippingOption.ShippingRateData.FixedAmount;

export const SESSION_CREATE: Fields<CreateSession> = {
  adaptive_pricing: NO,
  after_expiration: NO,
  allow_promotion_codes: NO,
  allowed_payment_method_types: NO,
  automatic_tax: NO,
  billing_address_collection: NO,
  branding_settings: NO,
  cancel_url: url,
  client_reference_id: str({ max: 200 }),
  consent_collection: NO,
  currency: NO,
  custom_fields: NO,
  custom_text: NO,
  customer: NO,
  customer_account: NO,
  customer_creation: NO,
  customer_email: email,
  customer_update: NO,
  discounts: arr<Stripe.Checkout.SessionCreateParams.Discount>(
    obj<Stripe.Checkout.SessionCreateParams.Discount>({ coupon: str({ max: 5000 }), promotion_code: str({ max: 5000 }) }),
    {
      max: 1,
    },
  ),
  excluded_payment_method_types: NO,
  expand,
  expires_at: int(),
  integration_identifier: NO,
  invoice_creation: NO,
  line_items: arr<LineItem>(
    obj<LineItem>({
      adjustable_quantity: NO,
      metadata: metadata(),
      price: NO,
      price_data: obj<PriceData>({
        currency: req(currency),
        product: NO,
        product_data: obj<ProductData>({
          description: str({ max: 40000 }),
          images: NO,
          metadata: metadata(),
          name: req(str({ max: 250 })),
          tax_code: NO,
          tax_details: NO,
          unit_label: NO,
        }),
        recurring: NO,
        tax_behavior: NO,
        unit_amount: int({ min: 0, max: 99_999_999 }),
        unit_amount_decimal: NO,
      }),
      quantity: int({ min: 0, max: 999_999 }),
      tax_rates: NO,
    }),
    { max: 100 },
  ),
  locale: NO,
  managed_payments: NO,
  metadata: metadata(),
  mode: str({ oneOf: ['payment', 'setup', 'subscription'] }),
  name_collection: NO,
  optional_items: NO,
  origin_context: NO,
  payment_intent_data: obj<PaymentIntentData>({
    application_fee_amount: NO,
    capture_method: NO,
    description: str({ max: 1000 }),
    metadata: metadata(),
    on_behalf_of: NO,
    receipt_email: email,
    setup_future_usage: NO,
    shipping: NO,
    statement_descriptor: NO,
    statement_descriptor_suffix: NO,
    transfer_data: NO,
    transfer_group: NO,
  }),
  payment_method_collection: NO,
  payment_method_configuration: NO,
  payment_method_data: NO,
  payment_method_options: NO,
  permissions: NO,
  phone_number_collection: NO,
  redirect_on_completion: NO,
  return_url: NO,
  saved_payment_method_options: NO,
  setup_intent_data: NO,
  shipping_address_collection: obj<AddressCollection>({
    allowed_countries: req(arr<Country>(country, { max: 250 })),
  }),
  shipping_options: arr<ShippingOption>(
    obj<ShippingOption>({
      shipping_rate: NO,
      shipping_rate_data: obj<ShippingRateData>({
        delivery_estimate: NO,
        display_name: req(str({ max: 100 })),
        fixed_amount: obj<FixedAmount>({
          amount: req(int({ min: 0, max: 99_999_999 })),
          currency: req(currency),
          currency_options: NO,
        }),
        metadata: metadata(),
        tax_behavior: NO,
        tax_code: NO,
        type: str({ oneOf: ['fixed_amount'] }),
      }),
    }),
    { max: 5 },
  ),
  submit_type: NO,
  subscription_data: NO,
  success_url: url,
  tax_id_collection: NO,
  ui_mode: str({
    check(v, param) {
      if (v !== 'hosted_page') throw notImplemented(`${param}=${v}`);
    },
  }),
  wallet_options: NO,
};

export const SESSION_RETRIEVE: Fields<Stripe.Checkout.SessionRetrieveParams> = { expand };
export const SESSION_EXPIRE: Fields<Stripe.Checkout.SessionExpireParams> = { expand };
export const SESSION_LINE_ITEMS: Fields<Stripe.Checkout.SessionListLineItemsParams> = {
  ending_before: str(),
  expand,
  limit: int({ min: 1, max: 100 }),
  starting_after: str(),
};
export const PAYMENT_INTENT_RETRIEVE: Fields<Stripe.PaymentIntentRetrieveParams> = { client_secret: NO, expand };
export const CHARGE_RETRIEVE: Fields<Stripe.ChargeRetrieveParams> = { expand };
export const REFUND_RETRIEVE: Fields<Stripe.RefundRetrieveParams> = { expand };
export const EVENT_RETRIEVE: Fields<Stripe.EventRetrieveParams> = { expand };
export const REFUND_CREATE: Fields<Stripe.RefundCreateParams> = {
  amount: int({ min: 1, max: 99_999_999 }),
  charge: str({ max: 255 }),
  currency: NO,
  customer: NO,
  expand,
  instructions_email: NO,
  metadata: metadata({ emptyable: true }),
  origin: NO,
  payment_intent: str({ max: 255 }),
  reason: str({ oneOf: ['duplicate', 'fraudulent', 'requested_by_customer'] }),
  refund_application_fee: NO,
  reverse_transfer: NO,
};

/** Every list's cursors and page size (Stripe's PaginationParams): a page of 1 to 100, 10 by default. */
const page = { ending_before: str({ max: 5000 }), limit: int({ min: 1, max: 100 }), starting_after: str({ max: 5000 }) };

export const EVENT_LIST: Fields<Stripe.EventListParams> = {
  ...page,
  created: range(),
  delivery_success: bool(),
  expand,
  type: str({ max: 5000 }),
  types: arr<string>(str({ max: 5000 }), { max: 20 }),
};
export const SESSION_LIST: Fields<Stripe.Checkout.SessionListParams> = {
  ...page,
  created: range(),
  customer: NO,
  customer_account: NO,
  customer_details: NO,
  expand,
  payment_intent: str({ max: 5000 }),
  payment_link: NO,
  status: str({ oneOf: ['complete', 'expired', 'open'] }),
  subscription: NO,
};
export const REFUND_LIST: Fields<Stripe.RefundListParams> = {
  ...page,
  charge: str({ max: 5000 }),
  created: range(),
  expand,
  payment_intent: str({ max: 5000 }),
};

/** Coupons: percent off, duration once (what a reward is); amounts off and repeating durations are not implemented. */
export const COUPON_CREATE: Fields<Stripe.CouponCreateParams> = {
  amount_off: NO,
  applies_to: NO,
  currency: NO,
  currency_options: NO,
  duration: str({
    oneOf: ['forever', 'once', 'repeating'],
    check(v, param) {
      if (v !== 'once') throw notImplemented(`${param}=${v}`);
    },
  }),
  duration_in_months: NO,
  expand,
  id: str({ max: 5000 }),
  max_redemptions: int({ min: 1 }),
  metadata: metadata({ emptyable: true }),
  name: str({ max: 40 }),
  // Stripe takes a fraction (12.5); the stand-in whole percentages only.
  percent_off: int({ min: 1, max: 100 }),
  redeem_by: NO,
};
export const COUPON_RETRIEVE: Fields<Stripe.CouponRetrieveParams> = { expand };

type PromotionParams = Stripe.PromotionCodeCreateParams.Promotion;
export const PROMOTION_CODE_CREATE: Fields<Stripe.PromotionCodeCreateParams> = {
  active: bool(),
  code: str({
    max: 500,
    check(v, param) {
      if (!/^[A-Za-z0-9-]+$/.test(v)) throw invalidRequest('Promotion codes can only contain alphanumeric characters and dashes.', param);
    },
  }),
  customer: NO,
  customer_account: NO,
  expand,
  expires_at: NO,
  max_redemptions: int({ min: 1 }),
  metadata: metadata(),
  promotion: req(obj<PromotionParams>({ coupon: str({ max: 5000 }), type: req(str({ oneOf: ['coupon'] })) })),
  restrictions: NO,
};
export const PROMOTION_CODE_RETRIEVE: Fields<Stripe.PromotionCodeRetrieveParams> = { expand };
