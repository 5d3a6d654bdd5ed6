/**
 * `rpcGet(fn, args)`: an anonymous, read-only RPC call over GET with plain fetch — what
 * `rest().rpc(fn, args, {get: true})` sends, without postgrest-js (~4.5 kB gzip). For the public read
 * that decides what a visitor first sees (the reviews feed), where every kilobyte delays the list.
 *
 *   const { data, error } = await rpcGet<Feed>('review_feed', { p_slug: slug, p_sort: 'newest' });
 *
 * Arguments are encoded as postgrest-js does for GET (arrays as `{a,b}`, the rest stringified), except
 * that null is left out like undefined (the function's default applies). `error` is PostgREST's body `{code, message, details, hint}` with the HTTP status, or
 * `{message, status: 0}` when the request could not be made.
 */
import { getConfig, type KybConfig } from './config.ts';

export interface RpcError {
  message: string;
  code?: string;
  details?: string | null;
  hint?: string | null;
  status: number;
}

export async function rpcGet<T>(
  fn: string,
  args: Record<string, string | number | boolean | null | undefined> = {},
  init: { signal?: AbortSignal; config?: Pick<KybConfig, 'supabaseUrl' | 'supabaseAnonKey'> } = {},
): Promise<{ data: T | null; error: RpcError | null }> {
  let res: Response;
  try {
    const cfg = init.config ?? getConfig();
    const url = new URL(`${cfg.supabaseUrl}/rest/v1/rpc/${encodeURIComponent(fn)}`);
    for (const [k, v] of Object.entries(args)) {
      // GET has no way to say SQL null (postgrest-js would send the text "null"): leave the parameter out
      // so the function's default applies.
      if (v === undefined || v === null) continue;
      url.searchParams.append(k, `${v}`);
    }
    res = await fetch(url, {
      headers: { apikey: cfg.supabaseAnonKey, Authorization: `Bearer ${cfg.supabaseAnonKey}`, Accept: 'application/json' },
      signal: init.signal,
    });
  } catch (e) {
    return { data: null, error: { message: e instanceof Error ? e.message : String(e), status: 0 } };
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {}
  if (!res.ok) {
    // PostgREST's error body as it is (code, details, hint, message), with the status.
    const b = (body ?? {}) as Partial<RpcError>;
    return { data: null, error: { ...b, message: b.message ?? (text || res.statusText), status: res.status } };
  }
  return { data: body as T, error: null };
}
