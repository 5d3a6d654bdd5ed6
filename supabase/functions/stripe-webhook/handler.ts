/**
 * stripe-webhook: Stripe's events → 200 `{received}` | 400 `{error}` (bad or missing signature, not an
 * event) | 500 (try again later) (docs/commerce.md#webhook).
 *
 * The only caller that may report a payment, so the first thing it does is prove the request is
 * Stripe's: the SDK checks the `Stripe-Signature` header against the raw body and the endpoint's secret
 * (a forged, altered or stale request gets a 400 and nothing is read or written). Then it does not trust
 * the event's copy of the object: it asks Stripe for the session or charge as it stands now and applies
 * that, recording the event id in the same transaction (shared fulfilment: _shared/orders.ts). So a
 * redelivered, doubled, concurrent or out-of-order event ends in the same state, and sends no e-mail twice.
 *
 * A failure after verification answers 500, and Stripe delivers the event again later (for up to three
 * days): an e-mail that could not be sent goes out on a later delivery.
 */
import type { FunctionHandler } from '../_shared/handler.ts';
import { adminClient } from '../_shared/admin.ts';
import { internalError, json, methodNotAllowed } from '../_shared/http.ts';
import { readCapped } from '../../../shared/http.ts';
import { stripeClient, verifiedEvent, webhookSecret, type Stripe } from '../_shared/stripe.ts';
import { sendOrderMails, type Fulfilment } from '../_shared/orders.ts';
import { apply } from '../_shared/events.ts';
import { COMMERCE_MESSAGES, FUNCTION_MESSAGES } from '../../../shared/messages.ts';

/** Stripe's events are a few kilobytes; anything far larger is not one. */
const MAX_EVENT_BYTES = 512 * 1024;

/** An event object as Stripe sends one: an id, a type, and the object it is about. */
function isEvent(e: unknown): e is Stripe.Event {
  if (!e || typeof e !== 'object' || Array.isArray(e)) return false;
  const { id, type, data } = e as Record<string, unknown>;
  const object = (data as { object?: unknown } | null | undefined)?.object;
  return typeof id === 'string' && typeof type === 'string' && !!object && typeof object === 'object' && !Array.isArray(object);
}

export const handle: FunctionHandler = async (req, env) => {
  if (req.method !== 'POST') return methodNotAllowed();
  const stripe = stripeClient(env);
  if (stripe instanceof Response) return stripe;
  const secret = webhookSecret(env);
  if (!secret) {
    console.error('[stripe-webhook] STRIPE_WEBHOOK_SECRET is not set: events cannot be verified');
    return internalError();
  }
  const bytes = await readCapped(req, MAX_EVENT_BYTES);
  if (!bytes) return json({ error: FUNCTION_MESSAGES.bodyTooLarge }, 413);
  const signature = req.headers.get('stripe-signature');
  if (!signature) return json({ error: COMMERCE_MESSAGES.missingSignature }, 400);
  let event: Stripe.Event;
  try {
    // The raw body, byte for byte: the signature covers exactly what Stripe sent.
    event = await verifiedEvent(stripe, new TextDecoder().decode(bytes), signature, secret);
  } catch (e) {
    console.warn('[stripe-webhook] refused an event:', e instanceof Error ? e.message : e);
    return json({ error: COMMERCE_MESSAGES.invalidSignature }, 400);
  }
  // Signed, but not an event (null, an array, a string, an object without id or type): nothing to apply.
  if (!isEvent(event)) return json({ error: COMMERCE_MESSAGES.notAnEvent }, 400);

  try {
    const f: Fulfilment = { db: adminClient(env), env, stripe };
    const applied = await apply(f, event);
    if (!applied) return json({ received: true, ignored: event.type });
    env.checkpoint?.('stripe-webhook:applied');
    if (applied.found && applied.order_id && !(await sendOrderMails(f, applied.order_id))) {
      // Applied, but an e-mail is still owed: ask Stripe to come back (the event applies once; the mail goes once).
      return json({ error: COMMERCE_MESSAGES.mailPending }, 500);
    }
    return json({ received: true, duplicate: applied.duplicate ?? false });
  } catch (e) {
    console.error(`[stripe-webhook] ${event.type} ${event.id} failed`, e);
    return internalError();
  }
};
