import { getConfig } from '../../core/config.ts';
import { mediaUrl } from '../model/index.ts';

/** Public address of a review file on this page's backend (no request, no storage-js). */
export function fileUrl(path: string): string {
  return mediaUrl(getConfig().supabaseUrl, path);
}
