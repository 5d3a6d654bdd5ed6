/**
 * Rules, limits and messages shared by the widgets (browser), the site (build time), the function
 * handlers (Deno on hosted Supabase, Node in the local stack) and mirrored by CHECK constraints in
 * supabase/migrations. The words are the spec's (docs/limits.md#validation-rules, docs/errors.md, docs/limits.md): a contract.
 * No imports: this file must run unchanged in Deno, Node and the browser.
 */

// ---- reviews (docs/reviews.md#review-form, #validation, #limits)
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

// ---- newsletter and forms (docs/limits.md#validation-rules)
export const NAME_MIN = 2;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
/** "text, at-sign, text, dot, text" (docs/limits.md#validation-rules). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const WAITLIST_NAME = 'DIY Kit Waiting List';
/** Bumped whenever the consent wording changes; each subscriber row records the version agreed to. */
export const CONSENT_TEXT_VERSION = '2025-01';
export const CONSENT_TEXT = 'I agree to receive the KYB newsletter and accept the Privacy Policy.';
export const MESSAGE_MAX = 2000;

export const MSG = {
  nameRequired: 'Name is required',
  nameMin: 'Name must be at least 2 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  consentInline: 'Please agree to receive our newsletter',
  roleRequired: 'Role is required',
  messageRequired: 'Message is required',
  tooLong: (max: number) => `Must be at most ${max} characters`,
} as const;

// ---- gallery (docs/limits.md#validation-rules, docs/limits.md)
export const GALLERY_MAX_ITEMS = 10;
export const GALLERY_THUMBS_PER_ROW = 4;
export const GALLERY_VIDEO_EXTENSIONS = ['mp4', 'webm', 'ogg', 'mov'] as const;
export const GALLERY_MAX_FILE_BYTES = 50 * 1024 * 1024;
export const ALT_TEXT_MAX = 300;

/** A file is a video when its extension is mp4, webm, ogg or mov, case-insensitive; else an image. */
export function galleryFileType(fileName: string): 'image' | 'video' {
  const ext = fileName.split('.').pop()?.toLowerCase() ?? '';
  return (GALLERY_VIDEO_EXTENSIONS as readonly string[]).includes(ext) && fileName.includes('.') ? 'video' : 'image';
}

// ---- partnership form (docs/limits.md#validation-rules)
export const PARTNERSHIP_TYPES = [
  { value: 'affiliate', label: 'Affiliate Partnership' },
  { value: 'supplier', label: 'Supplier/Vendor' },
  { value: 'collaboration', label: 'Brand Collaboration' },
  { value: 'other', label: 'Other' },
] as const;

// ---- profile (docs/data.md#entities)
/** display_name rule: full name from metadata, else the part of the e-mail before @, else User. */
export function displayNameFor(user: { email?: string | null; user_metadata?: Record<string, unknown> | null }): string {
  const full = user.user_metadata?.full_name;
  if (typeof full === 'string' && full.trim()) return full.trim();
  const local = user.email?.split('@')[0];
  return local ? local : 'User';
}
export const PASSWORD_MIN = 6;
