/**
 * End-to-end fixture: the BUILT site (dist/site) served over HTTP, the real local Supabase stack in
 * memory on its own free port, and Debian's Chromium driven by Playwright.
 *
 * Why a proxy in front of scripts/serve-site.ts: the prerendered pages carry the backend's address in
 * `<meta name="kyb-supabase-url">` (and the anon key and the site's own origin in two more meta tags),
 * and `_headers` pins the Content-Security-Policy's connect-src/img-src to that same address, all fixed
 * at build time (default http://127.0.0.1:54321). Each test file runs its own stack on a free port
 * (never a fixed one: other suites run at the same time), so the proxy rewrites those three meta tags,
 * every other mention of the build's backend origin in a page (/links' ping addresses) and the CSP
 * origin on the fly. Everything else (status codes, content types, /path → index.html, the
 * 404 page with status 404, the CSP itself) is the real static server's answer.
 *
 * The built site is copied to a temporary folder first, so a rebuild running elsewhere cannot swap
 * files under a test halfway through.
 *
 * Every page opened in any context of the fixture is watched: a `console.error` or an uncaught page
 * error fails the running test (afterEach), unless the test declared it with `site.allowConsole()`.
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type ConsoleMessage, type Page } from 'playwright';
import { createClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { serve } from '../../../supabase/local/server.ts';
import { CHROMIUM_ARGS } from '../../support/chromium.ts';
import { defaultConfig } from '../../../supabase/local/config.ts';
import { serveSite, type ServeOptions, type SiteServer } from '../../../scripts/serve-site.ts';
import { rebuildPages } from '../../../site/rebuild.ts';
import { openTestDb, type TestClient } from '../../support/stack.ts';
import { startStubOrigin, type StubOrigin } from './offline.ts';
import type { Database } from '../../../supabase/types/database.ts';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const DIST_SITE = join(ROOT, 'dist/site');
export const BUILD_HINT = 'run the build first: npx vite build --config vite.widgets.config.ts && npx tsx site/prerender.ts';

/**
 * Site.context's `unlimitedFrames`: no cap on the frame rate, and no wait for a vertical blank headless has
 * not got.
 */
const UNLIMITED_FRAMES = ['--disable-frame-rate-limit', '--disable-gpu-vsync'];

/** Debian's Chromium with the fixture's switches, `extra`, and the stub origin's host rules (offline.ts). */
const launchChromium = (stub: StubOrigin, extra: string[] = []): Promise<Browser> =>
  chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...extra, ...stub.args] });

export const DESKTOP = { width: 1280, height: 900 } as const;
export const MOBILE = { width: 390, height: 844 } as const;

/** Fails with an actionable message when the build output is missing (nothing is ever skipped). */
export function assertBuilt(dir = DIST_SITE): void {
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`${dir}/index.html not found: ${BUILD_HINT}`);
  if (!existsSync(join(dir, '404.html'))) throw new Error(`${dir}/404.html not found: ${BUILD_HINT}`);
  if (!existsSync(join(dir, 'widgets', 'kyb-widgets.js'))) {
    throw new Error(`${dir}/widgets/kyb-widgets.js not found (the site was prerendered before the widgets were built): ${BUILD_HINT}`);
  }
}

/** Copies dist/site to a private temporary folder. */
export async function snapshotSite(): Promise<{ dir: string; remove(): Promise<void> }> {
  assertBuilt();
  const dir = await mkdtemp(join(tmpdir(), 'kyb-e2e-site-'));
  await cp(DIST_SITE, dir, { recursive: true });
  assertBuilt(dir);
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export function metaContent(html: string, name: string): string | null {
  const tag = new RegExp(`<meta\\b[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0];
  return tag ? (/\bcontent="([^"]*)"/.exec(tag)?.[1] ?? null) : null;
}

export function setMeta(html: string, name: string, value: string): string {
  return html.replace(new RegExp(`<meta\\b[^>]*\\bname="${name}"[^>]*>`, 'g'), (tag) => tag.replace(/\bcontent="[^"]*"/, `content="${value}"`));
}

export interface BackendInfo {
  supabaseUrl: string;
  anonKey: string;
  siteUrl: string;
}

/**
 * The static server with the per-run backend written into every HTML page and into the CSP.
 * `buildSupabaseUrl` is the address the pages were built with (read from index.html).
 */
export async function startSiteServer(
  root: string,
  backend: () => BackendInfo,
  deployHook?: ServeOptions['deployHook'],
): Promise<SiteServer & { buildSupabaseUrl: string; upstreamUrl: string }> {
  const index = await readFile(join(root, 'index.html'), 'utf8');
  const buildSupabaseUrl = metaContent(index, 'kyb-supabase-url');
  if (!buildSupabaseUrl) throw new Error('dist/site/index.html has no <meta name="kyb-supabase-url">: the widgets could not find the backend');
  const buildOrigin = new URL(buildSupabaseUrl).origin;
  const upstream = await serveSite({ root, port: 0, gzip: false, deployHook });

  const server: Server = createServer(async (req, res) => {
    try {
      const method = req.method ?? 'GET';
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) {
        if (v === undefined || k === 'host' || k === 'accept-encoding' || k === 'connection') continue;
        headers.set(k, Array.isArray(v) ? v.join(', ') : v);
      }
      const r = await fetch(`${upstream.url}${req.url ?? '/'}`, { method, headers, redirect: 'manual' });
      const out: Record<string, string> = {};
      r.headers.forEach((v, k) => {
        if (['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'].includes(k)) return;
        out[k] = v;
      });
      const b = backend();
      const backendOrigin = new URL(b.supabaseUrl).origin;
      if (out['content-security-policy']) out['content-security-policy'] = out['content-security-policy'].split(buildOrigin).join(backendOrigin);
      let body = Buffer.from(await r.arrayBuffer());
      if ((out['content-type'] ?? '').startsWith('text/html')) {
        // The backend's address also stands in links: /links' ping to the link-click function.
        let html = body.toString('utf8').split(buildOrigin).join(backendOrigin);
        html = setMeta(html, 'kyb-supabase-url', b.supabaseUrl);
        html = setMeta(html, 'kyb-supabase-anon-key', b.anonKey);
        html = setMeta(html, 'kyb-site-url', b.siteUrl);
        body = Buffer.from(html, 'utf8');
      }
      out['content-length'] = String(body.length);
      res.writeHead(r.status, out);
      res.end(method === 'HEAD' ? undefined : body);
    } catch (e) {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`e2e proxy: ${e instanceof Error ? e.message : String(e)}`);
    }
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', ok);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    host: '127.0.0.1',
    buildSupabaseUrl,
    upstreamUrl: upstream.url,
    async close() {
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
      await upstream.close();
    },
  };
}

export interface ConsoleProblem {
  page: string;
  kind: 'console.error' | 'pageerror';
  text: string;
  source?: string;
}

interface Allowance {
  page: Page | null;
  pattern: RegExp;
}

export interface StartOptions {
  /** Sign-ups return a session at once (default true). The journeys switch it off for one check. */
  autoconfirm?: boolean;
  /** Launch Chromium (default true; page-weight reuses the fixture with it). */
  browser?: boolean;
  /**
   * Ratings follow the data (issue #23): the static server offers a deploy hook that re-prerenders the
   * pages of the site's private copy (site/rebuild.ts), and the stack runs the site-rebuild job every
   * half second with no quiet time, as `npm start` does every 2 s. Default false.
   */
  rebuild?: boolean;
}

export interface Site {
  /** Origin of the static site, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  /** Origin of the local stack. */
  backendUrl: string;
  /** The address the pages were built with (rewritten by the proxy). */
  buildSupabaseUrl: string;
  stack: Awaited<ReturnType<typeof serve>>['stack'];
  browser: Browser;
  /** The built site's private copy (for tests that read files). */
  dir: string;
  /**
   * A context pinned to en-US / America/New_York; every other origin answers with a local stub (offline.ts).
   * `unlimitedFrames`: in a second Chromium, launched on first use, that draws animation frames as fast as
   * it can rather than 60 a second. The visual suite's route pages wait for two still frames after each
   * resize and scroll, some fifty times per width, and spent most of their time idle at 60 Hz (issue #28:
   * signed-out routes 145 s → 113 s, 114 s → 86 s, the same shots). Where the time goes to loading and
   * drawing (e2e, the visual suite's element states), the extra frames cost CPU and save nothing.
   */
  context(opts?: BrowserContextOptions, how?: { unlimitedFrames?: boolean }): Promise<BrowserContext>;
  /** A page in a fresh context (closed with the fixture). */
  page(opts?: BrowserContextOptions): Promise<Page>;
  /** Lets console errors matching `pattern` through, on one page or (page = null) everywhere; returns its undoing. */
  allowConsole(page: Page | null, pattern: RegExp): () => void;
  /** Every console message seen on a page (any type), for tests that expect a log line. */
  consoleOf(page: Page): ConsoleMessage[];
  /** Unexpected console errors and page errors since the last call; clears the list. */
  takeProblems(): ConsoleProblem[];
  /** A supabase-js client with the service_role key over HTTP (checks in the database). */
  service(): TestClient;
  /** A supabase-js client with the anon key over HTTP (sign in the admin, …). */
  anon(): TestClient;
  close(): Promise<void>;
}

export async function startSite(opts: StartOptions = {}): Promise<Site> {
  const snap = await snapshotSite();
  let backendInfo: BackendInfo | null = null;
  let web: Awaited<ReturnType<typeof startSiteServer>> | null = null;
  let backend: Awaited<ReturnType<typeof serve>> | null = null;
  let browser: Browser | null = null;
  let stub: StubOrigin | null = null;
  try {
    const hookPath = `/__kyb/deploy-hook/${randomUUID()}`;
    const deployHook: ServeOptions['deployHook'] = opts.rebuild
      ? {
          path: hookPath,
          run: async (body) => {
            if (!backend) throw new Error('backend not started yet');
            const slugs = (body as { slugs?: string[] } | null)?.slugs ?? [];
            await rebuildPages({ outDir: snap.dir, supabaseUrl: backend.url, anonKey: backend.stack.config.anonKey, slugs });
          },
        }
      : undefined;
    web = await startSiteServer(
      snap.dir,
      () => {
        if (!backendInfo) throw new Error('backend not started yet');
        return backendInfo;
      },
      deployHook,
    );
    const functionEnv = opts.rebuild ? { ...defaultConfig().functionEnv, SITE_DEPLOY_HOOK_URL: `${web.upstreamUrl}${hookPath}`, SITE_REBUILD_QUIET_SECONDS: '0' } : undefined;
    backend = await serve({
      // The run's prepared database (tests/support/global-setup.ts, the e2e and visual projects'
      // globalSetup): migrated and seeded once, copied here. Scripts that start the fixture on their own
      // (scripts/page-weight.ts) have no prepared image: their stack migrates and seeds a new database.
      db: process.env.KYB_TEST_IMAGE || process.env.DATABASE_URL ? await openTestDb() : undefined,
      port: 0,
      config: { autoconfirm: opts.autoconfirm ?? true, siteUrl: web.url, ...(functionEnv ? { functionEnv } : {}) },
      siteRebuildEveryMs: opts.rebuild ? 500 : false,
    });
    backendInfo = { supabaseUrl: backend.url, anonKey: backend.stack.config.anonKey, siteUrl: web.url };
    if (opts.browser !== false) {
      stub = await startStubOrigin();
      browser = await launchChromium(stub);
    }
  } catch (e) {
    await browser?.close().catch(() => {});
    await stub?.close().catch(() => {});
    await backend?.close().catch(() => {});
    await web?.close().catch(() => {});
    await snap.remove();
    throw e;
  }
  return assemble(snap, web, backend, browser, stub);
}

function assemble(
  snap: Awaited<ReturnType<typeof snapshotSite>>,
  web: Awaited<ReturnType<typeof startSiteServer>>,
  backend: Awaited<ReturnType<typeof serve>>,
  launched: Browser | null,
  stub: StubOrigin | null,
): Site {
  const browser = launched as Browser;
  const contexts: BrowserContext[] = [];
  const problems: ConsoleProblem[] = [];
  const allowances: Allowance[] = [];
  const logs = new WeakMap<Page, ConsoleMessage[]>();

  const allowed = (page: Page, text: string, source?: string) =>
    allowances.some((a) => (a.page === null || a.page === page) && (a.pattern.test(text) || (source !== undefined && a.pattern.test(source))));

  const watch = (page: Page) => {
    logs.set(page, []);
    page.on('console', (m) => {
      logs.get(page)!.push(m);
      if (m.type() !== 'error') return;
      const source = m.location()?.url;
      if (allowed(page, m.text(), source)) return;
      problems.push({ page: page.url(), kind: 'console.error', text: m.text(), source });
    });
    page.on('pageerror', (e) => {
      const text = `${e.name}: ${e.message}`;
      if (allowed(page, text)) return;
      problems.push({ page: page.url(), kind: 'pageerror', text: `${text}\n${e.stack ?? ''}` });
    });
  };

  let fast: Promise<Browser> | undefined;
  const context = async (o: BrowserContextOptions = {}, how: { unlimitedFrames?: boolean } = {}) => {
    if (!stub) throw new Error('the fixture was started with browser: false');
    const on = how.unlimitedFrames ? await (fast ??= launchChromium(stub, UNLIMITED_FRAMES)) : browser;
    const ctx = await on.newContext({ locale: 'en-US', timezoneId: 'America/New_York', viewport: DESKTOP, ...o });
    contexts.push(ctx);
    // Every origin but this machine's answers with a local stub (offline.ts): no route here, so the site's
    // own requests are never paused on their way.
    ctx.on('page', watch);
    return ctx;
  };

  let serviceClient: TestClient | null = null;
  const clientOpts = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

  return {
    url: web.url,
    backendUrl: backend.url,
    buildSupabaseUrl: web.buildSupabaseUrl,
    stack: backend.stack,
    browser,
    dir: snap.dir,
    context,
    async page(o) {
      const ctx = await context(o);
      return ctx.newPage();
    },
    allowConsole(page, pattern) {
      const allowance = { page, pattern };
      allowances.push(allowance);
      return () => {
        const i = allowances.indexOf(allowance);
        if (i >= 0) allowances.splice(i, 1);
      };
    },
    consoleOf(page) {
      return logs.get(page) ?? [];
    },
    takeProblems() {
      return problems.splice(0, problems.length);
    },
    service() {
      return (serviceClient ??= createClient<Database>(backend.url, backend.stack.config.serviceRoleKey, clientOpts));
    },
    anon() {
      return createClient<Database>(backend.url, backend.stack.config.anonKey, clientOpts);
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser?.close().catch(() => {});
      await fast?.then((b) => b.close()).catch(() => {});
      await stub?.close().catch(() => {});
      await web.close().catch(() => {});
      await backend.close().catch(() => {});
      await snap.remove();
    },
  };
}

/** Formats console problems for an assertion message: one entry per distinct message, with its pages. */
export function describeProblems(list: ConsoleProblem[]): string {
  const byText = new Map<string, { p: ConsoleProblem; pages: Set<string> }>();
  for (const p of list) {
    const key = `${p.kind}|${p.source ?? ''}|${p.text}`;
    const e = byText.get(key) ?? byText.set(key, { p, pages: new Set() }).get(key)!;
    e.pages.add(p.page);
  }
  return [...byText.values()]
    .map(({ p, pages }) => `  [${p.kind}]${p.source ? ` from ${p.source}` : ''} on ${[...pages].join(', ')}:\n    ${p.text.split('\n').join('\n    ')}`)
    .join('\n');
}

/** Runs `fn` over `items` with at most `n` at a time, keeping the input order in the result. */
export async function pool<T, R>(items: readonly T[], n: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return out;
}

/** A small valid PNG (solid colour), for uploads. */
export { placeholderPng } from '../../../supabase/local/seed-objects.ts';
