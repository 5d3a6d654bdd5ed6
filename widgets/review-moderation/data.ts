/**
 * Review moderation data access: table reviews (+ review_media) and the review-media bucket, as the
 * signed-in admin. RLS is what lets an admin read pending reviews and update or delete any review
 * (migrations reviews, review_media); this module only asks. Every function returns `{ok, …}` and
 * never throws, so the element maps each failure to its toast.
 */
import type { Tables } from '../../supabase/types/database.ts';
import { type FeedMedia, type FeedReply, type FeedReview, REVIEW_BUCKET } from '../../ui/reviews/model/index.ts';
import { fileUrl } from '../core/review-file-url.ts';
import { MSG, REVIEW_REPLY_MAX } from '../core/domain.ts';

export const PAGE_SIZE = 20;
export const STATUSES = ['pending', 'approved', 'all'] as const;
export type Status = (typeof STATUSES)[number];
export const STATUS_LABEL: Record<Status, string> = { pending: 'Pending', approved: 'Approved', all: 'All' };

/**
 * A review as moderation shows it: the card's own row (FeedReview, the view review_cards' row, which
 * kyb-reviews and the built pages draw too) and whether it is approved. The view has no is_approved
 * column, which the admin's tabs filter on and the badge shows, so the rows are read from the tables
 * (under the admin's row-level security) and shaped into that type here.
 */
export type ModeratedReview = FeedReview & Pick<Tables<'reviews'>, 'is_approved'>;

export interface Filter {
  status: Status;
  /** null: every product. */
  slug: string | null;
}

import type { Result } from '../core/admin-gate.tsx';
import type { KybClient } from '../core/supabase.ts';
export type { Result };
const fail = (error: unknown): { ok: false; error: unknown } => ({ ok: false, error });

/**
 * Every column of reviews (`*`: a column added to the table and to the view review_cards reaches the card
 * here with no edit), the media and the reply, in the keys the card reads (`media`, `reply`: listReviews).
 */
const MEDIA: readonly (keyof FeedMedia)[] = ['id', 'file_path', 'file_type', 'file_size'];
const REPLY: readonly (keyof FeedReply)[] = ['content', 'created_at', 'updated_at'];
const COLUMNS = `*, review_media(${MEDIA.join(', ')}), review_replies(${REPLY.join(', ')})`;

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
  const { data, error, count } = await q
    .order('created_at', { ascending: false })
    .order('id', { ascending: true })
    .range(offset, offset + limit - 1);
  if (error) return fail(error);
  type Raw = Omit<ModeratedReview, 'media' | 'reply'> & { review_media?: FeedMedia[] | null; review_replies?: FeedReply | FeedReply[] | null };
  const rows = ((data ?? []) as unknown as Raw[]).map(({ review_media: media, review_replies: rr, ...r }) => ({
    ...r,
    media: media ?? [],
    // One-to-one (the reply's key is the review's id): PostgREST embeds an object; an array is accepted too.
    reply: (Array.isArray(rr) ? rr[0] : rr) ?? null,
  }));
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

/** Moderation approves and unapproves; the Verified Purchase mark is the database's, from the orders. */
export type ReviewPatch = { is_approved: boolean };

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
    const served = await Promise.all(unconfirmed.map(async (p) => (await fetchFn(fileUrl(p), { method: 'HEAD', cache: 'no-store' })).ok));
    const kept = unconfirmed.filter((_, i) => served[i]);
    if (kept.length) return fail(new Error(`Storage did not remove ${kept.join(', ')} (not allowed?); the review is kept`));
  }
  const { data, error } = await sb.from('reviews').delete().eq('id', id).select('id');
  if (error) return fail(error);
  if (!data?.length) return fail(new Error('No review was deleted (missing, or not allowed)'));
  return { ok: true, value: { paths } };
}

/** What is wrong with a reply before it is sent, or null. Blank is fine: saving it removes the reply. */
export function replyProblem(text: string): string | null {
  return text.trim().length > REVIEW_REPLY_MAX ? MSG.tooLong(REVIEW_REPLY_MAX) : null;
}

/**
 * Writes the brand's public reply to review `id` (one per review: an upsert), or removes it when the
 * text is blank. RLS lets only admins write (migration review_replies); `.select()` turns a refused or
 * missed row into a failure. Text over the limit is refused here with the message the element shows,
 * and by the table's check (400) for any other client.
 */
export async function saveReply(sb: KybClient, id: string, text: string): Promise<Result<{ removed: boolean }>> {
  const content = text.trim();
  const problem = replyProblem(content);
  if (problem) return fail(new Error(problem));
  if (!content) {
    const { error } = await sb.from('review_replies').delete().eq('review_id', id).select('review_id');
    return error ? fail(error) : { ok: true, value: { removed: true } };
  }
  const { data, error } = await sb.from('review_replies').upsert({ review_id: id, content }, { onConflict: 'review_id' }).select('review_id');
  if (error) return fail(error);
  if (!data?.length) return fail(new Error('No reply was saved (missing review, or not allowed)'));
  return { ok: true, value: { removed: false } };
}
