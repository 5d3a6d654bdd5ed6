/**
 * The cart after Add to Cart on a 390 px phone (issue #29, item 4 and the cart's bullets of item 7), on
 * the built site:
 *
 * - the cart notification under the header (as Dawn's): the product and its options, View cart (n) and
 *   Check out, no toast; a tap elsewhere closes it, and the tap still does what it was for;
 * - a tab opened while the cart was empty follows a line added in another tab (docs/commerce.md#cart).
 */
import { describe, expect, it } from 'vitest';
import { useSite } from './support/hooks.ts';
import { openPage } from './support/page.ts';
import { headerCart, phone, pick } from './support/shop.ts';

const ctx = useSite();

describe('the cart on a phone (issue #29)', () => {
  it('Add to Cart shows the cart notification under the header, with no toast; a tap elsewhere closes it', async () => {
    const context = await phone(ctx.site);
    const page = await context.newPage();
    await openPage(ctx.site, '/products/jah-locs', page);
    await pick(page, 'length', '24-26');
    await page.locator('kyb-loc-configurator').getByRole('button', { name: 'Add to Cart' }).tap();
    const notice = headerCart(page).locator('[part~="notice"]');
    await notice.waitFor();
    expect(await notice.locator('[part~="name"]').textContent()).toBe('Jah Locs');
    expect(await notice.locator('[part~="options"] li').first().textContent()).toBe('Length: 24-26 in');
    await notice.getByRole('button', { name: 'View cart (1)' }).waitFor();
    await notice.getByRole('button', { name: 'Check out' }).waitFor();
    expect(await page.locator('[part~="toast"]').count(), 'no toast').toBe(0);
    const [header, box] = await Promise.all([page.locator('.site-header').boundingBox(), notice.boundingBox()]);
    expect(box!.y, 'under the header').toBeGreaterThanOrEqual(header!.y + header!.height - 1);
    expect(box!.x + box!.width, 'inside the window').toBeLessThanOrEqual(390);

    // A tap on the page elsewhere closes it.
    await page.locator('main h1').first().tap();
    await notice.waitFor({ state: 'hidden' });
    // View cart opens the drawer.
    await page.locator('kyb-loc-configurator').getByRole('button', { name: 'Add to Cart' }).tap();
    await notice.getByRole('button', { name: 'View cart (2)' }).tap();
    await headerCart(page).locator('dialog[open] [part~="line"]').first().waitFor();
    await notice.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('a tab opened with an empty cart follows a line added in another tab', async () => {
    const context = await phone(ctx.site);
    const first = await openPage(ctx.site, '/products', await context.newPage());
    await headerCart(first).locator('[part~="button"]').waitFor();
    expect(await headerCart(first).locator('[part~="count"]').count(), 'empty at first').toBe(0);
    const second = await openPage(ctx.site, '/handmade-locs', await context.newPage());
    await second.getByRole('button', { name: 'Add to Cart' }).first().tap();
    await expect.poll(() => headerCart(second).locator('[part~="count"]').textContent()).toBe('1');
    await expect.poll(() => headerCart(first).locator('[part~="count"]').textContent(), { message: 'the first tab follows', timeout: 15_000 }).toBe('1');
    await context.close();
  });
});
