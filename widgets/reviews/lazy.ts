/**
 * Helpers for the parts of kyb-reviews that load after the first view (form, lightbox, toasts, auth).
 *
 * - `lazyModule(() => import('./X.tsx'))` → a function that imports X once; a failed download is tried
 *   again on the next call.
 * - `adoptStyles(shadowRoot, sheets)`: a later part's CSS texts, in order, adopted into the element's shadow root when its
 *   code arrives, so the first view carries only the list's CSS. Adopted sheets, not <style>
 *   elements: a strict Content-Security-Policy (style-src 'self') blocks inline styles but not these.
 *   One CSSStyleSheet per CSS text per page (core's sheetFor), shared by every kyb-reviews on it.
 *
 * Why not React's `lazy` + `Suspense` for the form and the lightbox (issue #19 measured it): a lazy
 * component keeps a failed download's error for good (here the next press tries again), its CSS must still
 * be adopted per element, and compat's Suspense adds 0.6 kB gzip to the runtime every first view downloads.
 * Both work in both builds (tests/browser/runtime-parity.test.ts).
 */
import { sheetFor } from '../core/define.ts';

export function adoptStyles(root: unknown, sheets: readonly string[]): void {
  if (typeof ShadowRoot === 'undefined' || !(root instanceof ShadowRoot)) return;
  // Appended: these rules come after styles.css. A sheet two parts share (core/controls.css) is
  // adopted once, by whichever part arrives first, so it always precedes the part's own rules.
  const add = sheets.map(sheetFor).filter((s) => !root.adoptedStyleSheets.includes(s));
  if (add.length) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...add];
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
