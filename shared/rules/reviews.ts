/**
 * Review limits (docs/reviews.md#review-form, #validation, #limits), mirrored by CHECK constraints and
 * storage rules in supabase/migrations.
 * No imports: this file runs unchanged in Deno (functions), Node (site build, local stack, tests) and the browser.
 */

export const REVIEW_MAX_FILES = 5;
export const REVIEW_MAX_FILE_BYTES = 5 * 1024 * 1024;
export const REVIEW_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/quicktime'] as const;
export const REVIEW_FILE_EXTENSIONS: Record<(typeof REVIEW_MIME_TYPES)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
};
export const RATING_MAX = 5;
export const DEFAULT_REVIEW_SLUG = 'handmade-locs';
/** Every slug that carries reviews (docs/catalog.md#product-detail-pages, docs/reviews.md). */
export const REVIEW_SLUGS = ['handmade-locs', 'holistic-haircare', 'trinity-locs', 'irie-locs', 'jah-locs', 'diy-kit', 'lock-kit', 'protective-style-planner'] as const;
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_NAME_MAX = 80;
export const REVIEW_CONTENT_MAX = 4000;
/** The brand's public reply to a review (issue #10); an empty reply removes it. */
export const REVIEW_REPLY_MAX = 1000;
/** The label of that reply under the review. */
export const REVIEW_REPLY_LABEL = 'Response from KYB';
export const REVIEW_FILE_HINT = 'Max 5 files, 5MB each';
