/**
 * The prerendered site against the specs (docs/pages.md, docs/limits.md): every route of the route table
 * renders a complete page (one h1, title, canonical, metadata, the widget script), aliases point their
 * canonical at the main address, the sitemap lists exactly the public canonical routes, nothing needs
 * an inline script or style (strict CSP), every image has width/height/alt, every internal link leads
 * to a page or a file, and each page carries the labels and figures the specs give it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, bookingLink } from '../../shared/business.ts';
import { REVIEW_SLUGS } from '../../shared/rules/reviews.ts';
import { apiKeys } from '../../supabase/local/config.ts';
import { contentSecurityPolicy, headersFile, renderAll, renderPath, robotsTxt, siteEnv, sitemapXml } from '../../site/prerender.ts';
import { NOT_FOUND, ROUTES, allPages, routeFor, sitemapPaths } from '../../site/routes.ts';
import { GUIDES, guideHref } from '../../site/content/downloads.ts';

/** A file the built site serves: copied from site/public, or a PDF the build makes (site/pdf.ts). */
const servedFile = (href: string) => existsSync(join(ROOT, 'site/public', href)) || GUIDES.some((g) => guideHref(g) === href);

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const env = siteEnv({}, '/assets/site-test.css');
const abs = (p: string) => new URL(p, BUSINESS.siteUrl).toString();

type Page = ReturnType<typeof renderAll>[number];
let pages: Page[];
const page = (path: string) => {
  const p = pages.find((x) => x.path === path);
  if (!p) throw new Error(`no page rendered at ${path}`);
  return p.html;
};

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'");
/** Visible text of the body (scripts and tags removed, entities decoded, whitespace collapsed). */
const text = (html: string) =>
  decode(
    html
      .slice(html.indexOf('<body'))
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
const all = (re: RegExp, s: string) => [...s.matchAll(re)];
/** An attribute's value; a bare attribute (preact writes alt="" as `alt`) reads as "". */
const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}(?:="([^"]*)")?(?=[\\s/>]|$)`).exec(tag);
  return m ? decode(m[1] ?? '') : null;
};
const jsonLd = (html: string) => all(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g, html).map((m) => JSON.parse(m[1]));

beforeAll(() => {
  const t0 = performance.now();
  pages = renderAll(env);
  // The whole site renders in well under a second (widget-build-notes: ~40 pages in 0.1 s).
  expect(performance.now() - t0).toBeLessThan(3000);
});

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
const NOINDEX = ['/admin/gallery', '/admin/reviews', '/admin/inbox', '/account', '/beta-tester', '/unsubscribe'];

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

  it('has exactly one h1, a skip link to main, the landmarks, the header and footer', () => {
    for (const p of pages) {
      const h = p.html;
      const where = `page ${p.path}`;
      expect(all(/<h1[\s>]/g, h).length, where).toBe(1);
      expect(h, where).toContain('<a class="skip-link" href="#main">');
      expect(h, where).toContain('<main id="main"');
      expect(all(/<header class="site-header"/g, h).length, where).toBe(1);
      expect(all(/<footer class="site-footer"/g, h).length, where).toBe(1);
      expect(h, where).toContain('<nav class="nav-desktop" aria-label="Main">');
    }
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

  it('shares one layout: nav labels, Digital Tools dropdown, Book Now, auth button, DM button, four-column footer, © 2025 with Privacy and Cookies', () => {
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
    for (const col of ['Company', 'Digital Tools', 'Programs', 'Actions']) expect(h).toContain(`<h2 class="site-footer__title">${col}</h2>`);
    expect(h).toContain('<a href="/partners">Join Our Eco System</a>');
    expect(h).toContain(`href="mailto:${BUSINESS.email}">Contact</a>`);
    expect(t).toContain(`© 2025 ${BUSINESS.legalName}`);
    expect(h).toContain('<a href="/privacy">Privacy</a>');
    expect(h).toContain('<a href="/cookies">Cookies</a>');
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
    for (const p of ['/admin', '/account', '/beta-tester']) expect(robots).toContain(`Disallow: ${p}\n`);
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

describe('page content (docs/pages.md) and figures (docs/limits.md)', () => {
  /** Texts each page must show (visible text, entities decoded). */
  const TEXTS: Record<string, string[]> = {
    '/': [
      'Book a Free Consultation',
      'Holistic Haircare Haven',
      'Discover More',
      'Explore Collection',
      'Digital Planning Tools',
      'Begin Planning',
      'Holistic is not Harsh',
      'Wisdom-Guided',
      'Pure & Ethical',
      'Beyond The Chair',
      'Schedule Sacred Time',
      'Join the Circle',
    ],
    '/products': [
      'Our Crown Creations',
      'Buy Now',
      'Explore Gallery',
      'From $65',
      'From $70',
      'From $90',
      'Coming Soon',
      'Book Consultation',
      'Toxic Free & Ethically Sourced',
      'Dyeable',
      'Reusable',
      'Free Handmade Accessory',
      'Scented',
      'Customizable',
      'Digital Care Cards',
      'Custom & Unique',
      'Style Gallery',
    ],
    '/products/trinity-locs': [
      'Trinity Locs',
      'Human/synthetic blend',
      'From $70',
      'Buy Now',
      'Book Consultation',
      'Features',
      'Specifications',
      'Customer Reviews',
      'Back to Products',
      '$140',
      '+$75',
    ],
    '/products/irie-locs': ['Irie Locs', 'Non-toxic synthetic', 'From $65', '26 in', '$111', '$130'],
    '/products/jah-locs': [
      'Jah Locs',
      '100% human hair',
      'From $90',
      '3-4 weeks',
      'deposit',
      'balance is due before shipping',
      '$90',
      '$110',
      '$130',
      '$150',
      '20 locs',
      '40 locs',
      '60 locs',
      '0.4 cm',
      '0.6-0.8 cm',
      '1.2-1.5 cm',
    ],
    '/products/diy-kit': [
      'DIY Trinity Loc Kit',
      'Starter Kit',
      'Premium Kit',
      'Complete Kit',
      '$149',
      '$199',
      '$249',
      'Ships in 3-5 business days',
      'Crochet hook',
      'Video tutorial for install and removal',
    ],
    '/products/lock-kit': [
      'Base kit $95',
      'Details',
      'How It Works',
      'Materials',
      'Care',
      'Kit FAQs',
      'Related products',
      '+$25',
      '+$50',
      '+$55',
      '+$12',
      '+$9',
      '+$8',
      'Ships to the U.S. only',
      'kits are final sale',
    ],
    '/handmade-locs': ['From $79', 'Free shipping over $100', 'Add to Cart', 'Back to Products', 'Style Gallery'],
    '/holistic-haircare': [
      'Holistic Haircare Haven',
      'Scalp detox',
      '$25',
      '20 min',
      'Infrared steamer',
      '$20',
      '15 min',
      'Crystal massage',
      '$15',
      '10 min',
      '5 visits',
      '10% off',
      '10 visits',
      '15% off',
      'Refer a friend',
      '$10 credit',
      'Partner brands',
      'Book Now',
    ],
    '/services': [
      'Schedule Sacred Time',
      'Why A KYB Service',
      'Holistic by Design',
      'Tailored for You',
      'Care that Continues',
      'Extensions & Products',
      'Herbal Tea Bar',
      'Aromatherapy',
      'Guided Stretches',
      'Sound Healing',
      'Adornment Bar',
      'Premium Add-Ons',
      'Traditional Infusions',
      'Clay, Conditioning & Detox Treatments',
      'Herbal Hair Soaks & Rinses',
      'cannot be booked separately',
      'Students',
      'Refer a Friend',
      'Birthdays',
      'View All Partners',
      'How It Works',
      'Scheduling & Waitlist',
      BUSINESS.phone,
      'Terms',
      'Ready to book?',
      'Book with Acuity',
    ],
    '/about': ['The system is broken', 'Our answer', 'Meet the Visionary', 'In the News', 'Demo Day', 'September 13, 2025'],
    '/press': ['All', 'Events', 'Features', 'Partnerships', 'Research', 'Updates', 'Featured story', 'Archive', BUSINESS.pressEmail],
    '/blog': ['Holistic Care', 'Ingredients', 'Protective Styling', 'Loc Science', 'Economy & Equity', 'The Full Loc Bible', 'Load More', 'Join the Circle'],
    '/rewards': [
      'New Friend',
      '1-3 visits',
      'Loyal Client',
      '4-7 visits',
      'Hair Family',
      '8-12 visits',
      'Crown Royalty',
      '13+ visits',
      '25%',
      '50%',
      'automatically after each completed service',
      'Member benefits',
    ],
    '/faq': [
      'Frequently Asked Questions',
      'Booking',
      'Services',
      'Locs',
      'Crown Planner',
      'Policies',
      'Sourcing',
      'Still Have Questions?',
      'within 24 hours',
      'Email Us',
      '24 hours',
      '48 hours',
      '15 minutes',
      '50%',
      '30 days',
      'quarterly',
      '2-3 weeks',
      '1 week',
      '5-10 business days',
      '2 weeks',
      'link in your confirmation e-mail',
    ],
    '/faq/locs': [
      'Back to Products',
      'Jah Locs: human hair',
      'Trinity Locs: human/synthetic blend',
      'Irie Locs: non-toxic synthetic',
      'Choosing size, length and bundles',
      'Weight and comfort',
      'Turnaround and shipping',
      'Customization and orders',
      'Care and maintenance',
      'Policies and international inquiries',
      'Learn & Connect',
      'Instagram',
      'YouTube',
      'TikTok',
      'Shop Now',
      '7-14 business days',
      'United States only',
      '1-2 bundles',
      '2-4 bundles or more',
      '4-8 weeks',
      '20 locs',
      '$75',
    ],
    '/partners': ['Join Our Eco System', '2-3 business days', 'Affiliate Partnership', 'Supplier/Vendor', 'Brand Collaboration', 'Other'],
    '/digital-tools': ['Goal Tracking', 'Ritual Scheduler', 'Product Pantry', 'The Vault', 'Visit the Blog', 'YouTube', 'Starter Care Checklist'],
    '/digital-tools/crown-planner': [
      'Protective Styling Edition',
      '139+',
      'Trusted by 1000+ users',
      'Get CROWN',
      'Overview',
      'How It Works',
      "What's Inside",
      'FAQ',
      "What You'll Receive at Checkout",
      'Initialize your Crown',
      'Compile your Plan',
      'Run the Install',
      'Debug & Evolve',
      '$13',
      '$27',
      'digital sticker book',
    ],
    '/beta': ['Beta', 'AI Hair Quiz', 'Community Hub', 'Digital Library', 'Smart Scheduler', 'Goals Tracker'],
    '/beta-tester': [
      'Beta Access Tools',
      'Crown Planner',
      'Coming Soon',
      'AI Hair Quiz',
      'Community Hub',
      'Digital Library',
      'Smart Scheduler',
      'Goals Tracker',
      'e-mail your feedback',
      'community chat',
    ],
    '/vault': [
      'Starter Care Checklist',
      'Takedown Guide',
      'Ritual Tracker',
      'PDF',
      'Digital',
      'Download',
      'View on Pinterest',
      'View on YouTube',
      'View on Instagram',
      'View on TikTok',
      'Book a Service',
    ],
    '/shop': ['50+ products', 'Partner brands', 'Featured', 'Coming Soon', '$28', '$22', '$35', 'Notify Me'],
    '/admin/gallery': ['Gallery Administration'],
    '/account': ['My Account'],
    '/locs': ['Discover Handmade Locs'],
    '/planner': ['Begin Planning'],
    '/privacy': ['will be added'],
    '/cookies': ['will be added'],
    '/contact': [BUSINESS.email, BUSINESS.phone, 'Message us on Instagram', '24 hours'],
    '/ethics': ['Ethically sourced hair', 'Toxic-free materials'],
    '/blog/full-loc-bible': ['The Full Loc Bible', '20 locs', '0.4 cm', '12-14 in', '32 in'],
    '/press/gsu-startup-forum': ['Demo Day, September 13, 2025', 'Back to Press'],
  };

  it.each(Object.entries(TEXTS))('%s shows its labels and figures', (path, expected) => {
    const t = text(page(path));
    for (const s of expected) expect(t, `${path} shows "${s}"`).toContain(s);
  });

  it('embeds the widgets where the spec puts interaction, with prerendered fallback content', () => {
    const has = (path: string, tag: string) => expect(page(path), `${path} has ${tag}`).toContain(tag);
    for (const id of ['trinity-locs', 'irie-locs', 'jah-locs', 'diy-kit', 'lock-kit']) {
      has(`/products/${id}`, `<kyb-reviews slug="${id}">`);
      has(`/products/${id}`, `<kyb-loc-configurator product="${id}">`);
      has(`/products/${id}`, '<kyb-thumbnail-gallery');
    }
    has('/handmade-locs', '<kyb-reviews slug="handmade-locs">');
    has('/handmade-locs', '<kyb-thumbnail-gallery');
    has('/holistic-haircare', '<kyb-reviews slug="holistic-haircare">');
    has('/holistic-haircare', '<kyb-sticky-bar threshold="300">');
    has('/digital-tools/crown-planner', '<kyb-reviews slug="protective-style-planner">');
    has('/digital-tools/crown-planner', `<kyb-planner-gallery fallback-src="/images/planner-cover.svg" fallback-alt="`);
    has('/', '<kyb-newsletter source-page="/">');
    has('/products', '<kyb-waitlist>');
    has('/products', '<kyb-product-filter>');
    has('/admin/gallery', '<kyb-gallery-admin>');
    has('/admin/inbox', '<kyb-admin-inbox>');
    // Every admin page links the others, the inbox with its count of new items.
    for (const path of ['/admin/inbox', '/admin/reviews', '/admin/gallery']) {
      const html = page(path);
      expect(html, path).toContain(`<a href="${path}" aria-current="page">`);
      expect(html, path).toContain('Inbox<kyb-inbox-count></kyb-inbox-count></a>');
      for (const other of ['/admin/inbox', '/admin/reviews', '/admin/gallery']) expect(html, `${path} links ${other}`).toContain(`href="${other}"`);
    }
    has('/account', '<kyb-account>');
    has('/beta', '<kyb-beta-gate>');
    has('/digital-tools', '<kyb-access-modal>');
    has('/digital-tools', '<kyb-vault>');
    has('/partners', '<kyb-partnership-form>');
    for (const item of ['tee', 'scarf', 'journal']) has('/shop', `<kyb-merch-notify item="${item}">`);
    has('/services', '<kyb-sticky-bar threshold="300">');
    has('/404', '<kyb-not-found></kyb-not-found>');
    // Every review slug the backend knows has a page that shows its reviews.
    const everything = pages.map((p) => p.html).join('');
    for (const slug of REVIEW_SLUGS) expect(everything, slug).toContain(`<kyb-reviews slug="${slug}">`);
    // Fallback content: no embedded element is empty except the 404 logger and the admin nav's count
    // of new inbox items (a hint beside a link: without JavaScript there is nothing to count).
    for (const p of pages) {
      for (const m of all(/<(kyb-[a-z-]+)([^>]*)><\/\1>/g, p.html)) expect(['kyb-not-found', 'kyb-inbox-count'], `${p.path} has an empty <${m[1]}>`).toContain(m[1]);
    }
  });

  it('prerenders the catalog cards with the data the product filter sorts on', () => {
    const h = page('/products');
    const cards = all(/<article class="product-card" data-category="([^"]+)" data-price(?:="(\d*)")? data-added="(\d{4}-\d\d-\d\d)" data-rank="(\d+)"/g, h);
    // The DIY kit card shows no price (docs/data.md#entities), so it carries none to sort on: price sorts put it last.
    expect(cards.map((c) => [c[1], c[2] ?? ''])).toEqual([
      ['loc-extensions', '70'],
      ['loc-extensions', '65'],
      ['loc-extensions', '90'],
      ['diy-kit', ''],
    ]);
    expect(h.indexOf('<kyb-product-filter>')).toBeLessThan(h.indexOf('class="product-card"'));
    // Loc cards: Buy Now to the product page and Book Consultation to the booking service.
    expect(h).toContain('<a href="/products/irie-locs" class="btn btn--primary">Buy Now</a>');
    expect(h).toContain(`href="${bookingLink({ consultation: true }).replace(/&/g, '&amp;')}" class="btn btn--outline" target="_blank" rel="noopener">Book Consultation`);
  });

  it('uses exclusive accordions on the FAQ pages and FAQPage structured data', () => {
    for (const path of ['/faq', '/faq/locs']) {
      const h = page(path);
      const names = new Set(all(/<details name="(faq[a-z-]*)"/g, h).map((m) => m[1]));
      // /faq: one group for the page (one question open at a time, issue #8); /faq/locs: one per group.
      expect(names.size, path).toBeGreaterThanOrEqual(path === '/faq' ? 1 : 6);
      const faq = jsonLd(h).find((b) => b['@type'] === 'FAQPage');
      expect(faq, path).toBeDefined();
      const questions = all(/<summary class="accordion__q"><span>([^<]+)<\/span>/g, h).map((m) => decode(m[1]));
      expect(faq.mainEntity.map((q: { name: string }) => q.name)).toEqual(questions);
      for (const q of faq.mainEntity) expect(q.acceptedAnswer.text.length).toBeGreaterThan(10);
    }
    // One exclusive group for the whole page: one question open at a time (docs/pages.md#faq, issue #8).
    expect([...new Set(all(/<details name="([a-z-]+)"/g, page('/faq')).map((m) => m[1]))]).toEqual(['faq']);
    expect(all(/<section id="([a-z]+)" class="faq-card"/g, page('/faq')).map((m) => m[1])).toEqual(['booking', 'services', 'locs', 'planner', 'policies', 'sourcing']);
    expect(all(/<section id="[a-z-]+" class="faq-card"/g, page('/faq/locs')).length).toBe(9);
  });

  it('describes the services with Service structured data', () => {
    const svc = jsonLd(page('/services')).find((b) => b['@type'] === 'Service');
    expect(svc).toMatchObject({
      serviceType: 'Hair Care',
      url: abs('/services'),
      provider: { '@type': 'Organization', name: BUSINESS.legalName },
      areaServed: [{ name: 'Atlanta' }, { name: 'Cayman Islands' }],
    });
    expect(svc.name).toBeTruthy();
    expect(svc.description.length).toBeGreaterThan(40);
  });

  it('describes each product with Product structured data and its price range', () => {
    const expected: Record<string, [number, number]> = {
      'trinity-locs': [70, 215],
      'irie-locs': [65, 205],
      'diy-kit': [149, 249],
    };
    for (const [id, [low, high]] of Object.entries(expected)) {
      const product = jsonLd(page(`/products/${id}`)).find((b) => b['@type'] === 'Product');
      expect(product.offers, id).toMatchObject({ '@type': 'AggregateOffer', priceCurrency: 'USD', lowPrice: low, highPrice: high });
      expect(product.url).toBe(abs(`/products/${id}`));
    }
    for (const id of ['jah-locs', 'lock-kit']) {
      const product = jsonLd(page(`/products/${id}`)).find((b) => b['@type'] === 'Product');
      expect(product.offers.lowPrice, id).toBe(id === 'jah-locs' ? 90 : 95);
    }
  });

  it('opens the booking service, payment and checkout placeholders in a new tab', () => {
    expect(page('/')).toContain(`href="${bookingLink({ consultation: true }).replace(/&/g, '&amp;')}"`);
    expect(page('/handmade-locs')).toContain(`href="${BUSINESS.cardCheckoutUrl}" class="btn btn--primary" target="_blank" rel="noopener">Add to Cart`);
    for (const tier of ['pdf', 'bundle'] as const) expect(page('/digital-tools/crown-planner')).toContain(`href="${BUSINESS.plannerPaymentUrl(tier)}"`);
  });

  it('links every Vault download to a real file', () => {
    const h = page('/vault');
    const downloads = all(/<a class="btn btn--primary" href="(\/downloads\/[^"]+)" download="[^"]+">/g, h).map((m) => m[1]);
    expect(downloads).toHaveLength(3);
    for (const d of downloads) expect(servedFile(d), d).toBe(true);
  });
});
