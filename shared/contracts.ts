/**
 * Request contracts of the project's functions, as zod/mini schemas (small enough for the widget
 * bundles): the widgets validate with the same schema the function enforces.
 */
import * as z from 'zod/mini';
import { ADMIN_ORDER_TEXT, COMMERCE_TEXT, MSG, REWARDS_MESSAGES } from './messages.ts';
import { CART_LIMITS, ORDER_STEP_STATUSES, REFUND_REASON_MAX, REWARD_CODE_PATTERN, REWARDS_REASON_MAX } from './rules/commerce.ts';
import { EMAIL_MAX, EMAIL_PATTERN, MESSAGE_MAX, NAME_MAX, NAME_MIN, PARTNERSHIP_TYPES, leadKinds } from './rules/forms.ts';

const email = z
  .string({ error: MSG.emailRequired })
  .check(z.trim(), z.minLength(1, { error: MSG.emailRequired }), z.maxLength(EMAIL_MAX, { error: MSG.emailInvalid }), z.regex(EMAIL_PATTERN, { error: MSG.emailInvalid }));

const name = z
  .string({ error: MSG.nameRequired })
  .check(z.trim(), z.minLength(1, { error: MSG.nameRequired }), z.minLength(NAME_MIN, { error: MSG.nameMin }), z.maxLength(NAME_MAX, { error: MSG.tooLong(NAME_MAX) }));

/** Honeypot: a field humans never see; bots fill it. */
const honeypot = z.optional(z.string());

export const newsletterSignup = z.object({
  name,
  email,
  consentGiven: z.literal(true, { error: MSG.consentInline }),
  waitingList: z.optional(z.boolean()),
  sourcePage: z.optional(z.string().check(z.maxLength(300))),
  website: honeypot,
});

export const newsletterUnsubscribe = z.object({ token: z.string().check(z.minLength(16), z.maxLength(200)) });

const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max, { error: MSG.tooLong(max) })));
const requiredText = (max: number, required: string) =>
  z.string({ error: required }).check(z.trim(), z.minLength(1, { error: required }), z.maxLength(max, { error: MSG.tooLong(max) }));

export const leadPayloads = {
  partnership: z.object({
    name: requiredText(NAME_MAX, MSG.nameRequired),
    email,
    company: optionalText(200),
    // The form's choices, or nothing chosen.
    partnershipType: z.optional(z.enum([...PARTNERSHIP_TYPES.map((t) => t.value), ''])),
    message: optionalText(MESSAGE_MAX),
  }),
  beta_request: z.object({
    name: requiredText(NAME_MAX, MSG.nameRequired),
    email,
    role: requiredText(100, MSG.roleRequired),
    message: requiredText(MESSAGE_MAX, MSG.messageRequired),
  }),
  access_beta: z.object({ name: requiredText(NAME_MAX, MSG.nameRequired), email, message: optionalText(MESSAGE_MAX) }),
  notify: z.object({ name: requiredText(NAME_MAX, MSG.nameRequired), email }),
  vault_optin: z.object({ email, item: requiredText(120, 'Item is required') }),
  merch_notify: z.object({ email, item: requiredText(120, 'Item is required') }),
} as const;

export const leadCapture = z.object({
  kind: z.enum(leadKinds),
  payload: z.record(z.string(), z.unknown()),
  sourcePage: z.optional(z.string().check(z.maxLength(300))),
  website: honeypot,
});

export const betaAccess = z.object({ password: z.string().check(z.minLength(1), z.maxLength(200)) });

/**
 * checkout (docs/commerce.md#checkout): the cart's lines as `{product, configuration, quantity}` and
 * nothing that costs anything; shared/cart.ts `priceCart` then checks each configuration against the
 * catalog and prices it. `kitTerms` is the version of the kit terms the visitor ticked (required when
 * the cart holds a kit); `cart` is the browser's cart id (one payable checkout per cart, reused from any
 * tab or device while the lines stay the same); `attempt` names one press of Checkout, so a double tap
 * opens one order.
 */
export const checkoutRequest = z.object({
  cart: z.string({ error: 'cart is required' }).check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: 'cart must be a UUID' })),
  lines: z
    .array(
      z.object({
        product: z.string({ error: 'Product is required' }).check(z.maxLength(40)),
        configuration: z.record(z.string(), z.unknown()),
        quantity: z.number({ error: 'Quantity is required' }),
      }),
    )
    .check(z.minLength(1, { error: COMMERCE_TEXT.emptyCart }), z.maxLength(CART_LIMITS.maxLines, { error: `A cart holds at most ${CART_LIMITS.maxLines} different items` })),
  kitTerms: z.optional(z.string().check(z.maxLength(40))),
  attempt: z.optional(z.string().check(z.regex(/^[0-9a-f-]{36}$/i, { error: 'attempt must be a UUID' }))),
  /**
   * A signed-in member's reward code (docs/rewards.md#at-checkout), as typed: trimmed and upper-cased;
   * empty is no code. Whose it is and whether it is still unused, the function decides.
   */
  rewardCode: z.optional(
    z.string().check(
      z.trim(),
      z.toUpperCase(),
      z.maxLength(40, { error: REWARDS_MESSAGES.codeUnknown }),
      z.refine((v) => v === '' || REWARD_CODE_PATTERN.test(v), { error: REWARDS_MESSAGES.codeUnknown }),
    ),
  ),
});

const uuid = (what: string) => z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: `${what} must be an id` }));

/**
 * admin-orders (docs/commerce.md#fulfilment): one step of an order. `status` is a step status
 * (ORDER_STEP_STATUSES), and the function allows only those the order's ORDER_STEPS list (nextStatuses);
 * a shipment names its carrier and tracking number. Cancelling with `refund: true` also refunds what is
 * left of every paid payment.
 */
export const adminOrderStep = z.object({
  order: z.string().check(z.regex(/^[0-9a-f-]{36}$/i, { error: 'order must be an order id' })),
  status: z.enum(ORDER_STEP_STATUSES),
  carrier: z.optional(z.string().check(z.trim(), z.maxLength(60))),
  tracking: z.optional(z.string().check(z.trim(), z.maxLength(80))),
  note: z.optional(z.string().check(z.trim(), z.maxLength(300))),
  refund: z.optional(z.literal(true)),
});

/**
 * admin-orders: a refund of one paid payment, whole or part (docs/admin.md#refunds). `request` is made
 * once per confirmation dialog: Stripe's idempotency key, so a retry of the same confirmation refunds once.
 */
export const adminOrderRefund = z.object({
  order: uuid('order'),
  refund: z.object({
    payment: uuid('payment'),
    amount_cents: z.int({ error: 'Enter the amount to refund' }).check(z.positive({ error: 'Enter an amount above $0.00' })),
    reason: z
      .string({ error: ADMIN_ORDER_TEXT.refund.reasonRequired })
      .check(z.trim(), z.minLength(1, { error: ADMIN_ORDER_TEXT.refund.reasonRequired }), z.maxLength(REFUND_REASON_MAX, { error: MSG.tooLong(REFUND_REASON_MAX) })),
  }),
  request: uuid('request'),
});

/** admin-orders: the order's payments with their Stripe ids and Dashboard links (admins only). */
export const adminOrderRead = z.object({ order: uuid('order'), payments: z.literal(true) });

/** Everything admin-orders takes: a step, a refund, or the read of an order's payments. */
export const adminOrderAction = z.union([adminOrderRefund, adminOrderStep, adminOrderRead]);
export type AdminOrderAction = z.infer<typeof adminOrderAction>;

/** The one of adminOrderAction's forms a body means (by its shape), so a 400 names its field. */
export const adminOrderForm = (body: unknown) => {
  const b = (body ?? {}) as Record<string, unknown>;
  if (typeof b.refund === 'object' && b.refund !== null) return adminOrderRefund;
  if (b.payments === true && b.status === undefined) return adminOrderRead;
  return adminOrderStep;
};

const orderId = z.string().check(z.regex(/^[0-9a-f-]{36}$/i, { error: 'order must be an order id' }));
const orderToken = z.string().check(z.minLength(16), z.maxLength(200));

/**
 * The order pages' read of one order: by its Checkout Session (the success page), by the link's token
 * (a guest), or by its id (its signed-in customer, or an admin). With `download`, fresh links to the
 * order's files.
 */
export const orderStatusRequest = z.object({
  sessionId: z.optional(z.string().check(z.minLength(8), z.maxLength(255))),
  token: z.optional(orderToken),
  order: z.optional(orderId),
  download: z.optional(z.boolean()),
});

/** checkout's other form: a Checkout Session for the balance of an order, found by its link's token or (signed in) its id. */
export const balanceRequest = z.object({
  balance: z.object({ token: z.optional(orderToken), order: z.optional(orderId) }),
});

/** The path of the first issue (`lines.0.quantity`), for a 400 that names the field. */
export function firstIssuePath(error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey> }> }): string {
  return (error.issues[0]?.path ?? []).map(String).join('.') || '_';
}

/** First message per field, for inline errors. */
export function fieldErrors(error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> }) {
  const out: Record<string, string> = {};
  for (const i of error.issues) {
    const k = String(i.path[0] ?? '_');
    if (!(k in out)) out[k] = i.message;
  }
  return out;
}

/**
 * kit-launch (docs/admin.md#kit-launch): from an admin, the launch's state (`{product}`), or the switch
 * (`{product, onSale}`). Only the catalogue's Coming Soon products launch by the switch.
 */
export const kitLaunchRequest = z.strictObject({
  product: z.literal('diy-kit', { error: 'product must be diy-kit' }),
  onSale: z.optional(z.boolean({ error: 'onSale must be true or false' })),
});
export type KitLaunchRequest = z.infer<typeof kitLaunchRequest>;

/**
 * admin-rewards (docs/admin.md#rewards): an admin's correction of a card (`email`, `change` +1 or -1,
 * `reason`); `{seen: true}` instead marks the new rewards seen (rewardsSeenRequest).
 */
export const rewardsAdjustRequest = z.strictObject({
  email,
  change: z.union([z.literal(1), z.literal(-1)], { error: REWARDS_MESSAGES.changeInvalid }),
  reason: requiredText(REWARDS_REASON_MAX, REWARDS_MESSAGES.reasonRequired),
});
export type RewardsAdjustRequest = z.infer<typeof rewardsAdjustRequest>;
export const rewardsSeenRequest = z.strictObject({ seen: z.literal(true) });
/** admin-rewards' answer: the card's visit count after a correction, or how many rewards were marked seen. */
export type RewardsAdjustResult = { email: string; visits: number; codesIssued: number } | { seen: number };

/** kit-launch's answer: whether the product is on sale, and its launch e-mails by status. */
export interface KitLaunchState {
  product: 'diy-kit';
  onSale: boolean;
  changedAt: string | null;
  /** Addresses subscribed to the waiting list now. */
  waiting: number;
  mails: { queued: number; sending: number; sent: number; failed: number; skipped: number };
  /** False when the deployment has no e-mail API key: the queue waits. */
  mailConfigured: boolean;
}
