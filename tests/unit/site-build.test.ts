/**
 * site/prerender.ts buildSite() end to end into a temporary folder: the stylesheet built by Vite and
 * linked from every page, site/public copied, pages and aliases written where a static host looks for
 * them, the 404 page, sitemap.xml / robots.txt / _headers / _redirects, and the widget bundle copied
 * without its build artefacts (or skipped with a warning when it has not been built), and the reviews
 * read from the (fake) hosted project. Where reviews come from and when the build refuses:
 * site-build-guard.test.ts.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../site/prerender.ts';
import { allPages } from '../../site/routes.ts';
import { fakeProject } from '../support/review-feed.ts';
import { GUIDES, guideHref } from '../../site/content/downloads.ts';
import { VAULT_ITEMS } from '../../widgets/vault/items.ts';

let tmp: string;
let out: string;
let result: Awaited<ReturnType<typeof buildSite>>;
const logs: string[] = [];
const project = fakeProject();

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'kyb-site-'));
  out = join(tmp, 'site');
  const widgets = join(tmp, 'widgets');
  await mkdir(join(widgets, 'chunks'), { recursive: true });
  await mkdir(join(widgets, '.vite'), { recursive: true });
  await mkdir(join(widgets, 'playground'), { recursive: true });
  await writeFile(join(widgets, 'kyb-widgets.js'), 'export {};\n');
  await writeFile(join(widgets, 'chunks/reviews-abc.js'), 'export {};\n');
  await writeFile(join(widgets, '.vite/manifest.json'), '{}');
  await writeFile(join(widgets, 'playground/index.html'), '<!doctype html>');
  await writeFile(join(widgets, 'custom-elements.json'), '{"schemaVersion":"1.0.0","modules":[]}');
  result = await buildSite({
    outDir: out,
    widgetsDir: widgets,
    env: { KYB_SUPABASE_URL: 'https://proj.supabase.co', KYB_SUPABASE_ANON_KEY: 'public-anon-key' },
    log: (m) => logs.push(m),
    fetch: project.fetch,
  });
}, 60_000);
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('buildSite', () => {
  it('writes every page and alias where a static host serves it', async () => {
    for (const { path } of allPages()) {
      const file = path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
      expect(existsSync(join(out, file)), file).toBe(true);
    }
    expect(existsSync(join(out, '404.html'))).toBe(true);
    expect(logs.at(-1)).toMatch(/^site: \d+ pages/);
  });

  it('builds the stylesheet with a content hash and links it from the pages', async () => {
    expect(result.stylesheet).toMatch(/^\/assets\/site-[\w-]+\.css$/);
    const css = await readFile(join(out, result.stylesheet), 'utf8');
    expect(css).toContain('.site-header');
    expect(css).not.toMatch(/\n\s+\n/); // minified
    const home = await readFile(join(out, 'index.html'), 'utf8');
    expect(home).toContain(`<link rel="stylesheet" href="${result.stylesheet}"/>`);
    expect(home).toContain('<meta name="kyb-supabase-url" content="https://proj.supabase.co"/>');
    expect(home).toContain('<meta name="kyb-supabase-anon-key" content="public-anon-key"/>');
  });

  it('copies images, downloads and the favicon', async () => {
    for (const f of ['favicon.svg', 'images/logo.svg', 'images/planner-cover.svg', 'images/og-default.png', 'downloads/ritual-tracker.html']) {
      expect(existsSync(join(out, f)), f).toBe(true);
    }
    for (const id of ['irie-locs', 'trinity-locs', 'jah-locs', 'diy-kit', 'lock-kit']) expect(existsSync(join(out, `images/products/${id}.svg`)), id).toBe(true);
  });

  // issue #8: the Vault's "PDF" downloads were HTML files.
  it("makes every Vault download labelled PDF a real PDF, with the guide's own title and text", async () => {
    const pdfs = VAULT_ITEMS.filter((i) => i.fileType === 'PDF');
    expect(pdfs.length).toBe(2);
    for (const item of pdfs) {
      expect(item.href, item.title).toMatch(/\.pdf$/);
      expect(item.download ?? '', item.title).toMatch(/\.pdf$/);
      const bytes = await readFile(join(out, item.href));
      expect(bytes.subarray(0, 5).toString('latin1'), `${item.href} is a PDF`).toBe('%PDF-');
      const guide = GUIDES.find((g) => guideHref(g) === item.href)!;
      expect(guide, `${item.href} comes from site/content/downloads.ts`).toBeDefined();
      const raw = bytes.toString('latin1');
      expect(raw, 'its title in the document info').toMatch(/\/Title \d+ 0 R/);
      expect(raw, "the guide's title").toContain(`(${guide.title})`);
    }
  });

  it('copies the widget bundle without the manifests or the playground', async () => {
    expect(result.widgets).toBe(true);
    expect((await readdir(join(out, 'widgets'))).sort()).toEqual(['chunks', 'kyb-widgets.js']);
    expect(existsSync(join(out, 'widgets/chunks/reviews-abc.js'))).toBe(true);
  });

  it('writes sitemap.xml, robots.txt, _headers with the backend in the CSP, and _redirects', async () => {
    const sitemap = await readFile(join(out, 'sitemap.xml'), 'utf8');
    expect(sitemap).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(sitemap).toContain('<loc>https://kybhaircare.com/</loc>');
    expect(sitemap).not.toContain('/account');
    expect(await readFile(join(out, 'robots.txt'), 'utf8')).toContain('Disallow: /admin');
    const headers = await readFile(join(out, '_headers'), 'utf8');
    expect(headers).toContain("connect-src 'self' https://proj.supabase.co");
    expect(existsSync(join(out, '_redirects'))).toBe(true);
  });

  it('prerenders the first page of reviews and AggregateRating read from the configured backend', async () => {
    expect(
      logs.some((l) => /reviews for 8 slugs from backend/.test(l)),
      logs.join('\n'),
    ).toBe(true);
    expect(project.calls[0]).toMatchObject({ apikey: 'public-anon-key' });
    expect(project.calls[0].url).toMatch(/^https:\/\/proj\.supabase\.co\/rest\/v1\/rpc\/review_feed\?p_slug=/);
    const html = await readFile(join(out, 'products/irie-locs/index.html'), 'utf8');
    expect(html).toContain('"aggregateRating":{"@type":"AggregateRating","ratingValue":4.5,"reviewCount":2');
    expect(html).toMatch(/class="reviews-fallback__summary"><strong>4\.5<\/strong><svg[\s\S]*?<\/svg><span class="sr-only"> out of 5\. <\/span><span>Based on 2 reviews</);
    expect(html).toContain('Build-time review 1 of irie-locs');
    expect(html).toContain('Verified Purchase');
  });

  it('warns and still builds when the widgets have not been built', async () => {
    const warnings: string[] = [];
    const r = await buildSite({ outDir: join(tmp, 'site2'), widgetsDir: join(tmp, 'no-widgets'), env: { KYB_PRERENDER_REVIEWS: 'off' }, log: (m) => warnings.push(m) });
    expect(r.widgets).toBe(false);
    expect(warnings.find((w) => w.startsWith('warning:'))).toMatch(/^warning: .*kyb-widgets\.js not found.*vite build --config vite\.widgets\.config\.ts/);
    expect(existsSync(join(tmp, 'site2/index.html'))).toBe(true);
    expect(existsSync(join(tmp, 'site2/widgets'))).toBe(false);
  }, 60_000);
});
