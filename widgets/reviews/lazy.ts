/**
 * Helpers for the parts of kyb-reviews that load after the first view (form, lightbox, toasts, auth).
 *
 * - `lazyModule(() => import('./X.tsx'))` → a function that imports X once; a failed download is tried
 *   again on the next call.
 * - `adoptStyles(shadowRoot, css)`: a later part's CSS, adopted into the element's shadow root when its
 *   code arrives, so the first view carries only the list's CSS. Adopted sheets, not <style>
 *   elements: a strict Content-Security-Policy (style-src 'self') blocks inline styles but not these.
 *   One CSSStyleSheet per CSS text per page, shared by every kyb-reviews on it.
 */
const sheets = new Map<string, CSSStyleSheet>();

export function adoptStyles(root: unknown, css: string): void {
  if (typeof ShadowRoot === 'undefined' || !(root instanceof ShadowRoot)) return;
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
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
