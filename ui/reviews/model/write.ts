/**
 * The rows a submitted review becomes (migrations reviews, review_media): the first half of a review's
 * walk, whose second half (the approved row back in the feed) is feed.ts. Typed by the generated
 * Database type, so a column renamed in a migration fails here. Loaded with the form, not with the
 * list: import it directly, not through index.ts (README.md).
 */
import type { TablesInsert } from '../../../supabase/types/database.ts';
import { mediaPath, type ReviewMime } from './files.ts';

/** What the visitor wrote, with the ids that make a retry write the same rows. */
export interface ReviewDraft {
  /** Generated once per form attempt (newReviewId) so a retry writes the same review. */
  id: string;
  /** Storage bucket of review files (feed.ts REVIEW_BUCKET, handed over by the element). */
  bucket: string;
  userId: string;
  slug: string;
  rating: number;
  title: string;
  content: string;
  reviewerName: string;
  files: File[];
}

/** The review's row; it is stored unapproved (the table's default) until an admin approves it. */
export function reviewRow(d: ReviewDraft): TablesInsert<'reviews'> {
  return { id: d.id, user_id: d.userId, product_slug: d.slug, rating: d.rating, title: d.title, content: d.content, reviewer_name: d.reviewerName };
}

/** The row naming file number `index` of the review, stored at its media path. */
export function mediaRow(d: Pick<ReviewDraft, 'id' | 'userId'>, index: number, mime: ReviewMime, size: number): TablesInsert<'review_media'> & { file_type: ReviewMime } {
  return { review_id: d.id, file_path: mediaPath(d.userId, d.id, index, mime), file_type: mime, file_size: size };
}
