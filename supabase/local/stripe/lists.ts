/**
 * Stripe's list endpoints, as its API pages them: newest first (by `created`, then by when the stand-in
 * stored the object), `limit` objects a page (1 to 100, 10 by default), a page after `starting_after`
 * (older objects) or before `ending_before` (newer ones, still newest first), `has_more` saying whether
 * the list goes on in that direction. So the SDK's auto-pagination (`for await … of stripe.events.list()`,
 * which passes the last id of each page as `starting_after`) walks the whole list once.
 *
 *   GET /v1/events               type (with * as a wildcard) or types[], created, delivery_success;
 *                                the last 30 days only, as at Stripe
 *   GET /v1/checkout/sessions    status, payment_intent, created
 *   GET /v1/refunds              charge, payment_intent, created
 *
 * Filters run in SQL, before the page is cut, so a filtered list pages like any other.
 */
import type { Query } from '../db.ts';
import { invalidRequest } from './errors.ts';
import { list, nowSeconds, type Refund, type Session, type StripeEvent } from './objects.ts';
import type { Range } from './params.ts';
import { SCHEMA } from './store.ts';

/** How far back Stripe lists events (its documentation: "going back up to 30 days"). */
export const EVENT_LIST_DAYS = 30;

interface Page {
  limit?: number;
  starting_after?: string;
  ending_before?: string;
}

/** A WHERE clause and its parameters, built up filter by filter. */
class Where {
  readonly args: unknown[] = [];
  readonly parts: string[] = [];
  /** A placeholder for `value`. */
  arg(value: unknown): string {
    this.args.push(value);
    return `$${this.args.length}`;
  }
  add(sql: string) {
    this.parts.push(sql);
  }
  /** `o.data->>field = value`, when the value is given. */
  equals(field: string, value: unknown) {
    if (typeof value === 'string') this.add(`o.data->>'${field}' = ${this.arg(value)}`);
  }
  /** Stripe's `created` filter. */
  created(r: Range | undefined) {
    if (!r) return;
    const ops = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
    for (const [k, op] of Object.entries(ops)) {
      const v = r[k as keyof Range];
      if (v !== undefined) this.add(`(o.data->>'created')::bigint ${op} ${this.arg(v)}`);
    }
  }
}

/** Pages the objects of `kind` that pass `where`, as Stripe pages a list. */
async function page<T>(q: Query, kind: string, name: string, url: string, p: Page, where: Where): Promise<ReturnType<typeof list<T>>> {
  if (p.starting_after !== undefined && p.ending_before !== undefined) {
    throw invalidRequest('Received both starting_after and ending_before parameters. Please pass in only one.');
  }
  const before = p.ending_before !== undefined;
  const cursor = p.starting_after ?? p.ending_before;
  where.add(`o.kind = ${where.arg(kind)}`);
  if (cursor !== undefined) {
    const found = await q(`select 1 from ${SCHEMA}.objects where id = $1 and kind = $2`, [cursor, kind]);
    if (!found.rows.length) throw invalidRequest(`No such ${name}: '${cursor}'`, before ? 'ending_before' : 'starting_after', 'resource_missing');
    where.add(
      `((o.data->>'created')::bigint, o.seq) ${before ? '>' : '<'} (select (c.data->>'created')::bigint, c.seq from ${SCHEMA}.objects c where c.id = ${where.arg(cursor)})`,
    );
  }
  const limit = p.limit ?? 10;
  const order = before ? 'asc' : 'desc';
  const rows = (
    await q<{ data: T }>(
      `select o.data from ${SCHEMA}.objects o where ${where.parts.join(' and ')}
        order by (o.data->>'created')::bigint ${order}, o.seq ${order} limit ${where.arg(limit + 1)}`,
      where.args,
    )
  ).rows;
  const hasMore = rows.length > limit;
  const data = rows.slice(0, limit).map((r) => r.data);
  if (before) data.reverse();
  return list(data, url, hasMore);
}

export interface EventListParams extends Page {
  created?: Range;
  delivery_success?: boolean;
  type?: string;
  types?: string[];
}

/** `type`'s wildcard (`checkout.session.*`) as a LIKE pattern, everything else literal. */
const likePattern = (type: string) => type.replace(/[\\%_]/g, (c) => `\\${c}`).replaceAll('*', '%');

export async function listEvents(q: Query, p: EventListParams) {
  if (p.type !== undefined && p.types !== undefined) throw invalidRequest('You may pass either `type` or `types`, but not both.', 'types');
  const w = new Where();
  w.add(`(o.data->>'created')::bigint >= ${w.arg(nowSeconds() - EVENT_LIST_DAYS * 24 * 60 * 60)}`);
  if (p.type !== undefined) w.add(`o.data->>'type' like ${w.arg(likePattern(p.type))} escape '\\'`);
  if (p.types !== undefined) w.add(`o.data->>'type' in (select json_array_elements_text(${w.arg(JSON.stringify(p.types))}::json))`);
  w.created(p.created);
  // Stripe counts an event's webhooks to its endpoints, not the resends asked for by hand (as GET /v1/events/:id).
  const undelivered = `from ${SCHEMA}.deliveries d where not d.manual and d.state <> 'delivered'`;
  if (p.delivery_success !== undefined) w.add(`${p.delivery_success ? 'not ' : ''}exists (select 1 ${undelivered} and d.event_id = o.id)`);
  const result = await page<StripeEvent>(q, 'event', 'event', '/v1/events', p, w);
  const pending = await q<{ id: string; n: number }>(
    `select d.event_id as id, count(*)::int as n ${undelivered} and d.event_id in (select json_array_elements_text($1::json)) group by d.event_id`,
    [JSON.stringify(result.data.map((e) => e.id))],
  );
  const counts = new Map(pending.rows.map((r) => [r.id, r.n]));
  for (const e of result.data) e.pending_webhooks = counts.get(e.id) ?? 0;
  return result;
}

/** A list filtered by `created` and by fields equal to the ids or values given (a session's status, a refund's charge). */
function byFields<T, P extends Page & { created?: Range }>(q: Query, kind: string, url: string, fields: (keyof P & string)[], p: P) {
  const w = new Where();
  for (const f of fields) w.equals(f, p[f]);
  w.created(p.created);
  return page<T>(q, kind, kind, url, p, w);
}

export interface SessionListParams extends Page {
  created?: Range;
  status?: string;
  payment_intent?: string;
}
export const listSessions = (q: Query, p: SessionListParams) =>
  byFields<Session, SessionListParams>(q, 'checkout.session', '/v1/checkout/sessions', ['status', 'payment_intent'], p);

export interface RefundListParams extends Page {
  created?: Range;
  charge?: string;
  payment_intent?: string;
}
export const listRefunds = (q: Query, p: RefundListParams) => byFields<Refund, RefundListParams>(q, 'refund', '/v1/refunds', ['charge', 'payment_intent'], p);
