/**
 * The admin's orders, as the signed-in admin (migrations orders and fulfilment: RLS lets admins read
 * every order, its items, payments and history, and its e-mails; the grants name the columns). Reads
 * go through the Data API with the admin's token; a step goes through the `admin-orders` function,
 * which checks the role and allows exactly the order's next steps. Every function returns
 * `{ok, …}` and never throws, so the element maps each failure to its toast.
 */
import type { Result } from '../core/admin-gate.tsx';
import { toCsv } from '../core/csv.ts';
import { invokeFunction, type FunctionResult } from '../core/functions.ts';
import { allPages, containsAny } from '../core/admin-list.tsx';
import { needingAction } from './count.ts';
import type { KybClient } from '../core/supabase.ts';
import {
  type ADMIN_ORDER_TEXT,
  ORDER_NUMBER_PREFIX,
  ORDER_SELECT,
  ORDER_STATUS_LABEL,
  addressLines,
  orderFromRow,
  orderNumber,
  totalAfterDiscount,
  type AdminPaymentView,
  type OrderRow,
  type OrderStatus,
  type OrderStep,
  type OrderView,
} from '../core/domain.ts';

export type { Result };
const fail = (error: unknown): { ok: false; error: unknown } => ({ ok: false, error });

export const PAGE_SIZE = 25;
/** Rows per request while exporting (the whole filtered view goes into the file). */
export const EXPORT_BATCH = 500;

/** An e-mail the order sent (or owes): order_mails, readable by admins only. */
export interface OrderMail {
  /** Every kind the database's CHECK allows (migration payments_accounted), each worded in ADMIN_ORDER_TEXT.mail. */
  kind: keyof typeof ADMIN_ORDER_TEXT.mail;
  /** The product's review slug for a review request; '' otherwise. */
  subject_key: string;
  status: 'sending' | 'sent' | 'failed' | 'skipped';
  sent_at: string | null;
}

/** An order as the admin sees it: what its customer sees, and whose it is, the kit terms and its e-mails. */
export interface AdminOrder extends OrderView {
  user_id: string | null;
  kit_terms_version: string | null;
  kit_terms_accepted_at: string | null;
  mails: OrderMail[];
}

/** What the admin reads: the customer's columns (ORDER_SELECT) and what only the admin needs. */
export const ADMIN_ORDER_SELECT = `${ORDER_SELECT}, user_id, kit_terms_version, kit_terms_accepted_at, order_mails(kind, subject_key, status, sent_at)`;

type AdminRow = OrderRow & Pick<AdminOrder, 'user_id' | 'kit_terms_version' | 'kit_terms_accepted_at'> & { order_mails: OrderMail[] | null };

export function toAdminOrder(row: AdminRow): AdminOrder {
  const { order_mails, ...rest } = row;
  return { ...orderFromRow(rest), mails: order_mails ?? [] };
}

/** The status filter: one status, the orders that need action (NEEDS_ACTION, physical), or all. */
export type StatusFilter = OrderStatus | 'needs-action' | null;

export interface Filter {
  status: StatusFilter;
  /** Part of the customer's name or e-mail, or an order number (`KYB-1001` or `1001`); '' for none. */
  search: string;
}

/** The part of postgrest-js's filter builder used here (its full generic type is too deep to carry). */
interface Filterable {
  eq(column: string, value: unknown): Filterable;
  or(filters: string): Filterable;
  not(column: string, operator: string, value: unknown): Filterable;
}

const NUMBER = new RegExp(`^(?:${ORDER_NUMBER_PREFIX.replace('-', '-?')})?(\\d{1,15})$`, 'i');

/** `KYB-1001`, `kyb1001` or `1001` → 1001; anything else → null. */
export function orderNumberOf(term: string): number | null {
  const m = NUMBER.exec(term.trim());
  return m ? Number(m[1]) : null;
}

/**
 * Checkouts nobody paid: no order number yet (numbers are given at payment), or, for an order numbered
 * before that rule, still awaiting its first payment or expired unpaid. Never listed among the orders.
 */
export const ABANDONED_STATUSES: readonly OrderStatus[] = ['pending', 'expired'];
const abandoned = `number.is.null,status.in.(${ABANDONED_STATUSES.join(',')})`;

function filtered<Q>(query: Q, f: Filter): Q {
  let q = (query as unknown as Filterable).not('number', 'is', null).not('status', 'in', `(${ABANDONED_STATUSES.join(',')})`);
  if (f.status === 'needs-action') q = needingAction(q);
  else if (f.status) q = q.eq('status', f.status);
  const term = f.search.trim();
  if (term) {
    const n = orderNumberOf(term);
    q = q.or(`${containsAny(['customer_name', 'email'], term)}${n === null ? '' : `,number.eq.${n}`}`);
  }
  return q as unknown as Q;
}

/** One page, newest first, with the total matching the filter. */
export async function listOrders(sb: KybClient, f: Filter, offset: number, limit = PAGE_SIZE): Promise<Result<{ rows: AdminOrder[]; total: number }>> {
  const q = filtered(sb.from('orders').select(ADMIN_ORDER_SELECT, { count: 'exact' }), f);
  const { data, error, count } = await q
    .order('created_at', { ascending: false })
    .order('number', { ascending: false })
    .range(offset, offset + limit - 1);
  if (error) return fail(error);
  const rows = (data as unknown as AdminRow[]).map(toAdminOrder);
  return { ok: true, value: { rows, total: count ?? rows.length } };
}

/** One order, fresh (after a step). */
export async function getOrder(sb: KybClient, id: string): Promise<Result<AdminOrder>> {
  const { data, error } = await sb.from('orders').select(ADMIN_ORDER_SELECT).eq('id', id).single();
  if (error) return fail(error);
  return { ok: true, value: toAdminOrder(data as unknown as AdminRow) };
}

/** An abandoned checkout: the order it would have been, and when its checkout closed (or closes). */
export interface AbandonedCheckout extends AdminOrder {
  expires_at: string | null;
}

type AbandonedRow = AdminRow & { checkouts: { status: string; expires_at: string | null; created_at: string }[] | null };

/** Abandoned checkouts, newest first, with the total. */
export async function listAbandoned(sb: KybClient, _f: null, offset: number, limit = PAGE_SIZE): Promise<Result<{ rows: AbandonedCheckout[]; total: number }>> {
  const { data, error, count } = await sb
    .from('orders')
    .select(`${ADMIN_ORDER_SELECT}, checkouts:order_payments(status, expires_at, created_at)`, { count: 'exact' })
    .or(abandoned)
    .order('created_at', { ascending: false })
    .range(offset, offset + limit - 1);
  if (error) return fail(error);
  const rows = (data as unknown as AbandonedRow[]).map(({ checkouts, ...row }) => {
    const last = [...(checkouts ?? [])].sort((a, b) => a.created_at.localeCompare(b.created_at)).at(-1);
    return { ...toAdminOrder(row), expires_at: last?.expires_at ?? null };
  });
  return { ok: true, value: { rows, total: count ?? rows.length } };
}

/** The latest run of the stripe-reconcile job, or null when it never ran. */
export interface ReconcileRun {
  started_at: string;
  finished_at: string | null;
  repaired: number;
  error: string | null;
}

export async function latestReconcile(sb: KybClient): Promise<Result<ReconcileRun | null>> {
  const { data, error } = await sb.from('stripe_reconcile_runs').select('started_at, finished_at, repaired, error').order('started_at', { ascending: false }).limit(1);
  if (error) return fail(error);
  return { ok: true, value: (data?.[0] as ReconcileRun | undefined) ?? null };
}

/** Every order of the filter, newest first, in batches. */
export const listAllOrders = (sb: KybClient, f: Filter): Promise<Result<AdminOrder[]>> => allPages(sb, listOrders, f, EXPORT_BATCH);

/** The steps an admin takes (shared/rules/commerce.ts ORDER_STEP_STATUSES, as adminOrderAction takes them). */
export type Step = OrderStep;

export interface StepRequest {
  order: string;
  status: Step;
  carrier?: string;
  tracking?: string;
  note?: string;
  /** Cancelling: refund what is left of every paid payment too. */
  refund?: true;
}

/** What admin-orders answers: the order as stored now, and its payments with Stripe's ids (admins only). */
export interface AdminAnswer {
  order: OrderView;
  payments: AdminPaymentView[];
  mailed?: boolean;
}

/**
 * One step through the admin-orders function (with the admin's token). A refused step answers 409 with
 * the reason (`message`), which the screen shows as it is.
 */
export function takeStep(req: StepRequest): Promise<FunctionResult<AdminAnswer>> {
  return invokeFunction('admin-orders', { ...req });
}

/** The order's payments with their Stripe ids and Dashboard links (the function checks the admin role). */
export function readPayments(order: string): Promise<FunctionResult<AdminAnswer>> {
  return invokeFunction('admin-orders', { order, payments: true });
}

export interface RefundRequest {
  order: string;
  refund: { payment: string; amount_cents: number; reason: string };
  /** Made once per confirmation: the same confirmation sent again refunds once. */
  request: string;
}

/** A refund of one payment through admin-orders; more than is left answers 409 with the reason. */
export function refund(req: RefundRequest): Promise<FunctionResult<AdminAnswer>> {
  return invokeFunction('admin-orders', { ...req });
}

// ---------------------------------------------------------------- export

export const CSV_HEADER = [
  'Placed (UTC)',
  'Order',
  'Status',
  'Customer',
  'E-mail',
  'Checkout',
  'Items',
  'Subtotal',
  'Reward',
  'Shipping',
  'Total',
  'Paid',
  'Balance due',
  'Refunded',
  'Ship to',
  'Carrier',
  'Tracking number',
  'Shipped (UTC)',
  'Delivered (UTC)',
  'Kit terms',
] as const;

/** Cents as a spreadsheet reads an amount: `420.00` (no currency sign, no thousands separator). */
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** One order line per item: `Jah Locs (Length: 24-26 in; Size: MD) × 1`. */
export const itemsText = (o: Pick<OrderView, 'items'>) => o.items.map((i) => `${i.name}${i.options.length ? ` (${i.options.join('; ')})` : ''} × ${i.quantity}`).join(' | ');

/** The export: one row per order, the columns of CSV_HEADER. */
export function ordersCsv(orders: readonly AdminOrder[]): string {
  return toCsv(
    CSV_HEADER,
    orders.map((o) => [
      o.created_at,
      orderNumber(o.number),
      ORDER_STATUS_LABEL[o.status] ?? o.status,
      o.customer_name,
      o.email,
      o.user_id ? 'Account' : 'Guest',
      itemsText(o),
      dollars(o.subtotal_cents),
      dollars(o.discount_cents),
      dollars(o.shipping_cents),
      dollars(totalAfterDiscount(o)),
      dollars(o.paid_cents),
      dollars(o.balance_due_cents),
      dollars(o.refunded_cents),
      addressLines(o.shipping_address).join(', '),
      o.carrier,
      o.tracking_number,
      o.shipped_at,
      o.delivered_at,
      o.kit_terms_version,
    ]),
  );
}

/** `kyb-orders-2026-11-26.csv` (the day of the export, UTC). */
export const exportFileName = (now = new Date()) => `kyb-orders-${now.toISOString().slice(0, 10)}.csv`;
