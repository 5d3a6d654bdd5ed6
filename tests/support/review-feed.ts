/**
 * A fake Supabase project for the site build: answers `review_feed` (the RPC site/data/review-snapshots.ts
 * reads at build time) with a small feed per slug, and product_launches with no launch, so build tests can target a "hosted" URL without a
 * network. Pass `fetch` to buildSite() / loadReviewSnapshots().
 */
import type { Feed, FeedReview } from '../../ui/reviews/model/index.ts';

/** Two approved reviews (5 and 4 stars) of `slug`; `idPrefix` names their ids (seed.sql's are 5eed0001-). */
export function feedFor(slug: string, idPrefix = 'f00d0001-'): Feed {
  const review = (n: number, rating: number, verified: boolean): FeedReview => ({
    id: `${idPrefix}0000-4000-8000-00000000000${n}`,
    product_slug: slug,
    rating,
    title: `Build-time review ${n} of ${slug}`,
    content: `Written by the review-feed fixture for ${slug}.`,
    reviewer_name: `Fixture Client ${n}`,
    is_verified_purchase: verified,
    created_at: `2025-03-0${n}T10:00:00Z`,
    media: [],
    // The first review carries the brand's reply, so builds show one (issue #10).
    reply: n === 1 ? { content: `Thank you, Fixture Client ${n}!`, created_at: '2025-03-05T09:00:00Z', updated_at: '2025-03-06T09:00:00Z' } : null,
  });
  return {
    summary: { count: 2, average: 4.5, histogram: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 1 }, with_media: 0 },
    total: 2,
    reviews: [review(2, 4, false), review(1, 5, true)],
    next_cursor: null,
  };
}

/** A fetch that answers every review_feed call with `answer(slug)`; `calls` records the requests. */
export function fakeProject(answer: (slug: string) => Response | Promise<Response> = (slug) => Response.json(feedFor(slug))) {
  const calls: { url: string; apikey: string | null }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, apikey: new Headers(init?.headers).get('apikey') });
    // The build also reads which products the launch switch put on sale (site/data/launches.ts): none here.
    if (new URL(url).pathname.endsWith('/rest/v1/product_launches')) return Response.json([]);
    return answer(new URL(url).searchParams.get('p_slug') ?? '');
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}
