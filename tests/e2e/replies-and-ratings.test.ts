/**
 * Issue #10, end to end (the built site in Chromium, the local stack over HTTP, checked with the service
 * role):
 *
 *   - the admin signs in on /admin/reviews, replies to an approved review, and a visitor then sees the
 *     reply under that review on the product page, labelled as the brand's response with its date;
 *   - /products shows the average stars and the review count of every reviewed product, drawn to scale
 *     at 320, 390, 768 and 1280 px, and each links to the product's reviews; so do the related-products
 *     cards of the kit builder page.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { PRODUCTS } from '../../shared/catalog.ts';
import { ADMIN } from '../support/stack.ts';
import { signInViaHeader } from './support/auth.ts';
import { useSite } from './support/hooks.ts';
import { DESKTOP } from './support/site.ts';
import { openPage } from './support/page.ts';

const ctx = useSite({ autoconfirm: true });
const SLUG = 'irie-locs';

describe('merchant replies (issue #10)', () => {
  it('an admin replies to a review in /admin/reviews and the reply shows under it on the product page', async () => {
    const service = ctx.site.service();
    // The newest approved review: first on the product page.
    const { data: newest } = await service.from('reviews').select('id, title').eq('product_slug', SLUG).eq('is_approved', true).order('created_at', { ascending: false }).limit(1);
    const review = newest![0];
    const reply = `Thank you for the kind words! (${Date.now().toString(36)})`;

    const admin = await openPage(ctx.site, '/admin/reviews', await ctx.site.page({ viewport: DESKTOP }));
    await signInViaHeader(admin, ADMIN);
    const panel = admin.locator('kyb-review-moderation');
    await panel.getByRole('heading', { name: 'Review Moderation' }).waitFor({ timeout: 20_000 });
    await panel.getByRole('button', { name: /^Approved/ }).click();
    await panel.getByLabel('Product').selectOption(SLUG);
    const row = panel.locator(`li[data-id="${review.id}"]`);
    await row.getByRole('button', { name: `Reply to review “${review.title}”` }).click();
    await row.getByLabel(`Public reply to “${review.title}”`).fill(reply);
    await row.getByRole('button', { name: 'Save reply' }).click();
    await admin.getByText('Reply published').first().waitFor({ timeout: 15_000 });
    await row.locator('.rv-reply').getByText(reply).waitFor();

    const { data: stored } = await service.from('review_replies').select('content, updated_at').eq('review_id', review.id);
    expect(stored, 'stored for that review').toMatchObject([{ content: reply }]);
    const day = new Date(stored![0].updated_at).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'America/New_York' });

    // A visitor, signed out, on the product page.
    const visitor = await openPage(ctx.site, `/products/${SLUG}`);
    const card = visitor.locator('kyb-reviews [part~="review"]').filter({ hasText: review.title });
    const shown = card.locator('[part~="reply"]');
    await shown.waitFor({ timeout: 20_000 });
    expect((await shown.locator('.rv-reply__head').innerText()).replace(/\s+/g, ' '), 'labelled as the brand, dated').toBe(`Response from KYB ${day}`);
    expect(await shown.locator('.rv-reply__content').innerText()).toBe(reply);
    expect(await visitor.locator('kyb-reviews [part~="reply"]').count(), 'under that review only').toBe(1);
  }, 120_000);
});

/**
 * Each catalog rating on the page: its link, the words it says, and how far its gold reaches, read from
 * the pixels Chromium drew (a screenshot of the stars), as a share of the stars' width. What is
 * measured is what a shopper sees, whatever box or unit the drawing uses.
 */
async function ratings(page: Page) {
  const links = page.locator('a.catalog-rating');
  const out: { href: string | null; text: string; goldEnd: number; width: number }[] = [];
  for (const a of await links.all()) {
    await a.scrollIntoViewIfNeeded();
    const stars = a.locator('svg.star-scale');
    const png = await stars.screenshot();
    out.push({ href: await a.getAttribute('href'), text: (await a.innerText()).replace(/\s+/g, ' ').trim(), ...(await goldReach(png)) });
  }
  return out;
}

/** Decodes the PNG in a blank page (no site CSP there) and finds the right-most column with gold in it. */
async function goldReach(png: Buffer): Promise<{ goldEnd: number; width: number }> {
  const blank = analyser ?? (analyser = await ctx.site.page());
  return blank.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    [c.width, c.height] = [img.width, img.height];
    const g = c.getContext('2d')!;
    g.drawImage(img, 0, 0);
    const { data } = g.getImageData(0, 0, c.width, c.height);
    let goldEnd = 0;
    for (let x = 0; x < c.width; x++) {
      for (let y = 0; y < c.height; y++) {
        const [r, gr, b] = [data[(y * c.width + x) * 4], data[(y * c.width + x) * 4 + 1], data[(y * c.width + x) * 4 + 2]];
        // The fill's gold (#a87d00): far more red and green than blue. The empty stars (#e8d8c3) are not.
        if (r - b > 90 && gr - b > 60) goldEnd = x + 1;
      }
    }
    return { goldEnd, width: c.width };
  }, png.toString('base64'));
}
let analyser: Page | undefined;

/**
 * Where the gold should end for `average`: at average / 5 of the width, except that an edge falling in
 * the gap between two stars, or on a star's tip, shows gold only up to the last star drawn; the star
 * outline covers 3..21 of each 24 units, so the gold may stop up to 3 / 120 of the width short.
 */
function expectToScale(r: { goldEnd: number; width: number }, average: number, what: string) {
  const edge = (average / 5) * r.width;
  expect(r.goldEnd, `${what}: gold ends at ${r.goldEnd} of ${r.width} px for ${average}`).toBeLessThanOrEqual(edge + 1.5);
  expect(r.goldEnd, `${what}: gold ends at ${r.goldEnd} of ${r.width} px for ${average}`).toBeGreaterThanOrEqual(edge - (3 / 120) * r.width - 1.5);
}

describe('ratings on the catalog (issue #10)', () => {
  it('/products shows stars on every reviewed product, to scale at every width, linking to its reviews', async () => {
    const { data: sums } = await ctx.site.service().from('review_summaries').select('*');
    const expected = PRODUCTS.filter((p) => p.listed).map((p) => {
      const s = sums!.find((x) => x.product_slug === p.reviewSlug);
      const stars = [1, 2, 3, 4, 5].map((k) => Number(s?.[`stars_${k}` as `stars_${1 | 2 | 3 | 4 | 5}`] ?? 0));
      const count = stars.reduce((a, b) => a + b, 0);
      const average = count ? Math.round((stars.reduce((a, n, i) => a + n * (i + 1), 0) / count) * 10) / 10 : null;
      return { p, count, average };
    });
    const reviewed = expected.filter((e) => e.count > 0);
    expect(reviewed.length, 'the seed reviews every listed product').toBe(expected.length);
    expect(
      reviewed.some((e) => e.average! < 5 && (e.average! * 10) % 10 !== 0),
      'some average is not a whole star',
    ).toBe(true);

    for (const width of [320, 390, 768, 1280]) {
      const page = await openPage(ctx.site, '/products', await ctx.site.page({ viewport: { width, height: 900 } }));
      const shown = await ratings(page);
      expect(
        shown.map((r) => r.href),
        `${width} px: one rating per card, linking to its reviews`,
      ).toEqual(reviewed.map((e) => `${e.p.href}#reviews`));
      for (const [i, r] of shown.entries()) {
        const e = reviewed[i];
        const what = `${width} px, ${e.p.id}`;
        // The link's words ("out of 5 stars," is visually hidden: the stars say it).
        expect(r.text, what).toBe(`${e.average!.toFixed(1)} out of 5 stars, ${e.count} ${e.count === 1 ? 'review' : 'reviews'}`);
        expect(r.width, `${what}: the stars keep their size`).toBeGreaterThan(80);
        expectToScale(r, e.average!, what);
      }
      await page.close();
    }

    // The link goes to the product's reviews section.
    const page = await openPage(ctx.site, '/products');
    await page.locator('a.catalog-rating').first().click();
    await page.waitForURL(`${ctx.site.url}${reviewed[0].p.href}#reviews`);
    expect(await page.locator('#reviews kyb-reviews').count()).toBe(1);
  }, 180_000);

  it('the related-products cards show the same ratings', async () => {
    const products = await openPage(ctx.site, '/products');
    const catalog = (await ratings(products)).map(({ href, text }) => ({ href, text }));
    const kit = await openPage(ctx.site, '/products/lock-kit', await ctx.site.page({ viewport: { width: 320, height: 800 } }));
    const related = await ratings(kit);
    // /products lists the kit builder too (issue #29); its own page relates every other product.
    expect(related.map(({ href, text }) => ({ href, text }))).toEqual(catalog.filter((c) => !c.href?.startsWith('/products/lock-kit')));
    for (const r of related) expectToScale(r, Number(r.text.slice(0, 3)), `related ${r.href}`);
  }, 60_000);
});
