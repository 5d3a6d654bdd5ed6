/**
 * Reserved space is true (issue #13: CLS 0): an element's `@reserve` (widgets/<folder>/register.ts, applied
 * by the site's stylesheet and the loader while the element is `:not(:defined)`) is the height it renders
 * at, at each width, so nothing below it moves when it upgrades. One page load per route: the loader and
 * the element chunks are held back while the reserved height is read at each width, then let through, and
 * the upgraded element's height is read at each width once it has settled. A first visit, signed out (what
 * a phone's first load shows).
 *
 * The elements checked are those whose first view does not depend on data: the reviews list, the
 * configurator, the product filter and the tabs grow with their content. Not checked yet (issue #13):
 * kyb-vault, whose fallback (the resource list with its download links) is 17 px taller than the
 * element at 1280 px, and kyb-waitlist, whose fallback differs per page. On the product pages the
 * configurator, the kit builder's tabs and the Coming Soon band's waiting list keep per-page space
 * (site/styles/product-pages.css): review-shift.test.ts checks that the reviews below them do not move.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { useSite } from './support/hooks.ts';
import { holdWidgets, resizeTo, viewportAt, widgetsUpgraded } from './support/page.ts';

const ctx = useSite();

/** route → the reserved elements on it that must keep their height. */
const CHECKED: Record<string, string[]> = {
  '/': ['kyb-newsletter'],
  '/blog': ['kyb-newsletter'],
  '/partners': ['kyb-partnership-form'],
  '/shop': ['kyb-merch-notify'],
  '/beta': ['kyb-beta-gate'],
  '/unsubscribe': ['kyb-unsubscribe'],
  '/admin/gallery': ['kyb-gallery-admin'],
  '/admin/inbox': ['kyb-admin-inbox'],
  '/admin/launch': ['kyb-kit-launch'],
  '/admin/orders': ['kyb-admin-orders'],
  '/admin/reviews': ['kyb-review-moderation'],
  '/admin/rewards': ['kyb-admin-rewards'],
  '/admin/embed': ['kyb-embed-builder'],
  '/links': ['kyb-newsletter'],
};
/**
 * The visual suite's widths, 412 (Lighthouse's mobile emulation, npm run lighthouse) and 430 (a large
 * iPhone: from about 420 px several elements' text takes fewer lines, and their reservations step there).
 */
const WIDTHS = [320, 390, 412, 430, 768, 1280];
/** Widths one page also needs: where its element's text takes a line less than at the widths above. */
const MORE_WIDTHS: Record<string, number[]> = { '/unsubscribe': [360] };
/** Sub-pixel rounding and a font's line box; anything more is a visible shift. */
const TOLERANCE = 4;

const heights = (page: Page, tags: string[]) =>
  page.evaluate((ts) => ts.flatMap((t) => [...document.querySelectorAll(t)].map((e) => Math.round(e.getBoundingClientRect().height))), tags);

/**
 * Heights once they stop changing (a signed-out state appears when the auth check answers): polled on the
 * heights themselves until two looks in a row, `interval` apart, agree. Not support/quiet.ts: several of
 * these pages never go still as a whole (it waits out its limit at every width), while the elements
 * measured here do.
 */
async function settled(page: Page, tags: string[], interval: number): Promise<number[]> {
  let last = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await heights(page, tags));
        const same = now === last;
        last = now;
        return same;
      },
      { message: `the heights of ${tags.join(', ')} settle`, interval, timeout: 20_000 },
    )
    .toBe(true);
  return JSON.parse(last);
}

describe('reserved space before an element upgrades', () => {
  for (const [path, tags] of Object.entries(CHECKED)) {
    const widths = [...WIDTHS, ...(MORE_WIDTHS[path] ?? [])].sort((a, b) => a - b);
    // One load per route (issue #28): the reserved heights are CSS alone (site/styles/reserve.css, media
    // queries on the viewport), so the held page resized to each width shows what a first load at that
    // width shows; the upgraded element is then resized through the same widths, as a phone turned
    // sideways would be, and must follow them.
    it(`matches the rendered height on ${path} (${tags.join(', ')}) at ${widths.join('/')} px`, async () => {
      const problems: string[] = [];
      const page = await ctx.site.page({ viewport: viewportAt(widths[0]) });
      // The loader too: the space must be right from the first paint, before the loader has run
      // (site/styles/reserve.css), not only once it has (its own sheet holds the same rules).
      const widgets = await holdWidgets(page);
      // Not 'domcontentloaded': it waits for the held module script.
      await page.goto(ctx.site.url + path, { waitUntil: 'commit' });
      // The elements are parsed and the stylesheet applied (the footer comes after every element).
      await page.waitForFunction((t) => t.every((x) => document.querySelector(x)) && document.querySelector('footer') && document.styleSheets.length > 0, tags);
      const reserved = new Map<number, number[]>();
      for (const width of widths) {
        await resizeTo(page, width);
        reserved.set(width, await heights(page, tags));
      }
      expect(await page.evaluate((t) => t.some((x) => customElements.get(x)), tags), 'no element upgraded while the loader was held').toBe(false);
      // Its listeners are in before widgetsUpgraded acts like a visitor (a scroll wakes what is below the fold).
      await widgets.release();
      await widgetsUpgraded(page, 20_000, { wakeSignIn: false });
      for (const [n, width] of widths.toReversed().entries()) {
        await resizeTo(page, width);
        // The first look after the upgrade waits out the network (the auth check's answer) 250 ms apart;
        // after that only a resize changes the page, and an element re-renders for it within a few frames
        // (issue #28: 250 ms at each of the file's ~90 widths was some 20 s of waiting).
        const rendered = await settled(page, tags, n === 0 ? 250 : 100);
        reserved.get(width)!.forEach((h, i) => {
          if (Math.abs(h - rendered[i]) > TOLERANCE) problems.push(`${tags.join('/')}#${i} at ${width} px: reserved ${h}, rendered ${rendered[i]}`);
        });
      }
      await page.context().close();
      expect(problems, 'reserved height = rendered height').toEqual([]);
    });
  }
});
