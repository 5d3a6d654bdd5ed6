/**
 * The prerendered site's routes against the specs (docs/pages.md, docs/limits.md): every route of the
 * route table renders a complete page (one h1, title, canonical, metadata, the widget script), aliases
 * point their canonical at the main address, the sitemap lists exactly the public canonical routes,
 * nothing needs an inline script or style (strict CSP), every image has width/height/alt, every
 * internal link leads to a page or a file. What each page says: site-texts.test.ts and
 * site-content.test.ts; shared set-up: site-pages.ts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUSINESS, bookingLink } from '../../shared/business.ts';
import { apiKeys } from '../../supabase/local/config.ts';
import { contentSecurityPolicy, headersFile, renderPath, robotsTxt, siteEnv, sitemapXml } from '../../site/prerender.ts';
import { NOT_FOUND, ROUTES, allPages, routeFor, sitemapPaths } from '../../site/routes.ts';
import { ROOT, abs, all, attr, env, jsonLd, page, pages, servedFile, text, usePages, decode } from './site-pages.ts';

usePages();
/** The route table of docs/pages.md#route-table, with every route the navigation links; canonical → aliases. */
const SPEC_ROUTES: Record<string, string[]> = {
  '/': [],
  '/products': [],
  '/products/jah-locs': [],
  '/products/trinity-locs': [],
  '/products/irie-locs': [],
  '/products/diy-kit': [],
  '/products/lock-kit': [],
  '/faq': [],
  '/faq/locs': [],
  '/vault': ['/resources'],
  '/holistic-haircare': [],
  '/handmade-locs': [],
  '/digital-tools': [],
  '/beta': ['/digital-tools/beta'],
  '/beta-tester': [],
  '/digital-tools/crown-planner': ['/crown-planner', '/vip-crown-suite'],
  '/shop': [],
  '/admin/gallery': [],
  '/account': [],
  '/about': [],
  '/press': [],
  '/blog': [],
  '/rewards': [],
  '/services': [],
  '/locs': [],
  '/planner': [],
  '/partners': [],
  '/privacy': [],
  '/cookies': [],
};
/**
 * The header link each route highlights (spec 1, 2.2 and the route table of spec 2): a page belongs to
 * the section a visitor reached it from. '/digital-tools' = the Digital Tools dropdown alone (the hub and
 * the beta pages have no link in it); null = a page the header does not lead to.
 */
const NAV_SECTION: Record<string, string | null> = {
  '/': null,
  '/about': '/about',
  '/ethics': '/about',
  '/products': '/products',
  '/products/jah-locs': '/products',
  '/products/trinity-locs': '/products',
  '/products/irie-locs': '/products',
  '/products/diy-kit': '/products',
  '/products/lock-kit': '/products',
  '/handmade-locs': '/products',
  '/locs': '/products',
  '/services': '/services',
  '/holistic-haircare': '/services',
  '/press': '/press',
  '/press/cayman-natural-hair-show': '/press',
  '/press/caribbean-vendor-partnerships': '/press',
  '/press/gsu-startup-forum': '/press',
  '/press/crown-planner-beta-launch': '/press',
  '/digital-tools': '/digital-tools',
  '/beta': '/digital-tools',
  '/beta-tester': '/digital-tools',
  '/digital-tools/crown-planner': '/digital-tools/crown-planner',
  '/planner': '/digital-tools/crown-planner',
  '/blog': '/blog',
  '/blog/full-loc-bible': '/blog',
  '/vault': '/vault',
  '/faq': '/faq',
  '/faq/locs': '/faq',
  '/rewards': null,
  '/partners': null,
  '/shop': null,
  '/contact': null,
  '/links': null,
  '/privacy': null,
  '/cookies': null,
  '/account': null,
  '/cart': null,
  '/order/confirmed': null,
  '/order': null,
  '/admin/orders': null,
  '/admin/inbox': null,
  '/admin/launch': null,
  '/admin/rewards': null,
  '/admin/gallery': null,
  '/admin/reviews': null,
  '/admin/embed': null,
  '/unsubscribe': null,
};
/** Links the spec shows whose pages it does not describe: each must lead to a real page. */
const LINKED_ONLY = [
  '/contact',
  '/ethics',
  '/press/cayman-natural-hair-show',
  '/press/caribbean-vendor-partnerships',
  '/press/gsu-startup-forum',
  '/press/crown-planner-beta-launch',
  '/blog/full-loc-bible',
  '/protective-style-planner',
];
const NOINDEX = [
  '/admin/gallery',
  '/admin/reviews',
  '/admin/inbox',
  '/admin/launch',
  '/admin/rewards',
  '/admin/orders',
  '/admin/embed',
  '/account',
  '/beta-tester',
  '/unsubscribe',
  '/cart',
  '/order/confirmed',
  '/order',
];

describe('route table', () => {
  it('has every route of the specs, with its aliases', () => {
    for (const [path, aliases] of Object.entries(SPEC_ROUTES)) {
      const r = routeFor(path);
      expect(r, `route ${path}`).toBeDefined();
      expect(r!.path, `${path} is canonical`).toBe(path);
      for (const a of aliases) expect(routeFor(a)?.path, `alias ${a}`).toBe(path);
    }
  });

  it('gives every linked-only address a page', () => {
    for (const p of LINKED_ONLY) expect(routeFor(p), p).toBeDefined();
  });

  // The description is fixed at build time, the kit's launch switch is not (site/data/launches.ts): after
  // the launch /products still said "join the waiting list" in its meta (the walk of issue #29).
  it('describes /products truly before and after the kit launch, naming both kits', () => {
    const d = routeFor('/products')?.description ?? '';
    expect(d).not.toMatch(/waiting list|coming soon/i);
    expect(d).toContain('Custom DIY Loc Kit');
    expect(d).toContain('DIY Trinity Loc Kit');
  });
  it('has no path twice', () => {
    const paths = allPages().map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('renders a page for every path and alias, plus the 404 page', () => {
    expect(pages.map((p) => p.path).sort()).toEqual([...allPages().map((p) => p.path), NOT_FOUND.path].sort());
    expect(pages.find((p) => p.path === NOT_FOUND.path)!.file).toBe('404.html');
    expect(pages.find((p) => p.path === '/')!.file).toBe('index.html');
    expect(pages.find((p) => p.path === '/faq/locs')!.file).toBe('faq/locs/index.html');
  });
});

describe('every page', () => {
  it('is a complete document: doctype, lang, title, description, canonical, social tags, backend meta, stylesheet, widget script', () => {
    for (const p of pages) {
      const h = p.html;
      const where = `page ${p.path}`;
      expect(h.startsWith('<!doctype html>\n<html lang="en-US">'), where).toBe(true);
      const title = decode(/<title>([^<]*)<\/title>/.exec(h)?.[1] ?? '');
      expect(title, where).toContain(p.route.title);
      const canonical = all(/<link rel="canonical" href="([^"]+)"/g, h);
      expect(canonical.length, where).toBe(1);
      expect(canonical[0][1], where).toBe(abs(p.route.path));
      const description = /<meta name="description" content="([^"]*)"/.exec(h)?.[1] ?? '';
      expect(description.length, `${where} description`).toBeGreaterThan(20);
      for (const prop of ['og:title', 'og:description', 'og:url', 'og:image', 'og:type']) expect(h, `${where} ${prop}`).toContain(`<meta property="${prop}"`);
      for (const name of ['twitter:card', 'twitter:title', 'twitter:description', 'twitter:image']) expect(h, `${where} ${name}`).toContain(`<meta name="${name}"`);
      expect(h, where).toContain(`<meta name="kyb-supabase-url" content="${env.supabaseUrl}"/>`);
      expect(h, where).toContain(`<meta name="kyb-supabase-anon-key" content="${env.supabaseAnonKey}"/>`);
      expect(h, where).toContain(`<meta name="kyb-site-url" content="${BUSINESS.siteUrl}"/>`);
      expect(h, where).toContain('<link rel="stylesheet" href="/assets/site-test.css"/>');
      expect(all(/<script type="module" src="\/widgets\/kyb-widgets.js"><\/script>/g, h).length, where).toBe(1);
    }
  });

  it('has exactly one h1, a skip link to main, the landmarks, the header and footer (none on a bare page)', () => {
    for (const p of pages) {
      const h = p.html;
      const where = `page ${p.path}`;
      const site = p.route.layout === 'bare' ? 0 : 1;
      expect(all(/<h1[\s>]/g, h).length, where).toBe(1);
      expect(h, where).toContain('<a class="skip-link" href="#main">');
      expect(h, where).toContain('<main id="main"');
      expect(all(/<header class="site-header"/g, h).length, where).toBe(site);
      expect(all(/<footer class="site-footer"/g, h).length, where).toBe(site);
      expect(all(/<nav class="nav-desktop" aria-label="Main">/g, h).length, where).toBe(site);
    }
    expect(ROUTES.filter((r) => r.layout === 'bare').map((r) => r.path)).toEqual(['/links']);
  });

  it('needs no inline script, inline style or event handler attribute (strict CSP)', () => {
    for (const p of pages) {
      const where = `page ${p.path}`;
      for (const m of all(/<script\b([^>]*)>([\s\S]*?)<\/script>/g, p.html)) {
        const a = m[1];
        if (attr(a, 'type') === 'application/ld+json') continue;
        expect(attr(a, 'src'), `${where}: a script without src`).toBeTruthy();
        expect(m[2], `${where}: script with body`).toBe('');
      }
      expect(p.html, where).not.toMatch(/<style[\s>]/);
      expect(p.html, where).not.toMatch(/\sstyle="/);
      expect(p.html, where).not.toMatch(/\son[a-z]+="/);
      expect(p.html, where).not.toMatch(/href="javascript:/i);
    }
  });

  it('gives every image width, height and alt, and loads nothing from other hosts', () => {
    for (const p of pages) {
      for (const m of all(/<img\b[^>]*>/g, p.html)) {
        const tag = m[0];
        const where = `page ${p.path}: ${tag}`;
        expect(Number(attr(tag, 'width')), where).toBeGreaterThan(0);
        expect(Number(attr(tag, 'height')), where).toBeGreaterThan(0);
        expect(attr(tag, 'alt'), where).not.toBeNull();
        expect(attr(tag, 'src'), where).toMatch(/^\/(images|favicon)/);
        expect(existsSync(join(ROOT, 'site/public', attr(tag, 'src')!)), `${where} file`).toBe(true);
      }
      expect(p.html, p.path).not.toMatch(/<iframe/);
    }
  });

  it('links only to pages and files that exist', () => {
    for (const p of pages) {
      for (const m of all(/\shref="(\/[^"#?]*)[^"]*"/g, p.html)) {
        const href = decode(m[1]);
        if (href === '/assets/site-test.css') continue;
        const ok = routeFor(href) !== undefined || servedFile(href);
        expect(ok, `page ${p.path} links to ${href}`).toBe(true);
      }
      for (const m of all(/\shref="#([^"]+)"/g, p.html)) {
        expect(p.html, `page ${p.path} links to #${m[1]}`).toContain(`id="${m[1]}"`);
      }
    }
  });

  it('opens external links in a new tab without an opener', () => {
    for (const p of pages) {
      for (const m of all(/<a\b[^>]*href="https?:[^"]*"[^>]*>/g, p.html)) {
        const tag = m[0];
        expect(attr(tag, 'target'), `page ${p.path}: ${tag}`).toBe('_blank');
        expect(attr(tag, 'rel'), `page ${p.path}: ${tag}`).toMatch(/\bnoopener\b/);
      }
    }
  });

  it('carries Organization structured data; every JSON-LD block parses', () => {
    for (const p of pages) {
      const blocks = jsonLd(p.html);
      const org = blocks.find((b) => b['@type'] === 'Organization');
      expect(org, p.path).toBeDefined();
      expect(org.name).toBe(BUSINESS.legalName);
      expect(org.url).toBe(BUSINESS.siteUrl);
    }
  });

  it("shares one layout: nav labels, Digital Tools dropdown, Book Now, auth button, DM button and the menu's Send a DM, four-column footer, © and the build's year with Privacy and Cookies", () => {
    const h = page('/rewards');
    const t = text(h);
    for (const label of ['About Us', 'Products', 'Services', 'Press', 'Digital Tools', 'Crown Planner', 'Blog', 'Vault', 'FAQ', 'Book Now']) expect(t).toContain(label);
    // A popover: Esc and a click outside close it, focus returns to its button (issue #8).
    expect(h).toMatch(/<button type="button" class="nav-dropdown__toggle[^"]*" popovertarget="tools-menu">Digital Tools/);
    expect(h).toMatch(/<ul id="tools-menu" class="nav-dropdown__menu" popover="auto">/);
    expect(h).toContain(`href="${bookingLink().replace(/&/g, '&amp;')}" class="btn btn--primary site-header__book" target="_blank" rel="noopener"`);
    expect(h).toContain('<kyb-auth-button>');
    expect(h).toContain('<kyb-auth-button layout="menu">');
    expect(h).toMatch(/<button class="menu-toggle" type="button" popovertarget="mobile-menu"/);
    expect(h).toMatch(/<div id="mobile-menu" class="mobile-menu" popover="auto">/);
    expect(h).toMatch(new RegExp(`<a class="dm-fab" href="${BUSINESS.dmUrl}" target="_blank" rel="noopener" aria-label="[^"]+"`));
    // Below 1272 px the button does not float over the page; the menu is where a phone reaches it.
    expect(h).toMatch(new RegExp(`<a href="${BUSINESS.dmUrl}" class="mobile-menu__dm" target="_blank" rel="noopener"><svg[^]*?</svg> Send a DM<span class="sr-only">`));
    for (const col of ['Company', 'Digital Tools', 'Programs', 'Actions']) expect(h).toContain(`<h2 class="site-footer__title">${col}</h2>`);
    expect(h).toContain('<a href="/partners">Join Our Eco System</a>');
    expect(h).toContain(`href="mailto:${BUSINESS.email}">Contact</a>`);
    expect(t).toContain(`© ${new Date().getUTCFullYear()} ${BUSINESS.legalName}`);
    expect(h).toContain('<a href="/privacy">Privacy</a>');
    expect(h).toContain('<a href="/cookies">Cookies</a>');
  });

  it('highlights the header link of its section, the same in the bar and the menu, on every page and alias (issue #8)', () => {
    const TOOLS = new Set(['/digital-tools', '/digital-tools/crown-planner', '/blog', '/vault']);
    const current = (nav: string) => all(/<a href="([^"]+)"[^>]*class="is-current"/g, nav).map((m) => m[1]);
    const checked: string[] = [];
    for (const { path, route } of allPages()) {
      expect(Object.keys(NAV_SECTION), `${route.path} needs a row in NAV_SECTION`).toContain(route.path);
      const want = NAV_SECTION[route.path];
      const h = page(path);
      const bar = /<nav class="nav-desktop"[\s\S]*?<\/nav>/.exec(h)?.[0] ?? '';
      const menu = /<nav aria-label="Mobile">[\s\S]*?<\/nav>/.exec(h)?.[0] ?? '';
      const links = want && want !== '/digital-tools' ? [want] : [];
      expect(current(bar), `${path}: the bar's highlighted link`).toEqual(links);
      expect(current(menu), `${path}: the menu's highlighted link`).toEqual(links);
      const inTools = want !== null && TOOLS.has(want);
      expect(/class="nav-dropdown__toggle is-current"/.test(bar), `${path}: Digital Tools highlighted`).toBe(inTools);
      expect(/<details class="mobile-menu__group" open>/.test(menu), `${path}: the menu's Digital Tools group open`).toBe(inTools);
      // aria-current="page" only on a link to the page itself.
      for (const m of all(/<a href="([^"]+)" aria-current="page"/g, bar + menu)) expect(m[1]).toBe(route.path);
      checked.push(path);
    }
    expect(checked.length).toBeGreaterThan(40);
  });
});

describe('aliases, sitemap, robots, headers', () => {
  it('renders each alias with the content and canonical of its route', () => {
    for (const [path, aliases] of Object.entries(SPEC_ROUTES)) {
      for (const a of aliases) {
        const strip = (h: string) => h.replace(/<body data-path="[^"]*">/, '<body>');
        expect(strip(page(a)), a).toBe(strip(page(path)));
        expect(page(a)).toContain(`<link rel="canonical" href="${abs(path)}"/>`);
      }
    }
    expect(page('/protective-style-planner')).toContain(`<link rel="canonical" href="${abs('/digital-tools/crown-planner')}"/>`);
  });

  it('lists exactly the canonical public routes in the sitemap', () => {
    const locs = all(/<loc>([^<]+)<\/loc>/g, sitemapXml()).map((m) => m[1]);
    const expected = ROUTES.map((r) => r.path).filter((p) => !NOINDEX.includes(p));
    expect(locs.sort()).toEqual(expected.map(abs).sort());
    for (const p of [...Object.values(SPEC_ROUTES).flat(), '/404', ...NOINDEX]) expect(locs, p).not.toContain(abs(p));
    expect(sitemapPaths()).toContain('/press/gsu-startup-forum');
  });

  it('marks the private pages noindex and disallows them in robots.txt', () => {
    for (const p of [...NOINDEX, NOT_FOUND.path]) expect(page(p), p).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(page('/products')).not.toContain('name="robots"');
    const robots = robotsTxt();
    for (const p of ['/admin', '/account', '/beta-tester', '/cart', '/order']) expect(robots).toContain(`Disallow: ${p}\n`);
    expect(robots).toContain(`Sitemap: ${abs('/sitemap.xml')}`);
  });

  it('ships a strict CSP that allows the backend and no inline code', () => {
    const csp = contentSecurityPolicy({ supabaseUrl: 'https://abc.supabase.co' });
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("connect-src 'self' https://abc.supabase.co");
    expect(csp).toContain("img-src 'self' data: blob: https://abc.supabase.co");
    expect(csp).toContain("media-src 'self' blob: https://abc.supabase.co");
    expect(csp).toContain("frame-ancestors 'none'");
    const headers = headersFile({ supabaseUrl: 'https://abc.supabase.co' });
    expect(headers).toMatch(/^\/\*\n {2}Content-Security-Policy: /);
    expect(headers).toContain('/assets/*\n  Cache-Control: public, max-age=31536000, immutable');
  });

  it('takes the backend from the environment and refuses a service_role key', () => {
    const e = siteEnv({ KYB_SUPABASE_URL: 'https://abc.supabase.co/', KYB_SUPABASE_ANON_KEY: 'anon.key.here', KYB_SITE_URL: 'https://preview.example.com/' });
    expect(e).toMatchObject({ supabaseUrl: 'https://abc.supabase.co', supabaseAnonKey: 'anon.key.here', siteUrl: 'https://preview.example.com' });
    const defaults = siteEnv({});
    expect(defaults.supabaseUrl).toBe('http://127.0.0.1:54321');
    expect(defaults.supabaseAnonKey).toBe(apiKeys().anonKey);
    expect(() => siteEnv({ KYB_SUPABASE_ANON_KEY: apiKeys().serviceRoleKey })).toThrow(/service_role/);
    expect(() => siteEnv({ KYB_SUPABASE_URL: 'abc.supabase.co' })).toThrow(/http/);
  });

  it('renders the 404 page for unknown paths', () => {
    const { route, html } = renderPath('/no/such/page', env);
    expect(route).toBe(NOT_FOUND);
    const t = text(html);
    expect(t).toContain('Oops! Page not found');
    expect(html).toContain('<a href="/" class="btn btn--primary">');
    expect(html).toContain('<kyb-not-found></kyb-not-found>');
  });
});
