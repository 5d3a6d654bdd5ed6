/**
 * The signed-in write path of kyb-reviews (review row, files, media rows) through the full supabase-js
 * client. Loaded with the form, never by a visitor who only reads.
 */
import type { KybClient } from '../core/supabase.ts';
import { reviewMimeOf } from '../../ui/reviews/model/files.ts';
import { type ReviewDraft, mediaRow, reviewRow } from '../../ui/reviews/model/write.ts';

export type { ReviewDraft };

/** The display name on the user's profile row, if any (prefills the form). */
export async function profileDisplayName(client: KybClient, userId: string): Promise<string | null> {
  const { data, error } = await client.from('profiles').select('display_name').eq('id', userId).maybeSingle();
  if (error) throw error;
  const name = (data as { display_name?: string | null } | null)?.display_name;
  return name?.trim() ? name.trim() : null;
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
 * A retry after step 3 went through but its answer was lost: the files are named by rows by then, and
 * storage refuses to replace a named file (the moderation rules), so the files already named are
 * skipped rather than uploaded again.
 */
export async function submitReview(client: KybClient, draft: ReviewDraft, progress: SubmitProgress = { reviewStored: false }): Promise<void> {
  const retry = progress.reviewStored;
  if (!progress.reviewStored) {
    const { error } = await client.from('reviews').insert(reviewRow(draft));
    if (error && error.code !== '23505') throw error;
    progress.reviewStored = true;
  }
  if (!draft.files.length) return;

  const named = new Set<string>();
  if (retry) {
    const { data, error } = await client.from('review_media').select('file_path').eq('review_id', draft.id);
    if (error) throw error;
    for (const row of data as { file_path: string }[]) named.add(row.file_path);
  }

  const uploaded: string[] = [];
  try {
    const rows: ReturnType<typeof mediaRow>[] = [];
    for (const [index, file] of draft.files.entries()) {
      const mime = reviewMimeOf(file);
      if (!mime) throw new Error(`Refused file type for ${file.name}`);
      const row = mediaRow(draft, index, mime, file.size);
      const path = row.file_path;
      if (named.has(path)) continue;
      // A File with an empty or odd type is re-labelled: storage takes the type from the multipart part.
      const body = file.type === mime ? file : new File([file], file.name, { type: mime });
      const { error } = await client.storage.from(draft.bucket).upload(path, body, { upsert: true, contentType: mime });
      if (error) throw error;
      uploaded.push(path);
      rows.push(row);
    }
    if (!rows.length) return;
    const { error } = await client.from('review_media').upsert(rows, { onConflict: 'review_id,file_path', ignoreDuplicates: true });
    if (error) throw error;
  } catch (e) {
    if (uploaded.length) {
      const { error } = await client.storage.from(draft.bucket).remove(uploaded);
      if (error) console.error('[kyb-reviews] could not remove files of a failed submission', error);
    }
    throw e;
  }
}
