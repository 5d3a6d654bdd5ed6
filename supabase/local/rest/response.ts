/**
 * The response stage: what a handler produced (an Answer) becomes a Response with PostgREST's status,
 * Content-Range, Content-Type and Preference-Applied headers (its Response and RangeQuery modules),
 * and any error becomes PostgREST's JSON error body (errors.ts).
 */
import { ApiError, fromPgError, internalError, invalidRange } from './errors.ts';
import type { Media } from './media.ts';
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
