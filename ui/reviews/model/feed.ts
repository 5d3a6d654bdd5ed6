/**
 * The review feed's shape and how a raw answer becomes one. The feed is what the `review_feed` RPC
 * returns (migration review_feed, docs/reviews.md#reviews-section): the generated Database type only
 * knows it as `Json`. Each review in it is one row of the view review_cards (migration review_cards), so
 * a review's type is that row's, with the two JSON columns spelled out: a column added to the view
 * reaches every reader's type with no edit here.
 */
import type { Database, Tables } from '../../../supabase/types/database.ts';

/** The bucket review files live in (migration review_media_storage). */
export const REVIEW_BUCKET = 'review-media';
/** Reviews per page, in the element and in the prerendered snapshot alike. */
export const PAGE_SIZE = 10;

export type SortKey = 'newest' | 'highest' | 'lowest';
export const SORT_OPTIONS: ReadonlyArray<{ value: SortKey; label: string }> = [
  { value: 'newest', label: 'Newest' },
  { value: 'highest', label: 'Highest rated' },
  { value: 'lowest', label: 'Lowest rated' },
];

export type FeedMedia = Pick<Tables<'review_media'>, 'id' | 'file_path' | 'file_type' | 'file_size'>;
/** The brand's public reply to a review (migration review_replies); shown dated by its last edit. */
export type FeedReply = Pick<Tables<'review_replies'>, 'content' | 'created_at' | 'updated_at'>;
export type FeedReview = Omit<Database['public']['Views']['review_cards']['Row'], 'media' | 'reply'> & {
  media: FeedMedia[];
  /** null when the brand has not replied. */
  reply: FeedReply | null;
};
export interface FeedSummary {
  count: number;
  average: number | null;
  histogram: Record<string, number>;
  with_media: number;
}
export interface Feed {
  summary: FeedSummary;
  /** Approved reviews matching the filters (for "Load more"). */
  total: number;
  reviews: FeedReview[];
  /** Where the next page starts (`FeedQuery.after`); null when no review follows. */
  next_cursor: string | null;
}
export interface FeedQuery {
  slug: string;
  sort: SortKey;
  /** Only reviews with this many stars; null for all. */
  rating: number | null;
  withMedia: boolean;
  /** The previous page's `next_cursor`; null for the first page. Any page then costs the same. */
  after: string | null;
  limit?: number;
}

/** The RPC's parameters, as the generated type names them. */
export type FeedArgs = Database['public']['Functions']['review_feed']['Args'];

export const EMPTY_FEED: Feed = {
  summary: { count: 0, average: null, histogram: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }, with_media: 0 },
  total: 0,
  reviews: [],
  next_cursor: null,
};

/** What `review_feed` is asked for `q`. */
export function feedArgs(q: FeedQuery): FeedArgs {
  return {
    p_slug: q.slug,
    p_sort: q.sort,
    // Omitted rather than null: over GET, null would be the text "null".
    p_rating: q.rating ?? undefined,
    p_with_media: q.withMedia,
    p_limit: q.limit ?? PAGE_SIZE,
    p_after: q.after ?? undefined,
  };
}

/** The first page of a product's reviews, newest first, unfiltered: what a visitor first sees. */
export function firstPage(slug: string): FeedQuery {
  return { slug, sort: 'newest', rating: null, withMedia: false, after: null, limit: PAGE_SIZE };
}

/** True when `x` has the fields a reader relies on (the build refuses anything else: docs/reviews.md). */
export function isFeed(x: unknown): x is Feed {
  const f = x as Feed | null;
  return (
    typeof f === 'object' &&
    f !== null &&
    typeof f.summary?.count === 'number' &&
    (f.summary.average === null || typeof f.summary.average === 'number') &&
    Array.isArray(f.reviews) &&
    f.reviews.every((r) => typeof r?.title === 'string' && typeof r.content === 'string' && typeof r.rating === 'number' && typeof r.created_at === 'string')
  );
}

/** A feed with every field present: numbers as numbers, a full histogram, media and reply defaulted. */
export function normaliseFeed(raw: unknown): Feed {
  const d = (raw ?? {}) as Partial<Feed>;
  const s = (d.summary ?? {}) as Partial<FeedSummary>;
  return {
    summary: {
      count: Number(s.count ?? 0),
      average: s.average == null ? null : Number(s.average),
      histogram: { ...EMPTY_FEED.summary.histogram, ...(s.histogram ?? {}) },
      with_media: Number(s.with_media ?? 0),
    },
    total: Number(d.total ?? 0),
    reviews: Array.isArray(d.reviews) ? d.reviews.map((r) => ({ ...r, media: Array.isArray(r.media) ? r.media : [], reply: r.reply ?? null })) : [],
    next_cursor: typeof d.next_cursor === 'string' ? d.next_cursor : null,
  };
}

/**
 * Asks `review_feed` for `q` through `call` and normalises the answer. `call` is how this reader reaches
 * the backend: the element passes a plain GET (core/rpc.ts, no postgrest-js on the first view), the
 * site's build passes its own fetch with a timeout and its own messages. `call` throws on failure.
 */
export async function loadFeed(q: FeedQuery, call: (args: FeedArgs) => Promise<unknown>): Promise<Feed> {
  return normaliseFeed(await call(feedArgs(q)));
}
