/**
 * Why: the bundler puts a module two chunks import into a third, common chunk, and on a first view that
 * is one more file to wait for; these plugins give an element's chunk its own copy instead, where a
 * measurement said the copy is cheaper.
 */
import type { Plugin } from 'vite';

/**
 * Modules an element's chunk keeps to itself, with a copy for another chunk, so that a first view
 * never waits for a shared file. They are pure (no module state, or state kept page-wide with
 * core/registry.ts `pageWide`), so two copies behave as one.
 * - kyb-review-moderation (an admin's page) gets its own copy of the reviews module (ui/reviews/: model/,
 *   view/ and the card; ui/reviews/model/README.md) and of core/review-file-url.ts, so they stay inside
 *   kyb-reviews' chunk: one file fewer, in one gzip stream, before a visitor's list shows (issue #13:
 *   0.4 kB gzip); the two do not share a page.
 * - The review form (loaded later by kyb-reviews) gets its own copy of the star glyph (view/star.ts,
 *   0.1 kB), which the list draws too: without it the glyph became a file of its own on the list's
 *   first view.
 */
export function ownCopy(name: string, importer: RegExp, copied: RegExp): Plugin {
  const suffix = `?kyb-${name}`;
  return {
    name: `kyb-reviews-copy-for-${name}`,
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, from, options) {
      if (!from || !(importer.test(from) || from.endsWith(suffix))) return null;
      const r = await this.resolve(source, from.replace(suffix, ''), { ...options, skipSelf: true });
      return r && !r.external && copied.test(r.id) ? `${r.id}${suffix}` : null;
    },
  };
}

export const ownReviewsCopies = (): Plugin[] => [
  ownCopy('moderation', /[\\/]widgets[\\/]review-moderation[\\/]/, /[\\/]ui[\\/]reviews[\\/][^?]*\.tsx?$|[\\/]widgets[\\/]core[\\/]review-file-url\.ts$/),
  ownCopy('form', /[\\/]widgets[\\/]reviews[\\/]StarInput\.tsx$/, /[\\/]ui[\\/]reviews[\\/]view[\\/]star\.ts$/),
  // kyb-cart's later part (full.ts and what it imports) gets its own copies of the cart store (the state is
  // page-wide, `pageWide('cart')`, so two copies are one store) and of the pure modules it shares with other
  // elements' first views only in part (zod, pricing, the dialog): loaded at idle time, it must not cut
  // new common chunks out of theirs (each would be one more file for them and one more name in the loader).
  ownCopy(
    'cart-full',
    /[\\/]widgets[\\/]cart[\\/](full|lines|sync|CartPanel)\.tsx?$/,
    /[\\/]widgets[\\/](cart[\\/](store\.ts|Empty\.tsx)|core[\\/](dialog\.tsx|top-layer\.ts|domain\.ts|commerce\.tsx))$|[\\/]shared[\\/](pricing|cart|orders|money)\.ts$|[\\/]node_modules[\\/]zod[\\/]/,
  ),
  // kyb-order writes amounts (shared/money.ts) as the configurator does: its own copy (0.3 kB), not a
  // common chunk of its own.
  ownCopy('order', /[\\/]widgets[\\/]order[\\/]/, /[\\/]widgets[\\/]core[\\/](domain\.ts|commerce\.tsx)$|[\\/]shared[\\/](orders|money|cart)\.ts$/),
  // kyb-admin-rewards (an admin's page) draws a member's history as the member's card does: its own copy
  // of the history and its reader (pure), not one more common chunk (the two do not share a page, and the
  // chunk names' hashes hold 64 chunks at most).
  ownCopy('admin-rewards', /[\\/]widgets[\\/]admin-rewards[\\/]/, /[\\/]widgets[\\/]rewards-card[\\/](History\.tsx|data\.ts)$/),
];
