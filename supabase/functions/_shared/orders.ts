/**
 * Fulfilment, the one path that records what Stripe says (Stripe's "fulfill orders" guide): the webhook
 * and the success page both come here, each as often as it likes. It asks Stripe for the session or
 * charge as it stands now (an event may be old, late or out of order), applies that in one database
 * transaction (order_apply_session / order_apply_refund, which record the event id with the effect),
 * then sends the e-mails the order owes, each claimed first so that it goes once.
 */
import type { AdminClient } from './admin.ts';
import type { FunctionEnv } from './env.ts';
import { idOf, sessionCustomer, sessionState, type Stripe } from './stripe.ts';
import { mailSettings, mailTransport, sendEmail } from './notify.ts';
import { confirmationMail, newOrderMail } from './order-mail.ts';
import { BUSINESS } from '../../../shared/business.ts';
import { isPaid, type OrderView } from '../../../shared/orders.ts';

export interface Fulfilment {
  db: AdminClient;
  env: FunctionEnv;
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
  });
  if (error) throw new Error(`order_apply_session failed: ${error.message}`);
  return data as unknown as Applied;
}

/**
 * Reads the charge from Stripe and applies what it has refunded so far to its order. A refund can be
 * delivered before the payment it refunds (events come in any order): the payment's own session is
 * applied first, from Stripe's current state, so the refund always lands on a paid payment.
 */
export async function applyRefund(f: Fulfilment, chargeId: string, eventId: string, eventType: string): Promise<Applied> {
  const charge = await f.stripe.charges.retrieve(chargeId);
  const pi = idOf(charge.payment_intent);
  if (!pi) return { found: false };
  const paymentId = charge.metadata?.payment_id;
  if (paymentId) {
    const { data: payment } = await f.db.from('order_payments').select('status, checkout_session_id').eq('id', paymentId).maybeSingle();
    if (payment?.checkout_session_id && payment.status !== 'paid') {
      await applySession(f, payment.checkout_session_id, { eventId: null, eventType, source: 'stripe' });
    }
  }
  const { data, error } = await f.db.rpc('order_apply_refund', {
    p_event_id: eventId,
    p_event_type: eventType,
    p_payment_intent: pi,
    p_refunded_cents: charge.amount_refunded,
  });
  if (error) throw new Error(`order_apply_refund failed: ${error.message}`);
  return data as unknown as Applied;
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
 * Sends one of an order's e-mails unless it was sent already: true once it is sent (or deliberately
 * skipped), by this call or another; false when it is not sent yet (a send failed, or another caller
 * still holds it), and the caller should come back later (the webhook answers 500, so Stripe does).
 */
async function once(f: Fulfilment, orderId: string, kind: string, send: () => Promise<boolean | 'skipped'>): Promise<boolean> {
  const claim = async () => {
    const { data, error } = await f.db.rpc('order_mail_claim', { p_order: orderId, p_kind: kind, p_subject_key: '', p_stale_seconds: STALE_CLAIM_SECONDS });
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
  const done = await f.db.rpc('order_mail_done', { p_order: orderId, p_kind: kind, p_subject_key: '', p_status: status });
  if (done.error) console.error(`[orders] could not record ${kind} mail of order ${orderId} as ${status}`, done.error);
  return outcome !== false;
}

/**
 * The e-mails a paid order owes: the customer's confirmation and the business's notice. Safe to call any
 * number of times, at once too. False when a send failed (the caller may ask Stripe to retry).
 */
export async function sendOrderMails(f: Fulfilment, orderId: string): Promise<boolean> {
  const { data: row, error } = await f.db.from('orders').select('status, email, access_token').eq('id', orderId).single();
  if (error) throw new Error(`order read failed: ${error.message}`);
  if (!isPaid(row.status as OrderView['status'])) return true;
  const view = await orderView(f.db, orderId);
  if (!view) return true;
  const key = (kind: string) => `kyb-order-${orderId}-${kind}`;
  const transport = mailTransport(f.env);
  const customer = once(f, orderId, 'confirmation', async () => {
    if (!transport || !row.email) {
      console.warn(`[orders] confirmation of order ${orderId} not sent: ${transport ? 'no e-mail address' : 'RESEND_API_KEY is not set'}`);
      return 'skipped';
    }
    return sendEmail(transport, { to: row.email, ...confirmationMail(view, orderPageUrl(f.env, row.access_token)), idempotencyKey: key('confirmation') }, f.env);
  });
  const settings = mailSettings(f.env);
  const business = once(f, orderId, 'business', async () => {
    if (!settings) return 'skipped';
    return sendEmail(
      settings,
      { to: settings.to, ...newOrderMail(view, `${siteUrl(f.env)}/admin/orders`), replyTo: row.email ?? undefined, idempotencyKey: key('business') },
      f.env,
    );
  });
  const [a, b] = await Promise.all([customer, business]);
  return a && b;
}
