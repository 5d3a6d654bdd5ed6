/**
 * Fulfilment, the one path that records what Stripe says (Stripe's "fulfill orders" guide): the webhook
 * and the success page both come here, each as often as it likes. It asks Stripe for the session or
 * charge as it stands now (an event may be old, late or out of order), applies that in one database
 * transaction (order_apply_session / order_apply_refund, which record the event id with the effect),
 * then sends the e-mails the order owes, each claimed first so that it goes once.
 *
 * Every payment Stripe takes is recorded on its order; one the order no longer expects (cancelled,
 * refunded, no balance due, its checkout closed) is refunded in full here, at once, whoever applied it
 * (docs/commerce.md#never-lost-never-doubled).
 */
import type { AdminClient } from './admin.ts';
import { callerOf } from './caller.ts';
import type { FunctionEnv } from '../../../shared/http.ts';
import { idOf, sessionCustomer, sessionState, type Stripe } from './stripe.ts';
import { mailSettings, mailTransport, sendEmail } from './notify.ts';
import { balancePaidMail, balanceReceiptMail, confirmationMail, newOrderMail, refundMail, unexpectedPaymentMail, unexpectedRefundMail, type OrderMail } from './order-mail.ts';
import { BUSINESS } from '../../../shared/business.ts';
import type { OrderView } from '../../../shared/orders.ts';

/** What sending an order's e-mails needs. */
export interface Mailer {
  db: AdminClient;
  env: FunctionEnv;
}

/** What applying Stripe's word needs: the mailer, and Stripe. */
export interface Fulfilment extends Mailer {
  stripe: Stripe;
}

/** Where the customer's links point: SITE_URL (the site's public address), else the brand's site. */
export function siteUrl(env: FunctionEnv): string {
  return (env.get('SITE_URL')?.trim() || BUSINESS.siteUrl).replace(/\/+$/, '');
}
export const orderPageUrl = (env: FunctionEnv, token: string) => `${siteUrl(env)}/order?token=${encodeURIComponent(token)}`;

export interface Applied {
  found: boolean;
  order_id?: string;
  status?: string;
  duplicate?: boolean;
  changed?: boolean;
  /** The order_payments row the session is. */
  payment_id?: string;
  /** The order no longer expected this payment: it is refunded (refundUnexpected). */
  unexpected?: boolean;
}

export interface Trigger {
  /** The Stripe event that prompted the read (null: the success page asked). */
  eventId: string | null;
  eventType: string;
  source: 'stripe' | 'success-page';
}

/** Reads the Checkout Session from Stripe and applies its current state to its order. */
export async function applySession(f: Fulfilment, sessionId: string, t: Trigger): Promise<Applied> {
  const s = await f.stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] });
  const customer = sessionCustomer(s);
  const { data, error } = await f.db.rpc('order_apply_session', {
    p_event_id: t.eventId as string,
    p_event_type: t.eventType,
    p_session_id: s.id,
    p_state: sessionState(s, t.eventType === 'checkout.session.async_payment_failed'),
    p_amount_cents: s.amount_total as number,
    p_payment_intent: idOf(s.payment_intent) as string,
    p_customer: customer,
    p_source: t.source,
    // Stripe's word on what it took off (a reward code's promotion code); the order records it.
    p_discount_cents: s.total_details?.amount_discount ?? 0,
  });
  if (error) throw new Error(`order_apply_session failed: ${error.message}`);
  const applied = data as unknown as Applied;
  // Asked on every application, duplicates included: a refund that failed (Stripe unreachable, a crash)
  // is made on the next delivery; the idempotency key makes a second request the same refund.
  if (applied.unexpected && applied.payment_id) await refundUnexpected(f, applied.payment_id);
  return applied;
}

/**
 * Refunds in full, through Stripe, a payment its order no longer expected (flagged by
 * order_apply_session). The refund comes back as charge.refunded and is applied like any other.
 */
async function refundUnexpected(f: Fulfilment, paymentId: string): Promise<void> {
  const { data: p, error } = await f.db.from('order_payments').select('order_id, status, amount_cents, refunded_cents, payment_intent_id').eq('id', paymentId).single();
  if (error) throw new Error(`payment read failed: ${error.message}`);
  if (p.status !== 'paid' || !p.payment_intent_id || p.refunded_cents >= p.amount_cents) return;
  try {
    await f.stripe.refunds.create(
      { payment_intent: p.payment_intent_id, metadata: { order_id: p.order_id, payment_id: paymentId, reason: 'unexpected' } },
      { idempotencyKey: `kyb-unexpected-${paymentId}` },
    );
  } catch (e) {
    // Refunded already (by the admin, in the Dashboard): nothing is left to give back.
    if ((e as { code?: string }).code !== 'charge_already_refunded') throw e;
  }
}

/**
 * The order a request names, if its sender may see it: by its link's token (whoever holds the link), or
 * by its id for its signed-in customer (their account, or the address they confirmed) or an admin. Null
 * when there is no such order for this sender; 'expired' for a user token the auth server refuses.
 */
export async function orderFor(db: AdminClient, req: Request, ref: { token?: string; order?: string }): Promise<{ id: string; token: string } | null | 'expired'> {
  if (ref.token) {
    const { data } = await db.from('orders').select('id, access_token').eq('access_token', ref.token).maybeSingle();
    return data ? { id: data.id, token: data.access_token } : null;
  }
  if (!ref.order) return null;
  const who = await callerOf(db, req);
  if (who === 'expired') return who;
  if (!who) return null;
  const { data } = await db.from('orders').select('id, access_token, user_id, email').eq('id', ref.order).maybeSingle();
  if (!data) return null;
  const mine = data.user_id === who.id || (!!data.email && !!who.email && data.email.toLowerCase() === who.email.toLowerCase());
  return mine || who.admin ? { id: data.id, token: data.access_token } : null;
}

export async function orderView(db: AdminClient, id: string): Promise<OrderView | null> {
  const { data, error } = await db.rpc('order_view', { p_order: id });
  if (error) throw new Error(`order_view failed: ${error.message}`);
  return (data as unknown as OrderView) ?? null;
}

/**
 * A claim older than this was left by a process that died mid-send, and is taken again. Longer than a
 * send can take (notify.ts SEND_TIMEOUT_MS); a second send after it carries the same idempotency key, so
 * the e-mail API sends once even if the first did go out.
 */
export const STALE_CLAIM_SECONDS = 15;
/** How long a caller waits for another's send to finish before asking to be called again. */
const WAIT_FOR_OTHER_MS = 10_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sends one of an order's e-mails unless it was sent already (per kind and subject key): true once it is
 * sent (or deliberately skipped), by this call or another; false when it is not sent yet (a send failed,
 * or another caller still holds it), and the caller should come back later (the webhook answers 500, so
 * Stripe does).
 */
export async function once(f: Mailer, orderId: string, kind: string, subjectKey: string, send: () => Promise<boolean | 'skipped'>): Promise<boolean> {
  const claim = async () => {
    const { data, error } = await f.db.rpc('order_mail_claim', { p_order: orderId, p_kind: kind, p_subject_key: subjectKey, p_stale_seconds: STALE_CLAIM_SECONDS });
    if (error) throw new Error(`order_mail_claim failed: ${error.message}`);
    return data as unknown as { claimed: boolean; status: string };
  };
  let c = await claim();
  for (const start = Date.now(); !c.claimed && c.status === 'sending' && Date.now() - start < WAIT_FOR_OTHER_MS; ) {
    await sleep(250);
    c = await claim();
  }
  if (!c.claimed) return c.status === 'sent' || c.status === 'skipped';
  f.env.checkpoint?.(`order-mail:${kind}:claimed`);
  const outcome = await send();
  f.env.checkpoint?.(`order-mail:${kind}:sent`);
  const status = outcome === 'skipped' ? 'skipped' : outcome ? 'sent' : 'failed';
  const done = await f.db.rpc('order_mail_done', { p_order: orderId, p_kind: kind, p_subject_key: subjectKey, p_status: status });
  if (done.error) console.error(`[orders] could not record ${kind} mail of order ${orderId} as ${status}`, done.error);
  return outcome !== false;
}

/** An e-mail to the order's customer, composed from the order as it is now and its page's link; sent once per kind and key. */
export async function mailCustomer(
  f: Mailer,
  orderId: string,
  kind: string,
  subjectKey: string,
  compose: (o: OrderView, orderUrl: string) => OrderMail | Promise<OrderMail>,
): Promise<boolean> {
  const { data: row, error } = await f.db.from('orders').select('email, access_token').eq('id', orderId).single();
  if (error) throw new Error(`order read failed: ${error.message}`);
  const transport = mailTransport(f.env);
  return once(f, orderId, kind, subjectKey, async () => {
    const view = await orderView(f.db, orderId);
    if (!transport || !row.email || !view) {
      console.warn(`[orders] ${kind} e-mail of order ${orderId} not sent: ${transport ? 'no e-mail address' : 'RESEND_API_KEY is not set'}`);
      return 'skipped';
    }
    const mail = await compose(view, orderPageUrl(f.env, row.access_token));
    return sendEmail(transport, { to: row.email, ...mail, idempotencyKey: `kyb-order-${orderId}-${kind}${subjectKey ? `-${subjectKey}` : ''}` }, f.env);
  });
}

/** The customer's e-mails about one payment, by kind (subject key: the payment's id). */
export const PAYMENT_MAILS = {
  balance_receipt: balanceReceiptMail,
  unexpected_refund: unexpectedRefundMail,
} satisfies Record<string, (o: OrderView, orderUrl: string, amountCents: number) => OrderMail>;

/** One of PAYMENT_MAILS for payment `paymentId` of the order: sent once. */
export async function mailPayment(f: Mailer, orderId: string, kind: keyof typeof PAYMENT_MAILS, paymentId: string): Promise<boolean> {
  const { data: p, error } = await f.db.from('order_payments').select('amount_cents').eq('id', paymentId).eq('order_id', orderId).single();
  if (error) throw new Error(`payment read failed: ${error.message}`);
  return mailCustomer(f, orderId, kind, paymentId, (o, url) => PAYMENT_MAILS[kind](o, url, p.amount_cents));
}

/** What the order had kept and has since refunded: its payments' refunds, less those of payments it no longer expected (they have e-mails of their own). */
const keptRefundedCents = (payments: { refunded_cents: number; unexpected: boolean | null }[]) =>
  payments.filter((p) => !p.unexpected).reduce((sum, p) => sum + p.refunded_cents, 0);

/**
 * The refund notice for the refunded total `subjectKey` (keptRefundedCents when it was owed), worded from
 * that total, not from the order as it is when the e-mail goes: a notice sent late (a failed send tried
 * again, or a call that read the payments just before another refund) must not tell the newer total, which
 * has its notice of its own. "In full" only while this total is still the newest and the order refunded.
 */
export function mailRefund(f: Mailer, orderId: string, subjectKey: string): Promise<boolean> {
  const total = Number(subjectKey);
  return mailCustomer(f, orderId, 'refund', subjectKey, async (o, url) => {
    const { data, error } = await f.db.from('order_payments').select('refunded_cents, unexpected').eq('order_id', orderId);
    if (error) throw new Error(`payments read failed: ${error.message}`);
    return refundMail(o, url, total, o.status === 'refunded' && keptRefundedCents(data ?? []) === total);
  });
}

/** A notice to the business about the order (the notification path lead-capture uses), sent once per kind and key. */
function notifyBusiness(
  f: Mailer,
  orderId: string,
  kind: string,
  subjectKey: string,
  email: string | null,
  compose: (o: OrderView, adminUrl: string) => OrderMail,
): Promise<boolean> {
  const settings = mailSettings(f.env);
  return once(f, orderId, kind, subjectKey, async () => {
    const view = await orderView(f.db, orderId);
    if (!settings || !view) return 'skipped';
    const mail = compose(view, `${siteUrl(f.env)}/admin/orders`);
    return sendEmail(
      settings,
      { to: settings.to, ...mail, replyTo: email ?? undefined, idempotencyKey: `kyb-order-${orderId}-${kind}${subjectKey ? `-${subjectKey}` : ''}` },
      f.env,
    );
  });
}

/**
 * The e-mails an order owes after what Stripe reported, one set per payment it recorded, whatever order
 * the events came in: for the first payment the customer's confirmation and the business's new-order
 * notice; for a balance, the customer's receipt and a notice; for a payment the order no longer
 * expected, the word that it was refunded, to both; and a refund notice for each new refunded total of
 * the payments the order kept. Safe to call any number of times, at once too. False when a send failed
 * (the caller may ask Stripe to retry).
 */
export async function sendOrderMails(f: Fulfilment, orderId: string): Promise<boolean> {
  const { data: row, error } = await f.db.from('orders').select('email').eq('id', orderId).single();
  if (error) throw new Error(`order read failed: ${error.message}`);
  const { data: payments, error: paymentsError } = await f.db
    .from('order_payments')
    .select('id, kind, status, amount_cents, refunded_cents, unexpected')
    .eq('order_id', orderId)
    .order('created_at');
  if (paymentsError) throw new Error(`payments read failed: ${paymentsError.message}`);
  // One after another, in the order the money moved: a customer whose refund was applied before the payment
  // it refunds (events arrive in any order) still reads the confirmation first, then the refund.
  const sends: (() => Promise<boolean>)[] = [];
  const paid = (payments ?? []).filter((p) => p.status === 'paid');
  for (const p of paid) {
    const money = (compose: (o: OrderView, url: string, cents: number) => OrderMail) => (o: OrderView, url: string) => compose(o, url, p.amount_cents);
    if (p.unexpected) {
      sends.push(
        () => mailPayment(f, orderId, 'unexpected_refund', p.id),
        () => notifyBusiness(f, orderId, 'business_unexpected', p.id, row.email, money(unexpectedPaymentMail)),
      );
    } else if (p.kind === 'balance') {
      sends.push(
        () => mailPayment(f, orderId, 'balance_receipt', p.id),
        () => notifyBusiness(f, orderId, 'business_balance', p.id, row.email, money(balancePaidMail)),
      );
    } else {
      sends.push(
        () => mailCustomer(f, orderId, 'confirmation', '', confirmationMail),
        () => notifyBusiness(f, orderId, 'business', '', row.email, newOrderMail),
      );
    }
  }
  // An unexpected payment's refund has its own e-mail above; this one is for money the order had kept.
  const refunded = keptRefundedCents(payments ?? []);
  if (refunded > 0) sends.push(() => mailRefund(f, orderId, String(refunded)));
  let allSent = true;
  for (const send of sends) allSent = (await send()) && allSent; // a failed one does not hold back the rest
  return allSent;
}
