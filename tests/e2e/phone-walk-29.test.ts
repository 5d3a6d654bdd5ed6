/**
 * Issue #29, what a second walk on a 390 px touch phone found, checked in the built site against the local
 * stack: a product page's Buy Now lands on the customizer's first choice, focused and in view; the admin's
 * orders start within the first screen; the controls a phone visitor taps are 44 px (nothing under 24);
 * the Crown Planner's sub-navigation shows every anchor whole, none under Get CROWN; the booking bar is
 * opaque over the footer at 1280 px; the header's Sign in link before its element upgrades looks like the
 * button it becomes, in the bar and in the slide-out menu; the waiting list's "You're on the list!" lies
 * over none of the page's controls.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Locator, Page } from 'playwright';
import { ADMIN } from '../support/stack.ts';
import { signedInStorage } from './support/auth.ts';
import { useSite } from './support/hooks.ts';
import { DESKTOP, MOBILE } from './support/site.ts';
import { holdWidgets, resizeTo, viewportAt, widgetsUpgraded } from './support/page.ts';
import { ADMIN_PAGES } from '../../site/admin-pages.ts';

const ctx = useSite({ autoconfirm: true });
const PHONE: BrowserContextOptions = { viewport: MOBILE, isMobile: true, hasTouch: true };

async function open(path: string, opts: BrowserContextOptions = PHONE, upgraded = true): Promise<Page> {
  const page = await ctx.site.page(opts);
  const res = await page.goto(ctx.site.url + path);
  expect(res?.status(), `${path} answers 200`).toBe(200);
  if (upgraded) await widgetsUpgraded(page);
  return page;
}

const box = async (l: Locator) => {
  const b = await l.boundingBox();
  if (!b) throw new Error('not shown');
  return b;
};

describe('Buy Now on a product page (issue #29, item 3)', () => {
  for (const path of ['/products/trinity-locs', '/products/jah-locs', '/products/lock-kit']) {
    it(`${path}: leads to the customizer, its first choice focused and in view at 390 px`, async () => {
      // A first visit: the configurator below the fold has not loaded when Buy Now is tapped.
      const page = await open(path, PHONE, false);
      await page.getByRole('link', { name: 'Buy Now', exact: true }).first().tap();
      const focused = () =>
        page.evaluate(() => {
          let el = document.activeElement;
          while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
          if (!(el instanceof HTMLInputElement)) return null;
          const group = el.closest('fieldset');
          const first = group?.getRootNode() instanceof ShadowRoot ? (group.getRootNode() as ShadowRoot).querySelector('fieldset') : null;
          const r = el.getBoundingClientRect();
          // The customizer's heading too, below the sticky header (the walk found it under it).
          const heading = (group?.getRootNode() as ShadowRoot | undefined)?.querySelector('[part~="heading"]')?.getBoundingClientRect();
          const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
          return { first: group === first, inView: r.top >= 0 && r.bottom <= innerHeight, type: el.type, heading: !!heading && heading.top >= header - 1 };
        });
      await expect
        .poll(focused, { message: 'the first choice of the customizer has focus, and its heading shows', timeout: 15_000 })
        .toEqual({ first: true, inView: true, type: 'radio', heading: true });
      expect(new URL(page.url()).hash).toBe('#choose');
    });
  }
});

describe('the admin on a phone (issue #29, item 6)', () => {
  // The first order shows on the first screen of a 390 and a 320 px phone: the nav one sideways row, the
  // view switch small pills and the filters compact.
  for (const width of [MOBILE.width, 320]) {
    it(`/admin/orders: the first order starts within the first screen at ${width} px`, async () => {
      const page = await open('/admin/orders', { ...PHONE, viewport: { ...MOBILE, width }, storageState: await signedInStorage(ctx.site, ADMIN) });
      const first = page.locator('kyb-admin-orders [part~="item"]').first();
      await first.waitFor({ timeout: 20_000 });
      const top = await first.evaluate((el) => el.getBoundingClientRect().top + scrollY);
      // Well inside the screen: the order's number, name and total show too, not just its top edge.
      expect(top, 'the first order begins in the first three quarters of the screen').toBeLessThan(MOBILE.height * 0.75);
      // Every admin page's link is still there, in one row that scrolls, with a cue that it does.
      const nav = page.getByRole('navigation', { name: 'Administration' });
      expect(await nav.getByRole('link').count()).toBe(Object.keys(ADMIN_PAGES).length);
      const row = await nav.locator('ul').evaluate((ul) => ({ scrolls: ul.scrollWidth > ul.clientWidth, mask: getComputedStyle(ul).maskImage }));
      if (row.scrolls) expect(row.mask, 'a fade at the end says there is more').not.toBe('none');
      // The view switch is one row at 390 px (two at 320), each view whole and on screen.
      const views = await page.locator('kyb-admin-orders [part~="view"]').evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect()));
      expect(new Set(views.map((r) => Math.round(r.top))).size, 'the views take one row, two at 320 px').toBe(width < MOBILE.width ? 2 : 1);
      expect(views.filter((r) => r.left < 0 || r.right > width).length, 'no view is cut off').toBe(0);
    });
  }
});

describe("the admin's filters at 320 px (issue #29, item 6)", () => {
  // Each list's status/product/kind select shows every choice whole (the walk saw "All statuse…"), and
  // each search box its whole placeholder, on the smallest phone.
  for (const [path, tag] of [
    ['/admin/orders', 'kyb-admin-orders'],
    ['/admin/reviews', 'kyb-review-moderation'],
    ['/admin/inbox', 'kyb-admin-inbox'],
  ] as const) {
    it(`${path}: no select choice or search placeholder is cut off`, async () => {
      const page = await open(path, { ...PHONE, viewport: { ...MOBILE, width: 320 }, storageState: await signedInStorage(ctx.site, ADMIN) });
      await page.locator(`${tag} select`).first().waitFor({ timeout: 20_000 });
      const cut = await page.locator(tag).evaluate((host) => {
        const out: string[] = [];
        const root = host.shadowRoot!;
        for (const select of root.querySelectorAll('select')) {
          if (!select.checkVisibility()) continue;
          const has = select.getBoundingClientRect().width;
          const was = select.value;
          // (Through the CSSOM: the page's CSP refuses a style attribute.)
          const sizing = { position: 'absolute', width: 'auto', 'min-width': '0', 'max-width': 'none', 'field-sizing': 'content' };
          for (const option of select.options) {
            select.value = option.value;
            for (const [k, v] of Object.entries(sizing)) select.style.setProperty(k, v);
            const needs = select.getBoundingClientRect().width;
            for (const k of Object.keys(sizing)) select.style.removeProperty(k);
            if (needs > has + 0.5) out.push(`${select.labels?.[0]?.textContent?.trim()} "${option.text}": needs ${Math.ceil(needs)} px, has ${Math.floor(has)}`);
          }
          select.value = was;
        }
        const measure = document.createElement('canvas').getContext('2d')!;
        for (const input of root.querySelectorAll('input[placeholder]')) {
          if (!(input instanceof HTMLInputElement) || !input.checkVisibility()) continue;
          const s = getComputedStyle(input);
          measure.font = s.font;
          const needs = measure.measureText(input.placeholder).width;
          const has = input.clientWidth - Number.parseFloat(s.paddingLeft) - Number.parseFloat(s.paddingRight);
          if (needs > has + 0.5) out.push(`placeholder "${input.placeholder}": needs ${Math.ceil(needs)} px, has ${Math.floor(has)}`);
        }
        return out;
      });
      expect(cut, 'cut off at 320 px').toEqual([]);
    });
  }
});

describe('tap targets at 390 px (issue #29, item 7)', () => {
  it('the header logo, the footer links, the sign-in tabs and Forgot password? are 44 px high; the /links consent box is 24 px', async () => {
    const page = await open('/');
    const small: string[] = [];
    const atLeast = async (name: string, l: Locator, h: number, w = 24) => {
      const b = await box(l);
      if (b.height < h - 0.5 || b.width < w - 0.5) small.push(`${name}: ${Math.round(b.width)}×${Math.round(b.height)}`);
    };
    await atLeast('header logo', page.locator('.site-header a.brand'), 44);
    for (const a of await page.locator('.site-footer__col a').all()) await atLeast(`footer "${(await a.textContent())?.trim()}"`, a, 44);
    await page.locator('.site-header__actions kyb-auth-button').getByRole('button', { name: 'Sign in', exact: true }).tap();
    const dialog = page.getByRole('dialog');
    for (const t of await dialog.getByRole('tab').all()) await atLeast(`tab "${(await t.textContent())?.trim()}"`, t, 44);
    await atLeast('Forgot password?', dialog.getByRole('button', { name: 'Forgot password?' }), 44);

    const links = await open('/links');
    const consent = links.locator('kyb-newsletter input[type="checkbox"]');
    await consent.scrollIntoViewIfNeeded();
    await atLeast('/links consent checkbox', consent, 24, 24);
    expect(small, 'targets under their size').toEqual([]);
  });
});

describe("the Crown Planner's sub-navigation at 390 px (issue #29, item 7)", () => {
  it('shows every anchor whole, none under Get CROWN, with nothing to swipe to', async () => {
    const page = await open('/digital-tools/crown-planner');
    const nav = page.getByRole('navigation', { name: 'On this page' });
    const state = await nav.evaluate((n) => {
      const button = n.querySelector('.btn')!.getBoundingClientRect();
      const list = n.querySelector('ul')!;
      const anchors = [...list.querySelectorAll('a')].map((a) => ({ name: a.textContent!.trim(), r: a.getBoundingClientRect() }));
      const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      return {
        scrolls: list.scrollWidth > list.clientWidth + 1,
        cut: anchors.filter(({ r }) => r.left < 0 || r.right > innerWidth || r.width === 0).map((a) => a.name),
        underButton: anchors.filter(({ r }) => overlaps(r, button)).map((a) => a.name),
        small: anchors.filter(({ r }) => r.height < 24).map((a) => a.name),
      };
    });
    expect(state).toEqual({ scrolls: false, cut: [], underButton: [], small: [] });
  });
});

describe('the booking bar at 1280 px (issue #29, item 7)', () => {
  it('/holistic-haircare: the bar is opaque, so the footer never shows through it', async () => {
    const page = await open('/holistic-haircare', { viewport: DESKTOP });
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    const bar = page.locator('.booking-bar');
    await expect.poll(() => bar.evaluate((el) => getComputedStyle(el).position), { message: 'the bar is fixed once it upgrades', timeout: 15_000 }).toBe('fixed');
    const alpha = await bar.evaluate((el) => {
      const m = /rgba?\(([^)]+)\)/.exec(getComputedStyle(el).backgroundColor);
      const parts = m ? m[1].split(',').map((x) => Number(x.trim())) : [];
      return parts.length === 4 ? parts[3] : 1;
    });
    expect(alpha, 'an opaque background').toBe(1);
  });
});

/** What a visitor sees of a Sign in: its fill, text, shape, type and box; at rest, hovered and focused. */
type Look = Record<string, string | number>;
const SIGN_IN = {
  bar: '.site-header__actions kyb-auth-button',
  menu: '.mobile-menu__account kyb-auth-button',
} as const;

/** The menu open (the popover works without the element code), so its copy of Sign in has a box. */
const openMenu = (page: Page) =>
  page.evaluate(() => {
    const menu = document.getElementById('mobile-menu')!;
    if (!menu.matches(':popover-open')) menu.showPopover();
  });

/** The look of Sign in in `host`: its fallback link before the upgrade, its `sign-in` part after. */
async function signInLook(page: Page, host: string, upgraded: boolean): Promise<Look> {
  const target = page.locator(host).locator(upgraded ? '[part~="sign-in"]' : '.auth-fallback');
  const read = () =>
    target.evaluate((el) => {
      const s = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      return {
        'background-color': s.backgroundColor,
        color: s.color,
        'border-radius': s.borderTopLeftRadius,
        border: `${s.borderTopWidth} ${s.borderTopStyle} ${s.borderTopColor}`,
        'font-size': s.fontSize,
        'font-weight': s.fontWeight,
        'text-decoration': s.textDecorationLine,
        width: Math.round(r.width),
        height: Math.round(r.height),
      };
    });
  const rest = await read();
  // Hovered: read once its transition has run (the element brightens its fill over 120 ms).
  await target.hover();
  let hover = '';
  await expect
    .poll(
      async () => {
        const now = await target.evaluate((el) => `${getComputedStyle(el).filter} ${getComputedStyle(el).color} ${getComputedStyle(el).backgroundColor}`);
        const same = now === hover;
        hover = now;
        return same;
      },
      { message: `${host}: the hovered look settles`, interval: 200, timeout: 5_000 },
    )
    .toBe(true);
  await page.mouse.move(0, 0);
  // Focused from the keyboard (a script's focus on a page nobody clicked shows the keyboard's ring).
  const focus = await target.evaluate((el: HTMLElement) => {
    el.focus();
    const s = getComputedStyle(el);
    const look = `${el.matches(':focus-visible')} ${s.boxShadow} ${s.borderTopLeftRadius} ${s.outlineStyle}`;
    el.blur();
    return look;
  });
  return { ...rest, hover, focus };
}

describe("the header's Sign in before its element upgrades (issue #29)", () => {
  it('the fallback link looks like the button it becomes, in the bar and the menu, at 320, 390 and 1280 px', async () => {
    const widths = [320, MOBILE.width, DESKTOP.width];
    const page = await ctx.site.page({ viewport: viewportAt(widths[0]) });
    // A first paint on a slow phone: the loader and the element code held back.
    const widgets = await holdWidgets(page);
    await page.goto(`${ctx.site.url}/`, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.querySelector('footer') && document.styleSheets.length > 0);
    const looks = async (upgraded: boolean) => {
      const out = new Map<string, Look>();
      for (const width of widths) {
        await resizeTo(page, width);
        out.set(`bar at ${width} px`, await signInLook(page, SIGN_IN.bar, upgraded));
        // The slide-out menu's copy: its toggle shows below 1280 px (site/styles/header.css).
        if (width < DESKTOP.width) {
          await openMenu(page);
          out.set(`menu at ${width} px`, await signInLook(page, SIGN_IN.menu, upgraded));
          await page.evaluate(() => document.getElementById('mobile-menu')!.hidePopover());
        }
      }
      return out;
    };
    const before = await looks(false);
    expect(await page.evaluate(() => !!customElements.get('kyb-auth-button')), 'the fallback links were read').toBe(false);
    await widgets.release();
    await widgetsUpgraded(page);
    // Both copies show the signed-out button once the auth check answers.
    await page.waitForFunction((hosts) => hosts.every((h) => document.querySelector(h)?.shadowRoot?.querySelector('[part~="sign-in"]')), Object.values(SIGN_IN));
    const after = await looks(true);
    const differences = [...before].flatMap(([where, look]) =>
      Object.entries(look)
        .filter(([k, v]) => after.get(where)![k] !== v)
        .map(([k, v]) => `${where} ${k}: link ${v}, button ${after.get(where)![k]}`),
    );
    expect(differences, 'the fallback link and the upgraded button look the same').toEqual([]);
    await page.context().close();
  });
});

describe('page news on a phone (issue #29, item 4)', () => {
  it('/products/diy-kit: "You\'re on the list!" covers none of the page\'s controls at 390 px', async () => {
    // The walk: it went to the top edge, over the header's logo, Sign in, cart and menu.
    const page = await open('/products/diy-kit');
    const list = page.locator('kyb-waitlist').first();
    await list.getByLabel('Email').fill(`walk-${Date.now()}@example.com`);
    await list.getByRole('button', { name: 'Join the Waiting List' }).tap();
    const toast = list.locator('.kyb-toast');
    await expect.poll(() => toast.isVisible(), { message: 'the toast shows', timeout: 15_000 }).toBe(true);
    const covered = () =>
      page.evaluate(() => {
        const roots: ParentNode[] = [document];
        let t: DOMRect | null = null;
        const controls: Element[] = [];
        while (roots.length) {
          for (const e of roots.pop()!.querySelectorAll('*')) {
            if (e.matches('.kyb-toast')) t = e.getBoundingClientRect();
            else if (e.matches('a[href], button, input:not([type="hidden"]), select, textarea, summary') && !e.closest('.kyb-toasts') && e.getClientRects().length)
              controls.push(e);
            if (e.shadowRoot) roots.push(e.shadowRoot);
          }
        }
        const r = t as DOMRect | null;
        if (!r) return ['no toast'];
        return controls
          .filter((c) => {
            const b = c.getBoundingClientRect();
            return b.left < r.right && r.left < b.right && b.top < r.bottom && r.top < b.bottom && b.bottom > 0 && b.top < innerHeight;
          })
          .map((c) => `${c.localName} "${(c.getAttribute('aria-label') || c.textContent || '').trim().slice(0, 30)}"`);
      });
    await expect.poll(covered, { message: 'the controls the toast covers', timeout: 5_000 }).toEqual([]);
  });
});
