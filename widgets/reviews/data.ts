/**
 * The public read path of kyb-reviews: one `review_feed` GET per page over plain fetch, so visitors
 * never download auth-js. The signed-in write path (review row, files, media rows) is in submit.ts,
 * loaded with the form.
 */
import { rpcGet } from '../core/rpc.ts';
import { storagePublicUrl } from '../core/public.ts';

export const REVIEW_BUCKET = 'review-media';
export const PAGE_SIZE = 10;

export type SortKey = 'newest' | 'highest' | 'lowest';
export const SORT_OPTIONS: ReadonlyArray<{ value: SortKey; label: string }> = [
  { value: 'newest', label: 'Newest' },
  { value: 'highest', label: 'Highest rated' },
  { value: 'lowest', label: 'Lowest rated' },
];

export interface FeedMedia {
  id: string;
  file_path: string;
  file_type: string;
  file_size: number;
}
/** The brand's public reply to a review (migration review_replies); shown dated by its last edit. */
export interface FeedReply {
  content: string;
  created_at: string;
  updated_at: string;
}
export interface FeedReview {
  id: string;
  product_slug: string;
  rating: number;
  title: string;
  content: string;
  reviewer_name: string;
  is_verified_purchase: boolean;
  created_at: string;
  media: FeedMedia[];
  /** null when the brand has not replied. */
  reply: FeedReply | null;
}
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

export const EMPTY_FEED: Feed = {
  summary: { count: 0, average: null, histogram: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }, with_media: 0 },
  total: 0,
  reviews: [],
  next_cursor: null,
};

/**
 * One page of approved reviews plus the slug's summary, in a single GET (cacheable, no preflight
 * body). Throws on failure; the caller logs it and shows the list empty (docs/errors.md).
 */
export async function loadFeed(q: FeedQuery): Promise<Feed> {
  const args: Record<string, string | number | boolean | undefined> = {
    p_slug: q.slug,
    p_sort: q.sort,
    // Omitted rather than null: GET turns null into the text "null".
    p_rating: q.rating ?? undefined,
    p_with_media: q.withMedia,
    p_limit: q.limit ?? PAGE_SIZE,
    p_after: q.after ?? undefined,
  };
  // Plain fetch, not postgrest-js: this read gates what a visitor first sees (~4.5 kB less to load).
  const { data, error } = await rpcGet<Feed>('review_feed', args);
  if (error) throw error;
  return normaliseFeed(data);
}

function normaliseFeed(raw: unknown): Feed {
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

/** Public address of a review file (no request, no storage-js). */
export function mediaUrl(path: string): string {
  return storagePublicUrl(REVIEW_BUCKET, path);
}

export function isVideo(fileType: string): boolean {
  return fileType.startsWith('video/');
}
