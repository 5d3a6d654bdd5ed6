/**
 * The local stack's schedule for the review-media-cleanup function (issue 9): the request hosted
 * Supabase's pg_cron job sends (README, "Deploy"), sent at start and then every hour to this stack's own
 * functions runtime, so the same code removes the same leftover files here as there. A run is one
 * indexed query and, only when something is due, one removal.
 */
import type { Stack } from '../app.ts';

export const REVIEW_MEDIA_CLEANUP_EVERY_MS = 60 * 60 * 1000;

export interface CleanupSchedule {
  /** The run started with the schedule: the number of files it removed, or null when it failed. */
  first: Promise<number | null>;
  /** Stops the timer and waits for a run in progress, so the database can be closed after it. */
  stop(): Promise<void>;
}

export function scheduleReviewMediaCleanup(stack: Stack, everyMs = REVIEW_MEDIA_CLEANUP_EVERY_MS): CleanupSchedule {
  let running: Promise<number | null> | null = null;
  const run = () => {
    // An overdue run never overlaps a slow one.
    running ??= once(stack).finally(() => {
      running = null;
    });
    return running;
  };
  const first = run();
  const timer = setInterval(run, everyMs);
  // The schedule alone must not keep a process alive.
  timer.unref?.();
  return {
    first,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

async function once(stack: Stack): Promise<number | null> {
  const key = stack.config.serviceRoleKey;
  try {
    const res = await stack.fetch(`${stack.config.publicUrl}/functions/v1/review-media-cleanup`, {
      method: 'POST',
      headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const body = (await res.json().catch(() => null)) as { removed?: unknown } | null;
    if (!res.ok || typeof body?.removed !== 'number') {
      console.error('[storage] review-media cleanup failed', res.status, body);
      return null;
    }
    if (body.removed > 0) console.log(`[storage] review-media cleanup removed ${body.removed} leftover file(s)`);
    return body.removed;
  } catch (e) {
    console.error('[storage] review-media cleanup failed', e);
    return null;
  }
}
