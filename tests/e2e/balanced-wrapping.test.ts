/**
 * Layout nits a visitor sees at in-between widths (issue #8): the contact cards never leave one card
 * alone on a row (at 768 px "Phone" sat by itself under two), and the configurator's breakdown never
 * wraps a price in brackets such as "($90)" onto a line of its own. Fixture: the built site and the
 * in-process stack (support/hooks.ts).
 */
import { describe, expect, it } from 'vitest';
import { useSite } from './support/hooks.ts';
import { widgetsUpgraded } from './support/page.ts';

const ctx = useSite();

/** Every width from the smallest phone to a desktop, the tablet widths where grids change included. */
const WIDTHS = [320, 360, 390, 412, 480, 600, 700, 768, 820, 900, 1024, 1100, 1280];

/** `path` with its elements upgraded, once the configurator shows `selector` (`what` names it). */
async function configurator(path: string, selector: string, what: string) {
  const page = await ctx.site.page({ viewport: { width: 1280, height: 900 } });
  const res = await page.goto(ctx.site.url + path);
  expect(res?.status(), `${path} answers 200`).toBe(200);
  await widgetsUpgraded(page);
  const found = page.locator(`kyb-loc-configurator ${selector}`);
  await expect.poll(() => found.count(), { message: what }).toBeGreaterThan(0);
  return { page, found };
}

describe('the contact cards', () => {
  it('fill every row alike at every width (no card alone under the others)', async () => {
    const page = await ctx.site.page({ viewport: { width: 1280, height: 900 } });
    const res = await page.goto(`${ctx.site.url}/contact`);
    expect(res?.status(), '/contact answers 200').toBe(200);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const rows = await page.locator('.contact-options > li').evaluateAll((cards) => {
        const perRow = new Map<number, number>();
        for (const c of cards) {
          const top = Math.round(c.getBoundingClientRect().top);
          perRow.set(top, (perRow.get(top) ?? 0) + 1);
        }
        return [...perRow.values()];
      });
      expect(
        rows.reduce((a, b) => a + b, 0),
        `${width} px: three cards`,
      ).toBe(3);
      expect(new Set(rows).size, `${width} px: cards per row ${rows.join(' / ')}`).toBe(1);
    }
  });
});

describe("the configurator's price breakdown", () => {
  for (const path of ['/products/jah-locs', '/products/trinity-locs', '/products/irie-locs']) {
    it(`keeps each bracketed price with the word before it on ${path}, 320 to 1280 px`, async () => {
      const { page, found: labels } = await configurator(path, '.cfg__breakdown li > span:first-child', 'the breakdown shows');
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        const split = await labels.evaluateAll((spans) =>
          spans.flatMap((span) => {
            const text = span.firstChild;
            if (!(text instanceof Text)) return [];
            const s = text.data;
            const open = s.indexOf('(');
            if (open < 2) return [];
            // The last visible character before the bracket's space, and the bracket itself.
            const at = (i: number) => {
              const r = document.createRange();
              r.setStart(text, i);
              r.setEnd(text, i + 1);
              return Math.round(r.getBoundingClientRect().bottom);
            };
            return at(open - 2) === at(open) ? [] : [s];
          }),
        );
        expect(split, `${width} px: labels whose "(…)" starts a line of its own`).toEqual([]);
      }
    });
  }
});

describe("the configurator's price tables", () => {
  it('scroll inside their box only when they have more than two columns (the DIY kit table fits any width)', async () => {
    const { page, found: wraps } = await configurator('/products/diy-kit', '.cfg__table-wrap', 'the price table shows');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const scrolling = await wraps.evaluateAll((boxes) =>
        boxes.flatMap((box) => {
          const columns = box.querySelector('tr')?.children.length ?? 0;
          return columns <= 2 && box.scrollWidth > box.clientWidth + 1 ? [`${columns} columns: ${box.scrollWidth} in ${box.clientWidth} px`] : [];
        }),
      );
      expect(scrolling, `${width} px: two-column tables that scroll sideways`).toEqual([]);
    }
  });
});
