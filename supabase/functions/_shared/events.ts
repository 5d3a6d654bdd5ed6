/**
 * Stripe's events as the shop applies them: the one switch from an event to fulfilment (_shared/orders.ts),
 * shared by the two ways an event reaches us: Stripe's webhook delivery (stripe-webhook) and the hourly
 * reconciliation that lists what Stripe sent and applies what the shop has not recorded (stripe-reconcile).
 * Either way the event only says what to read: the session or charge is read from Stripe as it stands
 * now, and the event id is recorded with its effect, so an event applied by one path is a duplicate to
 * the other.
 */
import { applySession, type Applied, type Fulfilment } from './orders.ts';
import { applyRefund } from './refunds.ts';
import type { Stripe } from './stripe.ts';

/** The events the webhook endpoint is subscribed to and the reconciliation lists (README.md's deploy checklist lists the same). */
export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'charge.refunded',
] as const;

/** Applies one event (null: a type the shop does not handle). */
export async function apply(f: Fulfilment, event: Stripe.Event): Promise<Applied | null> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return applySession(f, event.data.object.id, { eventId: event.id, eventType: event.type, source: 'stripe' });
    case 'charge.refunded':
      return applyRefund(f, event.data.object.id, event.id, event.type);
    default:
      return null;
  }
}
