/**
 * `invokeFunction(name, body)`: POST JSON to `/functions/v1/<name>` and get a flat result.
 *
 *   const r = await invokeFunction<{ message: string }>('newsletter-signup', payload);
 *   if (r.ok) r.data.message
 *   else if (r.message) …the function's own `error` text (400/429 or a 200 carrying `error`)…
 *   else …network failure (status null) or an error without a readable `error` field…
 *
 * Uses functions-js alone with the anon key, so a newsletter form never downloads auth-js; when the
 * page's supabase-js client is already loaded (someone is signed in) its `functions` is used instead
 * so the user's token goes along. Never throws: a missing backend configuration is reported as a
 * network-style failure and logged.
 */
import { FunctionsClient } from '@supabase/functions-js';
import { getConfig } from './config.ts';
import { clientEntries, clientId, pageWide } from './registry.ts';

/**
 * `field`: the request field a 400 names (the checkout function's `lines.0.quantity`, `kitTerms`); `body`:
 * the whole answer of an error with a JSON body (the checkout function's 409 for a paid cart names its order).
 */
export type FunctionResult<T> = { ok: true; data: T } | { ok: false; status: number | null; message: string | null; field?: string; body?: unknown };

const errorText = (x: unknown): string | null =>
  x && typeof x === 'object' && typeof (x as { error?: unknown }).error === 'string' && (x as { error: string }).error ? (x as { error: string }).error : null;

export async function invokeFunction<T = { message?: string }>(name: string, body: Record<string, unknown>): Promise<FunctionResult<T>> {
  let cfg: ReturnType<typeof getConfig>;
  try {
    cfg = getConfig();
  } catch (e) {
    console.error('[kyb]', e);
    return { ok: false, status: null, message: null };
  }
  const id = clientId(cfg);
  // The full client, when loaded, is a KybClient (supabase.ts, which imports this module): its functions.
  const full = clientEntries<{ functions: FunctionsClient }>().get(id)?.client;
  const fc =
    full?.functions ??
    pageWide('functions', () => new Map<string, FunctionsClient>()).get(id) ??
    (() => {
      const c = new FunctionsClient(`${cfg.supabaseUrl}/functions/v1`, {
        headers: { apikey: cfg.supabaseAnonKey, Authorization: `Bearer ${cfg.supabaseAnonKey}` },
      });
      pageWide('functions', () => new Map<string, FunctionsClient>()).set(id, c);
      return c;
    })();
  let res: { data: unknown; error: unknown };
  try {
    res = await fc.invoke(name, { body });
  } catch (e) {
    console.error('[kyb]', name, e);
    return { ok: false, status: null, message: null };
  }
  const { data, error } = res;
  if (error) {
    const ctx = (error as { context?: unknown }).context;
    // FunctionsHttpError / FunctionsRelayError carry the raw Response; FunctionsFetchError does not.
    if (ctx instanceof Response) {
      let parsed: unknown = null;
      try {
        parsed = await ctx.clone().json();
      } catch {
        /* not JSON: no message to show */
      }
      const field = (parsed as { field?: unknown } | null)?.field;
      return { ok: false, status: ctx.status, message: errorText(parsed), ...(typeof field === 'string' ? { field } : {}), ...(parsed ? { body: parsed } : {}) };
    }
    console.error('[kyb]', name, error);
    return { ok: false, status: null, message: null };
  }
  const msg = errorText(data);
  if (msg) return { ok: false, status: 200, message: msg };
  return { ok: true, data: data as T };
}
