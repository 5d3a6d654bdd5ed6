/**
 * The checks that run on the records of the visual suite's route visits (issue #28: one visit per route
 * and session): the named sideways and fixed-bar checks, what every route shows (docs/pages.md#route-table)
 * and axe-core. visual.test.ts calls `routeChecks` after its route sweeps, which fill the records; the
 * table of which former e2e check lives where: README.md.
 */
import { describe, expect, it } from 'vitest';
import { NOT_FOUND, ROUTES, allPages } from '../../site/routes.ts';
import type { StateSession } from '../../widgets/core/state-types.ts';
import { pool } from '../e2e/support/site.ts';
import { ALIASES, EXPECT, MISSING_PATH, SPEC_PATHS, UNDESCRIBED } from '../e2e/support/route-expectations.ts';
import { describeViolations, type Violation } from './axe.ts';
import { canonicalOf, has, show, type Visit } from './visits.ts';

/** Pages opened at once for the addresses the sweeps do not shoot. */
const PARALLEL = 3;

export interface RouteRecords {
  /** Signed-out visits of every address, by path. */
  visits: Map<string, Visit>;
  /** axe's violations, by `<session> <path>`. */
  audits: Map<string, Violation[]>;
  /** The problems of each route's visit, by `<session> <path>` ("<path> @<width>: <problem>"). */
  problemsOf: Map<string, string[]>;
  /** In this run: every address, or those `KYB_VISUAL_ONLY` matches. */
  inRun: (session: StateSession, path: string) => boolean;
  narrowed: boolean;
  origin: () => string;
  /** Opens an address signed out at 1280 px only to record it (and audit the 404 page): no shots. */
  recordOnly: (path: string) => Promise<void>;
}

/** Registers the tests on the records; call it after the route sweeps' describe. */
export function routeChecks(r: RouteRecords): void {
  /**
   * The checks tests/e2e/small-screens.test.ts made by loading these routes again (issue #28), named, on
   * the problems the visits above found: the sweep fails on them too, these say which old check it is.
   */
  describe('sideways scrolling and fixed bars (on the visits above)', () => {
    const problems = (session: StateSession, paths: string[], widths: number[], pattern: RegExp) => {
      const out: string[] = [];
      for (const path of paths.filter((p) => r.inRun(session, p))) {
        const found = r.problemsOf.get(`${session} ${path}`);
        if (!found) out.push(`${path}: not visited`);
        else out.push(...found.filter((p) => widths.some((w) => p.startsWith(`${path} @${w}: `)) && pattern.test(p)));
      }
      return out;
    };
    const paths = ROUTES.map((r) => r.path);
    const sideways = /: the page scrolls sideways/;

    it('no route scrolls sideways at 320 px, signed out', () => {
      expect(
        problems(
          'signed-out',
          paths.filter((p) => p !== '/account'),
          [320],
          sideways,
        ),
      ).toEqual([]);
    });
    it('no route scrolls sideways at 320 px, signed in', () => {
      expect(problems('member', paths, [320], sideways)).toEqual([]);
    });
    it('the admin pages do not scroll sideways at 320 and 390 px, as the admin', () => {
      expect(
        problems(
          'admin',
          paths.filter((p) => p.startsWith('/admin/')),
          [320, 390],
          sideways,
        ),
      ).toEqual([]);
    });
    // Fixed bars (the booking bar, the DM button) reserve their space: nothing at the end of the page,
    // footer links included, lies under them, on the pages that have them.
    for (const path of ['/services', '/holistic-haircare', '/products']) {
      for (const width of [390, 1280]) {
        it(`leaves every link of ${path} clear at the end of the page at ${width} px`, () => {
          expect(problems('signed-out', [path], [width], /: (at the end of the page: .*covered by|the end of the page still moved)/)).toEqual([]);
        });
      }
    }
  });

  /**
   * docs/pages.md#route-table, on the records of the signed-out visits above (formerly
   * tests/e2e/routes.test.ts, which loaded every page again): each route and alias answers 200 with one
   * h1 and the words the specs give its page, aliases share one canonical URL, the links the specs show
   * without describing their targets lead to real pages, an unknown path is the 404 page, and every
   * internal link on every page (widgets' shadow DOM included) resolves. Console errors fail the test
   * that opened the page (tests/e2e/support/hooks.ts). Under `KYB_VISUAL_ONLY`, only the addresses it
   * matches are checked.
   */
  describe('what every route shows (signed out, recorded at 1280 px)', () => {
    const table = allPages().map((p) => p.path);
    const addresses = [...new Set([...table, ...SPEC_PATHS, ...UNDESCRIBED])];

    it('loads the aliases, /account and an unknown path without console errors (the routes were loaded above)', async () => {
      const extra = [...addresses.filter((p) => !ROUTES.some((r) => r.path === p && p !== '/account')), MISSING_PATH].filter((p) => r.inRun('signed-out', p));
      await pool(extra, PARALLEL, r.recordOnly);
      const missing = addresses.filter((p) => r.inRun('signed-out', p) && !r.visits.has(p));
      expect(missing, 'addresses not recorded').toEqual([]);
    }, 120_000);

    it('serves every route of the specs and of site/routes.ts with status 200 and one h1', () => {
      for (const p of [...SPEC_PATHS, ...UNDESCRIBED]) expect.soft(table, `${p} (from the specs) is in site/routes.ts`).toContain(p);
      for (const path of addresses.filter((p) => r.inRun('signed-out', p))) {
        const v = r.visits.get(path);
        expect.soft(v, `${path} was visited`).toBeDefined();
        if (!v) continue;
        expect.soft(v.status, `${path} answers 200`).toBe(200);
        expect.soft(v.h1.length, `${path} has exactly one h1 (got ${JSON.stringify(v.h1)})`).toBe(1);
        expect.soft(v.h1[0] ?? '', `${path} h1 is not empty`).not.toBe('');
        expect.soft(v.h1[0] ?? '', `${path} is not the 404 page`).not.toMatch(/Page not found/i);
      }
    });

    it('shows the words the specs give each page', () => {
      for (const [path, e] of Object.entries(EXPECT).filter(([p]) => r.inRun('signed-out', p))) {
        const v = r.visits.get(path);
        if (!v) {
          expect.soft(v, `${path} was visited`).toBeDefined();
          continue;
        }
        if (e.h1) expect.soft(has(v.h1.join(' '), e.h1), `${path}: h1 ${JSON.stringify(v.h1)} shows ${show(e.h1)}`).toBe(true);
        for (const k of e.text ?? []) expect.soft(has(v.text, k), `${path} shows ${show(k)}`).toBe(true);
        const paths = v.links.map((l) => {
          const u = new URL(l);
          return u.origin === r.origin() ? u.pathname.replace(/(.)\/$/, '$1') + u.hash : l;
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
      if (r.inRun('signed-out', '/account')) expect(r.visits.get('/account')?.finalPath, '/account signed out ends on /').toBe('/');
    });

    it('serves each alias as the same page with one canonical URL', () => {
      for (const group of ALIASES.filter((g) => g.every((p) => r.inRun('signed-out', p)))) {
        const vs = group.map((p) => r.visits.get(p)!);
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
      expect.soft(NOT_FOUND.path, 'route table names the 404 page').toBe('/404');
      if (!r.inRun('signed-out', MISSING_PATH)) return;
      const v = r.visits.get(MISSING_PATH)!;
      expect.soft(v.status, 'status of an unknown path').toBe(404);
      expect.soft(v.h1, 'the 404 heading').toEqual(['Oops! Page not found']);
      const home = v.links.filter((l) => l === `${r.origin()}/`);
      expect.soft(home.length, 'a link back to home').toBeGreaterThan(0);
      const logged = v.console.filter((m) => m.text.includes(MISSING_PATH));
      expect.soft(logged, `the missing path is logged to the console (console: ${JSON.stringify(v.console)})`).not.toEqual([]);
    });

    it('resolves every internal link on every page (crawl), fragments included', async () => {
      const origin = r.origin();
      const targets = new Map<string, Set<string>>();
      const fragments: { from: string; href: string; path: string; id: string }[] = [];
      for (const v of r.visits.values()) {
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
      if (!r.narrowed) expect(targets.size, 'internal links found').toBeGreaterThan(30);
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
        const visited = r.visits.get(f.path.replace(/(.)\/$/, '$1'));
        const ids = visited ? visited.ids : [];
        const body = bodies.get(f.path)?.body ?? '';
        const found = ids.includes(f.id) || body.includes(`id="${f.id}"`);
        expect.soft(found, `${f.href} (on ${f.from}) points at an element with id "${f.id}"`).toBe(true);
      }
    });
  });

  /**
   * axe-core on the visits above, at 1280 px, after the widgets have upgraded and their data has loaded:
   * no violations at all (formerly tests/e2e/a11y.test.ts, which loaded every page again). The sign-in
   * dialog's audit: tests/e2e/small-screens.test.ts.
   */
  describe('accessibility (axe-core, at 1280 px on the visits above)', () => {
    const report = (keys: string[]) => {
      const bad = keys.filter((k) => r.audits.get(k)?.length);
      return { bad, text: bad.map((k) => describeViolations(k, r.audits.get(k)!)).join('\n') };
    };

    it('finds no violations on any route signed out, the 404 page included', () => {
      const keys = [...ROUTES.map((r) => r.path).filter((p) => p !== '/account'), MISSING_PATH].filter((p) => r.inRun('signed-out', p)).map((p) => `signed-out ${p}`);
      expect(
        keys.filter((k) => !r.audits.has(k)),
        'pages that were not audited',
      ).toEqual([]);
      const { bad, text } = report(keys);
      expect(bad.length, `axe violations on ${bad.length} of ${keys.length} pages (${NOT_FOUND.title} page included):\n${text}`).toBe(0);
    });

    it('finds no violations on My Account signed in and on the gallery panel as the admin', () => {
      const keys = ['member /account', 'admin /admin/gallery'].filter((k) => r.inRun(k.split(' ')[0] as StateSession, k.slice(k.indexOf(' ') + 1)));
      expect(
        keys.filter((k) => !r.audits.has(k)),
        'pages that were not audited',
      ).toEqual([]);
      const { bad, text } = report(keys);
      expect(bad.length, `axe violations:\n${text}`).toBe(0);
    });
  });
}
