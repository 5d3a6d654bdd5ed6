/**
 * The first page of approved reviews of every review slug, read from the database at build time, so
 * product pages carry their reviews and AggregateRating in the HTML (readable and indexable before any
 * script runs; the kyb-reviews element then refreshes them live).
 *
 * Reads the configured backend (KYB_SUPABASE_URL) through the same `review_feed` RPC the widget uses.
 * When that backend is not reachable (a CI build, an offline laptop), it starts the local stack in
 * memory on the project's own migrations and seed and reads that instead. KYB_PRERENDER_REVIEWS=off
 * skips reviews entirely; KYB_PRERENDER_REVIEWS=seed always reads the seed (reproducible test builds).
 */
import type { Feed } from '../../widgets/reviews/data.ts';
import { REVIEW_SLUGS } from '../../supabase/functions/_shared/rules.ts';

export type ReviewSnapshot = Feed;

const snapshots = new Map<string, ReviewSnapshot>();
let mediaBase = '';

/** The snapshot for a slug, when one was loaded (render-time lookup). */
export function reviewSnapshot(slug: string): ReviewSnapshot | undefined {
  return snapshots.get(slug);
}

export function reviewMediaUrl(filePath: string): string {
  return `${mediaBase}/storage/v1/object/public/review-media/${filePath.split('/').map(encodeURIComponent).join('/')}`;
}

export const SNAPSHOT_PAGE_SIZE = 10;

async function readAll(fetcher: typeof fetch, supabaseUrl: string, anonKey: string): Promise<Map<string, ReviewSnapshot>> {
  const out = new Map<string, ReviewSnapshot>();
  await Promise.all(
    REVIEW_SLUGS.map(async (slug) => {
      const q = new URLSearchParams({ p_slug: slug, p_sort: 'newest', p_limit: String(SNAPSHOT_PAGE_SIZE), p_offset: '0' });
      const res = await fetcher(`${supabaseUrl}/rest/v1/rpc/review_feed?${q}`, {
        headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`review_feed for ${slug} answered ${res.status}: ${await res.text()}`);
      out.set(slug, (await res.json()) as ReviewSnapshot);
    }),
  );
  return out;
}

export async function loadReviewSnapshots(opts: {
  supabaseUrl: string;
  anonKey: string;
  env?: NodeJS.ProcessEnv;
  log?: (m: string) => void;
}): Promise<{ source: 'backend' | 'local-seed' | 'none'; count: number }> {
  const env = opts.env ?? process.env;
  const log = opts.log ?? ((m: string) => console.log(m));
  snapshots.clear();
  mediaBase = opts.supabaseUrl;
  if (env.KYB_PRERENDER_REVIEWS === 'off') return { source: 'none', count: 0 };
  if (env.KYB_PRERENDER_REVIEWS !== 'seed') {
    try {
      const got = await readAll(fetch, opts.supabaseUrl, opts.anonKey);
      got.forEach((v, k) => snapshots.set(k, v));
      return { source: 'backend', count: got.size };
    } catch (e) {
      log(`site: backend ${opts.supabaseUrl} not readable (${(e as Error).message.split('\n')[0]}); reading reviews from the seed in memory`);
    }
  }
  try {
    const { createStack } = await import('../../supabase/local/app.ts');
    const stack = await createStack({ config: { publicUrl: opts.supabaseUrl } });
    try {
      const got = await readAll(stack.fetch, opts.supabaseUrl, stack.config.anonKey);
      got.forEach((v, k) => snapshots.set(k, v));
      return { source: 'local-seed', count: got.size };
    } finally {
      await stack.close();
    }
  } catch (e) {
    log(`site: warning: no review snapshot (${(e as Error).message}); pages render without prerendered reviews`);
    return { source: 'none', count: 0 };
  }
}
