/**
 * The embeds' side of the built site (issue #22; site/README.md#embed-pages): the /embed/<element> pages
 * (one per ui/embeds.ts entry, minimal, noindex, their script before the loader), the one
 * header rule that lets other sites frame them and nothing else, /links (every link counted through its
 * ping), and where kyb-reviews sends a visitor who wants to write a review (REVIEW_PAGES).
 * What a host page does with them in Chromium: tests/e2e/embed-forms.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { headersFor, parseHeaders } from '../../scripts/serve-site.ts';
import { BIO_LINKS, LINK_CLICK_IDS, SOCIAL_LINK_IDS, linkClickUrl } from '../../shared/links.ts';
import { REVIEW_SLUGS } from '../../shared/rules/reviews.ts';
import { BUSINESS } from '../../shared/business.ts';
import { headersFile, renderEmbedPages, robotsTxt } from '../../site/prerender.ts';
import { EMBED_FRAME_SCRIPT } from '../../site/layout/EmbedDocument.tsx';
import { EMBEDS } from '../../ui/embeds.ts';
import { REVIEW_PAGES, reviewPagePath } from '../../ui/reviews/model/index.ts';
import { all, attr, env, page, usePages } from './site-pages.ts';

usePages();

describe('/embed/<element> pages', () => {
  const embeds = renderEmbedPages(env);

  it('renders one page per embeddable element, with the element and its default attributes', () => {
    expect(embeds.map((e) => e.file)).toEqual(EMBEDS.map((e) => `embed/${e.path}/index.html`));
    for (const [i, e] of EMBEDS.entries()) {
      const html = embeds[i].html;
      const tag = new RegExp(`<${e.tag}\\b([^>]*)>`).exec(html);
      expect(tag, e.tag).not.toBeNull();
      for (const a of e.attrs) if (a.default) expect(attr(tag![1], a.name), `${e.tag} ${a.name}`).toBe(a.default);
      for (const [k, v] of Object.entries(e.fixed ?? {})) expect(attr(tag![1], k)).toBe(v);
      expect(attr(tag![1], 'data-query') ?? '', 'the attributes the query may set').toBe(e.attrs.map((a) => a.name).join(' '));
    }
    expect(embeds.find((e) => e.path === '/embed/reviews')?.html).toMatch(/<kyb-reviews slug="handmade-locs" write="link"/);
  });

  it('is minimal: noindex, its own stylesheet, links open a new tab, no site header or footer', () => {
    for (const { path, html } of embeds) {
      expect(html, path).toContain('<meta name="robots" content="noindex, nofollow"/>');
      expect(html, path).toContain('<base target="_blank"/>');
      expect(html, path).toMatch(/<link rel="stylesheet" href="\/assets\/embed\.css"\/>/);
      expect(html, path).not.toContain('site-header');
      expect(html, path).not.toContain('site-footer');
      expect(html, path).not.toContain('dm-fab');
      expect(html, path).toContain(`<meta name="kyb-supabase-url" content="${env.supabaseUrl}"/>`);
    }
  });

  it('runs the frame script as a classic script in <head>, before the loader, and nothing inline (strict CSP)', () => {
    for (const { path, html } of embeds) {
      const head = /<head>([\s\S]*)<\/head>/.exec(html)![1];
      const scripts = all(/<script\b([^>]*)>([\s\S]*?)<\/script>/g, html);
      expect(
        scripts.map((m) => [attr(m[1], 'src'), attr(m[1], 'type')]),
        path,
      ).toEqual([
        [EMBED_FRAME_SCRIPT, null],
        [env.widgetScript, 'module'],
      ]);
      for (const m of scripts) expect(m[2], path).toBe('');
      expect(head.indexOf(EMBED_FRAME_SCRIPT)).toBeLessThan(head.indexOf(env.widgetScript));
      expect(html, path).not.toMatch(/<style[\s>]|\sstyle="|\son[a-z]+="/);
    }
  });
});

describe('who may frame what (_headers)', () => {
  const rules = parseHeaders(headersFile({ supabaseUrl: 'https://abc.supabase.co' }));
  const csp = (path: string) => headersFor(rules, path)['content-security-policy'];

  it('lets any site frame /embed/* with one policy of its own, as strict otherwise', () => {
    for (const e of EMBEDS) {
      const policy = csp(`/embed/${e.path}`);
      expect(policy.split(', ')).toHaveLength(1);
      expect(policy).toContain('frame-ancestors *');
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("style-src 'self'");
      expect(policy).toContain("connect-src 'self' https://abc.supabase.co");
      expect(policy).toContain("frame-src 'none'");
      expect(policy).not.toContain('unsafe-inline');
    }
  });

  it("keeps frame-ancestors 'none' on every other page, and lets /admin/embed frame the site's own embeds", () => {
    for (const path of ['/', '/links', '/admin/embed', '/embed', '/embedded', '/widgets/kyb-widgets.js', '/no/such/page']) {
      expect(csp(path), path).toContain("frame-ancestors 'none'");
      expect(csp(path), path).not.toContain('frame-ancestors *');
    }
    expect(csp('/admin/embed')).toMatch(/frame-src 'self' /);
    expect(headersFor(rules, '/widgets/kyb-embed-resizer.js')['access-control-allow-origin']).toBe('*');
  });

  it('keeps the embeds out of search engines', () => {
    expect(robotsTxt()).toContain('Disallow: /embed/\n');
  });
});

describe('/links', () => {
  it('counts every link through its ping, and only ids the database accepts', () => {
    const h = page('/links');
    const pings = all(/<a\b([^>]*)>/g, h)
      .map((m) => [attr(m[1], 'href'), attr(m[1], 'ping')])
      .filter(([, p]) => p);
    const expected = [
      ...BIO_LINKS.map((l) => [l.href, linkClickUrl(env.supabaseUrl, l.id)]),
      ...SOCIAL_LINK_IDS.map((k) => [BUSINESS.social[k], linkClickUrl(env.supabaseUrl, k)]),
    ];
    expect(pings).toEqual(expected);
    for (const id of LINK_CLICK_IDS) expect(id).toMatch(/^[a-z0-9-]{1,40}$/);
    expect(new Set(LINK_CLICK_IDS).size).toBe(LINK_CLICK_IDS.length);
  });

  it('loads no script of its own: the loader alone, as every page', () => {
    const scripts = all(/<script\b([^>]*)>/g, page('/links')).map((m) => attr(m[1], 'src') ?? attr(m[1], 'type'));
    expect(scripts).toEqual([env.widgetScript, 'application/ld+json']);
  });
});

describe('where a review is written (REVIEW_PAGES)', () => {
  it('names, for every review slug, the page whose reviews section holds that slug', () => {
    expect(Object.keys(REVIEW_PAGES).sort()).toEqual([...REVIEW_SLUGS].sort());
    for (const slug of REVIEW_SLUGS) expect(page(reviewPagePath(slug)), slug).toContain(`<kyb-reviews slug="${slug}">`);
  });
});
