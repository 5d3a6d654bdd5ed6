/**
 * The local stack's schedule for the site-rebuild function (issue #23): the request hosted Supabase's
 * pg_cron job sends every minute (README, "Deploy"), sent here every few seconds to this stack's own
 * functions runtime, so the same code decides when the site's pages are rebuilt after reviews change.
 * It runs only when a deploy hook is configured (`SITE_DEPLOY_HOOK_URL` in the functions' environment:
 * `npm start` points it at the local static host, scripts/serve-site.ts, which re-prerenders the pages
 * that show the products named). A run is one query when nothing is due.
 */
import type { Stack } from './app.ts';

/** Locally a rebuild follows a moderation within seconds (hosted: pg_cron's minute). */
export const SITE_REBUILD_EVERY_MS = 2000;

export interface SiteRebuildSchedule {
  /** Stops the timer and waits for a run in progress, so the database can be closed after it. */
  stop(): Promise<void>;
}

export function scheduleSiteRebuild(stack: Stack, everyMs = SITE_REBUILD_EVERY_MS): SiteRebuildSchedule {
  let running: Promise<void> | null = null;
  const run = () => {
    // An overdue run never overlaps a slow one (a rebuild takes about a second).
    running ??= once(stack).finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(run, everyMs);
  // The schedule alone must not keep a process alive.
  timer.unref?.();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

async function once(stack: Stack): Promise<void> {
  const key = stack.config.serviceRoleKey;
  try {
    const res = await stack.fetch(`${stack.config.publicUrl}/functions/v1/site-rebuild`, {
      method: 'POST',
      headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const body = (await res.json().catch(() => null)) as { rebuilt?: boolean; slugs?: string[]; error?: string } | null;
    if (!res.ok) console.error('[site-rebuild] failed', res.status, body?.error ?? body);
    else if (body?.rebuilt) console.log(`[site-rebuild] pages of ${body.slugs?.join(', ')} rebuilt`);
  } catch (e) {
    console.error('[site-rebuild] failed', e);
  }
}
