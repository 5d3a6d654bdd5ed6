/**
 * order-status: `{sessionId}`, `{token}` or `{order}` (signed in), optionally `{download: true}` → 200
 * `{order, link, downloadable}`, with `payment: {kind, status, unexpected}` for a `sessionId` (the success
 * page names the payment it confirms: a balance is not the order's first), or `{downloads}` | 400 | 401 | 403 `{error}` | 404 `{error}` | 429
 * (docs/commerce.md#order-pages).
 *
 * The success page sends the Checkout Session id Stripe put in its address; a guest's order page sends
 * the token of the link in their e-mail; My Account sends the order's id with the customer's session. The
 * answer is the order as its customer sees it (no ids of other systems) and the order page's link. For a
 * session whose payment is not settled yet it first asks Stripe (the same idempotent fulfilment the
 * webhook runs), so the page shows "paid" as soon as Stripe says so, and never because of anything in the
 * address.
 *
 * With `download`, a paid order that holds the Crown Planner answers a fresh, short-lived signed link to
 * each of its tier's files (private bucket planner-files): made at the click, never e-mailed, and
 * refused once the order is refunded or cancelled.
 */
import { orderStatusRequest } from '../../../shared/contracts.ts';
import { COMMERCE_MESSAGES } from '../../../shared/messages.ts';
import { DOWNLOAD_LINK_SECONDS, PLANNER_FILES_BUCKET } from '../../../shared/rules/commerce.ts';
import { isDownloadable } from '../../../shared/orders.ts';
import { postJsonHandler } from '../_shared/handler.ts';
import { RATE_LIMITS } from '../_shared/rate-limit.ts';
import { json } from '../_shared/http.ts';
import { stripeClient } from '../_shared/stripe.ts';
import { SESSION_EXPIRED } from '../_shared/caller.ts';
import { applySession, orderFor, orderPageUrl, orderView, sendOrderMails } from '../_shared/orders.ts';
import type { AdminClient } from '../_shared/admin.ts';

/** Fresh signed links to every file of each planner tier the order holds. */
async function downloads(db: AdminClient, tiers: string[]) {
  const out: { tier: string; name: string; url: string }[] = [];
  const bucket = db.storage.from(PLANNER_FILES_BUCKET);
  for (const tier of tiers) {
    const { data: files, error } = await bucket.list(tier, { sortBy: { column: 'name', order: 'asc' } });
    if (error) throw new Error(`listing ${tier} files failed: ${error.message}`);
    for (const f of files ?? []) {
      if (!f.id) continue; // a folder
      const { data, error: signError } = await bucket.createSignedUrl(`${tier}/${f.name}`, DOWNLOAD_LINK_SECONDS, { download: true });
      if (signError) throw new Error(`signing ${tier}/${f.name} failed: ${signError.message}`);
      out.push({ tier, name: f.name, url: data.signedUrl });
    }
  }
  return out;
}

export const handle = postJsonHandler({
  name: 'order-status',
  perClient: RATE_LIMITS.orderStatusPerClient,
  setup: (env) => stripeClient(env),
  async handle({ req, env, db, body, settings: stripe }) {
    const parsed = orderStatusRequest.safeParse(body);
    const given = parsed.success ? [parsed.data.sessionId, parsed.data.token, parsed.data.order].filter(Boolean).length : 0;
    if (!parsed.success || given !== 1) return json({ error: COMMERCE_MESSAGES.oneOrderKey }, 400);
    const { sessionId, token, order, download } = parsed.data;
    let found: { id: string; token: string } | null = null;
    // The success page's own payment (which one it was, and where it stands), so the page names it.
    let paying: { kind: string; status: string; unexpected: boolean } | null = null;
    if (sessionId) {
      const read = () => db.from('order_payments').select('order_id, kind, status, unexpected').eq('checkout_session_id', sessionId).maybeSingle();
      let { data: payment } = await read();
      if (payment) {
        if (payment.status === 'open' || payment.status === 'processing') {
          await applySession({ db, env, stripe }, sessionId, { eventId: null, eventType: 'success-page', source: 'success-page' });
          // Whoever records the payment first sends what it owes; a mail already sent is not sent again.
          await sendOrderMails({ db, env, stripe }, payment.order_id);
          payment = (await read()).data ?? payment;
        }
        paying = { kind: payment.kind, status: payment.status, unexpected: payment.unexpected };
        const { data: row } = await db.from('orders').select('access_token').eq('id', payment.order_id).single();
        found = row ? { id: payment.order_id, token: row.access_token } : null;
      }
    } else {
      const r = await orderFor(db, req, { token, order });
      if (r === 'expired') return json({ error: SESSION_EXPIRED }, 401);
      found = r;
    }
    if (!found) return json({ error: COMMERCE_MESSAGES.orderNotFound }, 404);
    const view = await orderView(db, found.id);
    if (!view) return json({ error: COMMERCE_MESSAGES.orderNotFound }, 404);
    const tiers = view.items.filter((i) => i.product === 'crown-planner').map((i) => String(i.configuration.tier));
    const downloadable = isDownloadable(view);
    if (download) {
      if (!downloadable) return json({ error: COMMERCE_MESSAGES.downloadClosed }, 403);
      return json({ downloads: await downloads(db, [...new Set(tiers)]) });
    }
    return json({ order: view, link: orderPageUrl(env, found.token), downloadable, ...(paying ? { payment: paying } : {}) });
  },
});
