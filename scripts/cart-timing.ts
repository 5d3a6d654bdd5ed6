/**
 * How long the cart drawer takes to open after a tap on a phone (docs/commerce.md#cart; issue #20: under
 * 100 ms). Prints figures; not a test (timings depend on the machine and its load):
 *
 *   npm run cart-timing                  (after npm run build)
 *   npm run cart-timing -- --runs 15
 *
 * The built site in Debian's Chromium against the local stack in memory (the e2e fixture), as a phone:
 * 390×844, touch, 3× pixels, the CPU slowed 4× as Lighthouse's mobile run slows it (`--cpu 1` for the
 * machine's own speed). The visitor has a cart, so the header shows its count. Each run loads /about in a
 * fresh context and taps the header's cart button; the time runs from the tap's touchstart to the first
 * frame painted with the drawer's dialog open, in three parts: the tap (touchstart to click), the cart's
 * code up to the dialog opening (it opens as a modal: the browser makes the rest of the page inert), and
 * the frame. Three cases:
 *
 *   usual        the visitor has scrolled, and the drawer's code came at idle time;
 *   first touch  the tap is the page's first gesture (the loader then wakes the page's other elements,
 *                widgets/loader.ts: they compete with the tap for the main thread);
 *   slow 4G      the tap as soon as the count shows, over Lighthouse's mobile network (150 ms round trip,
 *                1.6 Mbit/s): the drawer's code starts on the tap's pointerdown (its preload).
 */
import type { Page } from 'playwright';
import { CART_STORAGE_KEY } from '../shared/storage.ts';
import { startSite } from '../tests/e2e/support/site.ts';

const arg = (name: string) => Number(process.argv[process.argv.indexOf(name) + 1]) || 0;
const runs = arg('--runs') || 9;
const cpu = arg('--cpu') || 4;
const GOAL_MS = 100;
const LINES = [
  { product: 'jah-locs', configuration: { length: '24-26', size: 'MD', color: 'multi-tone', quantity: 40 }, quantity: 1 },
  { product: 'crown-planner', configuration: { tier: 'bundle' }, quantity: 1 },
];

interface Timing {
  total: number;
  tap: number;
  open: number;
  frame: number;
}

/** Taps the header's cart: [touchstart → click, click → dialog open, open → first frame]. */
async function tapToOpen(page: Page): Promise<Timing> {
  // A string, not a function: tsx would wrap the function's inner names in a helper the page lacks.
  const armed = page.evaluate(`new Promise((done) => {
    const host = document.querySelector('.site-header__actions kyb-cart');
    let start = 0, click = 0;
    host.addEventListener('touchstart', (e) => { start = start || e.timeStamp; }, { capture: true, once: true });
    host.addEventListener('click', (e) => { click = click || e.timeStamp; }, { capture: true, once: true });
    new MutationObserver((_, mo) => {
      if (!host.shadowRoot.querySelector('dialog[open]')) return;
      mo.disconnect();
      const open = performance.now();
      requestAnimationFrame(() => {
        const frame = performance.now();
        done({ total: frame - start, tap: click - start, open: open - click, frame: frame - open });
      });
    }).observe(host.shadowRoot, { subtree: true, attributes: true, attributeFilter: ['open'], childList: true });
  })`) as Promise<Timing>;
  await page.locator('.site-header__actions kyb-cart').locator('[part~="button"]').tap();
  return armed;
}

type Site = Awaited<ReturnType<typeof startSite>>;
async function measure(site: Site, kind: 'usual' | 'first' | 'slow'): Promise<Timing[]> {
  const out: Timing[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await site.context({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
    await context.addInitScript(
      ([key, value]) => {
        try {
          localStorage.setItem(key, value);
        } catch {
          // about:blank has no storage
        }
      },
      [CART_STORAGE_KEY, JSON.stringify({ lines: LINES, at: 1 })] as const,
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    if (kind === 'slow') {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    }
    await page.goto(`${site.url}/about`);
    const cart = page.locator('.site-header__actions kyb-cart');
    // The count is shown: the button's chunk is in.
    await cart.locator('[part~="count"]').waitFor();
    if (kind === 'usual') {
      await page.mouse.wheel(0, 400);
      await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/chunks\/full-/.test(e.name)), null, { timeout: 15_000 });
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
    }
    out.push(await tapToOpen(page));
    await context.close();
  }
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (n: number) => `${n.toFixed(0).padStart(4)} ms`;

const site = await startSite();
try {
  console.log(`cart drawer, tap to the first frame with it open: 390x844 touch, CPU ${cpu}x slower, ${runs} runs each (goal ${GOAL_MS} ms)\n`);
  console.log(`  ${'case'.padEnd(12)} ${'median'.padStart(7)} ${'slowest'.padStart(8)}   median parts: tap, the cart's code and the dialog opening, the frame`);
  for (const kind of ['usual', 'first', 'slow'] as const) {
    const t = await measure(site, kind);
    const total = t.map((x) => x.total);
    const verdict = kind === 'usual' ? (median(total) <= GOAL_MS ? '   goal met' : '   over the goal') : '';
    console.log(
      `  ${{ usual: 'usual', first: 'first touch', slow: 'slow 4G' }[kind].padEnd(12)} ${ms(median(total))} ${ms(Math.max(...total))}   ${ms(median(t.map((x) => x.tap)))}, ${ms(median(t.map((x) => x.open)))}, ${ms(median(t.map((x) => x.frame)))}${verdict}`,
    );
  }
} finally {
  await site.close();
}
