/**
 * site-rebuild: POST with the service role key → 200 `{rebuilt, slugs}` | 401 `{error}` | 405 | 502
 * `{error, slugs}` (the deploy hook failed; the slugs wait for the next run).
 *
 * A scheduled job, not a public endpoint (issue #23, ratings follow the data): when approved reviews or
 * their replies change, triggers in the database note which products' pages are out of date
 * (supabase/migrations/20261201000400_site_rebuilds.sql). Each run asks the database which of those are
 * due, debounced (`site_rebuild_claim`: nothing asked for SITE_REBUILD_QUIET_SECONDS, or the oldest has
 * waited SITE_REBUILD_MAX_WAIT_SECONDS), and if any are, POSTs the static host's deploy hook
 * (SITE_DEPLOY_HOOK_URL: Netlify build hooks, Cloudflare Pages deploy hooks and Vercel deploy hooks all
 * take a POST) with `{trigger: 'reviews', slugs}`. Hosts rebuild the whole site and ignore the body; the
 * local stack's stand-in re-prerenders only the pages that show those products (site/rebuild.ts). A hook
 * that cannot be reached hands the slugs back, so nothing is lost.
 *
 * Without SITE_DEPLOY_HOOK_URL nothing is claimed: the requests wait until a hook is configured.
 * Scheduled every minute: on hosted Supabase by pg_cron and pg_net (README, "Deploy"), in the local
 * stack by supabase/local/site-rebuild.ts.
 */
import type { FunctionEnv } from '../../../shared/http.ts';
import { adminClient } from '../_shared/admin.ts';
import { internalError, json, requireServiceRole } from '../_shared/http.ts';

/** Debounce defaults: a minute without changes, ten minutes at most. */
export const DEFAULT_QUIET_SECONDS = 60;
export const DEFAULT_MAX_WAIT_SECONDS = 600;
/** A hook answers at once (the build runs later); one that hangs must not hold the job. */
export const HOOK_TIMEOUT_MS = 10_000;

const seconds = (v: string | undefined, fallback: number) => {
  const n = Number(v);
  return v !== undefined && v.trim() !== '' && Number.isInteger(n) && n >= 0 ? n : fallback;
};

export const handle = requireServiceRole(async (env: FunctionEnv): Promise<Response> => {
  const hook = env.get('SITE_DEPLOY_HOOK_URL')?.trim();
  if (!hook) return json({ rebuilt: false, slugs: [], reason: 'SITE_DEPLOY_HOOK_URL is not set' });
  const db = adminClient(env);
  let slugs: string[];
  try {
    const { data, error } = await db.rpc('site_rebuild_claim', {
      p_quiet_seconds: seconds(env.get('SITE_REBUILD_QUIET_SECONDS'), DEFAULT_QUIET_SECONDS),
      p_max_wait_seconds: seconds(env.get('SITE_REBUILD_MAX_WAIT_SECONDS'), DEFAULT_MAX_WAIT_SECONDS),
    });
    if (error) throw new Error(`site_rebuild_claim failed: ${error.message}`);
    slugs = (data ?? []) as string[];
  } catch (e) {
    console.error('[site-rebuild]', e);
    return internalError();
  }
  if (!slugs.length) return json({ rebuilt: false, slugs });

  // The local stack's in-process fetch serves only its own URLs; a hook is anywhere else.
  const local = env.fetch && new URL(hook).origin === new URL(env.supabaseUrl).origin;
  let failure: string | null = null;
  try {
    const res = await (local ? env.fetch! : fetch)(hook, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ trigger: 'reviews', slugs }),
      signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
    });
    if (!res.ok) failure = `the deploy hook answered ${res.status}: ${(await res.text()).slice(0, 200)}`;
    else await res.body?.cancel();
  } catch (e) {
    failure = `the deploy hook could not be reached: ${e instanceof Error ? e.message : String(e)}`;
  }
  if (!failure) return json({ rebuilt: true, slugs });
  console.error(`[site-rebuild] ${failure}`);
  const back = await db.rpc('site_rebuild_request', { p_slugs: slugs });
  if (back.error) console.error('[site-rebuild] could not put the slugs back', back.error);
  return json({ error: failure, slugs }, 502);
});
