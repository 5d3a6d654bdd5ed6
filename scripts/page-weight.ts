/**
 * Page weight of the built site, as a first-time visitor gets it (prints figures; not a test):
 *
 *   npm run page-weight                       (after npm run build)
 *
 * For each route of site/routes.ts it loads the prerendered page in Debian's Chromium (a fresh context,
 * so nothing is cached) against the local stack in memory, waits for the widgets to upgrade and the
 * network to settle, and records:
 *   - HTML: the document's bytes, raw and gzipped (gzip level 6, as static hosts serve it);
 *   - JS:   every script response's body, gzipped, and how many files.
 * Then it prints one table and flags the content-only routes (no widget in <main>, only the shared
 * header's) that fetch any JavaScript beyond the loader, listing the files each one fetched.
 *
 * Exit status 0 whatever the figures (budgets are enforced elsewhere); 1 only when it cannot run.
 */
import { gzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROUTES, outputFile } from '../site/routes.ts';
import { startSite } from '../tests/e2e/support/site.ts';
import { widgetsUpgraded } from '../tests/e2e/support/page.ts';

const LOADER = '/widgets/kyb-widgets.js';
/** Elements in the shared layout, present on every page. */
const LAYOUT_WIDGETS = new Set(['kyb-auth-button']);

interface Row {
  path: string;
  status: number;
  htmlRaw: number;
  htmlGz: number;
  jsFiles: string[];
  jsGz: number;
  jsRaw: number;
  contentOnly: boolean;
  error?: string;
}

const gz = (b: Buffer) => gzipSync(b, { level: 6 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

/** kyb-* tags inside <main> of the built page. */
async function mainWidgets(dir: string, path: string): Promise<string[]> {
  const html = await readFile(join(dir, outputFile(path)), 'utf8');
  const main = /<main\b[\s\S]*?<\/main>/.exec(html)?.[0] ?? '';
  return [...new Set([...main.matchAll(/<(kyb-[a-z0-9-]+)/g)].map((m) => m[1]))].filter((t) => !LAYOUT_WIDGETS.has(t));
}

async function main() {
  const site = await startSite({ autoconfirm: true });
  const rows: Row[] = [];
  try {
    for (const route of ROUTES) {
      const path = route.path;
      const row: Row = { path, status: 0, htmlRaw: 0, htmlGz: 0, jsFiles: [], jsGz: 0, jsRaw: 0, contentOnly: (await mainWidgets(site.dir, path)).length === 0 };
      const context = await site.context();
      const page = await context.newPage();
      const pending: Promise<void>[] = [];
      page.on('response', (res) => {
        const req = res.request();
        const url = new URL(res.url());
        if (url.origin !== site.url) return;
        const type = req.resourceType();
        if (type !== 'document' && type !== 'script') return;
        pending.push(
          res
            .body()
            .then((body) => {
              if (type === 'document' && req.frame() === page.mainFrame() && !row.htmlRaw) {
                row.htmlRaw = body.length;
                row.htmlGz = gz(body);
              } else if (type === 'script') {
                row.jsFiles.push(url.pathname);
                row.jsRaw += body.length;
                row.jsGz += gz(body);
              }
            })
            .catch(() => {}),
        );
      });
      try {
        const res = await page.goto(site.url + path);
        row.status = res?.status() ?? 0;
        if (path === '/account') await page.waitForURL(`${site.url}/`, { timeout: 20_000 }).catch(() => {});
        else await widgetsUpgraded(page, undefined, { wakeSignIn: false });
        await page.waitForLoadState('networkidle');
        await Promise.all(pending);
      } catch (e) {
        row.error = e instanceof Error ? e.message.split('\n')[0] : String(e);
      }
      await context.close();
      site.takeProblems();
      rows.push(row);
    }
  } finally {
    await site.close();
  }

  const header = ['route', 'status', 'HTML raw', 'HTML gzip', 'JS files', 'JS gzip', 'JS raw', ''];
  const table = rows.map((r) => [
    r.path,
    String(r.status),
    kb(r.htmlRaw),
    kb(r.htmlGz),
    String(r.jsFiles.length),
    kb(r.jsGz),
    kb(r.jsRaw),
    r.error ? `error: ${r.error}` : r.contentOnly && r.jsFiles.some((f) => f !== LOADER) ? 'content-only, JS beyond the loader' : '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const t of table) console.log(line(t));
  const total = (k: 'htmlGz' | 'jsGz') => rows.reduce((n, r) => n + r[k], 0);
  console.log(
    `\n${rows.length} routes; median HTML gzip ${kb(median(rows.map((r) => r.htmlGz)))}, median JS gzip ${kb(median(rows.map((r) => r.jsGz)))}; totals HTML ${kb(total('htmlGz'))}, JS ${kb(total('jsGz'))} (gzip).`,
  );

  const flagged = rows.filter((r) => r.contentOnly && r.jsFiles.some((f) => f !== LOADER));
  if (flagged.length) {
    console.log(`\nContent-only routes that fetch JavaScript beyond the loader (${flagged.length}):`);
    for (const r of flagged) console.log(`  ${r.path}: ${r.jsFiles.filter((f) => f !== LOADER).join(', ')} (${kb(r.jsGz)} gzip in all)`);
  } else {
    console.log('\nNo content-only route fetches JavaScript beyond the loader.');
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
