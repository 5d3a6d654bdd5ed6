/**
 * stripe-reconcile: POST with the service role key → 200 `{events_seen, repaired, repairs}` | 401 `{error}`
 * | 405 | 500 (docs/commerce.md#reconciliation).
 *
 * What Stripe advises for webhooks that never arrive (an endpoint down for longer than Stripe retries, a
 * delivery lost, a secret mistyped): a scheduled job, like review-requests, that asks Stripe what
 * happened. It lists the last RECONCILE_DAYS days of Stripe's events of the types the webhook handles
 * (HANDLED_EVENTS, every page: the SDK's auto-pagination), skips those the shop has recorded
 * (stripe_events, written with the effect of every event applied, by either path), applies the rest,
 * oldest first, through the webhook's own switch (_shared/events.ts: the session or charge is read from
 * Stripe as it stands now), then sends the e-mails owed by each order of the events it listed, applied
 * now or before (sendOrderMails: a webhook that died between applying an event and its e-mails, and that
 * Stripe then gave up on, leaves e-mails no other path sends). So a
 * second run repairs nothing, a webhook delivered after the run changes nothing, and two runs at once
 * apply each event once. An event for a session or charge the shop does not know (another integration on
 * the same account) is seen and recorded, never an error.
 *
 * Each run is a row of stripe_reconcile_runs (the admin's orders screen shows the latest): what it saw,
 * what it repaired ([{event, type, order_id}]), and the error of a run that failed (answered 500, so the
 * schedule's log shows it too; the next run tries again).
 *
 * Scheduled hourly: on hosted Supabase by pg_cron and pg_net (README, "Deploy"), in the local stack by
 * supabase/local/functions/jobs.ts.
 */
import type { FunctionEnv } from '../../../shared/http.ts';
import { adminClient } from '../_shared/admin.ts';
import { internalError, json, requireServiceRole } from '../_shared/http.ts';
import { stripeClient, type Stripe } from '../_shared/stripe.ts';
import { sendOrderMails, type Fulfilment } from '../_shared/orders.ts';
import { HANDLED_EVENTS, apply } from '../_shared/events.ts';

/** How far back a run looks: as long as Stripe retries a delivery (three days), so any event it gave up on is still listed. */
export const RECONCILE_DAYS = 3;
/** Event ids looked up in stripe_events per query (they travel in the request's URL). */
const LOOKUP = 100;

/** An event the run applied because no webhook had, and the order it changed (a type, not an interface: it is stored as JSON). */
export type Repair = {
  event: string;
  type: string;
  order_id: string;
};

export interface Report {
  events_seen: number;
  repaired: number;
  repairs: Repair[];
}

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The ids among `ids` that the shop has applied already, each with its order (null for one the shop does not know). */
async function recorded(f: Fulfilment, ids: string[]): Promise<Map<string, string | null>> {
  const seen = new Map<string, string | null>();
  for (let i = 0; i < ids.length; i += LOOKUP) {
    const { data, error } = await f.db
      .from('stripe_events')
      .select('id, order_id')
      .in('id', ids.slice(i, i + LOOKUP));
    if (error) throw new Error(`stripe_events read failed: ${error.message}`);
    for (const r of data ?? []) seen.set(r.id, r.order_id);
  }
  return seen;
}

/** One run: what it saw and repaired, and what went wrong (an event that could not be applied is left for the next run). */
async function reconcile(f: Fulfilment, stripe: Stripe): Promise<Report & { errors: string[] }> {
  const since = Math.floor(Date.now() / 1000) - RECONCILE_DAYS * 24 * 60 * 60;
  const events: Stripe.Event[] = [];
  for await (const e of stripe.events.list({ types: [...HANDLED_EVENTS], created: { gte: since }, limit: 100 })) events.push(e);
  const done = await recorded(
    f,
    events.map((e) => e.id),
  );
  const report: Report & { errors: string[] } = { events_seen: events.length, repaired: 0, repairs: [], errors: [] };
  const orders = new Set<string>();
  // Oldest first, as they happened (a refund after its payment), though each event applies in any order.
  for (const event of events.reverse()) {
    if (done.has(event.id)) {
      // Applied, but perhaps by a webhook that died before its e-mails, and Stripe has since given up on
      // it: its order is mailed below too (sendOrderMails sends only what is still owed).
      const order = done.get(event.id);
      if (order) orders.add(order);
      continue;
    }
    try {
      const applied = await apply(f, event);
      if (!applied?.found || !applied.order_id) continue;
      orders.add(applied.order_id);
      if (applied.changed) {
        report.repaired++;
        report.repairs.push({ event: event.id, type: event.type, order_id: applied.order_id });
      }
    } catch (e) {
      report.errors.push(`${event.type} ${event.id}: ${reason(e)}`);
    }
  }
  for (const order of orders) {
    try {
      // A send that fails stays owed in order_mails; the review-requests job sends it again.
      if (!(await sendOrderMails(f, order))) console.warn(`[stripe-reconcile] an e-mail of order ${order} is still owed`);
    } catch (e) {
      report.errors.push(`e-mails of order ${order}: ${reason(e)}`);
    }
  }
  return report;
}

export const handle = requireServiceRole(async (env: FunctionEnv): Promise<Response> => {
  const stripe = stripeClient(env);
  if (stripe instanceof Response) return stripe;
  const f: Fulfilment = { db: adminClient(env), env, stripe };
  const started = await f.db.from('stripe_reconcile_runs').insert({}).select('id').single();
  if (started.error) {
    console.error('[stripe-reconcile] could not record the run', started.error);
    return internalError();
  }
  let result: Report & { errors: string[] };
  try {
    result = await reconcile(f, stripe);
  } catch (e) {
    result = { events_seen: 0, repaired: 0, repairs: [], errors: [reason(e)] };
  }
  const { errors, ...report } = result;
  const error = errors.length ? errors.join('\n').slice(0, 4000) : null;
  const finished = await f.db
    .from('stripe_reconcile_runs')
    .update({ finished_at: new Date().toISOString(), ...report, error })
    .eq('id', started.data.id);
  if (finished.error) console.error('[stripe-reconcile] could not record the end of the run', finished.error);
  if (error || finished.error) {
    console.error('[stripe-reconcile] the run failed:', error ?? finished.error?.message);
    return internalError();
  }
  if (report.repaired) console.log(`[stripe-reconcile] repaired ${report.repaired} event(s) no webhook had applied`);
  return json(report);
});
