/**
 * Data access for kyb-reviews: the public read path (one `review_feed` GET per page, through the light
 * PostgREST client so visitors never download auth-js) and the signed-in write path (review row,
 * files, media rows) through the full supabase-js client.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { rpcGet } from '../core/rpc.ts';
import { storagePublicUrl } from '../core/supabase.ts';
import { mediaPath, reviewMimeOf, type ReviewMime } from './rules.ts';

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
}
export interface FeedQuery {
  slug: string;
  sort: SortKey;
  /** Only reviews with this many stars; null for all. */
  rating: number | null;
  withMedia: boolean;
  offset: number;
  limit?: number;
}

export const EMPTY_FEED: Feed = {
  summary: { count: 0, average: null, histogram: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }, with_media: 0 },
  total: 0,
  reviews: [],
};

/**
 * One page of approved reviews plus the slug's summary, in a single GET (cacheable, no preflight
 * body). Throws on failure; the caller logs it and shows the list empty (doc 1 §8).
 */
export async function loadFeed(q: FeedQuery): Promise<Feed> {
  const args: Record<string, string | number | boolean | undefined> = {
    p_slug: q.slug,
    p_sort: q.sort,
    // Omitted rather than null: GET turns null into the text "null".
    p_rating: q.rating ?? undefined,
    p_with_media: q.withMedia,
    p_limit: q.limit ?? PAGE_SIZE,
    p_offset: q.offset,
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
    reviews: Array.isArray(d.reviews) ? d.reviews.map((r) => ({ ...r, media: Array.isArray(r.media) ? r.media : [] })) : [],
  };
}

/** Public address of a review file (no request, no storage-js). */
export function mediaUrl(path: string): string {
  return storagePublicUrl(REVIEW_BUCKET, path);
}

export function isVideo(fileType: string): boolean {
  return fileType.startsWith('video/');
}

/** The display name on the user's profile row, if any (prefills the form). */
export async function profileDisplayName(client: SupabaseClient, userId: string): Promise<string | null> {
  const { data, error } = await client.from('profiles').select('display_name').eq('id', userId).maybeSingle();
  if (error) throw error;
  const name = (data as { display_name?: string | null } | null)?.display_name;
  return name?.trim() ? name.trim() : null;
}

export interface ReviewDraft {
  /** Generated once per form attempt (crypto.randomUUID()) so a retry writes the same review. */
  id: string;
  userId: string;
  slug: string;
  rating: number;
  title: string;
  content: string;
  reviewerName: string;
  files: File[];
}

/** Where a submission got to, kept by the form between attempts. */
export interface SubmitProgress {
  /** The review row exists (inserted now or by an earlier attempt). */
  reviewStored: boolean;
}

/**
 * Stores a review and its files. Idempotent for a given draft id:
 *  1. insert the review row (return=minimal: the row is unapproved, so the public SELECT policy would
 *     refuse to hand it back); 23505 means an earlier attempt stored it, so carry on;
 *  2. upload each file to `{user}/{review}/{index}.{ext}` with upsert, so a retry overwrites;
 *  3. insert the review_media rows in one statement, ignoring rows an earlier attempt wrote.
 * Orphans: if step 2 or 3 fails, the files this attempt uploaded are removed again (best effort), so
 * an abandoned attempt leaves no file that no row references; a retry with the same id re-uploads
 * them. Steps 3's rows are all-or-nothing, so no row points at a removed file.
 */
export async function submitReview(
  client: SupabaseClient,
  draft: ReviewDraft,
  progress: SubmitProgress = { reviewStored: false },
): Promise<void> {
  if (!progress.reviewStored) {
    const { error } = await client.from('reviews').insert({
      id: draft.id,
      user_id: draft.userId,
      product_slug: draft.slug,
      rating: draft.rating,
      title: draft.title,
      content: draft.content,
      reviewer_name: draft.reviewerName,
    });
    if (error && error.code !== '23505') throw error;
    progress.reviewStored = true;
  }
  if (!draft.files.length) return;

  const uploaded: string[] = [];
  try {
    const rows: { review_id: string; file_path: string; file_type: ReviewMime; file_size: number }[] = [];
    for (const [index, file] of draft.files.entries()) {
      const mime = reviewMimeOf(file);
      if (!mime) throw new Error(`Refused file type for ${file.name}`);
      const path = mediaPath(draft.userId, draft.id, index, mime);
      // A File with an empty or odd type is re-labelled: storage takes the type from the multipart part.
      const body = file.type === mime ? file : new File([file], file.name, { type: mime });
      const { error } = await client.storage.from(REVIEW_BUCKET).upload(path, body, { upsert: true, contentType: mime });
      if (error) throw error;
      uploaded.push(path);
      rows.push({ review_id: draft.id, file_path: path, file_type: mime, file_size: file.size });
    }
    const { error } = await client
      .from('review_media')
      .upsert(rows, { onConflict: 'review_id,file_path', ignoreDuplicates: true });
    if (error) throw error;
  } catch (e) {
    if (uploaded.length) {
      const { error } = await client.storage.from(REVIEW_BUCKET).remove(uploaded);
      if (error) console.error('[kyb-reviews] could not remove files of a failed submission', error);
    }
    throw e;
  }
}
