/**
 * Rebuilds the pages that show some products' reviews, in place, in a built site (issue #23, ratings
 * follow the data): what the local static host does when its deploy hook is called (scripts/start.ts,
 * scripts/serve-site.ts `deployHook`), standing in for a static host's whole-site rebuild.
 *
 *   rebuildPages({ outDir, supabaseUrl, anonKey, slugs }) → the files written
 *
 * - The reviews, and which Coming Soon products are on sale (the kit's launch switch), are read from the backend now (the same review_feed the build reads); a backend that
 *   cannot be read changes nothing and throws, so the hook answers with a failure and the slugs are
 *   asked for again (supabase/functions/site-rebuild).
 * - Which pages: every page (aliases and the 404 page included) is rendered in memory, and those whose
 *   render looked up one of the slugs' snapshots (their own reviews and AggregateRating, catalog and
 *   related-product cards: review-snapshots.ts readsOf) are written, when they differ. So the page's
 *   visible rating and its JSON-LD come from one snapshot, and agree.
 * - The pages keep what they were built with (the backend's address and key, the site's address, the
 *   stylesheet), read from the built index.html: a rebuild changes reviews, nothing else.
 * - Each file is written beside itself and renamed over it: a request never reads half a page.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SiteEnv } from './layout/env.ts';
import { loadReviewSnapshots, readsOf } from './data/review-snapshots.ts';
import { loadLaunches } from './data/launches.ts';
import { WIDGET_SCRIPT, renderRoute } from './prerender.ts';
import { NOT_FOUND, allPages, outputFile } from './routes.ts';

export interface RebuildOptions {
  /** The built site (dist/site, or a copy of it). */
  outDir: string;
  /** Where the reviews are read now (the running stack). */
  supabaseUrl: string;
  anonKey: string;
  /** The products whose pages are out of date. */
  slugs: readonly string[];
  log?: (m: string) => void;
}

const metaOf = (html: string, name: string) => new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1];

/** What the built pages were rendered with, read back from the built home page. */
async function builtEnv(outDir: string): Promise<SiteEnv> {
  const index = await readFile(join(outDir, 'index.html'), 'utf8');
  const env = {
    supabaseUrl: metaOf(index, 'kyb-supabase-url'),
    supabaseAnonKey: metaOf(index, 'kyb-supabase-anon-key'),
    siteUrl: metaOf(index, 'kyb-site-url'),
    stylesheet: /<link rel="stylesheet" href="([^"]+)"/.exec(index)?.[1],
    widgetScript: WIDGET_SCRIPT,
  };
  for (const [k, v] of Object.entries(env)) if (!v) throw new Error(`rebuild: ${outDir}/index.html does not say its ${k}; build the site first`);
  return env as SiteEnv;
}

export async function rebuildPages(o: RebuildOptions): Promise<string[]> {
  const log = o.log ?? (() => {});
  const env = await builtEnv(o.outDir);
  const read = await loadReviewSnapshots({ supabaseUrl: o.supabaseUrl, anonKey: o.anonKey, env: {}, log });
  if (read.source !== 'backend') throw new Error(`rebuild: the reviews could not be read from ${o.supabaseUrl}; the pages are left as they were`);
  // Whether a Coming Soon product was launched (or taken off sale) since: its pages follow the switch.
  await loadLaunches({ supabaseUrl: o.supabaseUrl, anonKey: o.anonKey, env: {}, log });
  const wanted = new Set(o.slugs);
  const written: string[] = [];
  for (const { path, route } of [...allPages(), { path: NOT_FOUND.path, route: NOT_FOUND }]) {
    const { value: html, slugs } = readsOf(() => renderRoute(route, path, env));
    if (![...slugs].some((s) => wanted.has(s))) continue;
    const file = join(o.outDir, outputFile(path));
    const before = await readFile(file, 'utf8').catch(() => null);
    if (before === html) continue;
    await writeFile(`${file}.rebuild`, html);
    await rename(`${file}.rebuild`, file);
    written.push(outputFile(path));
  }
  log(`site: rebuilt ${written.length} page(s) for ${[...wanted].join(', ')}`);
  return written;
}
