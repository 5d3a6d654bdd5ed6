/**
 * Pure logic of the review form (no DOM, no network): which picked files are kept, where they are
 * stored, the id of a new review. The limits, MIME list and hint come from the shared rules (docs/reviews.md#validation,
 * #limits) so the widget, the bucket and the CHECK constraints agree; only their application lives here.
 * Loaded with the form, not with the list: import it directly, not through index.ts (README.md).
 */
import { REVIEW_FILE_EXTENSIONS, REVIEW_MAX_FILE_BYTES, REVIEW_MAX_FILES, REVIEW_MIME_TYPES } from '../../../shared/rules/reviews.ts';

export type ReviewMime = (typeof REVIEW_MIME_TYPES)[number];

/** What the widget needs of a File; tests pass plain objects. */
export interface FileLike {
  name: string;
  type: string;
  size: number;
}

const EXTENSION_TO_MIME: Record<string, ReviewMime> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
};

/**
 * The accepted MIME type of a file, or null. Some systems hand over a .mov or .webp with an empty
 * `type`; the extension decides then. A file that declares another type is refused whatever its name.
 */
export function reviewMimeOf(file: FileLike): ReviewMime | null {
  if ((REVIEW_MIME_TYPES as readonly string[]).includes(file.type)) return file.type as ReviewMime;
  if (file.type) return null;
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  return EXTENSION_TO_MIME[ext] ?? null;
}

export function isAcceptedFile(file: FileLike): boolean {
  return reviewMimeOf(file) !== null && file.size > 0 && file.size <= REVIEW_MAX_FILE_BYTES;
}

export interface FileSelection<F extends FileLike> {
  /** The files held after this pick: the earlier ones first, never more than REVIEW_MAX_FILES. */
  kept: F[];
  /** Wrong type or size (the "Invalid files" notice, docs/errors.md). */
  rejected: F[];
  /** Valid files that did not fit under the count limit. */
  overflow: F[];
}

/** Adds newly picked files to those already held (docs/reviews.md#validation: type, size, at most 5 kept). */
export function selectFiles<F extends FileLike>(held: readonly F[], picked: readonly F[]): FileSelection<F> {
  const rejected = picked.filter((f) => !isAcceptedFile(f));
  const valid = picked.filter(isAcceptedFile);
  const room = Math.max(0, REVIEW_MAX_FILES - held.length);
  return { kept: [...held, ...valid.slice(0, room)].slice(0, REVIEW_MAX_FILES), rejected, overflow: valid.slice(room) };
}

/** Storage key of a review's file: `{user id}/{review id}/{index}.{extension}` (docs/data.md#entities, #calls). */
export function mediaPath(userId: string, reviewId: string, index: number, mime: ReviewMime): string {
  return `${userId}/${reviewId}/${index}.${REVIEW_FILE_EXTENSIONS[mime]}`;
}

/**
 * A v4 UUID for a new review. crypto.randomUUID exists only in secure contexts (https, localhost);
 * a page served over plain http elsewhere still gets a valid random id.
 */
export function newReviewId(c: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = globalThis.crypto): string {
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
