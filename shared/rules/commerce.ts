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
  /** Units of a download (the planner): one per order, whatever the stepper elsewhere allows (issue #29). */
  maxDownloadQuantity: 1,
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

/**
 * Orders are shown as KYB-<number>. An order has a number only once its first payment reached processing
 * or paid (the database gives it then): an unpaid checkout has none, and says so where it is listed.
 */
export const ORDER_NUMBER_PREFIX = 'KYB-';
export const UNPAID_CHECKOUT = 'Unpaid checkout';
export const orderNumber = (n: number | string | null) => (n === null ? UNPAID_CHECKOUT : `${ORDER_NUMBER_PREFIX}${n}`);

/**
 * The order lifecycle, stated once (docs/commerce.md#order-states): every status, the steps between them
 * after payment, and the sets the screens, the functions and the database sort orders by. The SQL holds
 * the same facts (the CHECK of orders.status, order_next_statuses, purchased(), order_balance_payment):
 * tests/backend/lifecycle.test.ts compares each with this, status by status.
 *
 * Every state an order can be in. Checkout and Stripe move an order through the first six; the business
 * moves a paid one through production to delivery, and a refund from Stripe ends it.
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

/** The statuses the business moves an order to, one action each (the admin-orders request's `status`). */
export const ORDER_STEP_STATUSES = ['in_production', 'ready', 'shipped', 'delivered', 'cancelled'] as const satisfies readonly OrderStatus[];
export type OrderStep = (typeof ORDER_STEP_STATUSES)[number];

/**
 * The steps of an order after payment (docs/commerce.md#fulfilment): from each status, the statuses the
 * admin screen offers, for an order that ships and for a digital-only one (delivered by its download,
 * it needs none of the studio's steps). A status not listed has no step. The database's
 * order_next_statuses holds the same table and refuses any other step.
 */
export const ORDER_STEPS: { ships: Partial<Record<OrderStatus, readonly OrderStep[]>>; digital: Partial<Record<OrderStatus, readonly OrderStep[]>> } = {
  ships: {
    paid: ['in_production', 'cancelled'],
    deposit_paid: ['in_production', 'cancelled'],
    in_production: ['ready', 'cancelled'],
    ready: ['shipped', 'cancelled'],
    shipped: ['delivered'],
  },
  digital: {
    paid: ['delivered', 'cancelled'],
  },
};

/** The steps an order in `status` may take next (ORDER_STEPS). */
export function nextStatuses(status: OrderStatus, needsShipping: boolean): OrderStep[] {
  return [...(ORDER_STEPS[needsShipping ? 'ships' : 'digital'][status] ?? [])];
}

/**
 * The moves Stripe's word makes before the business's steps (docs/commerce.md#order-states): a first
 * payment processing, paid, failed or expired (order_apply_session). A refund of everything kept moves
 * any paid status to `refunded` (order_apply_refund).
 */
export const PAYMENT_MOVES: Partial<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['processing', 'paid', 'deposit_paid', 'payment_failed', 'expired'],
  processing: ['paid', 'deposit_paid', 'payment_failed'],
  payment_failed: ['processing', 'paid', 'deposit_paid', 'expired'],
};

/** Whether an order's history may go from `from` to `to`: a step, a payment's move, a refund, or the same status again with a note. */
export function lifecycleAllows(from: OrderStatus, to: OrderStatus, needsShipping: boolean): boolean {
  return from === to || to === 'refunded' || (nextStatuses(from, needsShipping) as OrderStatus[]).includes(to) || (PAYMENT_MOVES[from] ?? []).includes(to);
}

/**
 * Statuses in which the customer has paid (in full or the deposit) and nothing was refunded in full:
 * what makes a review a Verified Purchase (purchased() in SQL) and a planner downloadable.
 */
export const PAID_STATUSES: readonly OrderStatus[] = ['paid', 'deposit_paid', 'in_production', 'ready', 'shipped', 'delivered'];
export const isPaid = (s: OrderStatus) => PAID_STATUSES.includes(s);
/** Statuses that wait on Stripe: the success page keeps asking while an order is in one. */
export const AWAITING_PAYMENT: readonly OrderStatus[] = ['pending', 'processing'];
/**
 * A made-to-order order whose balance its customer may pay now, when one is due (the checkout function's
 * `balance` form; order_balance_payment in SQL): after the deposit, until it ships.
 */
export const BALANCE_PAYABLE: readonly OrderStatus[] = ['deposit_paid', 'in_production', 'ready'];
/** Orders the business has to act on (the admin nav's count): physical orders paid and not shipped yet. */
export const NEEDS_ACTION: readonly OrderStatus[] = ['paid', 'deposit_paid', 'in_production', 'ready'];

/** The most a refund's reason holds (Stripe's metadata values hold 500): the admin's refund form and its contract. */
export const REFUND_REASON_MAX = 300;

/** The most a rewards correction's reason holds: the admin's correction form and its contract. */
export const REWARDS_REASON_MAX = 500;

/** Days after delivery before the customer is asked for a review of each product (the review-requests job). */
export const REVIEW_REQUEST_DAYS = 7;

/** The Crown Planner's files: a private storage bucket, one folder per tier (`pdf/`, `bundle/`). */
export const PLANNER_FILES_BUCKET = 'planner-files';

/**
 * The key of a stored object's metadata that marks the local stack's stand-in for a seeded file
 * (supabase/local/seed-objects.ts): Planner files says such a file is a placeholder to replace.
 */
export const SEED_PLACEHOLDER_KEY = 'kybPlaceholder';
/**
 * What the bucket takes (its file_size_limit and allowed_mime_types in migration fulfilment, which
 * enforce them): the admin screen checks a file against these before sending it.
 */
export const PLANNER_FILE_LIMITS = {
  maxBytes: 100 * 1024 * 1024,
  types: ['application/pdf', 'application/zip', 'image/png', 'image/jpeg'],
} as const;
/** A download link lives this long: each click on Download makes a fresh one, none is e-mailed. */
export const DOWNLOAD_LINK_SECONDS = 120;

/**
 * Carriers the admin picks from when marking an order shipped, with their public tracking pages (the
 * tracking number is appended). "Other" has none: the e-mail and the order page then show the number only.
 */
export const CARRIERS = [
  { id: 'USPS', trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=' },
  { id: 'UPS', trackingUrl: 'https://www.ups.com/track?tracknum=' },
  { id: 'FedEx', trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=' },
  { id: 'DHL', trackingUrl: 'https://www.dhl.com/us-en/home/tracking/tracking-express.html?tracking-id=' },
  { id: 'Other', trackingUrl: null },
] as const;

/** The tracking page of a shipment, or null when its carrier has none we know. */
export function trackingLink(carrier: string | null, tracking: string | null): string | null {
  const c = CARRIERS.find((x) => x.id === carrier);
  // Carriers print their numbers in groups ("9400 1000 …"), but none has a space in it: a copied space
  // would reach the carrier's page as %20 and find nothing (issue #29).
  const number = tracking?.replace(/\s+/g, '');
  return c?.trackingUrl && number ? `${c.trackingUrl}${encodeURIComponent(number)}` : null;
}

/**
 * A reward code as the member types it (docs/rewards.md#reward-codes): KYB- and 12 upper-case hexadecimal
 * characters, mirrored by reward_codes' CHECK constraint (migration reward_codes).
 */
export const REWARD_CODE_PATTERN = /^KYB-[0-9A-F]{12}$/;
