/**
 * The gallery admin's journey of issue #4, end to end on the built site and the local stack: a visitor
 * is refused; the admin uploads, reorders, hides and deletes gallery items and the planner landing
 * page's carousel follows.
 */
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright';
import { ADMIN } from '../support/stack.ts';
import { signInViaHeader } from './support/auth.ts';
import { useSite } from './support/hooks.ts';
import { expectToast, journeyHelpers, uid } from './support/journeys.ts';
import { placeholderPng } from './support/site.ts';
import { widgetsUpgraded } from './support/page.ts';

const ctx = useSite({ autoconfirm: true });
const { open } = journeyHelpers(ctx);
describe('gallery admin and the planner carousel (docs/pages.md, docs/data.md#states-and-transitions, #calls, docs/errors.md)', () => {
  it("refuses a visitor once, in place, and its Sign in opens the header's dialog", async () => {
    const page = await open('/admin/gallery');
    const panel = page.locator('kyb-gallery-admin');
    await panel.getByText('Please sign in to access the admin panel.').waitFor({ timeout: 15_000 });
    expect(await page.getByText('Authentication required').count(), 'said once (no toast repeating the card)').toBe(1);
    expect(await panel.locator('input[type="file"]').count(), 'no upload').toBe(0);
    await panel.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('dialog').getByLabel('Email').waitFor({ timeout: 15_000 });
  });

  it('uploads, reorders, hides and deletes items; the planner landing page carousel follows', async () => {
    const page = await open('/admin/gallery');
    await signInViaHeader(page, ADMIN);
    const panel = page.locator('kyb-gallery-admin');
    await panel.getByRole('heading', { name: 'Gallery Administration' }).waitFor();
    const items = panel.getByRole('listitem');
    await expect.poll(() => items.count(), { message: 'the seeded items (3 active, 1 hidden)', timeout: 10_000 }).toBe(4);
    const row = (alt: string): Locator => items.filter({ has: page.getByRole('img', { name: alt, exact: true }) });
    const COVER = 'Crown Planner cover with a gold crown on deep green';
    const WASH = 'Wash-day ritual tracker page';
    const CHECKLIST = 'Protective style install checklist';

    // Upload: appended with display_order = current count, active.
    await panel.locator('input[type="file"]').setInputFiles({ name: 'slide.png', mimeType: 'image/png', buffer: placeholderPng(5, 96, 54) });
    await expectToast(page, 'Success', /image uploaded successfully/i);
    await expect.poll(() => items.count(), { message: 'five items after the upload', timeout: 10_000 }).toBe(5);
    await panel.getByText('5 of 10 items').waitFor();
    const alt = `E2E slide ${uid()}`;
    const newest = items.nth(4);
    await newest.getByLabel('Alt text').fill(alt);
    await newest.getByLabel('Alt text').press('Tab');
    await row(alt).waitFor({ timeout: 15_000 });

    // Reorder: the new slide first, the cover last.
    await row(alt).getByLabel('Order').fill('0');
    await row(alt).getByLabel('Order').press('Enter');
    await expect
      .poll(
        async () =>
          (await row(alt).getByLabel('Order').inputValue()) === '0' &&
          (await ctx.site.service().from('planner_gallery').select('display_order').eq('alt_text', alt)).data?.[0]?.display_order,
        { message: 'order saved', timeout: 10_000 },
      )
      .toBe(0);
    await row(COVER).getByLabel('Order').fill('7');
    await row(COVER).getByLabel('Order').press('Enter');
    await expect
      .poll(async () => (await items.last().getByRole('img').first().getAttribute('alt')) ?? '', { message: 'the list is ordered by display_order', timeout: 15_000 })
      .toBe(COVER);

    // Hide the wash-day page.
    const active = row(WASH).getByRole('switch', { name: 'Active' });
    expect(await active.isChecked(), 'seeded as active').toBe(true);
    await row(WASH).getByText('Active', { exact: true }).click();
    await expect.poll(() => active.isChecked(), { message: 'the switch turns off', timeout: 10_000 }).toBe(false);
    await expect
      .poll(async () => (await ctx.site.service().from('planner_gallery').select('is_active').eq('alt_text', WASH)).data?.[0]?.is_active, {
        message: 'hidden in the database',
        timeout: 10_000,
      })
      .toBe(false);

    const visitor = await open('/digital-tools/crown-planner');
    const carousel = visitor.locator('kyb-planner-gallery');
    const thumbs = carousel.getByRole('button', { name: /^Show slide/ });
    await expect.poll(() => thumbs.count(), { message: 'three active items', timeout: 15_000 }).toBe(3);
    expect(await thumbs.evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label'))), 'active items, display_order ascending').toEqual([
      `Show slide 1: ${alt}`,
      `Show slide 2: ${CHECKLIST}`,
      `Show slide 3: ${COVER}`,
    ]);
    const first = carousel.getByRole('img', { name: alt, exact: true }).first();
    await expect.poll(() => first.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth), { message: 'the uploaded image shows first', timeout: 15_000 }).toBe(96);
    // A seeded item stores a path, not an address (migration stored_paths): its image shows from this
    // file's stack on its own free port, resolved against the address the page was served with.
    await thumbs.nth(1).click();
    const seeded = carousel.getByRole('img', { name: CHECKLIST, exact: true }).first();
    await expect
      .poll(() => seeded.evaluate((i: HTMLImageElement) => (i.complete ? { src: new URL(i.src).origin, width: i.naturalWidth > 0 } : null)), {
        message: 'a seeded image shows from this stack',
        timeout: 15_000,
      })
      .toEqual({ src: ctx.site.backendUrl, width: true });

    // Delete: Cancel keeps it, Delete removes it.
    await row(alt)
      .getByRole('button', { name: /Delete/ })
      .click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await row(alt).count(), 'Cancel keeps the item').toBe(1);
    await row(alt)
      .getByRole('button', { name: /Delete/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Success', 'Item deleted successfully');
    await expect.poll(() => items.count(), { message: 'four items after the delete', timeout: 10_000 }).toBe(4);

    await visitor.reload();
    await widgetsUpgraded(visitor);
    await expect
      .poll(() => thumbs.evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label'))), { message: 'the carousel follows', timeout: 15_000 })
      .toEqual([`Show slide 1: ${CHECKLIST}`, `Show slide 2: ${COVER}`]);
  }, 120_000);
});
