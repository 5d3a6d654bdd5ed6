/**
 * Where on the site each review slug's reviews are shown and written: the page whose `#reviews` section
 * holds `<kyb-reviews slug="…">`. kyb-reviews links there ("Write a review", in a new tab) where it
 * cannot offer sign-in itself: embedded in a frame or on another site (issue #22; docs/reviews.md). The
 * site's /links page links its reviews there too. tests/unit/site-embeds.test.ts checks each path's page
 * carries that slug's reviews.
 *
 * A plain map rather than a lookup in shared/catalog.ts: the list's first view must not carry the catalog.
 */
export const REVIEW_PAGES: Readonly<Record<string, string>> = {
  'handmade-locs': '/handmade-locs',
  'holistic-haircare': '/holistic-haircare',
  'trinity-locs': '/products/trinity-locs',
  'irie-locs': '/products/irie-locs',
  'jah-locs': '/products/jah-locs',
  'diy-kit': '/products/diy-kit',
  'lock-kit': '/products/lock-kit',
  'protective-style-planner': '/digital-tools/crown-planner',
};

/** The path of the page with `slug`'s reviews (the products page for a slug it does not know). */
export function reviewPagePath(slug: string): string {
  return REVIEW_PAGES[slug] ?? '/products';
}
