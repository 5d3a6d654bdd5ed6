/**
 * Helpers for the parts of kyb-reviews that load after the first view (form, lightbox, toasts, auth).
 *
 * - `lazyModule(() => import('./X.tsx'))` → a function that imports X once; a failed download is tried
 *   again on the next call.
 * - `adoptStyles(shadowRoot, css)`: a later part's CSS, adopted into the element's shadow root when its
 *   code arrives, so the first view carries only the list's CSS. Adopted sheets, not <style>
 *   elements: a strict Content-Security-Policy (style-src 'self') blocks inline styles but not these.
 *   One CSSStyleSheet per CSS text per page (core's sheetFor), shared by every kyb-reviews on it.
 */
import { sheetFor } from '../core/define.ts';

export function adoptStyles(root: unknown, css: string): void {
  if (typeof ShadowRoot === 'undefined' || !(root instanceof ShadowRoot)) return;
  const sheet = sheetFor(css);
  // Appended: these rules come after styles.css, as they did when all of it was one sheet.
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/** A module imported on first need, once; a failed download (flaky network) is tried again next time. */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((e) => {
      pending = null;
      throw e;
    }));
}
