/**
 * An order's payments as the admin reads them (admins only: the function checks the role), and the
 * admin's refund of one of them through Stripe (docs/admin.md#refunds).
 */
import { COMMERCE_MESSAGES } from '../../../shared/messages.ts';
import type { FunctionEnv } from '../../../shared/http.ts';
import type { Fulfilment } from '../_shared/orders.ts';
import { applyRefund } from '../_shared/refunds.ts';
import { idOf, type Stripe } from '../_shared/stripe.ts';
import { expireAtStripe } from '../_shared/sessions.ts';
import type { AdminPaymentView } from '../../../shared/orders.ts';
import { formatCentsExact as formatCents } from '../../../shared/money.ts';
import { ADMIN_ORDER_TEXT } from '../../../shared/messages.ts';

/**
 * The link to a payment in Stripe's Dashboard: the test-mode Dashboard for a test key, the live one for
 * a live key (the key's prefix says which; the key itself never leaves the function). Against the local
 * Stripe (STRIPE_API_URL), its own page of the payment.
 */
export function dashboardLink(env: FunctionEnv): (paymentIntent: string) => string {
  const local = env.get('STRIPE_API_URL')?.trim();
  if (local) return (pi) => `${new URL(local).origin}/stripe/payments/${encodeURIComponent(pi)}`;
  const live = /^(sk|rk)_live_/.test(env.get('STRIPE_SECRET_KEY')?.trim() ?? '');
  return (pi) => `https://dashboard.stripe.com${live ? '' : '/test'}/payments/${encodeURIComponent(pi)}`;
}

interface PaymentRow {
  id: string;
  kind: AdminPaymentView['kind'];
  amount_cents: number;
  status: AdminPaymentView['status'];
  refunded_cents: number;
  created_at: string;
  paid_at: string | null;
  expires_at: string | null;
  payment_intent_id: string | null;
  checkout_session_id: string | null;
}

const PAYMENT_COLUMNS = 'id, kind, amount_cents, status, refunded_cents, created_at, paid_at, expires_at, payment_intent_id, checkout_session_id';

async function paymentRows(f: Fulfilment, order: string): Promise<PaymentRow[]> {
  const { data, error } = await f.db.from('order_payments').select(PAYMENT_COLUMNS).eq('order_id', order).order('created_at').order('id');
  if (error) throw new Error(`order_payments read failed: ${error.message}`);
  return data as PaymentRow[];
}

/** The order's payments, oldest first, with their Stripe ids and Dashboard links. */
export async function adminPayments(f: Fulfilment, env: FunctionEnv, order: string): Promise<AdminPaymentView[]> {
  const link = dashboardLink(env);
  return (await paymentRows(f, order)).map(({ payment_intent_id: pi, checkout_session_id: _s, ...p }) => ({
    ...p,
    payment_intent: pi,
    dashboard_url: pi ? link(pi) : null,
  }));
}

/** Closes every open Checkout Session of the order at Stripe (a cancelled order expects no payment). */
export async function expireOpenSessions(f: Fulfilment, order: string): Promise<void> {
  for (const p of await paymentRows(f, order)) {
    if (p.status === 'open' && p.checkout_session_id) await expireAtStripe(f, p.checkout_session_id);
  }
}

export type RefundOutcome = { ok: true } | { ok: false; status: 404 | 409; error: string };

export interface RefundAsk {
  order: string;
  payment: string;
  amount_cents: number;
  reason: string;
  /** Stripe's idempotency key: the same key refunds once, however often it is sent. */
  idempotencyKey: string;
}

/**
 * Refunds `amount_cents` of one paid payment through Stripe, then applies the charge as it now stands
 * (applyRefund, the charge.refunded path), so the order read afterwards shows it. Stripe decides what is
 * left (it holds every refund, the Dashboard's too); more than that is refused in words.
 */
export async function refundPayment(f: Fulfilment, ask: RefundAsk): Promise<RefundOutcome> {
  const p = (await paymentRows(f, ask.order)).find((x) => x.id === ask.payment);
  if (!p) return { ok: false, status: 404, error: COMMERCE_MESSAGES.paymentNotFound };
  const what = ADMIN_ORDER_TEXT.payment[p.kind].toLowerCase();
  if (p.status !== 'paid' || !p.payment_intent_id) return { ok: false, status: 409, error: COMMERCE_MESSAGES.nothingToRefund(what) };
  const leftWords = (left: number) => (left > 0 ? `Only ${formatCents(left)} of the ${what} is left to refund.` : `The ${what} is already refunded in full.`);
  // What can never be refunded, whatever Stripe holds: more than the payment itself.
  if (ask.amount_cents > p.amount_cents) return { ok: false, status: 409, error: leftWords(p.amount_cents - p.refunded_cents) };
  let refund: Stripe.Refund;
  try {
    refund = await f.stripe.refunds.create(
      {
        payment_intent: p.payment_intent_id,
        amount: ask.amount_cents,
        reason: 'requested_by_customer',
        metadata: { order_id: ask.order, payment_id: p.id, reason: ask.reason },
      },
      { idempotencyKey: ask.idempotencyKey },
    );
  } catch (e) {
    const { code, type, message } = e as { code?: string; type?: string; message?: string };
    if (code !== 'amount_too_large' && code !== 'charge_already_refunded') {
      // Stripe answered, and said no (a payment it does not know, a payment not captured): its words.
      if (type === 'StripeInvalidRequestError') return { ok: false, status: 409, error: COMMERCE_MESSAGES.stripeRefusedRefund(message ?? code ?? type) };
      throw e;
    }
    // Stripe's word on what is left (a refund made in the Dashboard counts too).
    const pi = await f.stripe.paymentIntents.retrieve(p.payment_intent_id, { expand: ['latest_charge'] });
    const charge = typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
    return { ok: false, status: 409, error: leftWords(charge ? charge.amount - charge.amount_refunded : 0) };
  }
  const charge = idOf(refund.charge);
  // One record per refund: a repeat of the same request (the same refund at Stripe) changes nothing more.
  if (charge) await applyRefund(f, charge, `evt_admin_${refund.id}`, 'admin.refund');
  return { ok: true };
}

/** Refunds what is left of every paid payment of the order (cancelling with refund: true). */
export async function refundAll(f: Fulfilment, order: string, reason: string): Promise<RefundOutcome> {
  for (const p of await paymentRows(f, order)) {
    const left = p.status === 'paid' ? p.amount_cents - p.refunded_cents : 0;
    if (left <= 0) continue;
    // One key per payment: the order is cancelled once, so its refund is asked for once.
    const r = await refundPayment(f, { order, payment: p.id, amount_cents: left, reason, idempotencyKey: `kyb-cancel-refund-${p.id}` });
    if (!r.ok) return r;
  }
  return { ok: true };
}
