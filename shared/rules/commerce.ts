/**
 * The shop's business rules (docs/commerce.md#business-rules): shipping, deposits, cart limits, the kit
 * terms and checkout timing. The cart (widgets), the checkout function and the order pages all read
 * them from here; `shared/cart.ts` applies them. Money is integer cents everywhere.
 * No imports: this file runs unchanged in Deno (functions), Node (site build, local stack, tests) and the browser.
 */

export const CURRENCY = 'usd';

/**
 * Shipping (docs/commerce.md#shipping): free on physical orders of $100 or more (the handmade locs'
 * "free shipping over $100", store-wide), a flat standard rate below that. Digital-only orders collect
 * no address and pay no shipping. The business changes the rate here and rebuilds (site and functions).
 */
export const SHIPPING = {
  /** The flat standard rate, in cents. */
  flatCents: 800,
  /** Physical goods worth at least this (in cents) ship free. */
  freeFromCents: 10_000,
  /** Where goods ship (Stripe Checkout's `shipping_address_collection.allowed_countries`). */
  countries: ['US'] as const,
  /** The rate's name on Stripe's page and on receipts. */
  label: 'Standard shipping',
  freeLabel: 'Free shipping',
} as const;

/**
 * Made-to-order deposits (docs/commerce.md#deposits): Jah Locs are handmade to order, so checkout
 * charges a share of each Jah line, rounded to the dollar; the balance is due before shipping.
 */
export const DEPOSIT = {
  /** Products paid by deposit. */
  products: ['jah-locs'] as readonly string[],
  /** Share of the line charged at checkout. */
  rate: 0.5,
} as const;

/** Cart limits (docs/commerce.md#cart): the drawer's quantity stepper and the checkout contract both enforce them. */
export const CART_LIMITS = {
  /** Different lines in one cart (Stripe Checkout itself takes up to 100). */
  maxLines: 20,
  /** Units of one line. */
  maxQuantity: 10,
} as const;

/**
 * Kits are final sale and ship to the U.S. only (docs/limits.md): a cart that holds a kit asks for this
 * acknowledgement before checkout, and the order records the version agreed to. Bump the version
 * whenever the words change.
 */
export const KIT_TERMS = {
  version: '2026-11',
  text: 'I understand that kits are final sale and ship to the U.S. only.',
} as const;

/**
 * How long a Checkout Session stays open (Stripe allows 30 minutes to 24 hours). An unpaid order
 * expires with it; the cart stays.
 */
export const CHECKOUT_SESSION_MINUTES = 60;

/** Orders are shown as KYB-<number>. */
export const ORDER_NUMBER_PREFIX = 'KYB-';
export const orderNumber = (n: number | string) => `${ORDER_NUMBER_PREFIX}${n}`;

/**
 * Every state an order can be in (docs/commerce.md#order-states). Checkout and Stripe move an order
 * through the first six; the business moves a paid one through production to delivery, and a refund
 * from Stripe ends it. The database's CHECK constraint lists the same names.
 */
export const ORDER_STATUSES = [
  'pending',
  'processing',
  'paid',
  'deposit_paid',
  'payment_failed',
  'expired',
  'in_production',
  'ready',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
