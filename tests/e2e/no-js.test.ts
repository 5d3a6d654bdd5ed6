/**
 * Progressive enhancement: with JavaScript disabled, the home page, a product page and the FAQ read
 * well from the prerendered HTML alone (h1, main copy, FAQ answers in native <details> accordions, no
 * empty widget shells or loading placeholders), and no built page carries an inline script other than
 * JSON-LD data (the strict CSP allows none).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { useSite } from './support/hooks.ts';
import { normalizeText } from './support/page.ts';

const ctx = useSite();

async function openNoJs(path: string): Promise<Page> {
  const page = await ctx.site.page({ javaScriptEnabled: false });
  const res = await page.goto(ctx.site.url + path);
  expect(res?.status(), `${path} answers 200`).toBe(200);
  return page;
}

const visibleText = async (page: Page) => normalizeText(await page.locator('main').innerText());

/** kyb-* elements that render as an empty box (no text, no image, but a size) without JavaScript. */
async function emptyShells(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('*')]
      .filter((e) => e.localName.startsWith('kyb-'))
      .filter((e) => {
        const r = e.getBoundingClientRect();
        const hasBox = r.width > 0 && r.height > 0;
        const text = (e as HTMLElement).innerText.trim();
        const media = e.querySelector('img, video, svg, picture');
        return hasBox && !text && !media;
      })
      .map((e) => e.outerHTML.slice(0, 120)),
  );
}

async function loadingPlaceholders(page: Page): Promise<string[]> {
  const texts = await page
    .locator('main')
    .getByText(/^\s*Loading\b/)
    .allInnerTexts();
  return texts.filter((t) => t.trim());
}

describe('without JavaScript', () => {
  it('home page: h1, the main copy and the newsletter fallback', async () => {
    const page = await openNoJs('/');
    const h1 = page.locator('h1');
    expect(await h1.count(), 'one h1').toBe(1);
    expect(await h1.isVisible(), 'h1 visible').toBe(true);
    const text = await visibleText(page);
    for (const k of ['Holistic Haircare Haven', 'Products', 'Digital Planning Tools', 'Holistic is not Harsh', 'Wisdom-Guided', 'Pure & Ethical', 'Beyond The Chair']) {
      expect.soft(text, `home shows "${k}"`).toContain(k);
    }
    expect.soft(await emptyShells(page), 'no empty widget shells').toEqual([]);
    expect.soft(await loadingPlaceholders(page), 'no loading placeholders').toEqual([]);
    const newsletter = normalizeText(await page.locator('kyb-newsletter').innerText());
    expect(newsletter.length, `the newsletter card says something without JavaScript (got "${newsletter}")`).toBeGreaterThan(20);
  });

  it('product page (Jah Locs): h1, description, the price table and the reviews fallback', async () => {
    const page = await openNoJs('/products/jah-locs');
    expect(normalizeText(await page.locator('h1').innerText()), 'h1').toMatch(/Jah Locs/);
    const text = await visibleText(page);
    for (const k of ['$90', '$110', '$130', '$150', '3-4 weeks', 'Customer Reviews']) expect.soft(text, `shows "${k}"`).toContain(k);
    expect.soft(text, 'says the hair is human hair').toMatch(/human hair/i);
    expect.soft(await emptyShells(page), 'no empty widget shells').toEqual([]);
    expect.soft(await loadingPlaceholders(page), 'no loading placeholders').toEqual([]);
    const images = await page.locator('main img').evaluateAll((imgs) => (imgs as HTMLImageElement[]).filter((i) => i.getClientRects().length).map((i) => i.alt));
    expect(images.length, 'product images are shown').toBeGreaterThan(0);
  });

  it('FAQ: every answer is in a native <details>, one question open at a time across the page', async () => {
    const page = await openNoJs('/faq');
    expect(await page.locator('h1').isVisible(), 'h1 visible').toBe(true);
    const items = await page.locator('main details').evaluateAll((ds) =>
      (ds as HTMLDetailsElement[]).map((d) => {
        const summary = d.querySelector(':scope > summary');
        const q = (summary?.textContent ?? '').trim();
        const a = (d.textContent ?? '').replace(summary?.textContent ?? '', '').trim();
        return { q, a, name: d.getAttribute('name') };
      }),
    );
    expect(items.length, 'FAQ questions in <details>').toBeGreaterThanOrEqual(12);
    for (const it of items) {
      expect.soft(it.q, 'every question has a summary').not.toBe('');
      expect.soft(it.a.length, `"${it.q}" has an answer`).toBeGreaterThan(10);
    }
    // issue #8: one exclusive group per card let six questions be open at once.
    const cards = page.locator('main .faq-card');
    expect(await cards.count(), 'one card per category (booking, services, locs, planner, policies, sourcing)').toBeGreaterThanOrEqual(6);
    const all = page.locator('main details');
    await cards.nth(0).locator('details summary').first().click();
    await cards.nth(1).locator('details summary').first().click();
    await cards.nth(2).locator('details summary').nth(1).click();
    const open = await all.evaluateAll((ds) => (ds as HTMLDetailsElement[]).filter((d) => d.open).map((d) => d.querySelector('summary')?.textContent?.trim()));
    const last = (await cards.nth(2).locator('details summary').nth(1).innerText()).trim();
    expect(open, 'one open at a time on the whole page: the last one clicked').toEqual([last]);
    const answer = cards.nth(2).locator('details').nth(1).locator(':scope > :not(summary)').first();
    expect(await answer.isVisible(), 'its answer is visible').toBe(true);
    expect.soft(await emptyShells(page), 'no empty widget shells').toEqual([]);
  });

  it("keeps an element's fallback, never an unstyled element, when its CSS file cannot be fetched", async () => {
    const page = await ctx.site.page();
    // What this visitor's console shows, and nothing else: the two failed fetches and the loader's line.
    ctx.site.allowConsole(page, /Failed to load resource: net::ERR_FAILED|TypeError: Failed to fetch|\[kyb\] could not load kyb-reviews/);
    // The network drops kyb-reviews' CSS file (core/define.ts `sheet`: the loader's fetch and one more).
    let dropped = 0;
    await page.route('**/widgets/chunks/reviews-*.css', (route) => {
      dropped++;
      return route.abort('failed');
    });
    const res = await page.goto(`${ctx.site.url}/products/irie-locs`);
    expect(res?.status()).toBe(200);
    await page.locator('kyb-reviews').scrollIntoViewIfNeeded();
    const logged = () =>
      ctx.site
        .consoleOf(page)
        .find((m) => m.type() === 'error' && m.text().includes('could not load') && m.text().includes('kyb-reviews'))
        ?.text() ?? '';
    await expect.poll(logged, { timeout: 15_000 }).not.toBe('');
    expect(dropped, 'fetched by the loader, then tried once more by the element').toBe(2);
    expect(await page.evaluate(() => customElements.get('kyb-reviews') === undefined), 'the tag stays undefined').toBe(true);
    // What the visitor reads: the prerendered reviews, as without JavaScript.
    const reviews = page.locator('kyb-reviews');
    expect(await reviews.evaluate((e) => e.shadowRoot === null), 'nothing drawn over the fallback').toBe(true);
    expect(normalizeText(await reviews.innerText())).toContain('Customer Reviews');
  });

  it('has no inline <script> on any built page other than JSON-LD', async () => {
    const dir = ctx.site.dir;
    const files: string[] = [];
    for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) if (e.isFile() && e.name.endsWith('.html')) files.push(join(e.parentPath, e.name));
    expect(files.length).toBeGreaterThan(40);
    const offenders: string[] = [];
    for (const f of files) {
      const html = await readFile(f, 'utf8');
      for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
        const attrs = m[1];
        const external = /\bsrc\s*=/.test(attrs);
        const ldJson = /\btype\s*=\s*"application\/ld\+json"/i.test(attrs);
        if (!external && !ldJson) offenders.push(`${relative(dir, f)}: <script${attrs}>${m[2].slice(0, 60)}…`);
        if (external && m[2].trim()) offenders.push(`${relative(dir, f)}: <script${attrs}> with inline content`);
      }
      if (/\son[a-z]+\s*=\s*"/i.test(html.replace(/<script[\s\S]*?<\/script>/gi, ''))) offenders.push(`${relative(dir, f)}: an inline event handler attribute`);
    }
    expect(offenders, 'inline scripts').toEqual([]);
  });
});
