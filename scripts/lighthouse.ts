/**
 * Lighthouse on every route of the built site (prints figures; a measurement, not a test):
 *
 *   npm run lighthouse [-- --runs 3] [--routes /,/blog,/products/irie-locs] [--build] [--breakdown] [--json out.json] [--save dir] [--site dist-dir]
 *
 * - Builds first when dist/site or its widget bundle is missing, or with --build (the shipped preact
 *   build, reviews prerendered from the seed, as scripts/test.ts builds it).
 * - Serves a private copy of dist/site with scripts/serve-site.ts (gzip and the _headers CSP, as a
 *   static host does) and the local Supabase stack in memory on a free port; the copy's meta tags and
 *   CSP are pointed at that stack, as the e2e fixture does (tests/e2e/support/site.ts).
 * - Runs Lighthouse (the npm package) in its default mode: mobile emulation and simulated throttling
 *   (4× CPU slowdown, slow 4G), performance category only, in Debian's Chromium with the team's flags,
 *   N runs per page (default 3), storage reset between runs so every run is a first visit.
 * - Prints one row per page: the median of each figure over the runs (performance score, FCP, LCP, TBT,
 *   CLS, bytes transferred) and whether it meets the goal of issue #13 (score ≥ 95, TBT ≤ 200 ms,
 *   CLS 0). --breakdown adds, per page, the median run's main-thread time by category and by script.
 *
 * Timings depend on the machine's load (the simulated throttling multiplies the real CPU time), so the
 * load average is printed with the table. --save writes every run's full Lighthouse result (JSON) to dir,
 * for its long-task, layout-shift and DOM-size audits. --site measures another built site folder instead
 * of dist/site (a before/after comparison). Exit status 0 whatever the figures; 1 only when it cannot run.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { loadavg, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { allPages } from '../site/routes.ts';
import { serve } from '../supabase/local/server.ts';
import { serveSite } from './serve-site.ts';
import { DIST_SITE, ROOT, metaContent, setMeta } from '../tests/e2e/support/site.ts';
import { CHROMIUM_ARGS } from '../tests/support/chromium.ts';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const RUNS = Math.max(1, Number(option('runs') ?? 3));
const ONLY = option('routes')
  ?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const SAVE = option('save');
/** Another built site to measure (e.g. an older build, for a before/after); never built here. */
const SITE_DIR = option('site') ?? DIST_SITE;
const GOAL = { score: 95, tbt: 200, cls: 0 };

function build() {
  const steps: [string, string[], NodeJS.ProcessEnv][] = [
    ['vite', ['build', '--config', 'vite.widgets.config.ts', '--logLevel', 'error'], {}],
    ['tsx', ['site/prerender.ts'], { KYB_PRERENDER_REVIEWS: 'seed' }],
  ];
  for (const [bin, argv, env] of steps) {
    console.log(`building: ${bin} ${argv.join(' ')}`);
    const r = spawnSync(join(ROOT, 'node_modules/.bin', bin), argv, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    if (r.status !== 0) throw new Error(`${bin} ${argv.join(' ')} failed`);
  }
}

/** Every .html file under dir. */
async function htmlFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await htmlFiles(p)));
    else if (e.name.endsWith('.html')) out.push(p);
  }
  return out;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  breakdown: Record<string, number>;
  /** Main-thread time per script URL (Lighthouse's bootup-time audit). */
  scripts: Record<string, number>;
}

async function main() {
  if (SITE_DIR === DIST_SITE && (flag('build') || !existsSync(join(DIST_SITE, 'index.html')) || !existsSync(join(DIST_SITE, 'widgets/kyb-widgets.js')))) build();

  // --save's folder is made here: a missing one failed every run only when its first result was written.
  if (SAVE) await mkdir(SAVE, { recursive: true });
  // A private copy, pointed at this run's stack (a rebuild elsewhere cannot swap files mid-run).
  const dir = await mkdtemp(join(tmpdir(), 'kyb-lighthouse-'));
  await cp(SITE_DIR, dir, { recursive: true });
  const backend = await serve({ port: 0, config: { autoconfirm: true } });
  const buildUrl = metaContent(await readFile(join(dir, 'index.html'), 'utf8'), 'kyb-supabase-url');
  if (!buildUrl) throw new Error('dist/site/index.html has no <meta name="kyb-supabase-url">: rebuild with --build');
  for (const f of await htmlFiles(dir)) {
    // Every mention of the build's backend (the meta tag, /links' ping addresses), then the key.
    let html = (await readFile(f, 'utf8')).split(new URL(buildUrl).origin).join(new URL(backend.url).origin);
    html = setMeta(html, 'kyb-supabase-url', backend.url);
    html = setMeta(html, 'kyb-supabase-anon-key', backend.stack.config.anonKey);
    await writeFile(f, html);
  }
  const headers = await readFile(join(dir, '_headers'), 'utf8').catch(() => '');
  await writeFile(join(dir, '_headers'), headers.split(new URL(buildUrl).origin).join(new URL(backend.url).origin));
  const web = await serveSite({ root: dir, port: 0 });

  const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROMIUM_ARGS, ignoreDefaultFlags: true });
  const pages = allPages()
    .map((p) => p.path)
    .filter((p) => !ONLY || ONLY.includes(p));
  const rows: { path: string; runs: Run[]; error?: string }[] = [];
  const load0 = loadavg()[0];
  const started = Date.now();
  try {
    for (const path of pages) {
      const row: (typeof rows)[number] = { path, runs: [] };
      rows.push(row);
      // A run that fails (a busy machine can lose the trace's navigation start) is tried again, twice at most.
      for (let i = 0; row.runs.length < RUNS && i < RUNS + 2; i++) {
        try {
          const result = await lighthouse(`${web.url}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
          const lhr = result?.lhr;
          if (!lhr) throw new Error('no result');
          if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
          if (SAVE) await writeFile(join(SAVE, `${path.replace(/\W+/g, '_') || 'root'}-${i}.json`), JSON.stringify(lhr));
          const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
          const items = (lhr.audits['mainthread-work-breakdown']?.details as { items?: { groupLabel: string; duration: number }[] } | undefined)?.items ?? [];
          row.runs.push({
            score: Math.round((lhr.categories.performance.score ?? 0) * 100),
            fcp: num('first-contentful-paint'),
            lcp: num('largest-contentful-paint'),
            tbt: num('total-blocking-time'),
            cls: num('cumulative-layout-shift'),
            bytes: num('total-byte-weight'),
            breakdown: Object.fromEntries(items.map((it) => [it.groupLabel, it.duration])),
            scripts: Object.fromEntries(
              ((lhr.audits['bootup-time']?.details as { items?: { url: string; total: number }[] } | undefined)?.items ?? []).map((it) => [it.url.replace(web.url, ''), it.total]),
            ),
          });
        } catch (e) {
          row.error = e instanceof Error ? e.message : String(e);
        }
      }
      process.stderr.write(`  ${path}: ${row.runs.map((r) => r.score).join(' ')}${row.error ? ` (error: ${row.error})` : ''}\n`);
    }
  } finally {
    await chrome.kill();
    await web.close();
    await backend.close();
    await rm(dir, { recursive: true, force: true });
  }

  const pad = (s: string | number, n: number) => String(s).padStart(n);
  console.log(
    `\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile (default emulation, simulated throttling), median of ${RUNS} run(s) per page`,
  );
  console.log(`machine: ${cpus().length} cores, load average ${load0.toFixed(2)} at start, ${loadavg()[0].toFixed(2)} at end; ${Math.round((Date.now() - started) / 1000)} s\n`);
  console.log(`${'page'.padEnd(36)}${pad('perf', 6)}${pad('FCP ms', 9)}${pad('LCP ms', 9)}${pad('TBT ms', 9)}${pad('CLS', 7)}${pad('kB', 8)}  goal`);
  let met = 0;
  for (const r of rows) {
    if (!r.runs.length) {
      console.log(`${r.path.padEnd(36)}  error: ${r.error}`);
      continue;
    }
    const m = (k: Exclude<keyof Run, 'breakdown' | 'scripts'>) => median(r.runs.map((x) => x[k]));
    const ok = m('score') >= GOAL.score && m('tbt') <= GOAL.tbt && m('cls') <= GOAL.cls;
    if (ok) met++;
    console.log(
      `${r.path.padEnd(36)}${pad(m('score'), 6)}${pad(Math.round(m('fcp')), 9)}${pad(Math.round(m('lcp')), 9)}${pad(Math.round(m('tbt')), 9)}${pad(m('cls').toFixed(3), 7)}${pad((m('bytes') / 1024).toFixed(0), 8)}  ${ok ? 'pass' : 'FAIL'}`,
    );
    if (flag('breakdown')) {
      const mid = [...r.runs].sort((a, b) => a.score - b.score)[r.runs.length >> 1];
      const parts = Object.entries(mid.breakdown).sort((a, b) => b[1] - a[1]);
      console.log(`${''.padEnd(4)}main thread (median run): ${parts.map(([k, v]) => `${k} ${Math.round(v)} ms`).join(', ')}`);
      const top = Object.entries(mid.scripts)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4);
      console.log(`${''.padEnd(4)}by script: ${top.map(([k, v]) => `${k} ${Math.round(v)} ms`).join(', ')}`);
    }
  }
  console.log(`\n${met}/${rows.length} pages meet performance ≥ ${GOAL.score}, TBT ≤ ${GOAL.tbt} ms, CLS ${GOAL.cls}`);
  const out = option('json');
  if (out) await writeFile(out, JSON.stringify(rows, null, 2));
}

main().catch((e) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
