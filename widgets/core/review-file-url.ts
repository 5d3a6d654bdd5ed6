/**
 * Public address of a review file on this page's backend (no request, no storage-js). The page's
 * configuration is the browser's (core/config.ts), so this stays in widgets/; the card in ui/reviews/
 * is handed it (ReviewCard's `fileUrl`), and the built pages show no review files.
 */
import { mediaUrl } from '../../ui/reviews/model/index.ts';
import { getConfig } from './config.ts';

export function fileUrl(path: string): string {
  return mediaUrl(getConfig().supabaseUrl, path);
}
