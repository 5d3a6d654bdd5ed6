/**
 * The request stage: what PostgREST's ApiRequest reads before anything is planned. The method, the
 * schema profile, the resource path, Accept and Prefer become one Call; bodies are read here with the
 * stack's cap (http.ts) and checked before they are parsed.
 */
import type { Caller, StackContext } from '../http.ts';
import { readBody, BodyTooLarge } from '../http.ts';
import { MAX_JSON_DEPTH, jsonTextProblem } from '../../../shared/http.ts';
import { invalidBody, invalidResourcePath, jsonTooDeep, nulInJson, openApiDisabled, payloadTooLarge, unacceptableSchema, unsupportedMethod } from './errors.ts';
import { intersectRange, parseRangeHeader } from './headers.ts';
import { checkBodyMedia, negotiate, type Media } from './media.ts';
import { parsePrefer, type Preferences } from './prefer.ts';
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

/** One request as the handlers see it: parsed once, passed around. */
export interface Call {
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

/** The resource a request names: a table (or view), or a function under /rpc. */
export type Target = { table: string } | { rpc: string };

export async function readCall(req: Request, path: string, method: string, ctx: StackContext, st: RestState, caller: Verified): Promise<{ call: Call; target: Target }> {
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
  const call: Call = { req, url: new URL(req.url), method, ctx, st, caller, path, prefs, media };
  if (segments[0] === 'rpc' && segments.length === 2) return { call, target: { rpc: segments[1] } };
  if (segments.length !== 1) throw invalidResourcePath();
  return { call, target: { table: segments[0] } };
}

export const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** The rows a read asks for: `limit`/`offset` meet the Range header, and db-max-rows caps every read. */
export function topRange(r: Call, qp: QueryParams): Range {
  const header = isRead(r.method) ? parseRangeHeader(r.req.headers.get('range')) : undefined;
  const merged = intersectRange(qp.ranges.get(''), header) ?? { offset: 0 };
  return { offset: merged.offset, limit: Math.min(merged.limit ?? MAX_ROWS, MAX_ROWS) };
}

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
export async function readJsonBody(r: Call, opts: { emptyIs?: string; isFunction?: boolean } = {}): Promise<{ text: string; value: unknown }> {
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

export async function readPayload(r: Call, qp: QueryParams): Promise<Payload> {
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

export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
