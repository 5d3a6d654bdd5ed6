/**
 * An order as its customer sees it (docs/commerce.md#order-states): the shape the `order-status` function
 * answers (the database's order_view), and the totals every order screen and e-mail lists, in one order
 * and one wording. Pure: no DOM, no Node, no Deno.
 */
import { COMMERCE_TEXT, ORDER_HISTORY_TEXT, ORDER_STATUS_LABEL, REWARDS_MESSAGES } from './messages.ts';
import { formatCents, formatCentsExact } from './money.ts';
import { isPaid, orderNumber, type OrderStatus } from './rules/commerce.ts';

export interface OrderItemView {
  product: string;
  configuration: Record<string, unknown>;
  name: string;
  options: string[];
  unit_cents: number;
  quantity: number;
  line_cents: number;
  due_at_checkout_cents: number;
  digital: boolean;
}

export interface OrderPaymentView {
  kind: 'full' | 'deposit' | 'balance';
  amount_cents: number;
  status: 'open' | 'processing' | 'paid' | 'failed' | 'expired';
  refunded_cents: number;
  created_at: string;
  paid_at: string | null;
}

export interface OrderView {
  id: string;
  /** KYB-<number> once its first payment reached processing or paid; null before (an unpaid checkout). */
  number: number | null;
  status: OrderStatus;
  email: string | null;
  customer_name: string | null;
  created_at: string;
  paid_at: string | null;
  subtotal_cents: number;
  shipping_cents: number;
  total_cents: number;
  /** What a reward code took off at checkout, on Stripe's word (docs/rewards.md#at-checkout); 0 without one. */
  discount_cents: number;
  /** The reward code the order used (order_view only; the Data API's rows do not carry it). */
  reward_code?: string | null;
  due_at_checkout_cents: number;
  paid_cents: number;
  refunded_cents: number;
  balance_due_cents: number;
  needs_shipping: boolean;
  shipping_address: Record<string, string | null> | null;
  carrier: string | null;
  tracking_number: string | null;
  balance_requested_at: string | null;
  shipped_at: string | null;
  delivered_at: string | null;
  items: OrderItemView[];
  payments: OrderPaymentView[];
  history: OrderEvent[];
}

/**
 * One entry of an order's history. A note about money is a key with its cents (migration money_words):
 * historyNote words it; any other note is words already.
 */
export interface OrderEvent {
  status: OrderStatus;
  note: string | null;
  amount_cents: number | null;
  due_cents: number | null;
  at: string;
}

/**
 * A history note as the order screens show it: "Balance of $197.00 requested", "Refunded $45.00 in all",
 * or the note as it was written (an admin's, the words of the others, and the rows stored before the
 * database kept the cents). Amounts to the cent, as a charge or a refund is stated.
 */
export function historyNote(e: Pick<OrderEvent, 'note' | 'amount_cents' | 'due_cents'>): string | null {
  if (e.note === null || e.amount_cents === null) return e.note;
  const T = ORDER_HISTORY_TEXT;
  const amount = formatCentsExact(e.amount_cents);
  const [key, why] = e.note.split(':', 2);
  if (key === 'balance_requested') return T.balanceRequested(amount);
  if (key === 'refunded_total') return T.refundedTotal(amount);
  if (key === 'amount_differs' && e.due_cents !== null) return T.amountDiffers(amount, formatCentsExact(e.due_cents));
  const reason = why === undefined ? undefined : T.unexpectedWhy[why];
  if (key === 'unexpected_payment' && reason) return T.unexpectedPayment(amount, reason);
  return e.note;
}

/**
 * What a signed-in customer's order screens read through the Data API (My Account): the order's columns
 * granted to them, with its items, payments and history embedded (migration orders, "grants"). The
 * rows come back in the shape of OrderView, but for `history`, which is `order_events` there.
 */
export const ORDER_SELECT =
  'id, number, status, email, customer_name, created_at, paid_at, subtotal_cents, shipping_cents, total_cents, discount_cents, due_at_checkout_cents, paid_cents, refunded_cents, balance_due_cents, needs_shipping, shipping_address, carrier, tracking_number, balance_requested_at, shipped_at, delivered_at, order_items(position, product, configuration, name, options, unit_cents, quantity, line_cents, due_at_checkout_cents, digital), order_payments(kind, amount_cents, status, refunded_cents, created_at, paid_at), order_events(id, status, note, amount_cents, due_cents, created_at)';

/** A row of `orders` as the Data API answers ORDER_SELECT: OrderView, with its history as `order_events`. */
export type OrderRow = Omit<OrderView, 'items' | 'payments' | 'history'> & {
  order_items: (OrderItemView & { position: number })[];
  order_payments: OrderPaymentView[];
  order_events: ({ id: number; created_at: string } & Omit<OrderEvent, 'at'>)[];
};

/** An ORDER_SELECT row in the shape the order screens draw (items by position, history oldest first). */
export function orderFromRow<R extends OrderRow>(r: R): Omit<R, 'order_items' | 'order_payments' | 'order_events'> & OrderView {
  const { order_items, order_payments, order_events, ...o } = r;
  return {
    ...o,
    items: [...order_items].sort((a, b) => a.position - b.position),
    payments: order_payments,
    history: [...order_events].sort((a, b) => a.id - b.id).map((e) => ({ status: e.status, note: e.note, amount_cents: e.amount_cents, due_cents: e.due_cents, at: e.created_at })),
  };
}

// The lifecycle's sets live with its statuses and steps (shared/rules/commerce.ts); re-exported for the
// order screens and functions that import them from here.
export { AWAITING_PAYMENT, BALANCE_PAYABLE, PAID_STATUSES, isPaid } from './rules/commerce.ts';

/** An order whose files its customer may download: paid (not refunded or cancelled) and holding the Crown Planner. */
export const isDownloadable = (o: Pick<OrderView, 'status' | 'items'>) => isPaid(o.status) && o.items.some((i) => i.product === 'crown-planner');

export const statusLabel = (s: OrderStatus) => ORDER_STATUS_LABEL[s];
/** "Order KYB-1001", or "Your order" for one not paid yet (it has no number). */
export const orderTitle = (o: Pick<OrderView, 'number'>) => (o.number === null ? 'Your order' : `Order ${orderNumber(o.number)}`);

export interface TotalLine {
  label: string;
  text: string;
  /** The line that sums (drawn stronger). */
  strong?: boolean;
}

/** What orderTotals reads: an order, or a cart before checkout (nothing paid yet, no discount). */
export type TotalsOf = Pick<
  OrderView,
  'subtotal_cents' | 'shipping_cents' | 'total_cents' | 'due_at_checkout_cents' | 'paid_cents' | 'refunded_cents' | 'balance_due_cents' | 'needs_shipping'
> &
  Partial<Pick<OrderView, 'discount_cents' | 'reward_code'>>;

/** What the order costs after a reward's discount: the receipts' Total, the admin list's amount and its CSV. */
export const totalAfterDiscount = (o: Pick<TotalsOf, 'total_cents' | 'discount_cents'>) => o.total_cents - (o.discount_cents ?? 0);

/**
 * The order's money in words, as every order screen and e-mail lists it (and the cart, before checkout).
 * A reward's discount is its own line, to the cent as Stripe took it off, right after the subtotal and
 * before the shipping (Stripe's Checkout page lists them in that order), and the total is after it.
 */
export function orderTotals(o: TotalsOf): TotalLine[] {
  const lines: TotalLine[] = [{ label: COMMERCE_TEXT.subtotal, text: formatCents(o.subtotal_cents) }];
  // Right under the subtotal, as Stripe's Checkout lists it: the discount is taken off the lines, never the shipping.
  const discount = o.discount_cents ?? 0;
  if (discount > 0) lines.push({ label: REWARDS_MESSAGES.discountLine(o.reward_code ?? null), text: `−${formatCentsExact(discount)}` });
  if (o.needs_shipping) lines.push({ label: COMMERCE_TEXT.shipping, text: o.shipping_cents ? formatCents(o.shipping_cents) : COMMERCE_TEXT.shippingFree });
  lines.push({ label: COMMERCE_TEXT.total, text: formatCents(totalAfterDiscount(o)), strong: true });
  if (o.paid_cents > 0) lines.push({ label: 'Paid', text: formatCents(o.paid_cents) });
  else if (o.due_at_checkout_cents < o.total_cents) lines.push({ label: COMMERCE_TEXT.dueToday, text: formatCents(o.due_at_checkout_cents) });
  if (o.balance_due_cents > 0) lines.push({ label: COMMERCE_TEXT.balanceDue, text: formatCents(o.balance_due_cents), strong: true });
  else if (o.paid_cents === 0 && o.due_at_checkout_cents < o.total_cents)
    lines.push({ label: COMMERCE_TEXT.balanceDue, text: formatCents(o.total_cents - o.due_at_checkout_cents) });
  if (o.refunded_cents > 0) lines.push({ label: 'Refunded', text: formatCents(o.refunded_cents) });
  return lines;
}

/** The shipping address on one line per part, as the order page and e-mails print it. */
export function addressLines(a: OrderView['shipping_address']): string[] {
  if (!a) return [];
  const cityLine = [a.city, [a.state, a.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.name, a.line1, a.line2, cityLine, a.country].filter((x): x is string => !!x && x.trim() !== '');
}

/**
 * One payment of an order as the admin-orders function answers it to an admin (never to a customer):
 * what OrderPaymentView shows, with our id (a refund names it), Stripe's PaymentIntent and the link to
 * the payment in Stripe's Dashboard (test or live as the key is; the local Stripe's page locally).
 */
export interface AdminPaymentView extends OrderPaymentView {
  id: string;
  expires_at: string | null;
  payment_intent: string | null;
  dashboard_url: string | null;
}

/** What is left to refund of a payment: nothing unless it was paid. */
export const refundableCents = (p: Pick<OrderPaymentView, 'status' | 'amount_cents' | 'refunded_cents'>) =>
  p.status === 'paid' ? Math.max(p.amount_cents - p.refunded_cents, 0) : 0;
export { formatCentsExact } from './money.ts';
