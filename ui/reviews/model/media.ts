/** Where a review's photo or video is served, and what kind it is. */
import { REVIEW_BUCKET } from './feed.ts';

/**
 * Public address of a review file under the backend at `supabaseUrl` (what storage-js's getPublicUrl
 * computes, without loading it). The browser passes the page's configured URL, the build its own.
 */
export function mediaUrl(supabaseUrl: string, path: string): string {
  return `${supabaseUrl}/storage/v1/object/public/${REVIEW_BUCKET}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

export function isVideo(fileType: string): boolean {
  return fileType.startsWith('video/');
}
