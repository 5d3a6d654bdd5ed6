/**
 * What a visit of a route records for the checks of docs/pages.md#route-table (issue #28: one visit per
 * route and session): the status and the served document, where the visitor ended up, the h1, the text,
 * the canonical URL, every link, element id and h2-h6 heading (widgets' open shadow roots included), and
 * the page's console. The visual suite records each signed-out route on the visit that shoots it, at
 * 1280 px; its tests "what every route shows" assert on the records (expectations:
 * tests/e2e/support/route-expectations.ts), so a failure names the route without reloading anything.
 */
import type { Page } from 'playwright';
import { deepText } from '../e2e/support/page.ts';
import type { Site } from '../e2e/support/site.ts';
import type { Key } from '../e2e/support/route-expectations.ts';

export interface Visit {
  path: string;
  status: number;
  html: string;
  finalPath: string;
  h1: string[];
  text: string;
  canonical: string | null;
  /** Absolute hrefs of every <a> (light DOM and open shadow roots). */
  links: string[];
  ids: string[];
  headings: string[];
  console: { type: string; text: string }[];
}

/** The page as it stands (its widgets upgraded, its data loaded), opened with `status` and the document `html`. */
export async function recordVisit(site: Site, page: Page, path: string, status: number, html: string): Promise<Visit> {
  const v: Visit = { path, status, html, finalPath: new URL(page.url()).pathname, h1: [], text: '', canonical: null, links: [], ids: [], headings: [], console: [] };
  if (path === '/account') {
    // What the page said before it sent the visitor away (/account signed out): the served document.
    v.h1 = [...v.html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => m[1].replace(/<[^>]+>/g, '').trim());
    v.text = v.html.replace(/<[^>]+>/g, ' ');
  } else {
    v.h1 = (await page.locator('h1').allInnerTexts()).map((t) => t.trim());
    v.text = await deepText(page);
    const deep = await page.evaluate(() => {
      const links: string[] = [];
      const ids: string[] = [];
      const headings: string[] = [];
      const walk = (root: Document | ShadowRoot) => {
        for (const e of root.querySelectorAll('*')) {
          if (e instanceof HTMLAnchorElement && e.hasAttribute('href')) links.push(e.href);
          if (e.id) ids.push(e.id);
          if (/^h[2-6]$/.test(e.localName)) headings.push((e.textContent ?? '').replace(/\s+/g, ' ').trim());
          if (e.shadowRoot) walk(e.shadowRoot);
        }
      };
      walk(document);
      return { links, ids, headings, canonical: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? null };
    });
    Object.assign(v, deep);
  }
  v.console = site.consoleOf(page).map((m) => ({ type: m.type(), text: m.text() }));
  return v;
}

export const canonicalOf = (v: Visit) => v.canonical ?? /<link\b[^>]*rel="canonical"[^>]*href="([^"]*)"/.exec(v.html)?.[1] ?? null;
export const has = (text: string, k: Key) => (typeof k === 'string' ? text.includes(k) : k.test(text));
export const show = (k: Key) => (typeof k === 'string' ? JSON.stringify(k) : String(k));
