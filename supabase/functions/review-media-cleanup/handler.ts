/**
 * review-media-cleanup: POST with the service role key → 200 `{removed}` | 401 `{error}` | 405.
 *
 * A scheduled job, not a public endpoint (issue 9): it removes the files of the review-media bucket
 * that no review has named for 24 hours, so the bucket cannot serve as free public hosting and an
 * abandoned review form leaves nothing behind. The database says which files those are
 * (`review_media_orphans()`, supabase/migrations/20261123000200_review_media_storage_moderation.sql,
 * which also holds the grace period); the Storage API removes them, because SQL may not delete storage
 * rows and would leave the bytes anyway.
 *
 * Scheduled hourly: on hosted Supabase by pg_cron and pg_net (README, "Deploy"), in the local stack by
 * supabase/local/storage/cleanup.ts.
 */
import type { FunctionEnv } from '../../../shared/http.ts';
import { adminClient } from '../_shared/admin.ts';
import { internalError, json, requireServiceRole } from '../_shared/http.ts';

/** The bucket `review_media_orphans()` looks in. */
const BUCKET = 'review-media';
/** Storage removes at most 1000 names per call; the function hands out as many. */
const BATCH = 1000;
/** A bound on one run's work; whatever is left waits for the next run. */
const MAX_BATCHES = 10;

export const handle = requireServiceRole(async (env: FunctionEnv): Promise<Response> => {
  try {
    const db = adminClient(env);
    let removed = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const { data, error } = await db.rpc('review_media_orphans', { p_limit: BATCH });
      if (error) throw new Error(`review_media_orphans failed: ${error.message}`);
      const names = (data ?? []) as string[];
      if (names.length === 0) break;
      const rm = await db.storage.from(BUCKET).remove(names);
      if (rm.error) throw new Error(`removing ${names.length} files failed: ${rm.error.message}`);
      removed += rm.data.length;
      // A short batch was the last one; an empty removal would only repeat itself.
      if (names.length < BATCH || rm.data.length === 0) break;
    }
    return json({ removed });
  } catch (e) {
    console.error('[review-media-cleanup]', e);
    return internalError();
  }
});
