/**
 * The one message an /embed page sends its parent (frame.ts), read by the host's resizer (resizer.ts) and
 * by /admin/embed's previews: `{type: EMBED_HEIGHT_MESSAGE, height, ready}`, the page's content height
 * in CSS px each time it changes, and whether its element is drawn yet (defined: it loads when the frame
 * comes into view, like any page's). No imports: both scripts carry their own copy (scripts/vite/embed-scripts.ts).
 */
export const EMBED_HEIGHT_MESSAGE = 'kyb-embed:height';

export interface EmbedHeightMessage {
  type: typeof EMBED_HEIGHT_MESSAGE;
  height: number;
  ready: boolean;
}

/** The height a message carries, or null when it is not one of ours (any page may post anything). */
export function embedHeight(data: unknown): number | null {
  const d = data as Partial<EmbedHeightMessage> | null;
  if (!d || typeof d !== 'object' || d.type !== EMBED_HEIGHT_MESSAGE || typeof d.height !== 'number' || !Number.isFinite(d.height)) return null;
  // A frame never needs more than this; a hostile page could otherwise ask for any size.
  return Math.max(0, Math.min(Math.ceil(d.height), 20_000));
}

/** Whether the message says the page's element is drawn. */
export const embedReady = (data: unknown): boolean => embedHeight(data) !== null && (data as EmbedHeightMessage).ready === true;
