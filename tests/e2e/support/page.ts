/**
 * Reading a page of the built site in Chromium (Playwright): waiting until its kyb-* widgets have
 * upgraded, opening a path, and its text with open shadow roots included. The site and stack they run
 * against: site.ts.
 */
import type { Page, Route } from 'playwright';
import type { Site } from './site.ts';
/**
 * kyb-* elements of the page, light DOM and open shadow roots, as "tag:defined". Written without named
 * inner functions: esbuild (tsx, which runs scripts/page-weight.ts) would wrap those in a `__name`
 * helper that does not exist in the page, and a string expression would need eval, which the CSP forbids.
 */
const kybElements = () => {
  const roots: (Document | ShadowRoot)[] = [document];
  const out: string[] = [];
  while (roots.length) {
    for (const e of roots.pop()!.querySelectorAll('*')) {
      if (e.shadowRoot) roots.push(e.shadowRoot);
      if (e.localName.startsWith('kyb-')) out.push(`${e.localName}:${customElements.get(e.localName) ? 1 : 0}`);
    }
  }
  return out;
};

/** The header's elements that load on demand (widgets/loader.ts `on-request`): the sign-in button and the cart. */
const ON_REQUEST = ['kyb-auth-button', 'kyb-cart'];

/**
 * Every kyb-* element on the page (light DOM and open shadow roots) is defined: the widgets upgraded.
 * The header's sign-in button and cart load on demand (hover, focus, a stored session or cart): by
 * default each is hovered first, as a visitor reaching for it would; `wakeSignIn: false` leaves them as a
 * first visit finds them.
 */
export async function widgetsUpgraded(page: Page, timeout = 20_000, opts: { wakeSignIn?: boolean } = {}): Promise<void> {
  const wake = opts.wakeSignIn !== false;
  // The loader upgrades below-the-fold elements when they come near the viewport or once the visitor
  // interacts (widgets/loader.ts): a scroll event stands in for a visitor using the page.
  await page.evaluate(() => document.dispatchEvent(new Event('scroll')));
  if (wake) {
    await page.evaluate((tags) => {
      for (const t of tags) document.querySelector(t)?.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    }, ON_REQUEST);
  }
  try {
    await page.waitForFunction(
      ([wakeSignIn, onRequest]) => {
        const roots: (Document | ShadowRoot)[] = [document];
        while (roots.length) {
          for (const e of roots.pop()!.querySelectorAll('*')) {
            if (e.shadowRoot) roots.push(e.shadowRoot);
            if (!wakeSignIn && onRequest.includes(e.localName)) continue;
            if (e.localName.startsWith('kyb-') && !customElements.get(e.localName)) return false;
          }
        }
        return true;
      },
      [wake, ON_REQUEST] as const,
      { timeout, polling: 100 },
    );
  } catch (e) {
    const missing = await page.evaluate(kybElements).catch(() => [] as string[]);
    const undef = [...new Set(missing.filter((m) => m.endsWith(':0')).map((m) => m.slice(0, -2)))];
    throw new Error(
      `widgets did not upgrade on ${page.url()} within ${timeout} ms; undefined elements: ${undef.join(', ')} (${e instanceof Error ? e.message.split('\n')[0] : e})`,
    );
  }
}

/** Opens `path` (in `page`, or a fresh one), expects status 200 and waits for the widgets to upgrade. */
export async function openPage(site: Site, path: string, page?: Page): Promise<Page> {
  const p = page ?? (await site.page());
  const res = await p.goto(site.url + path);
  if (res?.status() !== 200) throw new Error(`${path} answered ${res?.status()}, not 200`);
  await widgetsUpgraded(p);
  return p;
}

/**
 * The page's text including open shadow roots (what a reader can find on it), whitespace collapsed and
 * typographic apostrophes/quotes/dashes folded so copy written with ’ or – matches the spec's plain
 * characters.
 */
export async function deepText(page: Page): Promise<string> {
  const raw = await page.evaluate(() => {
    const parts: string[] = [];
    const walk = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE) {
        parts.push(node.textContent ?? '');
        return;
      }
      if (node.nodeType !== Node.ELEMENT_NODE && node.nodeType !== Node.DOCUMENT_FRAGMENT_NODE) return;
      const el = node as Element;
      if (el.localName === 'script' || el.localName === 'style' || el.localName === 'template') return;
      if (el.localName === 'option' || el.localName === 'input') {
        const v = el.localName === 'option' ? el.textContent : (el as HTMLInputElement).placeholder;
        if (v) parts.push(` ${v} `);
        if (el.localName === 'option') return;
      }
      parts.push(' ');
      if ((el as Element).shadowRoot) walk((el as Element).shadowRoot!);
      for (const c of node.childNodes) walk(c);
      parts.push(' ');
    };
    walk(document.body);
    return parts.join('');
  });
  return normalizeText(raw);
}

export function normalizeText(s: string): string {
  return s
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A phone's height below 700 px of width, a laptop's above. */
export const viewportAt = (width: number) => ({ width, height: width < 700 ? 844 : 900 });

/**
 * Resizes an open page and waits until it has laid out at that size: a page loaded once and resized
 * through several widths reads, at each, what its CSS gives a first load there (issue #28: one load per
 * page, not per width).
 */
export async function resizeTo(page: Page, width: number): Promise<void> {
  const { height } = viewportAt(width);
  await page.setViewportSize({ width, height });
  await page.waitForFunction(([w, h]) => innerWidth === w && innerHeight === h, [width, height]);
}

/**
 * Holds back the loader and every element chunk from now on, so the page shows what a first paint shows
 * before any element upgrades (the reserved space, the prerendered copies). `release()` lets them through
 * and resolves once the loader runs.
 */
export async function holdWidgets(page: Page): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  await page.route('**/widgets/**', (r) => (released ? r.continue() : void held.push(r)));
  return {
    async release() {
      released = true;
      for (const r of held.splice(0)) await r.continue();
      await page.waitForFunction(() => (globalThis as unknown as Record<symbol, unknown>)[Symbol.for('kyb.loader')]);
    },
  };
}
