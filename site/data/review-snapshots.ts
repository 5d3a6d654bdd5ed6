/**
 * The first page of approved reviews of every review slug, read from the database at build time, so
 * product pages carry their reviews and AggregateRating in the HTML (readable and indexable before any
 * script runs; the kyb-reviews element then refreshes them live).
 *
 * Reads the configured backend (KYB_SUPABASE_URL) through the same `review_feed` RPC the widget uses.
 * KYB_PRERENDER_REVIEWS chooses the source:
 * - unset: the configured backend. When it is the local stack (a loopback URL) and not running (an
 *   offline laptop), the build says so and prerenders no reviews, as with `off`: the seed is read only
 *   when asked for. A hosted project that cannot be read stops the build: going on would silently ship
 *   pages without the project's own reviews.
 * - `off`: no reviews in the HTML (no review list, no AggregateRating or Review JSON-LD); the element
 *   loads them in the browser. The explicit way to build for a hosted project that is not readable yet.
 * - `seed`: always the seed, read over HTTP from a local stack the build starts as a process, in memory,
 *   on the project's own migrations and seed (./local-stack.ts; reproducible test builds: scripts/test.ts,
 *   visual, lighthouse); refused for a hosted project.
 *
 * Every source is read through the reviews module's loadFeed (ui/reviews/model/), as the element reads it
 * in the browser, and over HTTP, as a hosted project is.
 */
import { REVIEW_SLUGS } from '../../shared/rules/reviews.ts';
import { type Feed, type FeedArgs, firstPage, isFeed, loadFeed } from '../../ui/reviews/model/index.ts';
import { startLocalStack } from './local-stack.ts';

export type ReviewSnapshot = Feed;

/**
 * What the build read, by slug: filled once by loadReviewSnapshots before any page renders, read while
 * rendering (pages are plain functions of the build's data).
 */
const snapshots = new Map<string, ReviewSnapshot>();

/** The slugs looked up while `readsOf` runs (which pages show which products: site/rebuild.ts). */
let reads: Set<string> | null = null;

/** Notes that the page being rendered shows something of `slug` (the launch state too: site/data/launches.ts). */
export function noteRead(slug: string): void {
  reads?.add(slug);
}

/** The snapshot for a slug, when one was loaded (render-time lookup). */
export function reviewSnapshot(slug: string): ReviewSnapshot | undefined {
  reads?.add(slug);
  return snapshots.get(slug);
}

/**
 * Runs `render` and says which slugs' snapshots it looked up, found or not: the products whose reviews
 * or rating that page shows (its own reviews, its AggregateRating, catalog and related-product cards).
 */
export function readsOf<T>(render: () => T): { value: T; slugs: ReadonlySet<string> } {
  const outer = reads;
  const mine = new Set<string>();
  reads = mine;
  try {
    return { value: render(), slugs: mine };
  } finally {
    reads = outer;
  }
}

/** How long the build waits for the backend's answers (all slugs are read in parallel). */
export const BACKEND_TIMEOUT_MS = 10_000;

/** The id prefix of supabase/seed.sql's reviews (its "Fixed ids" note): made-up rows, never published. */
const SEED_REVIEW_ID = /^5eed0001-/;

/** A build configuration that cannot be built as asked; the CLI prints the message without a stack. */
export class SiteBuildError extends Error {
  override name = 'SiteBuildError';
}

/** Loopback addresses are the local stack (supabase/local, `npm start`); anything else is a hosted project. */
export function isLocalStackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '[::1]';
}

type ReviewsMode = 'backend' | 'off' | 'seed';

function reviewsMode(env: NodeJS.ProcessEnv): ReviewsMode {
  const v = env.KYB_PRERENDER_REVIEWS ?? '';
  if (v === '') return 'backend';
  if (v === 'off' || v === 'seed') return v;
  throw new SiteBuildError(
    `site: KYB_PRERENDER_REVIEWS must be unset (read the backend), "off" (no prerendered reviews) or "seed" (the local seed; local stack only), got ${JSON.stringify(v)}.`,
  );
}

/** The first line of what went wrong, with the network cause fetch hides behind "fetch failed". */
function reason(e: unknown): string {
  const err = e as Error & { cause?: Error };
  if (err?.name === 'TimeoutError') return `no answer within ${BACKEND_TIMEOUT_MS / 1000} s`;
  const cause = err?.cause?.message ? `: ${err.cause.message}` : '';
  return `${err?.message ?? String(e)}${cause}`.split('\n')[0];
}

/**
 * The build's way to `review_feed` (the reviews module's loadFeed asks it for each slug's first page):
 * its own fetch, a timeout, and messages that name what came back, since a failure stops the build.
 */
function feedCaller(fetcher: typeof fetch, supabaseUrl: string, anonKey: string) {
  return async (args: FeedArgs): Promise<unknown> => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(args)) if (v !== undefined && v !== null) q.set(k, String(v));
    const slug = args.p_slug;
    const res = await fetcher(`${supabaseUrl}/rest/v1/rpc/review_feed?${q}`, {
      headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(BACKEND_TIMEOUT_MS),
    });
    const body = await res.text();
    if (!res.ok) throw new Error(`review_feed for ${slug} answered ${res.status}: ${body.slice(0, 200)}`);
    let feed: unknown;
    try {
      feed = JSON.parse(body);
    } catch {
      throw new Error(`review_feed for ${slug} answered ${res.status} with a body that is not JSON: ${body.slice(0, 80)}`);
    }
    if (!isFeed(feed)) throw new Error(`review_feed for ${slug} answered JSON that is not a review feed: ${body.slice(0, 80)}`);
    return feed;
  };
}

async function readAll(fetcher: typeof fetch, supabaseUrl: string, anonKey: string): Promise<Map<string, ReviewSnapshot>> {
  const out = new Map<string, ReviewSnapshot>();
  const call = feedCaller(fetcher, supabaseUrl, anonKey);
  await Promise.all(REVIEW_SLUGS.map(async (slug) => out.set(slug, await loadFeed(firstPage(slug), call))));
  return out;
}

export async function loadReviewSnapshots(opts: {
  supabaseUrl: string;
  anonKey: string;
  env?: NodeJS.ProcessEnv;
  log?: (m: string) => void;
  /** How the configured backend is reached (tests pass a fake hosted project); default: global fetch. */
  fetch?: typeof fetch;
}): Promise<{ source: 'backend' | 'local-seed' | 'none'; count: number }> {
  const env = opts.env ?? process.env;
  const log = opts.log ?? ((m: string) => console.log(m));
  const url = opts.supabaseUrl;
  const local = isLocalStackUrl(url);
  const mode = reviewsMode(env);
  snapshots.clear();
  if (mode === 'off') {
    log('site: KYB_PRERENDER_REVIEWS=off: no reviews prerendered; the kyb-reviews element loads them in the browser');
    return { source: 'none', count: 0 };
  }
  if (mode === 'seed' && !local) {
    throw new SiteBuildError(
      [
        `site: KYB_PRERENDER_REVIEWS=seed would publish the local seed's made-up reviews, but KYB_SUPABASE_URL is the hosted project ${url}.`,
        `Unset KYB_PRERENDER_REVIEWS to prerender that project's reviews, or set KYB_PRERENDER_REVIEWS=off to prerender none.`,
      ].join('\n'),
    );
  }
  if (mode === 'backend') {
    let got: Map<string, ReviewSnapshot>;
    try {
      got = await readAll(opts.fetch ?? fetch, url, opts.anonKey);
    } catch (e) {
      if (!local) {
        throw new SiteBuildError(
          [
            `site: cannot read reviews from the hosted project ${url} (${reason(e)}).`,
            `A build for a hosted project prerenders that project's reviews and never falls back to the local seed, so it stops here.`,
            `Check KYB_SUPABASE_URL and KYB_SUPABASE_ANON_KEY (the project's URL and public anon key; its migrations pushed),`,
            `or build without prerendered reviews (the kyb-reviews element then loads them in the browser): KYB_PRERENDER_REVIEWS=off npm run build`,
          ].join('\n'),
        );
      }
      log(`site: local backend ${url} not readable (${reason(e)}); no reviews prerendered (start it with \`npm start\`, or build on the seed: KYB_PRERENDER_REVIEWS=seed)`);
      return { source: 'none', count: 0 };
    }
    const seeded = [...got.values()].some((f) => f.reviews.some((r) => SEED_REVIEW_ID.test(String(r.id))));
    if (seeded && !local) {
      throw new SiteBuildError(
        [
          `site: the hosted project ${url} serves the local seed's made-up reviews (ids 5eed0001-…, supabase/seed.sql).`,
          `Delete them there (delete from public.reviews where id::text like '5eed0001-%'), or build without prerendered reviews: KYB_PRERENDER_REVIEWS=off npm run build`,
        ].join('\n'),
      );
    }
    got.forEach((v, k) => snapshots.set(k, v));
    return { source: 'backend', count: got.size };
  }
  // KYB_PRERENDER_REVIEWS=seed: asked for, and the URL is the local stack's. The seed is read over HTTP
  // from a stack of its own (a process on a free port, in memory: data/local-stack.ts), never from the
  // developer's running one, whose database may have changed since the seed.
  try {
    const stack = await startLocalStack();
    try {
      const got = await readAll(fetch, stack.url, stack.anonKey);
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
