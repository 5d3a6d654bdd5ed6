/**
 * The local stack's schedule for the review-media-cleanup function (issue 9): the request hosted
 * Supabase's pg_cron job sends (README, "Deploy"), sent at start and then every hour to this stack's own
 * functions runtime (functions/jobs.ts), so the same code removes the same leftover files here as there.
 * A run is one indexed query and, only when something is due, one removal.
 */
import type { Stack } from '../app.ts';
import { JOB_EVERY_MS, scheduleJob, type JobSchedule } from '../functions/jobs.ts';

export const REVIEW_MEDIA_CLEANUP_EVERY_MS = JOB_EVERY_MS;

/** The cleanup's schedule: `first` is the number of files its first run removed. */
export type CleanupSchedule = JobSchedule<number>;

export function scheduleReviewMediaCleanup(stack: Stack, everyMs = REVIEW_MEDIA_CLEANUP_EVERY_MS): CleanupSchedule {
  return scheduleJob(
    stack,
    'review-media-cleanup',
    everyMs,
    (b) => {
      const removed = (b as { removed?: unknown } | null)?.removed;
      return typeof removed === 'number' ? removed : null;
    },
    (removed) => {
      if (removed > 0) console.log(`[storage] review-media cleanup removed ${removed} leftover file(s)`);
    },
  );
}
