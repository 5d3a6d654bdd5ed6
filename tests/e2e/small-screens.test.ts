/**
 * The site on a phone and with a signed-in visitor (issue #8): the first tap on the header's Sign in
 * opens the dialog (touch emulation, 390 px) where the button's code has arrived, where only its
 * fallback link shows, and on /cart, and the slide-out menu offers sign-in too; the dialog passes axe;
 * signed in with an ordinary e-mail the header stays one tidy row at 1280 px and compact at 390/320 px;
 * the admin inbox with long unbroken words does not scroll sideways; the planner's in-page nav keeps its
 * anchors in reach. Every route at four widths in three sessions (sideways scrolling, fixed bars
 * covering the end of the page, axe at 1280 px): tests/visual (issue #28: one visit per route).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright';
import { ADMIN } from '../support/stack.ts';
import { MEMBER_CREDENTIALS } from '../../supabase/local/admin-credentials.ts';
import { BUSINESS } from '../../shared/business.ts';
import { headerAuth, signedInStorage } from './support/auth.ts';
import { useSite } from './support/hooks.ts';
import { DESKTOP, MOBILE } from './support/site.ts';
import { widgetsUpgraded } from './support/page.ts';
import { audit, describeViolations, serveAxe } from '../visual/axe.ts';

const ctx = useSite();

const PHONE: BrowserContextOptions = { viewport: MOBILE, isMobile: true, hasTouch: true };
const SMALL_PHONE: BrowserContextOptions = { viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true };
const JORDAN = { email: 'jordan.taylor@example.com', password: 'jordan-taylor-pw' };

let storage: BrowserContextOptions['storageState'] | undefined;
async function jordanStorage() {
  if (!storage) {
    const { error } = await ctx.site.anon().auth.signUp(JORDAN);
    if (error) throw new Error(`sign-up of ${JORDAN.email}: ${error.message}`);
    storage = await signedInStorage(ctx.site, JORDAN);
  }
  return storage;
}

async function open(page: Page, path: string, wakeSignIn = true) {
  const res = await page.goto(ctx.site.url + path);
  expect(res?.status(), `${path} answers 200`).toBe(200);
  await widgetsUpgraded(page, 20_000, { wakeSignIn });
}

const dialogOpen = (page: Page) => page.getByRole('dialog', { name: 'Welcome to KYB' }).isVisible();

describe('sign-in on a touch phone', () => {
  beforeAll(() => serveAxe(ctx.site));

  // Three kinds of page, not every page (issue #28; the visual suite visits every route): one whose
  // elements start the auth client, so the button's code has arrived before the tap; one where only the
  // button's fallback link shows (its code held back until after the tap); and the cart.
  const CASES = [
    { path: '/admin/gallery', code: 'arrived' },
    { path: '/services', code: 'held back' },
    { path: '/cart', code: 'as it comes' },
  ] as const;

  it("opens the dialog on the first tap on the header's Sign in, without leaving the page: code arrived, fallback link only, /cart", async () => {
    const context = await ctx.site.context(PHONE);
    const failures: string[] = [];
    for (const { path, code } of CASES) {
      const page = await context.newPage();
      try {
        let release = () => {};
        if (code === 'held back') {
          const held = new Promise<void>((r) => {
            release = r;
          });
          await page.route('**/widgets/chunks/auth-button-*.js', async (route) => {
            await held;
            await route.continue();
          });
        }
        const res = await page.goto(ctx.site.url + path);
        expect(res?.status(), `${path} answers 200`).toBe(200);
        if (code === 'arrived') await headerAuth(page).getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 20_000 });
        // The visitor's first touch where Sign in shows, as soon as the page does.
        const box = await headerAuth(page).boundingBox();
        if (!box) {
          failures.push(`${path}: no Sign in in the header`);
          continue;
        }
        const defined = await page.evaluate(() => !!customElements.get('kyb-auth-button'));
        if (code === 'held back') expect(defined, `${path}: only the fallback link at the tap`).toBe(false);
        await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
        release();
        const opened = await expect
          .poll(() => dialogOpen(page), { timeout: 10_000 })
          .toBe(true)
          .then(
            () => true,
            () => false,
          );
        const where = new URL(page.url()).pathname;
        if (!opened || where !== path) failures.push(`${path} (code ${code}): dialog ${opened ? 'opened' : 'did not open'}, now on ${where}`);
      } finally {
        await page.close();
      }
    }
    expect(failures, 'first tap on Sign in').toEqual([]);
  });

  it('shows the sign-in dialog with no axe violations at 1280 px (tests/visual audits every route)', async () => {
    const page = await ctx.site.page();
    await open(page, '/');
    await headerAuth(page).getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('dialog').waitFor();
    const violations = await audit(page);
    expect(violations.length, `axe violations:\n${describeViolations('sign-in dialog on /', violations)}`).toBe(0);
  });

  it('has a Sign in entry in the slide-out menu that opens the same dialog', async () => {
    const page = await ctx.site.page(PHONE);
    await open(page, '/services', false);
    await page.getByRole('button', { name: 'Open menu' }).tap();
    const menu = page.locator('#mobile-menu');
    await expect.poll(() => menu.isVisible(), { message: 'the menu opens', timeout: 10_000 }).toBe(true);
    await menu.getByText('Sign in', { exact: true }).tap();
    await expect.poll(() => dialogOpen(page), { message: 'the dialog opens', timeout: 10_000 }).toBe(true);
    expect(new URL(page.url()).pathname, 'still on the page').toBe('/services');
    expect(await page.getByRole('dialog').count(), 'one dialog').toBe(1);
    await expect.poll(() => menu.isVisible(), { message: 'the menu gave way to the dialog', timeout: 10_000 }).toBe(false);
  });
});

describe('the header of a visitor not signed in', () => {
  it('keeps Sign in on one line at 320 px once its code has loaded', async () => {
    const page = await ctx.site.page(SMALL_PHONE);
    await open(page, '/admin/gallery'); // the admin panel starts the auth client: the button renders at once
    const button = headerAuth(page).getByRole('button', { name: 'Sign in' });
    await button.waitFor({ timeout: 20_000 });
    const box = (await button.boundingBox())!;
    expect(box.height, 'one line (a two-line "Sign / in" made the header grow)').toBeLessThanOrEqual(60);
    expect(await page.locator('.site-header').evaluate((h) => h.getBoundingClientRect().height), 'header height').toBeLessThanOrEqual(66);
  });
});

describe('small-screen details', () => {
  it('never breaks the phone number inside "555-0123" at 320 px', async () => {
    const page = await ctx.site.page(SMALL_PHONE);
    await open(page, '/services');
    const groups = await page.locator(`a[href="${BUSINESS.phoneHref}"]`).evaluateAll((as) =>
      as.map((a) => {
        const range = document.createRange();
        range.selectNodeContents(a);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.bottom)));
        const text = (a.textContent ?? '').trim();
        const last = text.slice(text.lastIndexOf(' ') + 1);
        const tail = [...a.querySelectorAll('*')].find((e) => e.textContent === last) ?? null;
        return { text, lines: lines.size, tailLines: tail ? new Set([...tail.getClientRects()].map((r) => Math.round(r.bottom))).size : -1 };
      }),
    );
    expect(groups.length, 'phone links on /services (notice, contact options, footer)').toBeGreaterThanOrEqual(2);
    for (const g of groups) expect(g.tailLines, `"${g.text}": its last group on one line`).toBe(1);
  });
});

describe('the header of a signed-in visitor', () => {
  /** Header metrics: its height, whether anything in it wraps or overflows, the menu button's size. */
  const measure = (page: Page) =>
    page.evaluate(() => {
      const header = document.querySelector('.site-header') as HTMLElement;
      const visible = (e: Element) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
      const lines = [...header.querySelectorAll('.nav-desktop a, .nav-desktop button, .site-header__book')]
        .filter(visible)
        .filter((e) => e.getBoundingClientRect().height > 50)
        .map((e) => (e.textContent ?? '').trim());
      const toggle = header.querySelector('.menu-toggle')!.getBoundingClientRect();
      return {
        height: header.getBoundingClientRect().height,
        overflow: header.scrollWidth - header.clientWidth,
        pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        wrapped: lines,
        toggle: visible(header.querySelector('.menu-toggle')!) ? { w: toggle.width, h: toggle.height } : null,
      };
    });

  it('is one tidy row at 1280 px: nothing wraps, the greeting with the e-mail ends in an ellipsis if it must', async () => {
    const page = await ctx.site.page({ viewport: DESKTOP, storageState: await jordanStorage() });
    await open(page, '/');
    const bar = headerAuth(page);
    await bar.getByText(JORDAN.email).waitFor({ timeout: 20_000 });
    const m = await measure(page);
    expect(m.height, 'header height').toBeLessThanOrEqual(80);
    expect(m.wrapped, 'labels on two lines').toEqual([]);
    expect(m.overflow, 'nothing sticks out of the header').toBeLessThanOrEqual(0);
    for (const name of ['My Account']) expect(await bar.getByRole('link', { name }).isVisible(), `${name} shown`).toBe(true);
    expect(await bar.getByRole('button', { name: 'Sign out' }).isVisible(), 'Sign out shown').toBe(true);
    const greeting = await bar.locator('[part~="greeting"]').evaluate((g) => ({
      h: g.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(g).lineHeight) || 24,
      ellipsis: getComputedStyle(g).textOverflow,
      title: g.getAttribute('title'),
    }));
    expect(greeting.h, 'the greeting is one line').toBeLessThan(greeting.lineHeight * 1.5);
    expect(greeting.ellipsis, 'a long address is cut with an ellipsis').toBe('ellipsis');
    expect(greeting.title, 'the whole address in its tooltip').toBe(JORDAN.email);
  });

  it('shows an ordinary address whole at desktop widths (it read "Hi, admin@kyb.l…" at 1280 px)', async () => {
    const { error } = await ctx.site.anon().auth.signUp(MEMBER_CREDENTIALS);
    if (error) throw new Error(`sign-up of ${MEMBER_CREDENTIALS.email}: ${error.message}`);
    const cut: string[] = [];
    for (const who of [MEMBER_CREDENTIALS, ADMIN]) {
      const state = await signedInStorage(ctx.site, who);
      // One load per visitor; the second width by resizing, as a visitor widening the window would.
      const page = await ctx.site.page({ viewport: { width: 1280, height: 800 }, storageState: state });
      await open(page, '/');
      const bar = headerAuth(page);
      await bar.getByTitle(who.email).waitFor({ timeout: 20_000 }); // the greeting: a display name, or the address (issue #29)
      for (const width of [1280, 1440]) {
        await page.setViewportSize({ width, height: 800 });
        await page.waitForFunction((w) => innerWidth === w, width);
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const g = await bar.locator('[part~="greeting"]').evaluate((e) => ({ shown: e.clientWidth, needs: e.scrollWidth }));
        if (g.needs > g.shown) cut.push(`${who.email} @${width}: ${g.shown} of ${g.needs} px shown`);
        const m = await measure(page);
        expect(m.height, `header height @${width}`).toBeLessThanOrEqual(80);
        expect(m.wrapped, `labels on two lines @${width}`).toEqual([]);
        expect(await bar.getByRole('link', { name: 'My Account' }).isVisible(), 'My Account shown').toBe(true);
      }
      await page.close();
    }
    expect(cut, 'greetings cut short').toEqual([]);
  });

  for (const [label, opts] of [
    ['390', PHONE],
    ['320', SMALL_PHONE],
  ] as const) {
    it(`is compact at ${label} px: one row, a full-size menu button, the greeting and Sign out in the menu`, async () => {
      const page = await ctx.site.page({ ...opts, storageState: await jordanStorage() });
      await open(page, '/products');
      const bar = headerAuth(page);
      await bar.getByRole('link', { name: 'My Account' }).waitFor({ timeout: 20_000 });
      const m = await measure(page);
      expect(m.height, 'header height').toBeLessThanOrEqual(80);
      expect(m.overflow, 'nothing sticks out of the header').toBeLessThanOrEqual(0);
      expect(m.pageOverflow, 'the page does not scroll sideways').toBeLessThanOrEqual(0);
      expect(m.toggle, 'the menu button keeps its size').toEqual({ w: 44, h: 44 });
      await page.getByRole('button', { name: 'Open menu' }).tap();
      const menu = page.locator('#mobile-menu');
      await expect.poll(() => menu.getByText(JORDAN.email).isVisible(), { message: 'the greeting in the menu', timeout: 10_000 }).toBe(true);
      await menu.evaluate((m) => Promise.all(m.getAnimations({ subtree: true }).map((a) => a.finished))); // slid in
      const g = await menu.locator('kyb-auth-button [part~="greeting"]').evaluate((e) => ({
        h: e.getBoundingClientRect().height,
        lineHeight: parseFloat(getComputedStyle(e).lineHeight) || 24,
        nowrap: getComputedStyle(e).whiteSpace,
        right: e.getBoundingClientRect().right,
      }));
      expect(g.h, 'the e-mail is not split over lines').toBeLessThan(g.lineHeight * 1.5);
      expect(g.nowrap).toBe('nowrap');
      expect(g.right, 'inside the screen').toBeLessThanOrEqual(opts.viewport!.width);
      expect(await menu.getByRole('button', { name: 'Sign out' }).isVisible(), 'Sign out in the menu').toBe(true);
      expect(await menu.getByRole('link', { name: 'My Account' }).isVisible(), 'My Account in the menu').toBe(true);
    });
  }
});

describe('nothing scrolls sideways', () => {
  /** Horizontal overflow of the page and the elements that stick out, for the failure message. */
  const sideways = (page: Page) =>
    page.evaluate(() => {
      const vw = document.documentElement.clientWidth;
      const over = document.documentElement.scrollWidth - vw;
      const culprits: string[] = [];
      if (over > 0) {
        const roots: (Document | ShadowRoot)[] = [document];
        while (roots.length && culprits.length < 5) {
          for (const e of roots.pop()!.querySelectorAll('body *')) {
            if (e.shadowRoot) roots.push(e.shadowRoot);
            const r = e.getBoundingClientRect();
            if (r.width && r.right > vw + 1 && e.children.length === 0) culprits.push(`${e.localName}.${String(e.className)}`);
          }
        }
      }
      return { over, culprits };
    });

  it('shows the admin inbox with long unbroken words at 320 and 390 px, as the admin (tests/visual checks every route)', async () => {
    const admin = await signedInStorage(ctx.site, ADMIN);
    // The inbox with something in it, long unbroken words included (addresses, links pasted in a message).
    const long = 'a'.repeat(60);
    const { error } = await ctx.site
      .service()
      .from('leads')
      .insert({
        kind: 'partnership',
        email: `${long}@example.com`,
        payload: { name: `Pat ${long}`, email: `${long}@example.com`, company: `Company ${long}`, message: `See https://example.com/${long}/${long}` },
        source_page: '/partners',
      });
    expect(error).toBeNull();
    for (const opts of [SMALL_PHONE, PHONE]) {
      const page = await ctx.site.page({ ...opts, storageState: admin });
      await open(page, '/admin/inbox');
      await page.locator('kyb-admin-inbox').getByText(`Pat ${long}`).first().waitFor({ timeout: 20_000 });
      const s = await sideways(page);
      expect(s.over, `/admin/inbox @${opts.viewport!.width}: wider by ${s.over}px (${s.culprits.join(', ')})`).toBeLessThanOrEqual(0);
      await page.close();
    }
  });

  it("keeps all four anchors of the planner's in-page nav reachable at 390 px, with a visible cue", async () => {
    const page = await ctx.site.page(PHONE);
    await open(page, '/digital-tools/crown-planner');
    const nav = page.getByRole('navigation', { name: 'On this page' });
    const state = await nav.evaluate((n) => {
      const list = n.querySelector('ul')!;
      const box = list.getBoundingClientRect();
      return {
        scrolls: list.scrollWidth > list.clientWidth,
        cue: getComputedStyle(list).maskImage !== 'none' || getComputedStyle(list).flexWrap === 'wrap',
        hidden: [...list.querySelectorAll('a')].filter((a) => a.getBoundingClientRect().right > box.right + 1).length,
      };
    });
    if (state.hidden) {
      expect(state.scrolls, 'the anchors that do not fit can be scrolled to').toBe(true);
      expect(state.cue, 'a visible cue that there are more (fade or wrap)').toBe(true);
    }
    for (const a of await nav.getByRole('link').all()) {
      const name = (await a.textContent())?.trim();
      if (name === 'Get CROWN') continue;
      await a.scrollIntoViewIfNeeded();
      const fully = await a.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const box = el.closest('ul')!.getBoundingClientRect();
        return r.left >= box.left - 1 && r.right <= box.right + 1 && r.right <= innerWidth;
      });
      expect(fully, `${name} can be brought fully into view`).toBe(true);
      await a.tap();
      await expect.poll(() => new URL(page.url()).hash, { message: `${name} leads to its section`, timeout: 5_000 }).toBe(`#${(await a.getAttribute('href'))!.slice(1)}`);
    }
  });
});
