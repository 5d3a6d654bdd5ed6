/**
 * `/rest/v1`: the PostgREST subset supabase-js 2.109 speaks — table reads with embedding, filters,
 * order, ranges and counts; inserts/upserts, updates and deletes with return preferences; RPC over
 * GET/HEAD/POST. Statuses, headers and error bodies follow PostgREST (Response.hs, RangeQuery.hs,
 * Error.hs), because the site's code branches on them.
 *
 * Every request runs in one transaction as the caller's Postgres role with the JWT claims set
 * (ctx.db.asRole), so row-level security is what decides; the JSON answer is built by Postgres.
 */
import type { Service, StackContext, Caller } from '../http.ts';
import { callerOf, readBody, BodyTooLarge, isWrite } from '../http.ts';
import { MAX_JSON_DEPTH, jsonTextProblem } from '../../functions/_shared/http.ts';
import type { RoleContext } from '../db.ts';
import {
  ApiError,
  fromPgError,
  internalError,
  invalidBody,
  jsonTooDeep,
  nulInJson,
  invalidRange,
  invalidResourcePath,
  invalidRpcMethod,
  jwtError,
  mediaTypeError,
  noRpc,
  openApiDisabled,
  payloadTooLarge,
  singularityError,
  tableNotFound,
  columnNotFound,
  unacceptableSchema,
  unsupportedMethod,
  fuzzyHint,
} from './errors.ts';
import {
  parseQuery,
  parsePrefer,
  preferenceApplied,
  negotiate,
  parseRangeHeader,
  intersectRange,
  type Media,
  type Preferences,
  type QueryParams,
  type Range,
} from './parse.ts';
import { SchemaStore, type SchemaCache, type Table, type Routine, type Column } from './schema.ts';
import { planRead, rootFilters, SchemaMiss, ident, type ReadNode } from './plan.ts';
import {
  Params,
  readStatement,
  insertSql,
  updateSql,
  deleteSql,
  mutationStatement,
  callSql,
  type CallArgs,
  type ReadResult,
} from './sql.ts';
import { ReadCache, type CachedAnswer } from './cache.ts';

/** supabase/config.toml [api] max_rows: PostgREST never returns more rows than this at once. */
const MAX_ROWS = 1000;

interface RestState {
  schema: SchemaStore;
  cache: ReadCache;
  /** Anon reads being computed, by cache key. */
  inflight: Map<string, Promise<Answer>>;
}
const states = new WeakMap<StackContext, RestState>();

function stateOf(ctx: StackContext): RestState {
  let st = states.get(ctx);
  if (!st) {
    const created: RestState = { schema: new SchemaStore(ctx.db), cache: new ReadCache(), inflight: new Map() };
    ctx.onWrite.add(() => {
      created.cache.clear();
      // A read that started before the write must not be handed to requests that arrive after it.
      created.inflight.clear();
    });
    states.set(ctx, created);
    st = created;
  }
  return st;
}

/** What a handler produced; turned into a Response once (and possibly cached). */
interface Answer extends CachedAnswer {
  /** Safe to serve again to another identical anon request. */
  cacheable?: boolean;
}

const JSON_TYPE = 'application/json; charset=utf-8';

function contentType(media: Media): string {
  const base = media.kind === 'object' ? 'application/vnd.pgrst.object+json' : media.stripNulls ? 'application/vnd.pgrst.array+json' : 'application/json';
  return `${base}${media.stripNulls ? ';nulls=stripped' : ''}; charset=utf-8`;
}

function toResponse(a: CachedAnswer, method: string): Response {
  return new Response(method === 'HEAD' ? null : (a.bytes ?? a.body), { status: a.status, headers: a.headers });
}

function errorAnswer(e: unknown, authed: boolean): Answer {
  let api: ApiError | null = e instanceof ApiError ? e : fromPgError(e, authed);
  if (!api) {
    console.error('[rest] unexpected error', e);
    api = internalError(e);
  }
  return { status: api.status, headers: { 'Content-Type': JSON_TYPE, ...api.headers }, body: JSON.stringify(api.body) };
}

function notifyWrite(ctx: StackContext) {
  for (const cb of ctx.onWrite) {
    try {
      cb();
    } catch (e) {
      console.error('[rest] onWrite callback failed', e);
    }
  }
}

export const rest: Service = async (req, path, ctx) => {
  const st = stateOf(ctx);
  const method = req.method.toUpperCase();
  // The key holds the exact token strings, and entries are only stored for a verified anon token
  // (until its exp), so a hit needs no second signature check.
  const cacheKey = method === 'GET' || method === 'HEAD' ? ReadCache.key(req) : null;
  if (cacheKey) {
    const hit = st.cache.get(cacheKey);
    if (hit) return toResponse(hit, method);
    // The same anon read already on its way to the database: share its answer instead of queueing
    // another identical query behind it (what happens to the page's read when its entry expires).
    const pending = st.inflight.get(cacheKey);
    if (pending) {
      const shared = await pending;
      if (shared.cacheable) return toResponse(shared, method);
    }
  }
  return toResponse(await answer(req, path, method, ctx, st, cacheKey), method);
};

async function answer(req: Request, path: string, method: string, ctx: StackContext, st: RestState, cacheKey: string | null): Promise<Answer> {
  let authed = false;
  try {
    const caller = callerOf(req, ctx.config);
    if (!caller.ok) throw jwtError(caller.reason, bearerToken(req));
    authed = caller.role !== 'anon';
    if (cacheKey && caller.role === 'anon') {
      const generation = st.cache.generation;
      const exp = typeof caller.claims.exp === 'number' ? caller.claims.exp : undefined;
      const pending: Promise<Answer> = route(req, path, method, ctx, st, caller)
        .catch((e) => errorAnswer(e, false))
        .then((a) => {
          if (a.cacheable && a.status < 300) st.cache.set(cacheKey, generation, { status: a.status, headers: a.headers, body: a.body }, exp);
          return a;
        })
        .finally(() => {
          if (st.inflight.get(cacheKey) === pending) st.inflight.delete(cacheKey);
        });
      st.inflight.set(cacheKey, pending);
      return await pending;
    }
    const a = await route(req, path, method, ctx, st, caller);
    if (isWrite(method) && a.status < 400) notifyWrite(ctx);
    return a;
  } catch (e) {
    return errorAnswer(e, authed);
  }
}

function bearerToken(req: Request): string | null {
  const m = req.headers.get('authorization')?.match(/^Bearer\s+(.+)$/i);
  return m ? m[1].trim() : req.headers.get('apikey');
}

/** One request as the handlers see it: parsed once, passed around. */
interface Call {
  req: Request;
  url: URL;
  method: string;
  ctx: StackContext;
  st: RestState;
  caller: Verified;
  path: string;
  prefs: Preferences;
  media: Media;
}

type Verified = Extract<Caller, { ok: true }>;

async function route(req: Request, path: string, method: string, ctx: StackContext, st: RestState, caller: Verified): Promise<Answer> {
  if (!['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(method)) throw unsupportedMethod(method);
  const read = method === 'GET' || method === 'HEAD';
  const profile = req.headers.get(read ? 'accept-profile' : 'content-profile');
  if (profile && profile !== 'public') throw unacceptableSchema(profile);

  const segments = path.split('/').filter(Boolean).map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  if (segments.length === 0) throw openApiDisabled();
  const negotiated = negotiate(req.headers.get('accept'));
  if ('unacceptable' in negotiated) throw mediaTypeError(negotiated.unacceptable);
  const r: Call = {
    req,
    url: new URL(req.url),
    method,
    ctx,
    st,
    caller,
    path,
    prefs: parsePrefer(req.headers.get('prefer')),
    media: negotiated,
  };
  if (segments[0] === 'rpc' && segments.length === 2) return rpc(r, segments[1]);
  if (segments.length !== 1) throw invalidResourcePath();
  const table = segments[0];
  if (read) return readTable(r, table);
  if (method === 'POST') return insert(r, table);
  if (method === 'PATCH') return update(r, table);
  return remove(r, table);
}

// ---------------------------------------------------------------- shared helpers
/**
 * Plans against the cache; a name the cache does not know reloads it once and plans again, this
 * time answering "not found" for real.
 */
async function planned<T>(st: RestState, build: (schema: SchemaCache, strict: boolean) => T): Promise<T> {
  const schema = await st.schema.get();
  try {
    return build(schema, true);
  } catch (e) {
    if (!(e instanceof SchemaMiss)) throw e;
  }
  return build(await st.schema.reload(), false);
}

function lookupTable(schema: SchemaCache, name: string, strict: boolean): Table {
  const t = schema.tables.get(name);
  if (t) return t;
  if (strict) throw new SchemaMiss(name);
  const hint = fuzzyHint(name, schema.tables.keys());
  throw tableNotFound(name, hint ? `Perhaps you meant the table 'public.${hint}'` : null);
}

function roleContext(r: Call, readOnly: boolean): RoleContext {
  const headers: Record<string, string> = {};
  r.req.headers.forEach((v, k) => {
    headers[k] = v;
  });
  return { role: r.caller.role, claims: r.caller.claims, method: r.method, path: r.path, headers, readOnly };
}

async function run(r: Call, sql: string, params: unknown[], readOnly: boolean, check?: (row: ReadResult) => void): Promise<ReadResult> {
  return r.ctx.db.asRole(roleContext(r, readOnly), async (q) => {
    const row = (await q<ReadResult>(sql, params)).rows[0];
    const out: ReadResult = {
      total: row.total === null || row.total === undefined ? null : Number(row.total),
      page_total: Number(row.page_total),
      body: row.body,
      inserted: row.inserted === null || row.inserted === undefined ? null : Number(row.inserted),
    };
    // Throwing here rolls the transaction back (a singular request that matched ≠ 1 row).
    check?.(out);
    return out;
  });
}

/** RangeQuery.hs contentRangeH. */
function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total ?? '*'}`;
}

/** RangeQuery.hs rangeStatusHeader (+ the 416 body Response.hs sends). */
function rangedAnswer(offset: number, res: ReadResult, media: Media, prefApplied: string | null): Answer {
  const upper = offset + res.page_total - 1;
  const headers: Record<string, string> = { 'Content-Range': contentRange(offset, upper, res.total) };
  if (prefApplied) headers['Preference-Applied'] = prefApplied;
  const total = res.total;
  if (total !== null && offset > total) {
    const e = invalidRange(`An offset of ${offset} was requested, but there are only ${total} rows.`);
    return { status: 416, headers: { ...headers, 'Content-Type': JSON_TYPE }, body: JSON.stringify(e.body) };
  }
  const status = total !== null && 1 + upper - offset < total ? 206 : 200;
  return { status, headers: { ...headers, 'Content-Type': contentType(media) }, body: res.body };
}

function topRange(r: Call, qp: QueryParams): Range {
  const header = r.method === 'GET' || r.method === 'HEAD' ? parseRangeHeader(r.req.headers.get('range')) : undefined;
  const merged = intersectRange(qp.ranges.get(''), header) ?? { offset: 0 };
  // db-max-rows caps every read.
  return { offset: merged.offset, limit: Math.min(merged.limit ?? MAX_ROWS, MAX_ROWS) };
}

const shouldCount = (p: Preferences) => p.count === 'exact' || p.count === 'estimated' || p.count === 'planned';

// ---------------------------------------------------------------- GET / HEAD on a table
async function readTable(r: Call, name: string): Promise<Answer> {
  const qp = parseQuery(r.url.search);
  const root = await planned(r.st, (schema, strict) => planRead(schema, lookupTable(schema, name, strict), name, qp, { strict }));
  const range = topRange(r, qp);
  const p = new Params();
  const count = shouldCount(r.prefs);
  const sql = readStatement(root, p, {
    count,
    range,
    shape: { single: r.media.kind === 'object', stripNulls: r.media.stripNulls, none: r.method === 'HEAD' },
  });
  const res = await run(r, sql, p.values, true);
  if (r.media.kind === 'object' && res.page_total !== 1) throw singularityError(res.page_total);
  const answer = rangedAnswer(range.offset, res, r.media, preferenceApplied({ count: count ? r.prefs.count : undefined }));
  answer.cacheable = true;
  return answer;
}

// ---------------------------------------------------------------- request bodies
interface Payload {
  text: string;
  isObject: boolean;
  /** The keys that become columns (PostgREST payKeys, or `columns=`). */
  keys: string[];
}

/**
 * The request body as JSON, read with the stack's cap and checked before it is parsed: nesting that
 * Postgres' recursive json parser must never see, and NULs Postgres cannot store, are refused here.
 * `emptyIs` is what an empty body stands for (an rpc without arguments); otherwise it is invalid.
 */
async function readJsonBody(r: Call, opts: { emptyIs?: string } = {}): Promise<{ text: string; value: unknown }> {
  let bytes: Uint8Array;
  try {
    bytes = await readBody(r.req, r.ctx.config.maxBodyBytes);
  } catch (e) {
    if (e instanceof BodyTooLarge) throw payloadTooLarge(r.ctx.config.maxBodyBytes);
    throw e;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidBody('Empty or invalid json');
  }
  if (text === '' && opts.emptyIs !== undefined) text = opts.emptyIs;
  const problem = jsonTextProblem(text);
  if (problem === 'depth') throw jsonTooDeep(MAX_JSON_DEPTH);
  if (problem === 'nul') throw nulInJson();
  try {
    return { text, value: JSON.parse(text) };
  } catch {
    throw invalidBody('Empty or invalid json');
  }
}

async function readPayload(r: Call, qp: QueryParams): Promise<Payload> {
  const ct = (r.req.headers.get('content-type') ?? 'application/json').split(';')[0].trim().toLowerCase();
  if (ct !== 'application/json' && ct !== '*/*' && !ct.endsWith('+json')) throw invalidBody(`Content-Type not acceptable: ${ct}`);
  const { text, value } = await readJsonBody(r);
  if (qp.columns) {
    return { text, isObject: isPlainObject(value), keys: qp.columns };
  }
  if (isPlainObject(value)) return { text, isObject: true, keys: Object.keys(value) };
  if (Array.isArray(value)) {
    if (value.length === 0) return { text: '[]', isObject: false, keys: [] };
    if (!isPlainObject(value[0])) throw invalidBody('All object keys must match');
    const keys = Object.keys(value[0]);
    const canon = [...keys].sort().join('\u0000');
    const uniform = value.every((v) => isPlainObject(v) && Object.keys(v).sort().join('\u0000') === canon);
    if (!uniform) throw invalidBody('All object keys must match');
    return { text, isObject: false, keys };
  }
  // Anything else is truncated to an empty array, as PostgREST does.
  return { text: '[]', isObject: false, keys: [] };
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function payloadColumns(table: Table, keys: string[], strict: boolean): Column[] {
  return keys.map((k) => {
    const c = table.columns.get(k);
    if (c) return c;
    if (strict) throw new SchemaMiss(k);
    throw columnNotFound(table.name, k);
  });
}

/** The representation read over the mutated rows (`pgrst_source`), with any embeds. */
function representation(schema: SchemaCache, table: Table, name: string, qp: QueryParams, strict: boolean): ReadNode {
  const node = planRead(schema, table, name, { ...qp, ranges: new Map([...qp.ranges].filter(([k]) => k !== '')) }, {
    strict,
    from: `pgrst_source AS ${ident(name)}`,
    qual: ident(name),
    skipRootFilters: true,
  });
  return node;
}

function whereNode(table: Table, name: string, qp: QueryParams, strict: boolean): ReadNode {
  const qual = `"public".${ident(name)}`;
  return {
    table,
    key: name,
    from: qual,
    qual,
    fields: [],
    embeds: [],
    where: rootFilters(table, qp, { strict }),
    order: qp.order.filter((o) => o.path.length === 0).flatMap((o) => o.terms),
  };
}

function singularCheck(r: Call) {
  return (row: ReadResult) => {
    if (r.media.kind === 'object' && row.page_total !== 1) throw singularityError(row.page_total);
  };
}

function mutationHeaders(r: Call, contentRangeValue: string, applied: Partial<Preferences>, withBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Range': contentRangeValue };
  // return=headers-only (a Location header) is not implemented, so it is not reported as applied.
  const pa = preferenceApplied({ ...applied, return: applied.return === 'headers-only' ? undefined : applied.return });
  if (pa) headers['Preference-Applied'] = pa;
  if (withBody) headers['Content-Type'] = contentType(r.media);
  return headers;
}

// ---------------------------------------------------------------- POST: insert / upsert
async function insert(r: Call, name: string): Promise<Answer> {
  const qp = parseQuery(r.url.search);
  // The table must exist before the body is read (unknown table is 404 whatever the body).
  await planned(r.st, (schema, strict) => lookupTable(schema, name, strict));
  const payload = await readPayload(r, qp);
  const full = r.prefs.return === 'representation';
  const { sql, params, upsertCols } = await planned(r.st, (schema, strict) => {
    const table = lookupTable(schema, name, strict);
    const columns = payloadColumns(table, payload.keys, strict);
    const read = full ? representation(schema, table, name, qp, strict) : null;
    const conflictCols = r.prefs.resolution ? (qp.onConflict ?? table.pk) : [];
    const p = new Params();
    const mutation = insertSql(
      {
        table: name,
        columns,
        body: payload.text,
        isObject: payload.isObject,
        missingDefault: !!qp.columns && r.prefs.missing === 'default',
        onConflict: r.prefs.resolution && conflictCols.length ? { columns: conflictCols, resolution: r.prefs.resolution } : undefined,
        returnRows: full,
      },
      p,
    );
    const stmt = mutationStatement(mutation, read, p, { single: r.media.kind === 'object', stripNulls: r.media.stripNulls });
    return { sql: stmt, params: p.values, upsertCols: conflictCols };
  });
  const res = await run(r, sql, params, false, singularCheck(r));
  const merge = r.prefs.resolution === 'merge-duplicates';
  const status = merge && (res.inserted ?? 0) <= 0 && res.page_total > 0 ? 200 : 201;
  const count = shouldCount(r.prefs);
  const headers = mutationHeaders(
    r,
    contentRange(1, 0, count ? res.page_total : null),
    {
      resolution: upsertCols.length ? r.prefs.resolution : undefined,
      missing: r.prefs.missing,
      return: r.prefs.return,
      count: count ? r.prefs.count : undefined,
    },
    full,
  );
  return { status, headers, body: full ? res.body : null };
}

// ---------------------------------------------------------------- PATCH
async function update(r: Call, name: string): Promise<Answer> {
  const qp = parseQuery(r.url.search);
  await planned(r.st, (schema, strict) => lookupTable(schema, name, strict));
  const payload = await readPayload(r, qp);
  const full = r.prefs.return === 'representation';
  const { sql, params } = await planned(r.st, (schema, strict) => {
    const table = lookupTable(schema, name, strict);
    const columns = payloadColumns(table, payload.keys, strict);
    const where = whereNode(table, name, qp, strict);
    const read = full ? representation(schema, table, name, qp, strict) : null;
    const p = new Params();
    const mutation = updateSql(
      { table: name, columns, body: payload.text, isObject: payload.isObject, where, range: qp.ranges.get(''), returnRows: full },
      p,
    );
    return { sql: mutationStatement(mutation, read, p, { single: r.media.kind === 'object', stripNulls: r.media.stripNulls }), params: p.values };
  });
  const res = await run(r, sql, params, false, singularCheck(r));
  const count = shouldCount(r.prefs);
  const headers = mutationHeaders(
    r,
    contentRange(0, res.page_total - 1, count ? res.page_total : null),
    { missing: r.prefs.missing, return: r.prefs.return, count: count ? r.prefs.count : undefined },
    full,
  );
  return { status: full ? 200 : 204, headers, body: full ? res.body : null };
}

// ---------------------------------------------------------------- DELETE
async function remove(r: Call, name: string): Promise<Answer> {
  const qp = parseQuery(r.url.search);
  const full = r.prefs.return === 'representation';
  const { sql, params } = await planned(r.st, (schema, strict) => {
    const table = lookupTable(schema, name, strict);
    const where = whereNode(table, name, qp, strict);
    const read = full ? representation(schema, table, name, qp, strict) : null;
    const p = new Params();
    const mutation = deleteSql({ table: name, where, range: qp.ranges.get(''), returnRows: full }, p);
    return { sql: mutationStatement(mutation, read, p, { single: r.media.kind === 'object', stripNulls: r.media.stripNulls }), params: p.values };
  });
  const res = await run(r, sql, params, false, singularCheck(r));
  const count = shouldCount(r.prefs);
  const headers = mutationHeaders(r, contentRange(1, 0, count ? res.page_total : null), { return: r.prefs.return, count: count ? r.prefs.count : undefined }, full);
  return { status: full ? 200 : 204, headers, body: full ? res.body : null };
}

// ---------------------------------------------------------------- RPC
/**
 * The overload whose parameters the given argument names fit (every required one given, nothing
 * unknown); failing that, on POST, a function taking one unnamed json/jsonb parameter gets the body.
 */
function pickRoutine(candidates: Routine[], keys: string[], post: boolean): { routine: Routine; single: boolean } | null {
  const given = new Set(keys);
  const fits = candidates.filter(
    (c) => c.params.every((p) => p.hasDefault || given.has(p.name)) && keys.every((k) => c.params.some((p) => p.name === k)),
  );
  if (fits.length) {
    // Several overloads fit when defaults cover the rest: take the one with the fewest parameters.
    fits.sort((a, b) => a.params.length - b.params.length);
    return { routine: fits[0], single: false };
  }
  if (post) {
    const single = candidates.find((c) => c.params.length === 1 && c.params[0].name === '' && /^jsonb?$/.test(c.params[0].type));
    if (single) return { routine: single, single: true };
  }
  return null;
}

async function rpc(r: Call, name: string): Promise<Answer> {
  const read = r.method === 'GET' || r.method === 'HEAD';
  if (!read && r.method !== 'POST') throw invalidRpcMethod(r.method);
  let bodyText = '{}';
  let bodyValue: unknown = {};
  if (!read) {
    const body = await readJsonBody(r, { emptyIs: bodyText });
    bodyText = body.text;
    bodyValue = body.value;
  }

  const plan = await planned(r.st, (schema, strict) => {
    const candidates = schema.routines.get(name) ?? [];
    const paramNames = new Set(candidates.flatMap((c) => c.params.map((p) => p.name)));
    const qp = parseQuery(r.url.search, read ? { isArg: (k) => paramNames.has(k) } : undefined);
    const keys = read ? qp.rpcArgs.map(([k]) => k) : isPlainObject(bodyValue) ? Object.keys(bodyValue) : [];
    const picked = pickRoutine(candidates, keys, !read);
    if (!picked) {
      if (strict) throw new SchemaMiss(name);
      const sorted = [...keys].sort();
      const hint = candidates.length
        ? `Perhaps you meant to call the function public.${name}(${[...new Set(candidates.flatMap((c) => c.params.map((p) => p.name)))].sort().join(', ')})`
        : (() => {
            const h = fuzzyHint(name, schema.routines.keys());
            return h ? `Perhaps you meant to call the function public.${h}` : null;
          })();
      throw noRpc(name, sorted, !read, hint);
    }
    const { routine, single } = picked;
    let args: CallArgs;
    if (single) args = { mode: 'single', body: bodyText };
    else if (read) args = { mode: 'direct', values: new Map(qp.rpcArgs) };
    else args = { mode: 'json', body: bodyText, names: new Set(keys) };

    let node: ReadNode | null = null;
    if (routine.returns === 'composite') {
      const table = schema.tables.get(routine.returnType.replace(/^public\./, '').replace(/^"|"$/g, ''));
      node = planRead(schema, table, name, qp, { strict, from: `pgrst_source AS ${ident(name)}`, qual: ident(name) });
    }
    return { routine, args, node, qp };
  });

  const { routine, args, qp } = plan;
  const p = new Params();
  const call = callSql(routine, args, p);
  const count = shouldCount(r.prefs);
  const applied = preferenceApplied({ count: count ? r.prefs.count : undefined });
  // GET/HEAD calls run read-only, as in PostgREST: a function that writes fails there (25006 → 405).
  const readOnly = read;

  if (routine.returns === 'void') {
    await run(r, `WITH pgrst_source AS (${call}) SELECT null::bigint AS total, pg_catalog.count(*) AS page_total, ''::text AS body FROM pgrst_source`, p.values, readOnly);
    const headers: Record<string, string> = { 'Content-Range': '0-0/*' };
    if (applied) headers['Preference-Applied'] = applied;
    return { status: 204, headers, body: null };
  }

  const setOf = routine.returnsSet;
  const range = setOf ? topRange(r, qp) : { offset: 0 };
  const shape = {
    single: !setOf || r.media.kind === 'object',
    stripNulls: r.media.stripNulls,
    none: r.method === 'HEAD',
    scalar: routine.returns === 'scalar',
  };
  let node: ReadNode;
  if (plan.node) node = plan.node;
  else {
    node = {
      key: name,
      from: 'pgrst_source',
      qual: 'pgrst_source',
      fields: [{ field: { name: 'pgrst_scalar', json: [] } }],
      embeds: [],
      where: [],
      order: [],
    };
  }
  const sql = readStatement(node, p, { count: count && setOf, range: setOf ? range : undefined, shape, source: call });
  const res = await run(r, sql, p.values, readOnly, (row) => {
    if (setOf && r.media.kind === 'object' && row.page_total !== 1) throw singularityError(row.page_total);
  });
  if (!setOf) res.page_total = 1;
  const answer = rangedAnswer(range.offset, res, r.media, applied);
  answer.cacheable = read && routine.volatility !== 'volatile';
  return answer;
}
