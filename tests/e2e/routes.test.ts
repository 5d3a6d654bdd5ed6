/**
 * Every address of the built site, in Chromium against the local stack (docs/pages.md#route-table): each route and alias answers 200 with one h1 and the words the specs give its page, aliases
 * share one canonical URL, the links the specs show without describing their targets lead to real
 * pages, an unknown path is the 404 page (status 404, "Oops! Page not found", a link home, the missing
 * path in the console), and every internal link on every page (widgets' shadow DOM included) resolves.
 *
 * The pages are visited once, four at a time, in the first test; the other tests assert on what was
 * recorded, so a failure names the route and the missing words without reloading anything (which is
 * why the checks stay in one file). The expectations per route: support/route-expectations.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { NOT_FOUND, allPages } from '../../site/routes.ts';
import { useSite } from './support/hooks.ts';
import { pool } from './support/site.ts';
import { deepText, widgetsUpgraded } from './support/page.ts';
import { ALIASES, EXPECT, type Key, MISSING_PATH, SPEC_PATHS, UNDESCRIBED } from './support/route-expectations.ts';

const ctx = useSite();

interface Visit {
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
  error?: string;
}

const visits = new Map<string, Visit>();

async function record(page: Page, path: string): Promise<Visit> {
  const v: Visit = { path, status: 0, html: '', finalPath: path, h1: [], text: '', canonical: null, links: [], ids: [], headings: [], console: [] };
  try {
    const res = await page.goto(ctx.site.url + path, { waitUntil: 'load' });
    v.status = res?.status() ?? 0;
    v.html = (await res?.text()) ?? '';
    if (path === '/account') {
      // docs/accounts.md#account-page: "When initialisation ends with no user, redirects to /".
      await page.waitForURL(`${ctx.site.url}/`, { timeout: 20_000 });
    } else {
      await widgetsUpgraded(page);
      await page.waitForLoadState('networkidle');
    }
    v.finalPath = new URL(page.url()).pathname;
    if (path === '/account') {
      // What the page said before it sent the visitor away: the served document.
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
      v.links = deep.links;
      v.ids = deep.ids;
      v.headings = deep.headings;
      v.canonical = deep.canonical;
    }
  } catch (e) {
    v.error = e instanceof Error ? e.message.split('\n')[0] : String(e);
  }
  v.console = ctx.site.consoleOf(page).map((m) => ({ type: m.type(), text: m.text() }));
  return v;
}

const canonicalOf = (v: Visit) => v.canonical ?? /<link\b[^>]*rel="canonical"[^>]*href="([^"]*)"/.exec(v.html)?.[1] ?? null;
const has = (text: string, k: Key) => (typeof k === 'string' ? text.includes(k) : k.test(text));
const show = (k: Key) => (typeof k === 'string' ? JSON.stringify(k) : String(k));

describe('routes of the built site', () => {
  it('loads every route, alias and an unknown path in Chromium without console errors', async () => {
    const site = ctx.site;
    const paths = [...new Set([...allPages().map((p) => p.path), ...SPEC_PATHS, ...UNDESCRIBED])];
    const context = await site.context();
    await pool([...paths, MISSING_PATH], 4, async (path) => {
      const page = await context.newPage();
      if (path === MISSING_PATH) {
        // Expected on the 404 page: Chromium's own line for the 404 document and the page's log of the path.
        site.allowConsole(page, /status of 404/);
        site.allowConsole(page, new RegExp(MISSING_PATH.replace(/[/.]/g, '\\$&')));
      }
      visits.set(path, await record(page, path));
      await page.close();
    });
    await context.close();
    const failed = [...visits.values()].filter((v) => v.error);
    expect(
      failed.map((v) => `${v.path}: ${v.error}`),
      'pages that could not be loaded',
    ).toEqual([]);
  }, 180_000);

  it('serves every route of the specs and of site/routes.ts with status 200 and one h1', () => {
    const table = allPages().map((p) => p.path);
    for (const p of [...SPEC_PATHS, ...UNDESCRIBED]) expect.soft(table, `${p} (from the specs) is in site/routes.ts`).toContain(p);
    for (const path of new Set([...table, ...SPEC_PATHS, ...UNDESCRIBED])) {
      const v = visits.get(path);
      expect.soft(v, `${path} was visited`).toBeDefined();
      if (!v) continue;
      expect.soft(v.status, `${path} answers 200`).toBe(200);
      expect.soft(v.h1.length, `${path} has exactly one h1 (got ${JSON.stringify(v.h1)})`).toBe(1);
      expect.soft(v.h1[0] ?? '', `${path} h1 is not empty`).not.toBe('');
      expect.soft(v.h1[0] ?? '', `${path} is not the 404 page`).not.toMatch(/Page not found/i);
    }
  });

  it('shows the words the specs give each page', () => {
    for (const [path, e] of Object.entries(EXPECT)) {
      const v = visits.get(path);
      if (!v) {
        expect.soft(v, `${path} was visited`).toBeDefined();
        continue;
      }
      if (e.h1) expect.soft(has(v.h1.join(' '), e.h1), `${path}: h1 ${JSON.stringify(v.h1)} shows ${show(e.h1)}`).toBe(true);
      for (const k of e.text ?? []) expect.soft(has(v.text, k), `${path} shows ${show(k)}`).toBe(true);
      const paths = v.links.map((l) => {
        const u = new URL(l);
        return u.origin === ctx.site.url ? u.pathname.replace(/(.)\/$/, '$1') + u.hash : l;
      });
      for (const l of e.links ?? []) expect.soft(paths, `${path} links to ${l}`).toContain(l);
      for (const id of e.ids ?? []) expect.soft(v.ids, `${path} has the anchor #${id}`).toContain(id);
      for (const h of e.headings ?? [])
        expect
          .soft(
            v.headings.some((t) => h.test(t)),
            `${path} has a heading matching ${h} (headings: ${JSON.stringify(v.headings)})`,
          )
          .toBe(true);
    }
  });

  it('redirects a signed-out visitor from /account to / (docs/accounts.md#account-page)', () => {
    expect(visits.get('/account')?.finalPath, '/account signed out ends on /').toBe('/');
  });

  it('serves each alias as the same page with one canonical URL', () => {
    for (const group of ALIASES) {
      const vs = group.map((p) => visits.get(p)!);
      const canon = vs.map(canonicalOf);
      expect.soft(new Set(canon).size, `${group.join(' = ')} share one canonical URL (got ${JSON.stringify(canon)})`).toBe(1);
      const main = canon[0] ? new URL(canon[0]).pathname.replace(/(.)\/$/, '$1') : null;
      expect.soft(group, `the canonical path ${main} is one of ${group.join(', ')}`).toContain(main);
      const h1s = vs.map((v) => v.h1.join(' '));
      expect.soft(new Set(h1s).size, `${group.join(' = ')} show the same h1 (got ${JSON.stringify(h1s)})`).toBe(1);
      const strip = (v: Visit) => v.html.replace(/<body[^>]*data-path="[^"]*"/, '<body').replace(/aria-current="page"/g, '');
      for (const v of vs.slice(1)) expect.soft(strip(v) === strip(vs[0]), `${v.path} serves the same document as ${group[0]}`).toBe(true);
    }
  });

  it('gives an unknown path the 404 page: status 404, "Oops! Page not found", a link home, the path logged', () => {
    const v = visits.get(MISSING_PATH)!;
    expect.soft(v.status, 'status of an unknown path').toBe(404);
    expect.soft(v.h1, 'the 404 heading').toEqual(['Oops! Page not found']);
    const home = v.links.filter((l) => l === `${ctx.site.url}/`);
    expect.soft(home.length, 'a link back to home').toBeGreaterThan(0);
    const logged = v.console.filter((m) => m.text.includes(MISSING_PATH));
    expect.soft(logged, `the missing path is logged to the console (console: ${JSON.stringify(v.console)})`).not.toEqual([]);
    expect.soft(NOT_FOUND.path, 'route table names the 404 page').toBe('/404');
  });

  it('resolves every internal link on every page (crawl), fragments included', async () => {
    const origin = ctx.site.url;
    const targets = new Map<string, Set<string>>();
    const fragments: { from: string; href: string; path: string; id: string }[] = [];
    for (const v of visits.values()) {
      for (const href of v.links) {
        const u = new URL(href);
        if (u.origin !== origin) continue;
        // A same-document link (the skip link on the 404 page) is checked by its fragment only.
        if (u.pathname === new URL(origin + v.path).pathname && v.path === MISSING_PATH) {
          if (u.hash.length > 1) expect.soft(v.ids, `${href} on ${v.path} points at an element`).toContain(decodeURIComponent(u.hash.slice(1)));
          continue;
        }
        const key = u.pathname + u.search;
        (targets.get(key) ?? targets.set(key, new Set()).get(key)!).add(v.path);
        if (u.hash.length > 1) fragments.push({ from: v.path, href, path: u.pathname, id: decodeURIComponent(u.hash.slice(1)) });
      }
    }
    expect(targets.size, 'internal links found').toBeGreaterThan(30);
    const bodies = new Map<string, { status: number; body: string }>();
    await pool([...targets.keys()], 6, async (key) => {
      const r = await fetch(origin + key);
      bodies.set(key, { status: r.status, body: (r.headers.get('content-type') ?? '').startsWith('text/html') ? await r.text() : '' });
    });
    for (const [key, from] of targets) {
      const status = bodies.get(key)!.status;
      expect.soft(status, `${key} (linked from ${[...from].slice(0, 5).join(', ')}) resolves`).toBeLessThan(400);
    }
    for (const f of fragments) {
      const visited = visits.get(f.path.replace(/(.)\/$/, '$1'));
      const ids = visited ? visited.ids : [];
      const body = bodies.get(f.path)?.body ?? '';
      const found = ids.includes(f.id) || body.includes(`id="${f.id}"`);
      expect.soft(found, `${f.href} (on ${f.from}) points at an element with id "${f.id}"`).toBe(true);
    }
  });
});
