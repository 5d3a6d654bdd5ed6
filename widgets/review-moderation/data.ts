/**
 * Review moderation data access: table reviews (+ review_media) and the review-media bucket, as the
 * signed-in admin. RLS is what lets an admin read pending reviews and update or delete any review
 * (migrations reviews, review_media); this module only asks. Every function returns `{ok, …}` and
 * never throws, so the element maps each failure to its toast.
 */
import type { Tables } from '../../supabase/types/database.ts';
import { REVIEW_BUCKET, mediaUrl, type FeedMedia } from '../reviews/data.ts';

export const PAGE_SIZE = 20;
export const STATUSES = ['pending', 'approved', 'all'] as const;
export type Status = (typeof STATUSES)[number];
export const STATUS_LABEL: Record<Status, string> = { pending: 'Pending', approved: 'Approved', all: 'All' };

/** A row of reviews with its media, as the moderation list selects it. */
export type ModeratedReview = Tables<'reviews'> & { review_media: FeedMedia[] };

export interface Filter {
  status: Status;
  /** null: every product. */
  slug: string | null;
}

import type { Result } from '../core/admin-gate.tsx';
import type { KybClient } from '../core/supabase.ts';
export type { Result };
const fail = (error: unknown): { ok: false; error: unknown } => ({ ok: false, error });

const COLUMNS = 'id, user_id, product_slug, rating, title, content, reviewer_name, is_verified_purchase, is_approved, created_at, review_media(id, file_path, file_type, file_size)';

/** The part of postgrest-js's filter builder used here (its full generic type is too deep to carry). */
interface EqFilter {
  eq(column: string, value: unknown): EqFilter;
}
function filtered<Q>(query: Q, status: Status, slug: string | null): Q {
  let q = query as unknown as EqFilter;
  if (status !== 'all') q = q.eq('is_approved', status === 'approved');
  if (slug) q = q.eq('product_slug', slug);
  return q as unknown as Q;
}

/** One page, newest first, with the total matching the filter (for "Load more"). */
export async function listReviews(sb: KybClient, f: Filter, offset: number, limit = PAGE_SIZE): Promise<Result<{ rows: ModeratedReview[]; total: number }>> {
  const q = filtered(sb.from('reviews').select(COLUMNS, { count: 'exact' }), f.status, f.slug);
  const { data, error, count } = await q.order('created_at', { ascending: false }).order('id', { ascending: true }).range(offset, offset + limit - 1);
  if (error) return fail(error);
  const rows = ((data ?? []) as unknown as ModeratedReview[]).map((r) => ({ ...r, review_media: r.review_media ?? [] }));
  return { ok: true, value: { rows, total: count ?? rows.length } };
}

/** How many reviews each tab holds for the product filter (HEAD requests: counts only). */
export async function countReviews(sb: KybClient, slug: string | null): Promise<Result<Record<Status, number>>> {
  const answers = await Promise.all(STATUSES.map((s) => filtered(sb.from('reviews').select('id', { count: 'exact', head: true }), s, slug)));
  const bad = answers.find((a) => a.error);
  if (bad) return fail(bad.error);
  const [pending, approved, all] = answers.map((a) => a.count ?? 0);
  return { ok: true, value: { pending, approved, all } };
}

export type ReviewPatch = { is_approved: boolean } | { is_verified_purchase: boolean };

/**
 * `.select('id')` makes a row RLS hides (a non-admin session, a review deleted meanwhile) a failure
 * instead of a silent no-op (PostgREST answers 200 with no rows).
 */
export async function updateReview(sb: KybClient, id: string, patch: ReviewPatch): Promise<Result> {
  const { data, error } = await sb.from('reviews').update(patch).eq('id', id).select('id');
  if (error) return fail(error);
  if (!data?.length) return fail(new Error('No review was updated (missing, or not allowed)'));
  return { ok: true, value: undefined };
}

/**
 * Files first, then the row: the review_media rows name the files, and the foreign key drops those rows
 * with the review, so once the row is gone nothing says which files were its own. Storage leaves out of
 * its answer both the files it no longer holds (fine: already gone) and those the caller may not delete
 * (not fine: the customer's photo would stay public with no review pointing at it). The public URL tells
 * the two apart; if any file is still served the review is kept and the delete fails, losing nothing.
 */
export async function deleteReview(sb: KybClient, id: string, fetchFn: typeof fetch = fetch): Promise<Result<{ paths: string[] }>> {
  const media = await sb.from('review_media').select('file_path').eq('review_id', id);
  if (media.error) return fail(media.error);
  const paths = (media.data ?? []).map((m: { file_path: string }) => m.file_path);
  if (paths.length) {
    const rm = await sb.storage.from(REVIEW_BUCKET).remove(paths);
    if (rm.error) return fail(rm.error);
    const removed = new Set((rm.data ?? []).map((o) => o.name));
    const unconfirmed = paths.filter((p) => !removed.has(p));
    const served = await Promise.all(unconfirmed.map(async (p) => (await fetchFn(mediaUrl(p), { method: 'HEAD', cache: 'no-store' })).ok));
    const kept = unconfirmed.filter((_, i) => served[i]);
    if (kept.length) return fail(new Error(`Storage did not remove ${kept.join(', ')} (not allowed?); the review is kept`));
  }
  const { data, error } = await sb.from('reviews').delete().eq('id', id).select('id');
  if (error) return fail(error);
  if (!data?.length) return fail(new Error('No review was deleted (missing, or not allowed)'));
  return { ok: true, value: { paths } };
}
