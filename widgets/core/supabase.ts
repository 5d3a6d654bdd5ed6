/**
 * The backend clients, shared by every element on the page.
 *
 * API
 * - `getSupabase(): Promise<KybClient>`: THE supabase-js client of the page (auth, REST as the
 *   signed-in user, storage uploads, functions). Created on first call with a dynamic import, so pages
 *   and elements that only read public data never download auth-js (~28 kB gzip). Kept on `globalThis`
 *   under `Symbol.for('kyb.supabase')` so two copies of the bundle on one page share one client (two
 *   clients on one storage key would race each other's token refreshes).
 *   Session rules (docs/accounts.md#session): persisted in localStorage (`sb-<host label>-auth-token`, shared/storage.ts), refreshed on a
 *   timer (`autoRefreshToken`), and `detectSessionInUrl` so sign-up / recovery mail links that land with
 *   `#access_token=…` sign the visitor in.
 * - `peekSupabase()`: the client if it is already loaded, else null (no download).
 * - `hasStoredSession()`: cheap localStorage check; `authCallbackInUrl()`: the page is a mail-link landing.
 *   `shouldLoadAuth()` = either: elements load the auth client eagerly only then, or when the user acts.
 * - `rest()`: a light, anonymous PostgREST client (postgrest-js only, ~5 kB) for public reads such as
 *   `rest().rpc('review_feed', {...}, {get: true})` or `rest().from('planner_gallery').select()`.
 *   It always sends the anon key, never the user's token: use `getSupabase()` for the user's own rows.
 * - `invokeFunction(name, body)`: calls `/functions/v1/<name>`; uses functions-js alone with the anon key
 *   unless an auth client is already loaded (then the user's token goes along). Returns a flat result:
 *   `{ok: true, data}` or `{ok: false, status, message}` (status null = network failure; message = the
 *   function's `error` string when it sent one).
 * - `storagePublicUrl(bucket, path)`: the public object URL (no storage-js needed).
 * - `authErrorText(error)`: what the auth server said about a failed call, for "Sign in failed, with the
 *   server's message" (docs/errors.md): supabase-js reads no body of a 5xx answer and reports `{}` (a JSON
 *   dump of the Response object), so the client's fetch keeps the last failed auth answer's `msg` /
 *   `error_description` / `message` / `error` for that case (issue #8).
 *
 * rest() and invokeFunction() live in rest.ts / functions.ts and are re-exported here; import them from
 * their own modules in element code so the bundler never ties postgrest-js or functions-js to a chunk
 * that only needs the other.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/types/database.ts';
import { getConfig } from './config.ts';

/** The page's supabase-js client, typed by the schema the migrations build (`npm run gen:types`). */
export type KybClient = SupabaseClient<Database>;

export { rest } from './rest.ts';
export { hasStoredSession, authCallbackInUrl, shouldLoadAuth, storagePublicUrl } from './public.ts';
export { invokeFunction, type FunctionResult } from './functions.ts';

import { clientEntries, clientId, pageWide } from './registry.ts';

export function getSupabase(): Promise<KybClient> {
  const cfg = getConfig();
  const id = clientId(cfg);
  const map = clientEntries<KybClient>();
  let entry = map.get(id);
  if (!entry) {
    const e: { promise: Promise<KybClient>; client?: KybClient } = {
      promise: import('@supabase/supabase-js').then(({ createClient }) => {
        const c = createClient<Database>(cfg.supabaseUrl, cfg.supabaseAnonKey, {
          auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'implicit' },
          global: { fetch: fetchKeepingAuthErrors },
        });
        e.client = c;
        return c;
      }),
    };
    // A failed chunk download must not poison the page: the next call tries again.
    e.promise.catch(() => map.delete(id));
    map.set(id, e);
    entry = e;
  }
  return entry.promise;
}

/** The client when it is already loaded (by this copy of the bundle or another), else null. */
export function peekSupabase(): KybClient | null {
  try {
    return clientEntries<KybClient>().get(clientId(getConfig()))?.client ?? null;
  } catch {
    return null;
  }
}

/** The last failed auth answer's own words (page-wide, like the client). */
const authFailure = () => pageWide<{ message: string | null }>('authFailure', () => ({ message: null }));

/** GoTrue's error fields, in the order supabase-js reads them. */
function serverWords(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  for (const k of ['msg', 'message', 'error_description', 'error']) if (typeof b[k] === 'string' && b[k]) return b[k] as string;
  return null;
}

// The global fetch at call time (tests and host pages may wrap it after the client was made).
const fetchKeepingAuthErrors: typeof fetch = async (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const isAuth = url.includes('/auth/v1/');
  if (isAuth) authFailure().message = null;
  const res = await fetch(input, init);
  if (isAuth && !res.ok) {
    try {
      authFailure().message = serverWords(await res.clone().json());
    } catch {
      // Not JSON: nothing better to say than the library does.
    }
  }
  return res;
};

/** The server's message for a failed auth call (null when there is nothing to say). */
export function authErrorText(error: unknown): string | null {
  const m = error instanceof Error || (error && typeof error === 'object') ? String((error as { message?: unknown }).message ?? '') : '';
  if (m && m !== '{}') return m;
  return authFailure().message;
}
