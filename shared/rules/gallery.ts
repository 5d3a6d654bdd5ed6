/**
 * Gallery limits (docs/limits.md#validation-rules), mirrored by CHECK constraints in supabase/migrations.
 * No imports: this file runs unchanged in Deno (functions), Node (site build, local stack, tests) and the browser.
 */

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
