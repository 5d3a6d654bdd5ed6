/**
 * `/v1/*`: the part of Stripe's API the functions call, answering as Stripe does: secret-key auth
 * (Bearer, or Basic with the key as user name), one rendered API version (the SDK's), form-encoded
 * parameters checked against the SDK's types (rules.ts), idempotent POSTs, `expand[]`, Stripe's error
 * shapes, a `Request-Id` on every answer.
 *
 *   POST /v1/checkout/sessions                 GET /v1/checkout/sessions/:id
 *   GET  /v1/checkout/sessions/:id/line_items  POST /v1/checkout/sessions/:id/expire
 *   GET  /v1/payment_intents/:id               GET /v1/charges/:id
 *   POST /v1/refunds                           GET /v1/refunds/:id
 *   GET  /v1/events/:id
 *   POST /v1/coupons                           GET /v1/coupons/:id
 *   POST /v1/promotion_codes                   GET /v1/promotion_codes/:id
 *   GET  /v1/events    GET /v1/checkout/sessions    GET /v1/refunds   (lists: lists.ts)
 */
import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import type { Db, Query } from '../db.ts';
import { readBody } from '../http.ts';
import { bearerToken } from '../../../shared/http.ts';
import { claimKey, recordKey } from '../idempotency.ts';
import { StripeError, errorJson, invalidRequest, resourceMissing } from './errors.ts';
import { createCoupon, createPromotionCode, createSession, expireSession, refund, type FlowEnv, type RefundParams } from './flows.ts';
import { listEvents, listRefunds, listSessions, type EventListParams, type RefundListParams, type SessionListParams } from './lists.ts';
import { API_VERSION, list, randomId, type CreateParams, type EventRequest, type LineItem, type Refund, type Session, type SessionPrivate } from './objects.ts';
import { checkParams, decodeForm, type AnyRule, type Params } from './params.ts';
import {
  CHARGE_RETRIEVE,
  COUPON_CREATE,
  COUPON_RETRIEVE,
  EVENT_LIST,
  EVENT_RETRIEVE,
  PAYMENT_INTENT_RETRIEVE,
  PROMOTION_CODE_CREATE,
  PROMOTION_CODE_RETRIEVE,
  REFUND_CREATE,
  REFUND_LIST,
  REFUND_RETRIEVE,
  SESSION_CREATE,
  SESSION_EXPIRE,
  SESSION_LINE_ITEMS,
  SESSION_LIST,
  SESSION_RETRIEVE,
} from './rules.ts';
import { KEYS_TABLE, SCHEMA, load } from './store.ts';

export interface ApiContext {
  db: Db;
  env: FlowEnv;
  /** After a write committed: run due work (webhook deliveries) now. */
  committed(): void;
}

interface Call {
  q: Query;
  params: Record<string, unknown>;
  id?: string;
  request: EventRequest;
}

interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  /** The route's parameter table (rules.ts, typed there against the SDK). */
  table: Record<string, AnyRule>;
  run(c: Call, ctx: ApiContext): Promise<unknown>;
}

const ID = '([A-Za-z0-9_]+)';

const ROUTES: Route[] = [
  {
    method: 'POST',
    pattern: /^\/checkout\/sessions$/,
    table: SESSION_CREATE,
    run: async (c, ctx) => expand(c.q, await createSession(c.q, ctx.env, c.params as CreateParams), c.params.expand),
  },
  {
    method: 'GET',
    pattern: /^\/checkout\/sessions$/,
    table: SESSION_LIST,
    run: async (c) => expand(c.q, await listSessions(c.q, c.params as SessionListParams), c.params.expand),
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/checkout/sessions/${ID}$`),
    table: SESSION_RETRIEVE,
    run: async (c) => expand(c.q, await must(c.q, c.id!, 'checkout.session', 'checkout.session', 'session'), c.params.expand),
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/checkout/sessions/${ID}/line_items$`),
    table: SESSION_LINE_ITEMS,
    run: async (c) => {
      await must(c.q, c.id!, 'checkout.session', 'checkout.session', 'session');
      const items = await lineItems(c.q, c.id!);
      const limit = (c.params.limit as number | undefined) ?? 10;
      let start = 0;
      if (typeof c.params.starting_after === 'string') start = items.findIndex((i) => i.id === c.params.starting_after) + 1;
      let end = start + limit;
      if (typeof c.params.ending_before === 'string') {
        end = Math.max(
          0,
          items.findIndex((i) => i.id === c.params.ending_before),
        );
        start = Math.max(0, end - limit);
      }
      const page = items.slice(start, end);
      return expand(c.q, list(page, `/v1/checkout/sessions/${c.id}/line_items`, end < items.length), prefixed(c.params.expand, 'data'));
    },
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/checkout/sessions/${ID}/expire$`),
    table: SESSION_EXPIRE,
    run: async (c, ctx) => {
      const s = await expireSession(c.q, ctx.env, c.id!, c.request);
      if (!s) throw resourceMissing('checkout.session', c.id!, 'session');
      return expand(c.q, s, c.params.expand);
    },
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/payment_intents/${ID}$`),
    table: PAYMENT_INTENT_RETRIEVE,
    run: async (c) => expand(c.q, await must(c.q, c.id!, 'payment_intent', 'payment_intent', 'intent'), c.params.expand),
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/charges/${ID}$`),
    table: CHARGE_RETRIEVE,
    run: async (c) => expand(c.q, await must(c.q, c.id!, 'charge', 'charge', 'charge'), c.params.expand),
  },
  {
    method: 'POST',
    pattern: /^\/refunds$/,
    table: REFUND_CREATE,
    run: async (c, ctx) => expand(c.q, await refund(c.q, ctx.env, c.params as RefundParams, c.request), c.params.expand),
  },
  {
    method: 'GET',
    pattern: /^\/refunds$/,
    table: REFUND_LIST,
    run: async (c) => expand(c.q, await listRefunds(c.q, c.params as RefundListParams), c.params.expand),
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/refunds/${ID}$`),
    table: REFUND_RETRIEVE,
    run: async (c) => expand(c.q, await must(c.q, c.id!, 'refund', 'refund', 'refund'), c.params.expand),
  },
  {
    method: 'GET',
    pattern: /^\/events$/,
    table: EVENT_LIST,
    run: async (c) => expand(c.q, await listEvents(c.q, c.params as EventListParams), c.params.expand),
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/events/${ID}$`),
    table: EVENT_RETRIEVE,
    run: async (c) => {
      const event = await must<{ id: string; pending_webhooks: number }>(c.q, c.id!, 'event', 'event', 'id');
      const pending = await c.q<{ n: number }>(`select count(*)::int as n from ${SCHEMA}.deliveries where event_id = $1 and not manual and state <> 'delivered'`, [event.id]);
      event.pending_webhooks = pending.rows[0].n;
      return expand(c.q, event, c.params.expand);
    },
  },
  {
    method: 'POST',
    pattern: /^\/coupons$/,
    table: COUPON_CREATE,
    run: async (c) => expand(c.q, await createCoupon(c.q, c.params as Stripe.CouponCreateParams), c.params.expand),
  },
  {
    method: 'GET',
    // A coupon's id is the caller's choice: dashes too.
    pattern: /^\/coupons\/([A-Za-z0-9_-]+)$/,
    table: COUPON_RETRIEVE,
    run: async (c) => expand(c.q, await must(c.q, c.id!, 'coupon', 'coupon', 'coupon'), c.params.expand),
  },
  {
    method: 'POST',
    pattern: /^\/promotion_codes$/,
    table: PROMOTION_CODE_CREATE,
    run: async (c) => expand(c.q, await createPromotionCode(c.q, c.params as unknown as Stripe.PromotionCodeCreateParams), c.params.expand),
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/promotion_codes/${ID}$`),
    table: PROMOTION_CODE_RETRIEVE,
    run: async (c) => expand(c.q, await must(c.q, c.id!, 'promotion_code', 'promotion code', 'promotion_code'), c.params.expand),
  },
];

async function must<T = Record<string, unknown>>(q: Query, id: string, kind: string, name: string, param: string): Promise<T> {
  const row = await load<T>(q, id, kind);
  if (!row) throw resourceMissing(name, id, param);
  return row.data;
}

async function lineItems(q: Query, sessionId: string): Promise<LineItem[]> {
  const row = await load<Session>(q, sessionId, 'checkout.session');
  return (row?.private as SessionPrivate | undefined)?.line_items ?? [];
}

const prefixed = (paths: unknown, prefix: string) => (Array.isArray(paths) ? paths.map((p) => (String(p).startsWith(`${prefix}.`) ? p : `${prefix}.${p}`)) : paths);

/**
 * Which fields of which objects `expand[]` may replace: `id` fields hold another object's id (null
 * stays null), `list` fields are lists Stripe leaves out unless asked for.
 */
const EXPANDABLE: Record<string, Record<string, 'id' | 'list' | 'nested'>> = {
  'checkout.session': { payment_intent: 'id', line_items: 'list', customer: 'id', invoice: 'id', subscription: 'id', setup_intent: 'id', payment_link: 'id' },
  payment_intent: { latest_charge: 'id', customer: 'id', review: 'id', application: 'id', on_behalf_of: 'id' },
  charge: { payment_intent: 'id', refunds: 'list', customer: 'id', review: 'id', application: 'id', on_behalf_of: 'id' },
  refund: { charge: 'id', payment_intent: 'id' },
  item: { price: 'nested' },
  price: { product: 'id' },
  promotion_code: { customer: 'id' },
};

async function expand<T>(q: Query, obj: T, paths: unknown): Promise<T> {
  if (!Array.isArray(paths)) return obj;
  for (const path of paths as string[]) {
    const segs = path.split('.');
    if (segs.length > 4) throw invalidRequest(`You cannot expand more than 4 levels of a property. Property: ${path}`, 'expand');
    await expandPath(q, obj as Record<string, unknown>, segs, path);
  }
  return obj;
}

async function expandPath(q: Query, obj: Record<string, unknown>, segs: string[], full: string): Promise<void> {
  if (obj.object === 'list' && segs[0] === 'data') {
    for (const item of obj.data as Record<string, unknown>[]) await expandPath(q, item, segs.slice(1), full);
    return;
  }
  const [field, ...rest] = segs;
  const how = EXPANDABLE[String(obj.object)]?.[field];
  if (!how) throw invalidRequest(`This property cannot be expanded (${full}).`, 'expand');
  const value = obj[field];
  if (how === 'list' && (value === undefined || typeof value !== 'object')) {
    if (obj.object === 'checkout.session') obj[field] = list(await lineItems(q, String(obj.id)), `/v1/checkout/sessions/${obj.id}/line_items`);
    else {
      const refunds = (await q<{ data: Refund }>(`select data from ${SCHEMA}.objects where kind = 'refund' and data->>'charge' = $1 order by seq desc`, [obj.id])).rows;
      obj[field] = list(
        refunds.map((r) => r.data),
        `/v1/charges/${obj.id}/refunds`,
      );
    }
  } else if (how === 'id' && typeof value === 'string') {
    const row = await load<Record<string, unknown>>(q, value);
    if (row) obj[field] = row.data;
  }
  const next = obj[field];
  if (rest.length && next && typeof next === 'object') await expandPath(q, next as Record<string, unknown>, rest, full);
}

// ------------------------------------------------------------------ the request

const PRETTY = (v: unknown) => JSON.stringify(v, null, 2);

function redact(key: string) {
  return key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : key;
}

function authenticate(req: Request, ctx: ApiContext): StripeError | null {
  const h = req.headers.get('authorization') ?? '';
  let key = bearerToken(req, 'ours');
  const basic = /^Basic\s+(.+)$/i.exec(h)?.[1];
  if (!key && basic) key = Buffer.from(basic, 'base64').toString('utf8').split(':')[0];
  if (!key) {
    return invalidRequest(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      undefined,
      undefined,
      401,
    );
  }
  if (key === ctx.env.config.publishableKey) {
    return invalidRequest('This API call cannot be made with a publishable API key. Please use a secret API key.', undefined, 'secret_key_required', 401);
  }
  if (key !== ctx.env.config.secretKey) return invalidRequest(`Invalid API Key provided: ${redact(key)}`, undefined, 'api_key_invalid', 401);
  return null;
}

/** Request params in a canonical order: two encodings of the same params are the same request. */
function canonical(p: Params | string): string {
  if (typeof p === 'string') return JSON.stringify(p);
  return `{${Object.keys(p)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(p[k])}`)
    .join(',')}}`;
}

export async function handleApi(req: Request, path: string, ctx: ApiContext): Promise<Response> {
  const requestId = randomId('req_', 14);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-cache, no-store',
    'Request-Id': requestId,
    'Stripe-Version': API_VERSION,
  };
  const idempotencyKey = req.method === 'POST' ? req.headers.get('idempotency-key') : null;
  if (idempotencyKey !== null) headers['Idempotency-Key'] = idempotencyKey;
  const fail = (e: StripeError) => new Response(PRETTY(errorJson(e)), { status: e.status, headers });
  try {
    const authError = authenticate(req, ctx);
    if (authError) return fail(authError);
    const version = req.headers.get('stripe-version');
    if (version && version !== API_VERSION) {
      throw invalidRequest(
        `The local Stripe stand-in renders API version ${API_VERSION} only (the pinned SDK's); this request asked for ${version}.`,
        undefined,
        'api_version_unsupported_locally',
      );
    }
    let match: RegExpExecArray | null = null;
    const route = ROUTES.find((r) => r.method === req.method && (match = r.pattern.exec(path)));
    if (!route || !match) {
      throw invalidRequest(
        `Unrecognized request URL (${req.method}: /v1${path}). The local Stripe stand-in implements only the endpoints listed in supabase/local/stripe/README.md.`,
        undefined,
        undefined,
        404,
      );
    }
    const id = (match as RegExpExecArray)[1];
    const text = req.method === 'POST' ? new TextDecoder().decode(await readBody(req, 256 * 1024)) : new URL(req.url).search.slice(1);
    const raw = decodeForm(text);
    // Parameter errors come first and are never stored under the idempotency key (Stripe saves a result
    // only once the endpoint has started executing).
    const params = checkParams<Record<string, unknown>>(route.table as never, raw);
    const request: EventRequest = { id: requestId, idempotency_key: idempotencyKey };
    if (req.method === 'GET') {
      const body = await ctx.db.tx((q) => route.run({ q, params, id, request }, ctx));
      return new Response(PRETTY(body), { status: 200, headers });
    }
    if (idempotencyKey !== null && (idempotencyKey.length === 0 || idempotencyKey.length > 255)) {
      throw invalidRequest('Idempotency-Key must be between 1 and 255 characters.', undefined, 'idempotency_key_invalid');
    }
    const scope = createHash('sha256').update(ctx.env.config.secretKey).digest('hex').slice(0, 16);
    const fingerprint = createHash('sha256')
      .update(`POST ${path}\n${canonical(raw)}`)
      .digest('hex');
    const outcome = await ctx.db.tx(async (q) => {
      if (idempotencyKey !== null) {
        const state = await claimKey(q, KEYS_TABLE, scope, idempotencyKey, fingerprint);
        if (state.kind !== 'new') return state;
      }
      const body = PRETTY(await route.run({ q, params, id, request }, ctx));
      if (idempotencyKey !== null) await recordKey(q, KEYS_TABLE, scope, idempotencyKey, 200, body);
      return { kind: 'done' as const, body };
    });
    if (outcome.kind === 'mismatch') {
      throw new StripeError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
      });
    }
    if (outcome.kind === 'replay') return new Response(outcome.body, { status: outcome.status, headers: { ...headers, 'Idempotent-Replayed': 'true' } });
    ctx.committed();
    return new Response(outcome.body, { status: 200, headers });
  } catch (e) {
    if (e instanceof StripeError) return fail(e);
    console.error('[stripe] unhandled', req.method, path, e);
    return fail(new StripeError(500, { type: 'api_error', message: 'An unknown error occurred in the local Stripe stand-in (see the stack log).' }));
  }
}
