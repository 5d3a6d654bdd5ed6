/**
 * The site on a phone and with a signed-in visitor (issue #8): the first tap on the header's Sign in
 * opens the dialog on every page (touch emulation, 390 px) and the slide-out menu offers sign-in too;
 * signed in with an ordinary e-mail the header stays one tidy row at 1280 px and compact at 390/320 px;
 * fixed bars (booking bar, DM button) leave the end of the page uncovered; no route scrolls sideways
 * at 320 px, signed out, signed in or as the admin; the planner's in-page nav keeps its anchors in reach.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright';
import { ROUTES } from '../../site/routes.ts';
import { ADMIN } from '../support/stack.ts';
import { MEMBER_CREDENTIALS } from '../../supabase/local/admin-credentials.ts';
import { BUSINESS } from '../../shared/business.ts';
import { headerAuth, signedInStorage } from './support/auth.ts';
import { useSite } from './support/hooks.ts';
import { DESKTOP, MOBILE, pool } from './support/site.ts';
import { widgetsUpgraded } from './support/page.ts';
import { quiet, watchRequests } from './support/quiet.ts';

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
  // /account sends a signed-out visitor to / by design: every other page must keep the visitor. A bare
  // page (/links) has no header and offers no sign-in.
  const paths = ROUTES.filter((r) => r.layout !== 'bare')
    .map((r) => r.path)
    .filter((p) => p !== '/account');

  it("opens the dialog on the first tap on the header's Sign in, on every page, without leaving it", async () => {
    const context = await ctx.site.context(PHONE);
    const failures = (
      await pool(paths, 2, async (path) => {
        const page = await context.newPage();
        try {
          const res = await page.goto(ctx.site.url + path);
          expect(res?.status(), `${path} answers 200`).toBe(200);
          // The visitor's first touch where Sign in shows, as soon as the page does: the button's code
          // is usually not there yet, only its fallback link (on pages whose elements start the auth
          // client it may have arrived already: either way the dialog must open).
          const box = await headerAuth(page).boundingBox();
          if (!box) return `${path}: no Sign in in the header`;
          await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
          const opened = await expect
            .poll(() => dialogOpen(page), { timeout: 10_000 })
            .toBe(true)
            .then(
              () => true,
              () => false,
            );
          const where = new URL(page.url()).pathname;
          return opened && where === path ? null : `${path}: dialog ${opened ? 'opened' : 'did not open'}, now on ${where}`;
        } finally {
          await page.close();
        }
      })
    ).filter(Boolean);
    expect(failures, 'first tap on Sign in').toEqual([]);
  }, 240_000);

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
      for (const width of [1280, 1440]) {
        const page = await ctx.site.page({ viewport: { width, height: 800 }, storageState: state });
        await open(page, '/');
        const bar = headerAuth(page);
        await bar.getByText(who.email).waitFor({ timeout: 20_000 });
        const g = await bar.locator('[part~="greeting"]').evaluate((e) => ({ shown: e.clientWidth, needs: e.scrollWidth }));
        if (g.needs > g.shown) cut.push(`${who.email} @${width}: ${g.shown} of ${g.needs} px shown`);
        const m = await measure(page);
        expect(m.height, `header height @${width}`).toBeLessThanOrEqual(80);
        expect(m.wrapped, `labels on two lines @${width}`).toEqual([]);
        expect(await bar.getByRole('link', { name: 'My Account' }).isVisible(), 'My Account shown').toBe(true);
        await page.close();
      }
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

describe('fixed bars reserve their space', () => {
  /** Footer links a fixed element covers at the very end of the page: "label (covered by …)". */
  const coveredFooterLinks = async (page: Page) => {
    // The end once the page has stopped growing: an element above (kyb-reviews on /holistic-haircare)
    // may upgrade as the page arrives there and push the end further down, and the booking bar slides in
    // (quiet: its request and its transition done; tests/visual does the same).
    let height = -1;
    for (let i = 0; i < 10; i++) {
      const now = await page.evaluate(() => document.documentElement.scrollHeight);
      if (now === height) break;
      height = now;
      await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), height);
      await quiet(page);
    }
    return page.evaluate(() => {
      if (Math.ceil(scrollY + innerHeight) < document.documentElement.scrollHeight) return ['(not at the end of the page)'];
      const out: string[] = [];
      // Links scrolled up under the sticky header are reachable by scrolling back: only those in view.
      const top = document.querySelector('.site-header')!.getBoundingClientRect().bottom;
      for (const a of document.querySelectorAll<HTMLAnchorElement>('.site-footer a')) {
        const r = a.getBoundingClientRect();
        if (!r.width || r.top < top) continue;
        for (const [x, y] of [
          [r.left + 2, r.top + r.height / 2],
          [r.right - 2, r.top + r.height / 2],
          [r.left + r.width / 2, r.bottom - 2],
        ]) {
          const hit = document.elementFromPoint(x, y);
          if (hit && hit !== a && !a.contains(hit)) {
            out.push(`${(a.textContent ?? '').trim() || a.getAttribute('aria-label')} (covered by ${hit.closest('[class]')?.className ?? hit.localName})`);
            break;
          }
        }
      }
      return out;
    });
  };

  for (const path of ['/services', '/holistic-haircare', '/products']) {
    for (const [label, opts] of [
      ['390', PHONE],
      ['1280', { viewport: DESKTOP }],
    ] as const) {
      it(`leaves every footer link of ${path} clear at the end of the page at ${label} px`, async () => {
        const page = await ctx.site.page(opts);
        watchRequests(page);
        await open(page, path);
        expect(await coveredFooterLinks(page), 'covered footer links').toEqual([]);
      });
    }
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

  const checkAll = async (opts: BrowserContextOptions, paths: string[]) => {
    const context = await ctx.site.context(opts);
    const bad = await pool(paths, 2, async (path) => {
      const page = await context.newPage();
      try {
        await open(page, path);
        await page.waitForLoadState('networkidle'); // lists that arrive later (the admin panels) included
        const s = await sideways(page);
        return s.over > 0 ? `${path}: ${s.over}px wider (${s.culprits.join(', ')})` : null;
      } finally {
        await page.close();
      }
    });
    return bad.filter(Boolean);
  };

  const paths = ROUTES.map((r) => r.path);

  it('at 320 px on any route, signed out', async () => {
    // /account sends a signed-out visitor to /, which is on the list itself.
    expect(
      await checkAll(
        SMALL_PHONE,
        paths.filter((p) => p !== '/account'),
      ),
    ).toEqual([]);
  }, 180_000);

  it('at 320 px on any route, signed in', async () => {
    expect(await checkAll({ ...SMALL_PHONE, storageState: await jordanStorage() }, paths)).toEqual([]);
  }, 180_000);

  it('on the admin pages at 320 and 390 px, as the admin', async () => {
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
      expect(await checkAll({ ...opts, storageState: admin }, ['/admin/orders', '/admin/inbox', '/admin/gallery', '/admin/reviews'])).toEqual([]);
    }
  }, 120_000);

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
