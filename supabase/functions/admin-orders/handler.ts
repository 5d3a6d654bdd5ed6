/**
 * admin-orders: `{order, status, carrier?, tracking?, note?}` from a signed-in admin → 200 `{order}` |
 * 400 `{error, field}` | 401 | 403 | 404 | 409 `{error}` (docs/commerce.md#fulfilment).
 *
 * The one way an order moves after payment: in production, ready (which asks for the balance where one
 * is due), shipped (with its carrier and tracking number, never while a balance is due), delivered, or
 * cancelled. The database allows exactly those steps (order_transition); this function checks that the
 * caller is an admin (the browser holds no service key) and sends the e-mail a step owes the customer,
 * once: the balance due with the link to the order page, or the shipment with its tracking link.
 */
import { adminOrderAction, firstIssuePath } from '../../../shared/contracts.ts';
import { postJsonHandler } from '../_shared/handler.ts';
import { RATE_LIMITS } from '../_shared/rate-limit.ts';
import { json } from '../_shared/http.ts';
import { callerOf, SESSION_EXPIRED } from '../_shared/caller.ts';
import { stripeClient } from '../_shared/stripe.ts';
import { mailCustomer, orderView } from '../_shared/orders.ts';
import { balanceDueMail, shippedMail } from '../_shared/order-mail.ts';
import { COMMERCE_MESSAGES } from '../../../shared/messages.ts';

export const handle = postJsonHandler({
  name: 'admin-orders',
  perClient: RATE_LIMITS.adminPerClient,
  setup: (env) => stripeClient(env),
  async handle({ req, env, db, body, settings: stripe }) {
    const who = await callerOf(db, req);
    if (who === 'expired') return json({ error: SESSION_EXPIRED }, 401);
    if (!who) return json({ error: COMMERCE_MESSAGES.adminSignIn }, 401);
    if (!who.admin) return json({ error: COMMERCE_MESSAGES.adminOnly }, 403);
    const parsed = adminOrderAction.safeParse(body);
    if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? COMMERCE_MESSAGES.invalidRequest, field: firstIssuePath(parsed.error) }, 400);
    const { order, status, carrier, tracking, note } = parsed.data;

    const { data, error } = await db.rpc('order_transition', {
      p_order: order,
      p_to: status,
      p_carrier: carrier ?? '',
      p_tracking: tracking ?? '',
      p_note: note ?? '',
      p_actor: who.id,
    });
    if (error) {
      if (error.code === 'P0002') return json({ error: COMMERCE_MESSAGES.orderNotFound }, 404);
      if (error.code === '23514' || error.code === 'P0001') return json({ error: error.message }, 409);
      throw new Error(`order_transition failed: ${error.message}`);
    }
    const moved = data as unknown as { balance_requested: boolean };
    const f = { db, env, stripe };
    // The step is recorded; an e-mail that cannot go now is retried by the hourly job (review-requests), never doubled.
    let mailed = true;
    if (moved.balance_requested) mailed = await mailCustomer(f, order, 'balance_due', '', balanceDueMail);
    if (status === 'shipped') mailed = await mailCustomer(f, order, 'shipped', '', shippedMail);
    return json({ order: await orderView(db, order), mailed });
  },
});
