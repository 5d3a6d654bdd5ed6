/**
 * The shared layout (docs/pages.md#shared-layout) on the built site: sticky top bar, the Digital Tools dropdown by
 * keyboard and by pointer, the slide-out menu at 390 px holding the same items, Book Now opening the
 * external booking service in a new tab, the floating direct-message button, and the four-column
 * footer with the copyright line of the build's year and the Privacy and Cookies links.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright';
import { useSite } from './support/hooks.ts';
import { MOBILE } from './support/site.ts';
import { widgetsUpgraded } from './support/page.ts';

const ctx = useSite();

const TOOLS = ['Crown Planner', 'Blog', 'Vault'];
const PRIMARY = ['About Us', 'Products', 'Services', 'Press'];

async function open(path: string, opts: Parameters<typeof ctx.site.page>[0] = {}): Promise<Page> {
  const page = await ctx.site.page(opts);
  const res = await page.goto(ctx.site.url + path);
  expect(res?.status(), `${path} answers 200`).toBe(200);
  await widgetsUpgraded(page);
  return page;
}

/** Links of a navigation region as "label → path". */
async function linksOf(nav: Locator): Promise<string[]> {
  return nav.locator('a').evaluateAll((as) => (as as HTMLAnchorElement[]).map((a) => `${(a.textContent ?? '').replace(/\s+/g, ' ').trim()} → ${new URL(a.href).pathname}`));
}

const activeText = (page: Page) => page.evaluate(() => (document.activeElement?.textContent ?? '').replace(/\s+/g, ' ').trim());

describe('header', () => {
  it('is a sticky top bar with the logo, About Us, Products, Services, Press, Digital Tools, FAQ, Book Now and Sign in', async () => {
    const page = await open('/');
    const header = page.getByRole('banner');
    await expect.poll(() => header.count(), { message: 'one banner landmark', timeout: 10_000 }).toBe(1);
    const nav = header.getByRole('navigation').first();
    const links = await linksOf(nav);
    for (const label of PRIMARY)
      expect
        .soft(
          links.some((l) => l.startsWith(`${label} →`)),
          `header link ${label} (got ${links.join(', ')})`,
        )
        .toBe(true);
    expect
      .soft(
        links.some((l) => l.startsWith('FAQ → /faq')),
        'header link FAQ → /faq',
      )
      .toBe(true);
    expect.soft(await header.getByText('Digital Tools', { exact: false }).first().isVisible(), 'Digital Tools is shown').toBe(true);
    expect.soft(await header.locator('a[href="/"]').count(), 'the logo links home').toBeGreaterThan(0);
    await expect.poll(() => header.getByRole('button', { name: 'Sign in' }).isVisible(), { message: 'signed out: a Sign in button', timeout: 10_000 }).toBe(true);
    const position = await header.evaluate((h) => getComputedStyle(h).position);
    expect(['sticky', 'fixed'], `the top bar is sticky (position: ${position})`).toContain(position);
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => header.evaluate((h) => Math.round(h.getBoundingClientRect().top)), { message: 'the bar stays at the top after scrolling', timeout: 10_000 }).toBe(0);
  });

  it('opens the Digital Tools dropdown by keyboard: Tab to it, Enter and Space toggle it, its links are reachable', async () => {
    const page = await open('/faq');
    let reached = false;
    for (let i = 0; i < 25 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = (await activeText(page)) === 'Digital Tools';
    }
    expect(reached, 'Tab reaches the Digital Tools control').toBe(true);
    const menu = page.getByRole('banner').getByRole('link', { name: 'Crown Planner' });
    expect(await menu.isVisible(), 'the menu starts closed').toBe(false);
    await page.keyboard.press('Enter');
    await expect.poll(() => menu.isVisible(), { message: 'Enter opens the menu', timeout: 10_000 }).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => menu.isVisible(), { message: 'Enter again closes it', timeout: 10_000 }).toBe(false);
    await page.keyboard.press('Space');
    await expect.poll(() => menu.isVisible(), { message: 'Space opens it', timeout: 10_000 }).toBe(true);
    const reachedLinks: string[] = [];
    for (let i = 0; i < TOOLS.length; i++) {
      await page.keyboard.press('Tab');
      reachedLinks.push(await activeText(page));
    }
    expect(reachedLinks, 'Tab walks through the menu links in order').toEqual(TOOLS);
    const href = await page.evaluate(() => (document.activeElement as HTMLAnchorElement).getAttribute('href'));
    expect(href, 'Vault link target').toBe('/vault');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${ctx.site.url}/vault`);
  });

  it('closes the Digital Tools menu on Escape and returns focus to its button (issue #8)', async () => {
    const page = await open('/');
    const banner = page.getByRole('banner');
    const toggle = banner.getByRole('button', { name: 'Digital Tools' });
    const link = banner.getByRole('link', { name: 'Crown Planner', exact: true });
    await toggle.click();
    await expect.poll(() => link.isVisible(), { message: 'the menu opens', timeout: 10_000 }).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => link.isVisible(), { message: 'Escape closes it', timeout: 10_000 }).toBe(false);
    expect(await activeText(page), 'focus back on its button').toBe('Digital Tools');
    // From inside the menu too.
    await page.keyboard.press('Enter');
    await expect.poll(() => link.isVisible(), { message: 'Enter reopens it', timeout: 10_000 }).toBe(true);
    await page.keyboard.press('Tab');
    expect(await activeText(page), 'Tab enters the menu').toBe('Crown Planner');
    await page.keyboard.press('Escape');
    await expect.poll(() => link.isVisible(), { message: 'Escape closes it from a link', timeout: 10_000 }).toBe(false);
    expect(await activeText(page), 'focus back on its button').toBe('Digital Tools');
    // A click elsewhere closes it as well.
    await toggle.click();
    await expect.poll(() => link.isVisible(), { timeout: 10_000 }).toBe(true);
    await page.mouse.click(640, 600);
    await expect.poll(() => link.isVisible(), { message: 'a click outside closes it', timeout: 10_000 }).toBe(false);
  });

  it('opens the Digital Tools dropdown with the pointer and follows a link', async () => {
    const page = await open('/');
    const banner = page.getByRole('banner');
    await banner.getByText('Digital Tools').first().click();
    for (const t of TOOLS) await expect.poll(() => banner.getByRole('link', { name: t, exact: true }).first().isVisible(), { message: `${t} shown`, timeout: 10_000 }).toBe(true);
    expect(await banner.getByRole('link', { name: 'Crown Planner', exact: true }).first().getAttribute('href')).toBe('/digital-tools/crown-planner');
    expect(await banner.getByRole('link', { name: 'Blog', exact: true }).first().getAttribute('href')).toBe('/blog');
    await banner.getByRole('link', { name: 'Blog', exact: true }).first().click();
    await page.waitForURL(`${ctx.site.url}/blog`);
  });

  it('holds the same items in the slide-out menu at 390 px', async () => {
    const desktop = await open('/');
    const desktopLinks = await linksOf(desktop.getByRole('banner').getByRole('navigation').first());
    const page = await open('/', { viewport: MOBILE, isMobile: true, hasTouch: true });
    const banner = page.getByRole('banner');
    expect(await banner.getByRole('navigation').first().isVisible(), 'the desktop links are hidden at 390 px').toBe(false);
    const toggle = banner.getByRole('button', { name: /menu/i }).first();
    expect(await toggle.isVisible(), 'a menu button is shown').toBe(true);
    await toggle.click();
    const mobileNav = page.getByRole('navigation', { name: /mobile/i });
    await expect.poll(() => mobileNav.isVisible(), { message: 'the slide-out menu opens', timeout: 10_000 }).toBe(true);
    await mobileNav.getByText('Digital Tools').first().click();
    for (const label of [...PRIMARY, ...TOOLS, 'FAQ']) {
      await expect
        .poll(() => mobileNav.getByRole('link', { name: label, exact: true }).first().isVisible(), { message: `${label} in the slide-out menu`, timeout: 10_000 })
        .toBe(true);
    }
    const mobileLinks = await linksOf(mobileNav);
    expect(new Set(mobileLinks), 'same links as the desktop bar').toEqual(new Set(desktopLinks));
    const book = page.locator('#mobile-menu, [popover]').getByRole('link', { name: /Book Now/ });
    expect(await book.first().isVisible(), 'Book Now in the slide-out menu').toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => mobileNav.isVisible(), { message: 'Escape closes it', timeout: 10_000 }).toBe(false);
  });

  it('opens the booking service in a new tab from Book Now', async () => {
    const page = await open('/');
    const book = page
      .getByRole('banner')
      .getByRole('link', { name: /Book Now/ })
      .first();
    expect(await book.getAttribute('target'), 'Book Now opens a new tab').toBe('_blank');
    const href = (await book.getAttribute('href'))!;
    expect(new URL(href).origin, 'Book Now leads off the site (external booking service)').not.toBe(ctx.site.url);
    const [popup] = await Promise.all([page.context().waitForEvent('page'), book.click()]);
    await popup.waitForLoadState();
    expect(popup.url(), 'the new tab shows the booking link').toBe(href);
    expect(page.url(), 'the site stays open in the first tab').toBe(`${ctx.site.url}/`);
  });

  it('has a floating round direct-message button that opens a chat in a new tab', async () => {
    const page = await open('/products');
    const fab = await page.evaluate(() => {
      const fixed = [...document.querySelectorAll('a')].filter((a) => getComputedStyle(a).position === 'fixed' && a.getClientRects().length);
      return fixed.map((a) => {
        const r = a.getBoundingClientRect();
        const cs = getComputedStyle(a);
        return {
          href: a.href,
          target: a.target,
          name: a.getAttribute('aria-label') ?? a.textContent,
          w: r.width,
          h: r.height,
          radius: parseFloat(cs.borderTopLeftRadius),
          right: innerWidth - r.right,
          bottom: innerHeight - r.bottom,
        };
      });
    });
    expect(fab.length, `one floating link (got ${JSON.stringify(fab)})`).toBe(1);
    const b = fab[0];
    expect(b.target, 'opens a new tab').toBe('_blank');
    expect(new URL(b.href).origin, 'an external chat link').not.toBe(ctx.site.url);
    expect(b.name ?? '', 'its name says what it does').toMatch(/message|chat|DM/i);
    expect(b.radius, 'round').toBeGreaterThanOrEqual(Math.min(b.w, b.h) / 2 - 1);
    expect(b.right < 100 && b.bottom < 100, 'in the bottom-right corner').toBe(true);
  });
});

describe('footer', () => {
  it('has four columns (Company, Digital Tools, Programs, Actions), the copyright line of the build year and Privacy / Cookies links', async () => {
    const page = await open('/');
    const footer = page.getByRole('contentinfo');
    const headings = (await footer.getByRole('heading').allTextContents()).map((t) => t.trim());
    expect(headings, 'footer column titles').toEqual(expect.arrayContaining(['Company', 'Digital Tools', 'Programs', 'Actions']));
    const actions = footer.locator(':is(div, nav, section):has(> :is(h2, h3, h4):text-is("Actions"))').first();
    const book = actions.getByRole('link', { name: /Book Now/ });
    expect(await book.getAttribute('target'), 'Actions: Book Now in a new tab').toBe('_blank');
    const contact = actions.getByRole('link', { name: /Contact/ });
    expect(await contact.getAttribute('href'), 'Actions: a Contact mailto link').toMatch(/^mailto:/);
    const partners = footer.getByRole('link', { name: 'Join Our Eco System' });
    expect(await partners.getAttribute('href'), 'Join Our Eco System → /partners').toBe('/partners');
    const text = (await footer.innerText()).replace(/\s+/g, ' ');
    expect(text, 'copyright line: the year the site was built (issue #29)').toContain(`© ${new Date().getUTCFullYear()}`);
    expect(await footer.getByRole('link', { name: 'Privacy', exact: true }).getAttribute('href')).toBe('/privacy');
    expect(await footer.getByRole('link', { name: 'Cookies', exact: true }).getAttribute('href')).toBe('/cookies');
  });
});
