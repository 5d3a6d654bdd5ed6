/**
 * Closing a Checkout Session the shop no longer wants (docs/commerce.md#never-lost-never-doubled): a cart
 * that changed, a balance superseded by a new one, an order cancelled or refunded in full. The session is
 * expired at Stripe, never only in our database, so nothing the customer still holds open can take money
 * the shop does not expect. Stripe's answer is then applied like any other report (applySession), so the
 * database says what Stripe says.
 *
 * Stripe refuses to expire a session that is no longer open. Then the session is read again: if the
 * customer completed it in the meantime, that payment is recorded (and, where the order no longer expects
 * it, refunded by the fulfilment path), and the caller learns that it was completed.
 */
import { applySession, type Fulfilment } from './orders.ts';
import { sessionState, type SessionState } from './stripe.ts';

/** What became of a session the shop asked Stripe to close. */
export type Closed = Exclude<SessionState, 'open'>;

export async function expireAtStripe(f: Fulfilment, sessionId: string): Promise<Closed> {
  try {
    // One key per session: a retry of the same close is the same request at Stripe.
    const s = await f.stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `kyb-expire-${sessionId}` });
    const state = sessionState(s) as Closed;
    await applyClosed(f, sessionId, state);
    return state;
  } catch (e) {
    // Not open any more (completed or expired meanwhile): Stripe's current word decides.
    const state = await stateAtStripe(f, sessionId).catch(() => null);
    if (!state || state === 'open') throw e;
    return state;
  }
}

/**
 * A session's state as Stripe reports it now; one that is no longer open is applied first (paid:
 * recorded, and refunded where the order no longer expects it; expired: closed), so the database agrees.
 */
export async function stateAtStripe(f: Fulfilment, sessionId: string): Promise<SessionState> {
  const state = sessionState(await f.stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] }));
  if (state !== 'open') await applyClosed(f, sessionId, state);
  return state;
}

const applyClosed = (f: Fulfilment, sessionId: string, state: Closed) =>
  applySession(f, sessionId, { eventId: null, eventType: `checkout.session.${state === 'expired' ? 'expired' : 'completed'}`, source: 'stripe' });
