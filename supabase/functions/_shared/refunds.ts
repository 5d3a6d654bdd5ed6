/**
 * Refunds as Stripe reports them (charge.refunded, and the admin's refund once Stripe took it): applied
 * to their order through fulfilment's order_apply_refund, then an order that keeps nothing any more has
 * its open sessions expired at Stripe (sessions.ts). Here, not in orders.ts, because closing a session
 * applies Stripe's answer through orders.ts again: orders.ts → sessions.ts → orders.ts would be a cycle.
 */
import { applySession, type Applied, type Fulfilment } from './orders.ts';
import { expireAtStripe } from './sessions.ts';
import { idOf } from './stripe.ts';

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
  const applied = data as unknown as Applied;
  if (applied.found && applied.order_id) await closeWhenNothingKept(f, applied.order_id);
  return applied;
}

/**
 * An order that keeps nothing any more (refunded in full, from the admin or the Dashboard) expects no
 * payment: its open sessions are expired at Stripe. One completed meanwhile is recorded and refunded
 * (applySession).
 */
async function closeWhenNothingKept(f: Fulfilment, orderId: string): Promise<void> {
  const { data: o, error } = await f.db.from('orders').select('paid_cents, refunded_cents').eq('id', orderId).single();
  if (error) throw new Error(`order read failed: ${error.message}`);
  if (o.paid_cents === 0 || o.refunded_cents < o.paid_cents) return;
  const { data: open, error: openError } = await f.db.from('order_payments').select('checkout_session_id').eq('order_id', orderId).eq('status', 'open');
  if (openError) throw new Error(`open payments read failed: ${openError.message}`);
  for (const p of open ?? []) if (p.checkout_session_id) await expireAtStripe(f, p.checkout_session_id);
}
