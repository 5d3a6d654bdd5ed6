/**
 * admin-orders (docs/commerce.md#fulfilment, docs/admin.md#orders), from a signed-in admin only:
 *   step     `{order, status, carrier?, tracking?, note?, refund?}` → 200 `{order, payments, mailed}`
 *   refund   `{order, refund: {payment, amount_cents, reason}, request}` → 200 `{order, payments}`
 *   read     `{order, payments: true}` → 200 `{order, payments}` (Stripe's ids and Dashboard links)
 * | 400 `{error, field}` | 401 | 403 | 404 | 409 `{error}` | 502 `{error}` (Stripe could not be reached).
 *
 * The one way an order moves after payment: in production, ready (which asks for the balance where one
 * is due), shipped (with its carrier and tracking number, never while a balance is due), delivered, or
 * cancelled. The database allows exactly those steps (order_transition); this function checks that the
 * caller is an admin (the browser holds no service key) and sends the e-mail a step owes the customer,
 * once: the balance due with the link to the order page, or the shipment with its tracking link.
 * Cancelling closes the order's open checkouts at Stripe (a cancelled order expects no payment) and, with
 * `refund: true`, refunds what is left of each paid payment. A refund goes through Stripe with the
 * dialog's request id as the idempotency key, and is applied as Stripe then reports the charge.
 */
import { adminOrderForm, adminOrderRead, adminOrderRefund, type adminOrderStep, firstIssuePath } from '../../../shared/contracts.ts';
import { postJsonHandler } from '../_shared/handler.ts';
import { RATE_LIMITS } from '../_shared/rate-limit.ts';
import { json } from '../_shared/http.ts';
import { callerOf, SESSION_EXPIRED } from '../_shared/caller.ts';
import { stripeClient } from '../_shared/stripe.ts';
import { mailCustomer, orderView, sendOrderMails, type Fulfilment } from '../_shared/orders.ts';
import { balanceDueMail, cancelledMail, shippedMail } from '../_shared/order-mail.ts';
import { COMMERCE_MESSAGES } from '../../../shared/messages.ts';
import { formatCentsExact } from '../../../shared/money.ts';
import { adminPayments, expireOpenSessions, refundAll, refundPayment } from './payments.ts';

export const handle = postJsonHandler({
  name: 'admin-orders',
  perClient: RATE_LIMITS.adminPerClient,
  setup: (env) => stripeClient(env),
  async handle({ req, env, db, body, settings: stripe }) {
    const who = await callerOf(db, req);
    if (who === 'expired') return json({ error: SESSION_EXPIRED }, 401);
    if (!who) return json({ error: COMMERCE_MESSAGES.adminSignIn }, 401);
    if (!who.admin) return json({ error: COMMERCE_MESSAGES.adminOnly }, 403);
    const schema = adminOrderForm(body);
    const parsed = schema.safeParse(body);
    if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? COMMERCE_MESSAGES.invalidRequest, field: firstIssuePath(parsed.error) }, 400);
    const f: Fulfilment = { db, env, stripe };
    const answer = async (order: string, extra: Record<string, unknown> = {}) => {
      const view = await orderView(db, order);
      if (!view) return json({ error: COMMERCE_MESSAGES.orderNotFound }, 404);
      return json({ order: view, payments: await adminPayments(f, env, order), ...extra });
    };

    if (schema === adminOrderRead) return answer((parsed.data as { order: string }).order);

    if (schema === adminOrderRefund) {
      const { order, refund, request } = parsed.data as ReturnType<typeof adminOrderRefund.parse>;
      let done: Awaited<ReturnType<typeof refundPayment>>;
      try {
        done = await refundPayment(f, { order, payment: refund.payment, amount_cents: refund.amount_cents, reason: refund.reason, idempotencyKey: `kyb-refund-${request}` });
      } catch (e) {
        console.error('[admin-orders] refund failed', e);
        return json({ error: COMMERCE_MESSAGES.stripeDown }, 502);
      }
      if (!done.ok) return json({ error: done.error }, done.status);
      // The refund e-mail (one per refunded total), now rather than when Stripe's event arrives.
      const mailed = await sendOrderMails(f, order);
      return answer(order, { mailed });
    }

    const { order, status, carrier, tracking, note, refund } = parsed.data as ReturnType<typeof adminOrderStep.parse>;
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
      if (error.code === 'P0001' && error.message === 'balance_due') {
        // The database refuses in cents, not words: the balance is worded here, as the order now stands.
        const view = await orderView(db, order);
        return json({ error: COMMERCE_MESSAGES.balanceStillDue(formatCentsExact(view?.balance_due_cents ?? 0)) }, 409);
      }
      if (error.code === '23514' || error.code === 'P0001') return json({ error: error.message }, 409);
      throw new Error(`order_transition failed: ${error.message}`);
    }
    const moved = data as unknown as { balance_requested: boolean };
    // The step is recorded; an e-mail that cannot go now is retried by the hourly job (review-requests), never doubled.
    let mailed = true;
    if (moved.balance_requested) mailed = await mailCustomer(f, order, 'balance_due', '', balanceDueMail);
    if (status === 'shipped') mailed = await mailCustomer(f, order, 'shipped', '', shippedMail);
    if (status === 'cancelled') {
      try {
        // A cancelled order expects no payment: no checkout of it stays payable at Stripe.
        await expireOpenSessions(f, order);
        if (refund) {
          const done = await refundAll(f, order, note || COMMERCE_MESSAGES.cancelledNote);
          if (!done.ok) return json({ error: done.error }, done.status);
        }
      } catch (e) {
        console.error('[admin-orders] closing the cancelled order at Stripe failed', e);
        return json({ error: COMMERCE_MESSAGES.cancelledStripeDown }, 502);
      }
      // Told either way: by the refund e-mail when what was paid went back, else by this one.
      if (refund) mailed = (await sendOrderMails(f, order)) && mailed;
      else mailed = (await mailCustomer(f, order, 'cancelled', '', cancelledMail)) && mailed;
    }
    return answer(order, { mailed });
  },
});
