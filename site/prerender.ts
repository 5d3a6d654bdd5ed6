/**
 * Prerenders the whole site to static files in dist/site/:
 *
 *   npx tsx site/prerender.ts            (npm run build:site)
 *
 * 1. reads the configuration and the review snapshots, and stops there, before writing anything, when
 *    they cannot be had;
 * 2. empties dist/site and builds the stylesheet + copies site/public through Vite (vite.site.config.ts);
 * 3. renders every route and alias of site/routes.ts with preact-render-to-string to
 *    dist/site/<path>/index.html, the 404 page to dist/site/404.html, and one /embed/<element> page per
 *    embeddable element (ui/embeds.ts; layout/EmbedDocument.tsx);
 * 4. copies the widget bundle dist/widgets/ (built by `vite build --config vite.widgets.config.ts`) to
 *    dist/site/widgets/, or warns when it has not been built;
 * 5. writes sitemap.xml, robots.txt, _headers (CSP and cache rules) and _redirects.
 *
 * Environment: KYB_SUPABASE_URL, KYB_SUPABASE_ANON_KEY (the public anon key), KYB_SITE_URL; they go into
 * the meta tags the widgets read. Defaults point at the local stack (supabase/local) with its demo key
 * (data/local-stack.ts: the site reaches the stack over HTTP only, never by importing it);
 * a hosted KYB_SUPABASE_URL needs its own anon key. KYB_PRERENDER_REVIEWS (unset, `off`, `seed`) chooses
 * where the prerendered reviews come from, and a hosted project that cannot be read stops the build
 * (site/data/review-snapshots.ts). KYB_WIDGETS_DIR overrides where the built widget bundle is taken from
 * (default dist/widgets); KYB_SITE_OUT where the site is written (default dist/site).
 */
import { cp, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { BUSINESS } from '../shared/business.ts';
import { Document, absoluteUrl } from './layout/Document.tsx';
import type { SiteEnv } from './layout/env.ts';
import { EmbedDocument, embedPath } from './layout/EmbedDocument.tsx';
import { EMBEDS } from '../ui/embeds.ts';
import { LOCAL_ANON_KEY, LOCAL_SUPABASE_URL } from './data/local-stack.ts';
import { SiteBuildError, isLocalStackUrl, loadReviewSnapshots } from './data/review-snapshots.ts';
import { loadLaunches } from './data/launches.ts';
import { GUIDES, guideHref } from './content/downloads.ts';
import { guidePdf } from './pdf.ts';
import { DISALLOWED, NOT_FOUND, ROUTES, allPages, outputFile, routeFor, sitemapPaths, type Route } from './routes.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DEFAULT_OUT_DIR = join(ROOT, 'dist/site');
export const WIDGETS_DIR = join(ROOT, 'dist/widgets');
export const WIDGET_SCRIPT = '/widgets/kyb-widgets.js';
export const DEFAULT_STYLESHEET = '/assets/site.css';
export const DEFAULT_EMBED_STYLESHEET = '/assets/embed.css';

/** The values the pages embed, from the environment (defaults: the local stack). */
export function siteEnv(env: NodeJS.ProcessEnv = process.env, stylesheet = DEFAULT_STYLESHEET, embedStylesheet = DEFAULT_EMBED_STYLESHEET): SiteEnv {
  const supabaseUrl = (env.KYB_SUPABASE_URL || LOCAL_SUPABASE_URL).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(supabaseUrl)) throw new Error(`KYB_SUPABASE_URL must be an http(s) URL, got ${JSON.stringify(supabaseUrl)}`);
  if (!env.KYB_SUPABASE_ANON_KEY && !isLocalStackUrl(supabaseUrl)) {
    // The default is the local stack's demo key, which a hosted project rejects: every widget would fail.
    throw new SiteBuildError(`site: KYB_SUPABASE_URL is the hosted project ${supabaseUrl} but KYB_SUPABASE_ANON_KEY is not set; set it to that project's public anon key.`);
  }
  const supabaseAnonKey = env.KYB_SUPABASE_ANON_KEY || LOCAL_ANON_KEY;
  if (/service_role/.test(decodeJwtRole(supabaseAnonKey))) {
    // The key is published in every page: a service key here would hand out full database access.
    throw new Error('KYB_SUPABASE_ANON_KEY holds a service_role key; use the public anon key.');
  }
  return {
    supabaseUrl,
    supabaseAnonKey,
    siteUrl: (env.KYB_SITE_URL || BUSINESS.siteUrl).replace(/\/+$/, ''),
    stylesheet,
    embedStylesheet,
    widgetScript: WIDGET_SCRIPT,
  };
}

function decodeJwtRole(token: string): string {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return String(payload.role ?? '');
  } catch {
    return '';
  }
}

/** The full HTML of one route served at `path` (a route path, an alias, or NOT_FOUND.path). */
export function renderRoute(route: Route, path: string, env: SiteEnv): string {
  const body = renderToString(h(Document, { route, path, env }, h(route.page, {})));
  return `<!doctype html>\n${body}\n`;
}

/** Renders the page at `path`; unknown paths render the 404 page. */
export function renderPath(path: string, env: SiteEnv = siteEnv()): { route: Route; html: string } {
  const route = path === NOT_FOUND.path ? NOT_FOUND : (routeFor(path) ?? NOT_FOUND);
  return { route, html: renderRoute(route, path, env) };
}

/** Every page of the site: [output file, html], aliases and the 404 page included. */
export function renderAll(env: SiteEnv = siteEnv()): { path: string; file: string; route: Route; html: string }[] {
  const pages = [...allPages(), { path: NOT_FOUND.path, route: NOT_FOUND }];
  return pages.map(({ path, route }) => ({ path, file: outputFile(path), route, html: renderRoute(route, path, env) }));
}

/** The /embed/<element> pages (issue #22): [path, output file, html]. Not routes: no header, not in the sitemap. */
export function renderEmbedPages(env: SiteEnv = siteEnv()): { path: string; file: string; html: string }[] {
  return EMBEDS.map((embed) => {
    const path = embedPath(embed);
    return { path, file: outputFile(path), html: `<!doctype html>\n${renderToString(h(EmbedDocument, { embed, env }))}\n` };
  });
}

export function sitemapXml(): string {
  const urls = sitemapPaths()
    .map((p) => `  <url><loc>${escapeXml(absoluteUrl(p))}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(): string {
  return ['User-agent: *', ...DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${absoluteUrl('/sitemap.xml')}`, ''].join('\n');
}

/**
 * Content-Security-Policy for every page: no inline script or style, backend calls to Supabase only, and
 * no framing by anyone (`frame-ancestors 'none'`). `embed: true`: the /embed pages' policy, the same but
 * that any site may frame them (`frame-ancestors *`), and they frame nothing themselves.
 */
export function contentSecurityPolicy(env: Pick<SiteEnv, 'supabaseUrl'>, opts: { embed?: boolean } = {}): string {
  const supa = new URL(env.supabaseUrl).origin;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: blob: ${supa}`,
    `media-src 'self' blob: ${supa}`,
    `connect-src 'self' ${supa}`,
    "font-src 'self'",
    // Embedded videos and the social feed render as local posters that link out; these hosts are
    // allowed so an opt-in player can be added without loosening anything else. 'self': /admin/embed
    // previews the site's own /embed pages.
    opts.embed ? "frame-src 'none'" : "frame-src 'self' https://www.youtube-nocookie.com https://www.instagram.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    opts.embed ? 'frame-ancestors *' : "frame-ancestors 'none'",
    "manifest-src 'self'",
  ].join('; ');
}

/**
 * Netlify / Cloudflare Pages header rules. Both hosts merge every matching rule and join repeated
 * headers with commas, so Cache-Control is set only on disjoint prefixes, never on /*.
 *
 * /embed/* (issue #22) needs a policy that lets other sites frame it, and two policies both apply (the
 * browser enforces each): so its rule first detaches the site-wide one (`! Content-Security-Policy`,
 * Cloudflare Pages' syntax; scripts/serve-site.ts reads it too) and then sets its own. A host that
 * ignores that line keeps `frame-ancestors 'none'` on them: the embeds fail closed, never the other pages.
 */
export function headersFile(env: Pick<SiteEnv, 'supabaseUrl'>): string {
  return [
    '/*',
    `  Content-Security-Policy: ${contentSecurityPolicy(env)}`,
    '  X-Content-Type-Options: nosniff',
    '  Referrer-Policy: strict-origin-when-cross-origin',
    '  Permissions-Policy: camera=(), microphone=(), geolocation=(), payment=()',
    '  Cross-Origin-Opener-Policy: same-origin',
    '',
    '/assets/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    '',
    // Module scripts and the elements' CSS files are fetched with CORS: third-party pages (a link-in-bio
    // page) embed the widgets with one <script type="module"> pointing here, which only loads with this header.
    '/widgets/*',
    '  Access-Control-Allow-Origin: *',
    '  Cross-Origin-Resource-Policy: cross-origin',
    '',
    '/widgets/chunks/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    '',
    '/widgets/kyb-widgets.js',
    '  Cache-Control: public, max-age=300, must-revalidate',
    '',
    // The optional host-page line of the iframe form; like the loader, pages link it by name.
    '/widgets/kyb-embed-resizer.js',
    '  Cache-Control: public, max-age=300, must-revalidate',
    '',
    '/widgets/kyb-embed-frame.js',
    '  Cache-Control: public, max-age=300, must-revalidate',
    '',
    '/embed/*',
    '  ! Content-Security-Policy',
    `  Content-Security-Policy: ${contentSecurityPolicy(env, { embed: true })}`,
    '',
    '/images/*',
    '  Cache-Control: public, max-age=86400',
    '',
    '/downloads/*',
    '  Cache-Control: public, max-age=86400',
    '  X-Robots-Tag: noindex',
    '',
  ].join('\n');
}

export function redirectsFile(): string {
  return [
    '# No redirects are needed: every alias (/resources, /digital-tools/beta, /crown-planner, /vip-crown-suite,',
    '# /protective-style-planner) is prerendered as its own page with a canonical link to the main address,',
    '# and Netlify and Cloudflare Pages serve /404.html with status 404 for any other path by themselves.',
    '',
  ].join('\n');
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function exists(p: string) {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}

/** Builds the stylesheets and copies site/public with Vite; returns the site's and the embed pages' stylesheet hrefs. */
async function buildAssets(outDir: string): Promise<{ site: string; embed: string }> {
  const { build } = await import('vite');
  const out = await build({ configFile: join(ROOT, 'vite.site.config.ts'), build: { outDir } });
  const outputs = (Array.isArray(out) ? out : [out]).flatMap((o) => ('output' in o ? o.output : []));
  const css = (name: string) => {
    const file = outputs.find((o) => o.type === 'asset' && o.fileName.startsWith(`assets/${name}-`) && o.fileName.endsWith('.css'));
    if (!file) throw new Error(`vite.site.config.ts produced no ${name} stylesheet`);
    return `/${file.fileName}`;
  };
  return { site: css('site'), embed: css('embed') };
}

async function copyWidgets(outDir: string, widgetsDir: string, log: (m: string) => void): Promise<boolean> {
  if (!(await exists(join(widgetsDir, 'kyb-widgets.js')))) {
    log(`warning: ${widgetsDir}/kyb-widgets.js not found; pages will load ${WIDGET_SCRIPT} but it is missing. Run: npx vite build --config vite.widgets.config.ts`);
    return false;
  }
  // The manifests and the widget playground are build/test artefacts, not part of the deployed site.
  const skip = new Set(['.vite', 'playground', 'custom-elements.json']);
  await mkdir(join(outDir, 'widgets'), { recursive: true });
  for (const entry of await readdir(widgetsDir)) {
    if (skip.has(entry)) continue;
    await cp(join(widgetsDir, entry), join(outDir, 'widgets', entry), { recursive: true });
  }
  return true;
}

/** The Vault's guides as real PDFs, /downloads/<id>.pdf (site/pdf.ts). */
async function writeGuides(outDir: string) {
  await mkdir(join(outDir, 'downloads'), { recursive: true });
  for (const g of GUIDES) await writeFile(join(outDir, guideHref(g)), await guidePdf(g));
}

export interface BuildOptions {
  outDir?: string;
  widgetsDir?: string;
  env?: NodeJS.ProcessEnv;
  log?: (message: string) => void;
  /** How the backend is reached when reading reviews (tests pass a fake hosted project); default: fetch. */
  fetch?: typeof fetch;
}

export async function buildSite(opts: BuildOptions = {}) {
  const started = performance.now();
  const outDir = opts.outDir ?? DEFAULT_OUT_DIR;
  const log = opts.log ?? ((m: string) => console.log(m));
  const vars = opts.env ?? process.env;
  // Configuration and reviews first: a build that cannot go on stops before it empties the output folder.
  const baseEnv = siteEnv(vars);
  const reviews = await loadReviewSnapshots({ supabaseUrl: baseEnv.supabaseUrl, anonKey: baseEnv.supabaseAnonKey, env: vars, log, fetch: opts.fetch });
  await loadLaunches({ supabaseUrl: baseEnv.supabaseUrl, anonKey: baseEnv.supabaseAnonKey, env: vars, log, fetch: opts.fetch });
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const sheets = await buildAssets(outDir);
  const env: SiteEnv = { ...baseEnv, stylesheet: sheets.site, embedStylesheet: sheets.embed };
  const pages = [...renderAll(env), ...renderEmbedPages(env)];
  for (const p of pages) {
    const file = join(outDir, p.file);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, p.html);
  }
  await writeGuides(outDir);
  const widgets = await copyWidgets(outDir, opts.widgetsDir ?? (process.env.KYB_WIDGETS_DIR || WIDGETS_DIR), log);
  await writeFile(join(outDir, 'sitemap.xml'), sitemapXml());
  await writeFile(join(outDir, 'robots.txt'), robotsTxt());
  await writeFile(join(outDir, '_headers'), headersFile(env));
  await writeFile(join(outDir, '_redirects'), redirectsFile());
  const ms = Math.round(performance.now() - started);
  log(
    `site: ${pages.length} pages (${ROUTES.length} routes, ${EMBEDS.length} embeds) → ${outDir} in ${ms} ms${widgets ? '' : ' (without widgets)'}; reviews for ${reviews.count} slugs from ${reviews.source}`,
  );
  return { outDir, pages: pages.map((p) => p.file), stylesheet: sheets.site, widgets, env };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildSite({ outDir: process.env.KYB_SITE_OUT ? resolve(process.env.KYB_SITE_OUT) : undefined }).catch((e) => {
    console.error(e instanceof SiteBuildError ? e.message : e);
    process.exit(1);
  });
}
