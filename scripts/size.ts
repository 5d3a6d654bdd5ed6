/**
 * Size report of the built widget bundles (builds nothing: run `npm run build:widgets`, and
 * `npx vite build --config vite.widgets.config.ts --mode react` for the React build, first).
 *
 *   npm run size
 *
 * For each of dist/widgets (shipped: preact/compat and @r2wc/react-to-web-component) and dist/widgets-react
 * (React 19, if present):
 * - every JS file: raw, gzip (level 9) and brotli (quality 11) bytes;
 * - the loader (kyb-widgets.js) gzip size against its 2.15 kB budget;
 * - the JS a visitor fetches before a reviews list can show on a page whose only element is
 *   <kyb-reviews>: the loader + the reviews chunk + everything it imports statically, followed through
 *   Vite's .vite/manifest.json (dynamic imports, such as the auth client, are not needed to read
 *   reviews), against the 16 kB gzip goal (printed: met or missed) and, for the shipped build, the 18.0 kB
 *   ceiling (enforced); then the CSS files the loader fetches with those chunks, and the two together.
 * Exits non-zero when the shipped build's loader is over budget or its reviews first view is over its
 * ceiling (the React build is reported, not gated).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LOADER = 'kyb-widgets.js';
/**
 * 2.15 kB: the loader holds, per element, its chunk, loading strategy, preloads and space reservation, in
 * one string written at build time (scripts/vite/loader-manifest.ts), plus the logic that loads
 * each element by its strategy (widgets/loader.ts). 2 kB until it also started each element's CSS file
 * with its code (core/define.ts `sheet`), when the CSS left the JavaScript (issue #13). Issue #19: 2.18 kB
 * with 22 common chunks, back to 2.01 kB by writing the table more tightly (scripts/vite/loader-manifest.ts):
 * the common chunks numbered by use, and an element's set of them one base-36 number instead of
 * dot-separated indexes (-0.08 kB); the common chunks other than the named groups named by their hash
 * alone (vite.widgets.config.ts chunkName, -0.09 kB). 2.15 kB since issue #31's two elements
 * (kyb-rewards-card, kyb-admin-rewards): their rows of the table took the loader to 2.13 kB.
 * An element costs the loader its row, so a budget fixed in bytes forbids the next element; the rows were
 * already written as tightly as above.
 */
const LOADER_BUDGET = 2.15 * 1024;
/** The goal for the reviews first view's JavaScript (gzip; issues #13 and #19): printed, met or missed. */
const REVIEWS_GOAL = 16 * 1024;
/**
 * Enforced for dist/widgets (shipped). History: 20.96 kB after issue #13's split, 21.25 kB with the merchant
 * reply under a review (issue #10), 20.85 kB once the common controls' CSS left the runtime
 * (core/controls.css), 20.70 kB without `@__PURE__` comments in the output (vite.widgets.config.ts), 20.11 kB
 * with the reviews module (model/, view/) inside kyb-reviews' chunk (one file fewer), 20.05 kB with the icon
 * button's rules loading with the form and the lightbox, 20.00 kB with siteUrl/siteOrigin (core/site.ts) out
 * of the runtime, 18.52 kB with preact/compat and r2wc replaced by a thin layer of our own, 18.61 kB once the
 * loader holds an early sign-in request back, 15.86 kB once the CSS is in files of its own (fetched by the
 * loader with the code: reported below, not counted as JavaScript) and the runtime lost what only signed-in
 * elements use. Issue #19 put preact/compat and the real r2wc back under the widgets (the thin layer refused
 * React's idioms): 17.5 kB is its hard ceiling, 16 kB stays the goal. 17.20 kB then: compat and r2wc
 * +1.3 kB (with r2wc given compat's createElement alone: scripts/vite/runtime.ts `r2wcCreateElement`; all of
 * compat was +3.5 kB), autoFocus on mount +0.14 kB (core/react-on-preact.ts), less 0.1 kB found in
 * core/config.ts, core/rpc.ts and core/define.ts. Measured and left out: a useReducer for kyb-reviews' state
 * (+0.29 kB) and lazy + Suspense for its form and lightbox (+0.69 kB, compat's Suspense). 17.69 kB after
 * the merges of main, over the ceiling; 17.48 kB once the loader lost 0.17 kB (below) and the runtime
 * 0.04 kB: core/config.ts passes no build-time env object when the build has none, and core/rpc.ts lost an
 * array branch no caller used. Issue #27 (one payable checkout per cart) gave the cart an id that its
 * checkout code reads too, so the cart's store became a common chunk the loader's manifest names: 17.52 kB,
 * every byte of the growth in the loader's manifest. Issue #30 spent 0.02 kB on r2wc rendering an upgraded
 * element once, not once per attribute and again on connect (core/r2wc.ts, a subclass that marks it
 * connected only in connectedCallback): 17.54 kB. Issue #29 then spent 0.09 kB in the common toast code
 * (a toast replaces its own duplicate instead of stacking, and is placed clear of every control in view
 * and of an open dialog, widgets/core toast-place): 17.63 kB. Issue #30 allowed 18.0 kB for correctness;
 * the ceiling is that, and 16 kB stays the goal.
 */
const REVIEWS_CEILING = 18.0 * 1024;

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

function sizesOf(path: string): Sizes {
  const buf = readFileSync(path);
  return {
    raw: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    brotli: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(2)} kB`;
const pad = (s: string, n: number) => s.padEnd(n);
const lpad = (s: string, n: number) => s.padStart(n);

function jsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === '.vite' || name === 'playground' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...jsFiles(p));
    else if (name.endsWith('.js')) out.push(p);
  }
  return out.sort();
}

/** Files fetched for `key` and its static imports, transitively (manifest keys → output files). */
function staticClosure(manifest: Record<string, ManifestChunk>, key: string): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const walk = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    const c = manifest[k];
    if (!c) return;
    files.push(c.file);
    for (const i of c.imports ?? []) walk(i);
  };
  walk(key);
  return files;
}

function report(dirName: string): boolean {
  const shipped = dirName === 'widgets';
  let reviewsOk = true;
  const dir = join(ROOT, 'dist', dirName);
  if (!existsSync(join(dir, LOADER))) {
    console.log(`dist/${dirName}: not built (skipped)\n`);
    return true;
  }
  console.log(`dist/${dirName}`);
  const manifestPath = join(dir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>) : null;
  // A common chunk's file is its hash alone (vite.widgets.config.ts chunkName): the name it was given follows it.
  const names = new Map(Object.values(manifest ?? {}).map((c) => [c.file, c.name]));
  const label = (rel: string) => (/^chunks[\\/][\w-]{6}\.js$/.test(rel) && names.get(rel.replace(/\\/g, '/')) ? `${rel} (${names.get(rel.replace(/\\/g, '/'))})` : rel);
  console.log(`  ${pad('file', 48)}${lpad('raw', 11)}${lpad('gzip', 11)}${lpad('brotli', 11)}`);
  const all = new Map<string, Sizes>();
  let total = { raw: 0, gzip: 0, brotli: 0 };
  for (const f of jsFiles(dir)) {
    const rel = relative(dir, f);
    const s = sizesOf(f);
    all.set(rel, s);
    total = { raw: total.raw + s.raw, gzip: total.gzip + s.gzip, brotli: total.brotli + s.brotli };
    console.log(`  ${pad(label(rel), 48)}${lpad(kb(s.raw), 11)}${lpad(kb(s.gzip), 11)}${lpad(kb(s.brotli), 11)}`);
  }
  console.log(`  ${pad('total (every element and the auth client)', 48)}${lpad(kb(total.raw), 11)}${lpad(kb(total.gzip), 11)}${lpad(kb(total.brotli), 11)}`);

  const loader = all.get(LOADER)!;
  // Like the ceiling below, enforced for the shipped build; the React build's own manifest is reported.
  const loaderOk = !shipped || loader.gzip <= LOADER_BUDGET;
  const within = loader.gzip <= LOADER_BUDGET ? 'OK' : shipped ? 'OVER BUDGET' : 'over (reported, not gated)';
  console.log(`\n  loader ${LOADER}: ${kb(loader.gzip)} gzip of a ${kb(LOADER_BUDGET)} budget — ${within}`);

  if (!manifest) {
    console.log('  no .vite/manifest.json: cannot follow the reviews chunk graph');
  } else {
    const reviewsKey = Object.keys(manifest).find((k) => /(^|\/)reviews\/register\.ts$/.test(k));
    if (!reviewsKey) console.log('  no reviews element in this build');
    else {
      const files = [LOADER, ...staticClosure(manifest, reviewsKey)];
      const sum = files.reduce((a, f) => ({ raw: a.raw + (all.get(f)?.raw ?? 0), gzip: a.gzip + (all.get(f)?.gzip ?? 0), brotli: a.brotli + (all.get(f)?.brotli ?? 0) }), {
        raw: 0,
        gzip: 0,
        brotli: 0,
      });
      const met = sum.gzip <= REVIEWS_GOAL;
      if (shipped) reviewsOk = sum.gzip <= REVIEWS_CEILING;
      console.log(`  page with only <kyb-reviews>, JS before the list shows (${files.length} files):`);
      for (const f of files) console.log(`    ${pad(label(f), 46)}${lpad(kb(all.get(f)?.gzip ?? 0), 11)} gzip`);
      console.log(`    ${pad('sum', 46)}${lpad(kb(sum.gzip), 11)} gzip, ${kb(sum.brotli)} brotli, ${kb(sum.raw)} raw — goal ${kb(REVIEWS_GOAL)} gzip: ${met ? 'met' : 'missed'}`);
      if (shipped) console.log(`    ceiling ${kb(REVIEWS_CEILING)} gzip (enforced): ${reviewsOk ? 'OK' : 'OVER'}`);
      // The CSS files the loader fetches with those chunks (scripts/vite/css-files.ts: a chunk's CSS
      // has its name), in parallel with them: not JavaScript, but bytes before the list shows all the same.
      const css = files.map((f) => f.replace(/\.js$/, '.css')).filter((f) => f !== LOADER.replace(/\.js$/, '.css') && existsSync(join(dir, f)));
      const cssSizes = css.map((f) => [f, sizesOf(join(dir, f))] as const);
      const cssGzip = cssSizes.reduce((a, [, x]) => a + x.gzip, 0);
      console.log(`  and its CSS, fetched with them (${css.length} files):`);
      for (const [f, x] of cssSizes) console.log(`    ${pad(f, 46)}${lpad(kb(x.gzip), 11)} gzip`);
      console.log(`    ${pad('sum', 46)}${lpad(kb(cssGzip), 11)} gzip; JavaScript and CSS together ${kb(sum.gzip + cssGzip)} gzip`);
    }
  }
  console.log('');
  return loaderOk && reviewsOk;
}

const ok = ['widgets', 'widgets-react'].map(report).every(Boolean);
if (!ok) {
  console.error(`Over budget: the loader (${kb(LOADER_BUDGET)} gzip) or the reviews first view of the shipped build (see the ceiling above).`);
  process.exit(1);
}
