/**
 * What the product pages and tools promise matches what they do (issue #8): the kit page's tabs are
 * real tabs (and, without JavaScript, sections that all show), its How It Works is an ordered list;
 * a Coming Soon product offers the waiting list, not a purchase; the configurators open at the "From"
 * price printed beside them.
 */
import { describe, expect, it } from 'vitest';
import { BUSINESS } from '../../widgets/core/business.ts';
import { useSite } from './support/hooks.ts';
import { openPage } from './support/site.ts';

const ctx = useSite();

const open = (path: string) => openPage(ctx.site, path);

const TABS = ['Details', 'How It Works', 'Materials', 'Care'];

describe('/products/lock-kit: Details, How It Works, Materials, Care', () => {
  it('are tabs: a tablist, one panel shown, arrow keys and clicks select', async () => {
    const page = await open('/products/lock-kit');
    const list = page.getByRole('tablist', { name: 'About this kit' });
    await expect.poll(() => list.getByRole('tab').allInnerTexts(), { message: 'four tabs', timeout: 10_000 }).toEqual(TABS);
    const shown = () => page.getByRole('tabpanel').evaluateAll((ps) => ps.map((p) => p.querySelector('h3')?.textContent?.trim()));
    expect(await shown(), 'one panel shows: Details').toEqual(['Details']);
    expect(await list.getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe('true');
    await list.getByRole('tab', { name: 'Details' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await shown(), 'ArrowRight shows How It Works').toEqual(['How It Works']);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim()), 'and focuses its tab').toBe('How It Works');
    await page.keyboard.press('End');
    expect(await shown(), 'End: the last tab').toEqual(['Care']);
    await page.keyboard.press('ArrowRight');
    expect(await shown(), 'wraps to the first').toEqual(['Details']);
    await list.getByRole('tab', { name: 'Materials' }).click();
    expect(await shown(), 'a click selects').toEqual(['Materials']);
    expect(new URL(page.url()).hash, 'a tab is not a jump link').toBe('');
    const panel = page.getByRole('tabpanel');
    expect(await panel.getAttribute('aria-labelledby'), 'the panel is named by its tab').toBe(await list.getByRole('tab', { name: 'Materials' }).getAttribute('id'));
  });

  it('How It Works is an ordered list of steps', async () => {
    const page = await open('/products/lock-kit');
    await page.getByRole('tab', { name: 'How It Works' }).click();
    const steps = page.getByRole('tabpanel').locator('ol > li');
    expect(await steps.count(), 'four steps').toBe(4);
    expect((await steps.first().innerText()).trim()).toBe('Build your kit above and check the summary.');
  });

  it('without JavaScript shows every section, each reachable from its link', async () => {
    const page = await ctx.site.page({ javaScriptEnabled: false });
    await page.goto(`${ctx.site.url}/products/lock-kit`);
    for (const t of TABS) {
      const link = page.locator('[data-tabs] a', { hasText: t });
      const target = page.locator((await link.getAttribute('href'))!);
      expect(await target.isVisible(), `${t} shown`).toBe(true);
    }
  });
});

describe('/products/diy-kit (Coming Soon)', () => {
  it('offers the waiting list, not Buy Now or a checkout link', async () => {
    const page = await open('/products/diy-kit');
    expect(await page.getByText('Coming Soon').first().isVisible(), 'Coming Soon').toBe(true);
    const buy = page.getByRole('link', { name: 'Buy Now' }).or(page.getByRole('button', { name: 'Buy Now' }));
    expect(await buy.count(), 'no Buy Now').toBe(0);
    const checkout = await page.evaluate((origin) => {
      const roots: (Document | ShadowRoot)[] = [document];
      const out: string[] = [];
      while (roots.length) {
        for (const e of roots.pop()!.querySelectorAll('*')) {
          if (e.shadowRoot) roots.push(e.shadowRoot);
          if (e instanceof HTMLAnchorElement && e.href.startsWith(origin)) out.push(e.href);
        }
      }
      return out;
    }, new URL(BUSINESS.orderPaymentUrl).origin);
    expect(checkout, 'no checkout link').toEqual([]);
    await page.getByRole('link', { name: 'Join the Waiting List' }).first().click();
    const waitlist = page.locator('#waitlist kyb-waitlist');
    await expect.poll(() => waitlist.getByLabel('Email').isVisible(), { message: 'the waiting-list form', timeout: 10_000 }).toBe(true);
    expect(await waitlist.getByRole('button', { name: 'Join the Waiting List' }).isVisible()).toBe(true);
  });
});

describe('configurators open at the "From" price shown beside them', () => {
  for (const path of ['/products/jah-locs', '/products/lock-kit', '/products/trinity-locs', '/products/irie-locs']) {
    it(path, async () => {
      const page = await open(path);
      const from = (await page.locator('.product-hero .price').first().innerText()).match(/\$\d+/)?.[0];
      const total = page.locator('kyb-loc-configurator').locator('[part~="price"] output');
      await expect.poll(() => total.innerText(), { message: `opens at ${from}`, timeout: 10_000 }).toBe(from);
    });
  }
});
