/**
 * order-status: `{sessionId}` or `{token}` → 200 `{order, link}` | 400 | 404 `{error}` | 429
 * (docs/commerce.md#order-pages).
 *
 * The success page sends the Checkout Session id Stripe put in its address; a guest's order page sends
 * the token of the link in their e-mail. The answer is the order as its customer sees it (no ids of
 * other systems) and the order page's link. For a session whose payment is not settled yet it first
 * asks Stripe (the same idempotent fulfilment the webhook runs), so the page shows "paid" as soon as
 * Stripe says so, and never because of anything in the address.
 */
import { orderStatusRequest } from '../../../shared/contracts.ts';
import { COMMERCE_MESSAGES } from '../../../shared/messages.ts';
import { postJsonHandler } from '../_shared/handler.ts';
import { RATE_LIMITS } from '../_shared/rate-limit.ts';
import { json } from '../_shared/http.ts';
import { stripeClient } from '../_shared/stripe.ts';
import { applySession, orderPageUrl, orderView, sendOrderMails } from '../_shared/orders.ts';

export const handle = postJsonHandler({
  name: 'order-status',
  perClient: RATE_LIMITS.orderStatusPerClient,
  setup: (env) => stripeClient(env),
  async handle({ env, db, body, settings: stripe }) {
    const parsed = orderStatusRequest.safeParse(body);
    if (!parsed.success || !!parsed.data.sessionId === !!parsed.data.token) {
      return json({ error: 'Send either sessionId or token.' }, 400);
    }
    const { sessionId, token } = parsed.data;
    let orderId: string | null = null;
    let accessToken: string | null = null;
    if (sessionId) {
      const { data: payment } = await db.from('order_payments').select('order_id, status').eq('checkout_session_id', sessionId).maybeSingle();
      if (payment) {
        orderId = payment.order_id;
        if (payment.status === 'open' || payment.status === 'processing') {
          await applySession({ db, env, stripe }, sessionId, { eventId: null, eventType: 'success-page', source: 'success-page' });
          // Whoever records the payment first sends what it owes; a mail already sent is not sent again.
          await sendOrderMails({ db, env, stripe }, orderId);
        }
      }
    } else {
      const { data: row } = await db.from('orders').select('id').eq('access_token', token!).maybeSingle();
      orderId = row?.id ?? null;
      accessToken = token!;
    }
    if (!orderId) return json({ error: COMMERCE_MESSAGES.orderNotFound }, 404);
    if (!accessToken) {
      const { data: row } = await db.from('orders').select('access_token').eq('id', orderId).single();
      accessToken = row?.access_token ?? null;
    }
    const order = await orderView(db, orderId);
    if (!order) return json({ error: COMMERCE_MESSAGES.orderNotFound }, 404);
    return json({ order, link: accessToken ? orderPageUrl(env, accessToken) : null });
  },
});
