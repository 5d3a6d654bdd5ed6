/**
 * Which Coming Soon products the admin's launch switch has put on sale (issue #29, item 2; table
 * product_launches, migration kit_launch), read from the database at build time beside the reviews, so
 * a launched product's pages offer Add to Cart instead of the waiting list. Flipping the switch asks for
 * the product's pages to be built again through the ratings' rebuild hook (site_rebuild_requests), and
 * site/rebuild.ts reads this again before it renders them.
 *
 * Read only when the build reads the backend's reviews (KYB_PRERENDER_REVIEWS unset): with `off` or
 * `seed` nothing is launched, as in the seed. A local stack that is not running launches nothing (as the
 * reviews); a hosted project that cannot be read stops the build, which would otherwise show a launched
 * product as Coming Soon.
 */
import { onSale, type Product } from '../../shared/catalog.ts';
import { BACKEND_TIMEOUT_MS, SiteBuildError, isLocalStackUrl, noteRead } from './review-snapshots.ts';

const launched = new Set<string>();

/** Whether the page shows the product as Coming Soon (render-time lookup; the page then follows its launch). */
export function comingSoon(p: Product): boolean {
  noteRead(p.reviewSlug);
  return !onSale(p, launched);
}

export async function loadLaunches(opts: {
  supabaseUrl: string;
  anonKey: string;
  env?: NodeJS.ProcessEnv;
  log?: (m: string) => void;
  fetch?: typeof fetch;
}): Promise<ReadonlySet<string>> {
  const env = opts.env ?? process.env;
  const log = opts.log ?? ((m: string) => console.log(m));
  launched.clear();
  if ((env.KYB_PRERENDER_REVIEWS ?? '') !== '') return launched;
  const url = `${opts.supabaseUrl}/rest/v1/product_launches?select=product&on_sale=eq.true`;
  try {
    const res = await (opts.fetch ?? fetch)(url, {
      headers: { apikey: opts.anonKey, Authorization: `Bearer ${opts.anonKey}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(BACKEND_TIMEOUT_MS),
    });
    const body = await res.text();
    if (!res.ok) throw new Error(`product_launches answered ${res.status}: ${body.slice(0, 200)}`);
    for (const r of JSON.parse(body) as { product: string }[]) launched.add(r.product);
  } catch (e) {
    const why = (e as Error).message.split('\n')[0];
    if (!isLocalStackUrl(opts.supabaseUrl)) {
      throw new SiteBuildError(
        `site: cannot read which products are on sale from the hosted project ${opts.supabaseUrl} (${why}); push the migrations (kit_launch) and build again.`,
      );
    }
    log(`site: local backend not readable for the launches (${why}); Coming Soon products stay Coming Soon`);
    return launched;
  }
  if (launched.size) log(`site: on sale by the launch switch: ${[...launched].join(', ')}`);
  return launched;
}
