/**
 * The request stage: what PostgREST's ApiRequest reads before anything is planned. The method, the
 * schema profile, the resource path, Accept, Prefer, the query string and the range become one
 * ApiRequest, once the target is known; bodies are read here with the stack's cap (http.ts) and checked
 * before they are parsed, when a plan asks for them (a table's body only once the table is found).
 */
import type { Caller, StackContext } from '../http.ts';
import { readBody, BodyTooLarge } from '../http.ts';
import { MAX_JSON_DEPTH, jsonTextProblem } from '../../../shared/http.ts';
import {
  invalidBody,
  invalidResourcePath,
  invalidRpcMethod,
  jsonTooDeep,
  notImplemented,
  nulInJson,
  openApiDisabled,
  payloadTooLarge,
  unacceptableSchema,
  unsupportedMethod,
} from './errors.ts';
import { intersectRange, parseRangeHeader } from './headers.ts';
import { checkBodyMedia, negotiate, type Media } from './media.ts';
import { parsePrefer, type Preferences } from './prefer.ts';
import { parseQuery } from './query-params.ts';
import type { ReadCache } from './cache.ts';
import type { SchemaStore } from './schema.ts';
import type { QueryParams, Range } from './syntax.ts';
import type { Answer } from './response.ts';

/** supabase/config.toml [api] max_rows: PostgREST never returns more rows than this at once. */
export const MAX_ROWS = 1000;

/** What the service keeps per stack: the schema cache and the anonymous read cache. */
export interface RestState {
  schema: SchemaStore;
  cache: ReadCache;
  /** Anon reads being computed, by cache key. */
  inflight: Map<string, Promise<Answer>>;
}

export type Verified = Extract<Caller, { ok: true }>;

/** The resource a request names: a table (or view), or a function under /rpc. */
export type Target = { table: string } | { rpc: string };

/** One request, parsed once (parseRequest) and handed to a planner, then to execute (execute.ts). */
export interface ApiRequest {
  req: Request;
  url: URL;
  method: string;
  ctx: StackContext;
  st: RestState;
  caller: Verified;
  path: string;
  target: Target;
  prefs: Preferences;
  media: Media;
  query: QueryParams;
  /**
   * The top-level rows asked for: `limit`/`offset` met with the Range header (GET and HEAD only), capped
   * at db-max-rows. A function returning one value ignores it.
   */
  range: Range;
}

export async function parseRequest(req: Request, path: string, method: string, ctx: StackContext, st: RestState, caller: Verified): Promise<ApiRequest> {
  if (!['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) throw unsupportedMethod(method);
  const read = isRead(method);
  const profile = req.headers.get(read ? 'accept-profile' : 'content-profile');
  if (profile && profile !== 'public') throw unacceptableSchema(profile);

  const segments = path
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
  if (segments.length === 0) throw openApiDisabled();
  const media = negotiate(req.headers.get('accept'));
  const { timezones } = await st.schema.get();
  const prefs = parsePrefer(req.headers.get('prefer'), { txOverride: ctx.config.dbTxEnd.endsWith('-allow-override'), timezones });
  let target: Target;
  if (segments[0] === 'rpc' && segments.length === 2) target = { rpc: segments[1] };
  else if (segments.length !== 1) throw invalidResourcePath();
  else target = { table: segments[0] };
  // What no plan serves is refused before the query string is read.
  if ('rpc' in target && !read && method !== 'POST') throw invalidRpcMethod(method);
  if ('table' in target && method === 'PUT')
    throw notImplemented('PUT (a single-row upsert by primary key) is not implemented by the local stack; use POST with Prefer: resolution=merge-duplicates');
  const url = new URL(req.url);
  const query = parseQuery(url.search, 'rpc' in target && read);
  const header = read ? parseRangeHeader(req.headers.get('range')) : undefined;
  const merged = intersectRange(query.ranges.get(''), header) ?? { offset: 0 };
  const range = { offset: merged.offset, limit: Math.min(merged.limit ?? MAX_ROWS, MAX_ROWS) };
  return { req, url, method, ctx, st, caller, path, target, prefs, media, query, range };
}

export const isRead = (method: string) => method === 'GET' || method === 'HEAD';

export interface Payload {
  text: string;
  isObject: boolean;
  /** The keys that become columns (PostgREST payKeys, or `columns=`). */
  keys: string[];
}

/**
 * The request body as JSON, read with the stack's cap and checked before it is parsed: nesting that
 * Postgres' recursive json parser must never see, and NULs Postgres cannot store, are refused here.
 * `emptyIs` is what an empty body stands for (an rpc without arguments); otherwise it is invalid. The
 * Content-Type is checked first (media.ts): only JSON is read.
 */
export async function readJsonBody(r: ApiRequest, opts: { emptyIs?: string; isFunction?: boolean } = {}): Promise<{ text: string; value: unknown }> {
  checkBodyMedia(r.req.headers.get('content-type'), !!opts.isFunction);
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

export async function readPayload(r: ApiRequest): Promise<Payload> {
  const { text, value } = await readJsonBody(r);
  if (r.query.columns) {
    return { text, isObject: isPlainObject(value), keys: r.query.columns };
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

export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
