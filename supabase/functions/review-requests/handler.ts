/**
 * review-requests: POST with the service role key → 200 `{sent, retried}` | 401 `{error}` | 405
 * (docs/commerce.md#review-requests).
 *
 * A scheduled job, like review-media-cleanup: it asks each customer for a review of each product of an
 * order delivered REVIEW_REQUEST_DAYS ago (one e-mail per product, linking to the product's review form),
 * and sends again the order e-mails that could not be sent before (a confirmation, a balance due, a
 * shipment, a refund). Every e-mail is claimed in the database first (order_mails), so two runs at once
 * send each one once; the order's history records each review request.
 *
 * Scheduled hourly: on hosted Supabase by pg_cron and pg_net (README, "Deploy"), in the local stack by
 * supabase/local/functions/jobs.ts.
 */
import type { FunctionEnv } from '../../../shared/http.ts';
import { adminClient } from '../_shared/admin.ts';
import { internalError, json, requireServiceRole } from '../_shared/http.ts';
import { mailTransport, sendEmail } from '../_shared/notify.ts';
import { PAYMENT_MAILS, mailCustomer, mailPayment, mailRefund, once, siteUrl, type Mailer } from '../_shared/orders.ts';
import { balanceDueMail, cancelledMail, confirmationMail, reviewRequestMail, shippedMail, type OrderMail } from '../_shared/order-mail.ts';
import { REVIEW_REQUEST_DAYS } from '../../../shared/rules/commerce.ts';
import { productPage } from '../../../shared/cart.ts';
import type { OrderView } from '../../../shared/orders.ts';

/** A bound on one run's work; whatever is left waits for the next run. */
const BATCH = 200;

/** Each e-mail a failed send left owed, by kind, but those worded from their subject key (PAYMENT_MAILS, and the refund notice). */
const COMPOSE: Record<string, (o: OrderView, url: string) => OrderMail> = {
  confirmation: confirmationMail,
  balance_due: balanceDueMail,
  shipped: shippedMail,
  cancelled: cancelledMail,
};

export const handle = requireServiceRole(async (env: FunctionEnv): Promise<Response> => {
  try {
    const f: Mailer = { db: adminClient(env), env };
    const transport = mailTransport(env);
    let sent = 0;
    const { data: due, error } = await f.db.rpc('review_requests_due', { p_days: REVIEW_REQUEST_DAYS, p_limit: BATCH });
    if (error) throw new Error(`review_requests_due failed: ${error.message}`);
    for (const r of due ?? []) {
      const url = `${siteUrl(env)}${productPage(r.product)}?review=write#reviews`;
      const ok = await once(f, r.order_id, 'review_request', r.slug, async () => {
        if (!transport) return 'skipped';
        const done = await sendEmail(transport, { to: r.email, ...reviewRequestMail(r, r.name, url), idempotencyKey: `kyb-order-${r.order_id}-review-${r.slug}` }, env);
        if (done) {
          sent++;
          await f.db.from('order_events').insert({ order_id: r.order_id, status: 'delivered', note: `Review request sent: ${r.name}`, source: 'job' });
        }
        return done;
      });
      if (!ok) console.warn(`[review-requests] the request for ${r.slug} of order ${r.order_id} is still owed`);
    }

    let retried = 0;
    const { data: owed, error: owedError } = await f.db
      .from('order_mails')
      .select('order_id, kind, subject_key')
      .eq('status', 'failed')
      .in('kind', [...Object.keys(COMPOSE), ...Object.keys(PAYMENT_MAILS), 'refund'])
      .limit(BATCH);
    if (owedError) throw new Error(`owed mails read failed: ${owedError.message}`);
    for (const m of owed ?? []) {
      const again =
        m.kind === 'refund'
          ? mailRefund(f, m.order_id, m.subject_key)
          : m.kind in PAYMENT_MAILS
            ? mailPayment(f, m.order_id, m.kind as keyof typeof PAYMENT_MAILS, m.subject_key)
            : mailCustomer(f, m.order_id, m.kind, m.subject_key, COMPOSE[m.kind]);
      if (await again) retried++;
    }
    return json({ sent, retried });
  } catch (e) {
    console.error('[review-requests]', e);
    return internalError();
  }
});
