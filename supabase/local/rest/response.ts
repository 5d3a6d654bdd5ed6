/**
 * The response stage: what a handler produced (an Answer) becomes a Response with PostgREST's status,
 * Content-Range, Content-Type and Preference-Applied headers (its Response and RangeQuery modules),
 * and any error becomes PostgREST's JSON error body (errors.ts).
 */
import { ApiError, fromPgError, internalError, invalidRange } from './errors.ts';
import type { Media } from './media.ts';
import { preferenceApplied, shouldCount, type AnswerKind, type Preferences } from './prefer.ts';
import type { CachedAnswer } from './cache.ts';
import type { ReadResult } from './sql.ts';

/** What a handler produced; turned into a Response once (and possibly cached). */
export interface Answer extends CachedAnswer {
  /** Safe to serve again to another identical anon request. */
  cacheable?: boolean;
  /** A write that ran and was rolled back (`Prefer: tx=rollback`): nothing changed. */
  rolledBack?: boolean;
}

export const JSON_TYPE = 'application/json; charset=utf-8';

export function contentType(media: Media): string {
  const base = media.kind === 'object' ? 'application/vnd.pgrst.object+json' : media.stripNulls ? 'application/vnd.pgrst.array+json' : 'application/json';
  return `${base}${media.stripNulls ? ';nulls=stripped' : ''}; charset=utf-8`;
}

export function toResponse(a: CachedAnswer, method: string): Response {
  return new Response(method === 'HEAD' ? null : (a.bytes ?? a.body), { status: a.status, headers: a.headers });
}

export function errorAnswer(e: unknown, authed: boolean): Answer {
  let api: ApiError | null = e instanceof ApiError ? e : fromPgError(e, authed);
  if (!api) {
    console.error('[rest] unexpected error', e);
    api = internalError(e);
  }
  return { status: api.status, headers: { 'Content-Type': JSON_TYPE, ...api.headers }, body: JSON.stringify(api.body) };
}

/** How a result becomes an answer (response.ts `respond`). */
export type Shape =
  /** Rows (a read, a function's result): Content-Range from `offset`, 200 / 206 / 416. */
  | {
      kind: 'rows';
      answer: AnswerKind;
      offset: number;
      /** Safe to serve again to an identical anon request (unless the transaction rolled back). */
      cacheable: boolean;
      /** A function returning one value answers one row, whatever the statement counted. */
      oneValue?: boolean;
    }
  /** A function returning void: 204. */
  | { kind: 'void' }
  /** An insert, update or delete: its status, Content-Range, and the body only for `return=representation`. */
  | {
      kind: 'write';
      answer: 'insert' | 'update' | 'delete';
      withBody: boolean;
      /** Insert: whether `Preference-Applied` may report a resolution (a key or on_conflict to resolve on). */
      resolvable?: boolean;
      /** Insert with `return=headers-only`: the table the Location header points into. */
      location?: string;
    };

/** A plan's result as PostgREST answers it (Response.hs, one case per shape). */
export function respond(shape: Shape, res: ReadResult, media: Media, prefs: Preferences): Answer {
  if (shape.kind === 'rows') {
    if (shape.oneValue) res.page_total = 1;
    const answer = rangedAnswer(shape.offset, res, media, preferenceApplied(prefs, shape.answer));
    answer.cacheable = shape.cacheable && !res.rolledBack;
    answer.rolledBack = res.rolledBack;
    return answer;
  }
  const count = shouldCount(prefs) ? res.page_total : null;
  if (shape.kind === 'void') {
    const headers: Record<string, string> = { 'Content-Range': contentRange(0, 0, res.total) };
    const applied = preferenceApplied(prefs, 'call');
    if (applied) headers['Preference-Applied'] = applied;
    return { status: 204, headers, body: null, rolledBack: res.rolledBack };
  }
  const applied = preferenceApplied(prefs, shape.answer, { resolution: shape.resolvable });
  const range = shape.answer === 'update' ? contentRange(0, res.page_total - 1, count) : contentRange(1, 0, count);
  const headers = mutationHeaders(media, range, applied, shape.withBody);
  let status = shape.withBody ? 200 : 204;
  if (shape.answer === 'insert') {
    // An upsert that only merged into existing rows answers 200; anything it inserted, 201.
    status = prefs.resolution === 'merge-duplicates' && (res.inserted ?? 0) <= 0 && res.page_total > 0 ? 200 : 201;
    if (shape.location && res.location?.length) headers.Location = locationOf(shape.location, res.location);
  }
  return { status, headers, body: shape.withBody ? res.body : null, rolledBack: res.rolledBack };
}

/** `Location: /table?pk=eq.value` for `return=headers-only` (Response.hs). */
function locationOf(table: string, pairs: string[]): string {
  const query = pairs
    .map((kv) => kv.split('='))
    .map(([k, ...v]) => `${queryEncode(k)}=${queryEncode(v.join('='))}`)
    .join('&');
  return `/${table}?${query}`;
}

/** http-types' urlEncode for a query string (renderSimpleQuery): unreserved bytes kept, space as +. */
function queryEncode(s: string): string {
  let out = '';
  for (const b of new TextEncoder().encode(s)) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9._~-]/.test(c) ? c : b === 0x20 ? '+' : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** RangeQuery.hs contentRangeH. */
export function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total ?? '*'}`;
}

/** RangeQuery.hs rangeStatusHeader (+ the 416 body Response.hs sends). */
export function rangedAnswer(offset: number, res: ReadResult, media: Media, prefApplied: string | null): Answer {
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

export function mutationHeaders(media: Media, contentRangeValue: string, applied: string | null, withBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Range': contentRangeValue };
  if (applied) headers['Preference-Applied'] = applied;
  if (withBody) headers['Content-Type'] = contentType(media);
  return headers;
}
