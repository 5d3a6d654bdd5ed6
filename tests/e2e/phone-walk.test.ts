/**
 * Issue #23, what a walk on a 390 px touch phone found, end to end (the built site, the local stack,
 * Chromium with touch): toasts never lie over the control the visitor needs next and go once their cause
 * is fixed (the newsletter's "Consent Required", the review form's "Rating required"); the Jah Locs price
 * table fits a 320 px phone; a signed-out visitor is offered "Sign in to write a review", which opens the
 * sign-in dialog and then the form. Accounts: phone-walk-accounts.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Locator, Page } from 'playwright';
import { createAccount, signedInStorage } from './support/auth.ts';
import { useSite } from './support/hooks.ts';
import { MOBILE } from './support/site.ts';
import { widgetsUpgraded } from './support/page.ts';
import { expectToast, uid } from './support/journeys.ts';

const ctx = useSite({ autoconfirm: true });
const PHONE: BrowserContextOptions = { viewport: MOBILE, isMobile: true, hasTouch: true };

async function open(path: string, opts: BrowserContextOptions = PHONE): Promise<Page> {
  const page = await ctx.site.page(opts);
  const res = await page.goto(ctx.site.url + path);
  expect(res?.status(), `${path} answers 200`).toBe(200);
  await widgetsUpgraded(page);
  return page;
}

/**
 * What a tap at the centre and at each inset corner of `target` reaches, seen through open shadow
 * roots: null when every one reaches it, else a description of what is drawn over it there.
 */
async function coveredBy(target: Locator): Promise<string | null> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const points = [
      // The middle, and the middles of the four sides inset: inside a pill's rounded ends too.
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + Math.min(r.height / 2, r.width / 4), r.top + r.height / 2],
      [r.right - Math.min(r.height / 2, r.width / 4), r.top + r.height / 2],
      [r.left + r.width / 2, r.top + 3],
      [r.left + r.width / 2, r.bottom - 3],
    ];
    for (const [x, y] of points) {
      let hit = document.elementFromPoint(x, y);
      while (hit?.shadowRoot) {
        const inner = hit.shadowRoot.elementFromPoint(x, y);
        if (!inner || inner === hit) break;
        hit = inner;
      }
      if (!hit || (hit !== el && !el.contains(hit)))
        return `${hit ? `${hit.localName}.${hit.className} "${(hit.textContent ?? '').trim().slice(0, 30)}"` : 'nothing'} at ${Math.round(x)},${Math.round(y)}`;
    }
    return null;
  });
}

/** A finger on the middle of `target` (whatever is drawn there gets the tap, as on a phone). */
async function tapOn(page: Page, target: Locator) {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to tap: the target is not shown');
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

const toastTitled = (page: Page, title: string) => page.locator('[part~="toast"]').filter({ hasText: title });

describe('toasts on a phone (issue #23, item 1)', () => {
  it('"Consent Required" leaves Join the Circle free and goes once the box is ticked; Join then sends', async () => {
    const page = await open('/');
    const card = page.locator('kyb-newsletter');
    await card.scrollIntoViewIfNeeded();
    await card.getByLabel('Name').fill('Amara Okafor');
    await card.getByLabel('Email').fill(`amara-${uid()}@example.com`);
    const join = card.getByRole('button', { name: 'Join the Circle' });
    // The button low on the screen, under the visitor's thumb, where a toast at the bottom edge lands.
    await join.evaluate((el) => el.scrollIntoView({ block: 'end', behavior: 'instant' }));
    await tapOn(page, join);
    const toast = toastTitled(page, 'Consent Required');
    await toast.waitFor({ timeout: 10_000 });
    // The inline error pushed the button down a line: the visitor brings it back into view.
    await join.evaluate((el) => el.scrollIntoView({ block: 'nearest', behavior: 'instant' }));
    await expect.poll(() => coveredBy(join), { message: 'Join the Circle is not under the toast', timeout: 3_000 }).toBeNull();
    await expect.poll(() => coveredBy(card.getByRole('checkbox')), { message: 'the consent box is not under the toast', timeout: 3_000 }).toBeNull();
    await tapOn(page, card.getByRole('checkbox'));
    await toast.waitFor({ state: 'detached', timeout: 3_000 });
    // At once, as a visitor does: the tap lands on the button, and the subscription goes out.
    await tapOn(page, join);
    await expectToast(page, 'Welcome to the Circle!');
    await card.getByRole('button', { name: 'Subscribe Another Email' }).waitFor();
  });

  it('"Rating required" leaves the review text, its error and Submit free, and goes once a star is chosen', async () => {
    const account = await createAccount(ctx.site, 'rater');
    const page = await open('/products/irie-locs', { ...PHONE, storageState: await signedInStorage(ctx.site, account) });
    const reviews = page.locator('kyb-reviews');
    await reviews.getByRole('button', { name: 'Write Review' }).tap();
    await reviews.getByLabel('Review Title').fill('Soft and light');
    await reviews.getByLabel('Your Name').fill('Phone Rater');
    const submit = reviews.getByRole('button', { name: 'Submit Review' });
    await submit.scrollIntoViewIfNeeded();
    await submit.tap();
    const toast = toastTitled(page, 'Rating required');
    await toast.waitFor({ timeout: 10_000 });
    const text = reviews.getByLabel('Your Review');
    await reviews.getByText('Review is required').waitFor();
    for (const [what, target] of [
      ['Submit Review', submit],
      ['the review text', text],
      ['its error', reviews.getByText('Review is required')],
      [
        'the stars',
        reviews
          .getByRole('radiogroup')
          .or(reviews.locator('fieldset').filter({ hasText: 'Rating' }))
          .first(),
      ],
    ] as const) {
      await target.scrollIntoViewIfNeeded();
      await expect.poll(() => coveredBy(target), { message: `${what} is not under "Rating required"`, timeout: 3_000 }).toBeNull();
    }
    await reviews
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: '4 stars' }) })
      .tap();
    await toast.waitFor({ state: 'detached', timeout: 3_000 });
  });
});

describe('the Jah Locs price table (issue #23, item 2)', () => {
  for (const width of [320, 390]) {
    it(`fits a ${width} px phone: every column and the whole caption in view, nothing to scroll`, async () => {
      const page = await open('/products/jah-locs', { viewport: { width, height: 800 }, isMobile: true, hasTouch: true });
      const wrap = page.locator('#pricing .table-wrap');
      await wrap.scrollIntoViewIfNeeded();
      const m = await wrap.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const cells = [...el.querySelectorAll('caption, th, td')].map((c) => {
          const range = document.createRange();
          range.selectNodeContents(c);
          const r = range.getBoundingClientRect();
          return { text: (c.textContent ?? '').trim(), left: r.left, right: r.right };
        });
        return { scroll: el.scrollWidth, client: el.clientWidth, left: box.left, right: box.right, cells };
      });
      expect(m.scroll, 'the table is no wider than its box').toBeLessThanOrEqual(m.client + 1);
      expect(
        m.cells.filter((c) => c.right > m.right + 0.5 || c.left < m.left - 0.5).map((c) => c.text),
        'text past the edge',
      ).toEqual([]);
      expect(m.cells.map((c) => c.text)).toContain('MD 1.2-1.5 cm');
    });
  }
});

describe('"Sign in to write a review" (issue #23, item 6)', () => {
  it('is offered to a signed-out visitor, opens the sign-in dialog, then the form', async () => {
    const account = await createAccount(ctx.site, 'writer');
    const page = await open('/products/trinity-locs');
    const reviews = page.locator('kyb-reviews');
    await reviews.getByRole('heading', { name: 'Customer Reviews' }).waitFor();
    expect(await reviews.getByRole('button', { name: 'Write Review', exact: true }).count(), 'Write Review stays for signed-in visitors').toBe(0);
    await reviews.getByRole('button', { name: 'Sign in to write a review' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Welcome to KYB' });
    await dialog.waitFor({ timeout: 15_000 });
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).tap();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    await reviews.getByRole('heading', { name: 'Write a Review' }).waitFor({ timeout: 15_000 });
    expect(await reviews.getByRole('button', { name: 'Sign in to write a review' }).count(), 'gone once signed in').toBe(0);
    expect(await reviews.getByRole('button', { name: 'Write Review', exact: true }).getAttribute('aria-expanded')).toBe('true');
  });
});
