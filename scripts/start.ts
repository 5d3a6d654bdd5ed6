/**
 * `npm start`: the local Supabase stack (PGlite persisted in .data/) and the built site, one command.
 * The backend comes up first (a few seconds) while widgets and pages build; then the site is served.
 * Builds only when dist/ is older than its sources (postinstall prepares it once).
 * Flags: --build (always rebuild), --no-build (serve the existing dist/site), --open <path> (print that page's URL, e.g. the
 * widget playground). Env: PORT (site, 5173), API_PORT (54321), DATA_DIR, DATABASE_URL, AUTH_AUTOCONFIRM,
 * STRIPE_WEBHOOK_SECRET and STRIPE_WEBHOOK_URL (the local Stripe's signing secret and webhook endpoint), ACUITY_API_KEY and
 * ACUITY_WEBHOOK_URL (the local Acuity's API key, which signs its webhooks, and its webhook endpoint).
 *
 * Ratings follow the data (issue #23): the site server offers a deploy hook, as a static host does, at a
 * secret path, and the stack's functions are given it (SITE_DEPLOY_HOOK_URL). Once the site is served,
 * the stack runs the site-rebuild job every 2 s; a few seconds after a review or reply changes (2 s of
 * quiet), the hook re-prerenders the pages that show that product (site/rebuild.ts), so /products, the
 * product page and its JSON-LD say what the database says.
 */
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../supabase/local/server.ts';
import { ADMIN_CREDENTIALS } from '../supabase/local/admin-credentials.ts';
import { defaultConfig } from '../supabase/local/config.ts';
import { MigrationError } from '../supabase/local/db.ts';
import { scheduleSiteRebuild } from '../supabase/local/site-rebuild.ts';
import { REVIEW_SLUGS } from '../shared/rules/reviews.ts';
import { rebuildPages } from '../site/rebuild.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);

/** Newest modification time under the folders the build reads (skips node_modules and dist). */
function newestSource(dirs: string[]): number {
  let newest = 0;
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  for (const d of dirs) if (existsSync(d)) walk(d);
  return newest;
}
const builtAt = (f: string) => (existsSync(f) ? statSync(f).mtimeMs : 0);
/** dist/ is older than its sources, or was built for another backend or site address. */
function stale(apiUrl: string, siteUrl: string): boolean {
  const index = join(root, 'dist/site/index.html');
  if (!existsSync(index) || builtAt(join(root, 'dist/site/widgets/kyb-widgets.js')) === 0) return true;
  const html = readFileSync(index, 'utf8');
  if (!html.includes(`content="${apiUrl}"`) || !html.includes(`content="${siteUrl}"`)) return true;
  return builtAt(index) < newestSource(['widgets', 'ui', 'site', 'shared'].map((d) => join(root, d)));
}
const openPath = args[args.indexOf('--open') + 1] && args.includes('--open') ? args[args.indexOf('--open') + 1] : '/';
const host = process.env.HOST ?? '127.0.0.1';
const apiPort = Number(process.env.API_PORT ?? 54321);
const sitePort = Number(process.env.PORT ?? 5173);
const siteUrl = `http://${host}:${sitePort}`;
const t0 = Date.now();

function run(cmd: string, argv: string[], env: NodeJS.ProcessEnv = {}) {
  return new Promise<void>((ok, fail) => {
    const p = spawn(cmd, argv, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let log = '';
    p.stdout.on('data', (d) => (log += d));
    p.stderr.on('data', (d) => (log += d));
    p.on('close', (code) => (code === 0 ? ok() : fail(new Error(`${cmd} ${argv.join(' ')} failed:\n${log}`))));
  });
}

const apiUrl = `http://${host}:${apiPort}`;
// Rebuild only when needed (postinstall builds once; edits or other addresses trigger a rebuild).
const build = args.includes('--build') || (!args.includes('--no-build') && stale(apiUrl, siteUrl));
const buildEnv = { KYB_SUPABASE_URL: apiUrl, KYB_SITE_URL: siteUrl };
const bin = (b: string) => join(root, 'node_modules', '.bin', b);
// Widgets build while the backend boots; the pages are prerendered once the backend answers, so their
// reviews come from this database (not from a second, in-memory copy of the seed).
const widgetsBuilt = build ? run(bin('vite'), ['build', '--config', 'vite.widgets.config.ts', '--logLevel', 'error'], buildEnv) : Promise.resolve();
widgetsBuilt.catch(() => {}); // reported below, after the backend is up

const dataDir = process.env.DATA_DIR ?? join(root, '.data', 'db');
/** The site server's deploy hook: a secret path, like a host's, so no page can set off rebuilds. */
const deployHookPath = `/__kyb/deploy-hook/${randomUUID()}`;
const api = await serve({
  // A database built from another history of the migrations, or one that fails, stops here (db.ts migrate).
  rebuild: process.env.DATABASE_URL ? 'drop and create the database DATABASE_URL names, then npm start' : 'npm run db:reset',
  port: apiPort,
  host,
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATABASE_URL ? undefined : dataDir,
  config: {
    siteUrl,
    additionalRedirectUrls: [siteUrl],
    storageDir: join(root, '.data', 'storage'),
    functionEnv: { ...defaultConfig().functionEnv, SITE_DEPLOY_HOOK_URL: `${siteUrl}${deployHookPath}`, SITE_REBUILD_QUIET_SECONDS: '2' },
  },
  // Started below, once the site server (which answers the hook) is up.
  siteRebuildEveryMs: false,
}).catch((e: unknown) => {
  if (!(e instanceof MigrationError)) throw e;
  // Its message says what differs and how to rebuild; nothing was applied, and the stack is not up.
  console.error(`\n  npm start: the local database cannot be migrated.\n  ${e.message.replace(/\n/g, '\n  ')}\n`);
  process.exit(1);
});
console.log(`\n  KYB local stack ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
console.log(`  Node:             ${process.version}`);
console.log(`  API (Supabase):   ${api.url}`);
console.log(`  Mail inbox:       ${api.url}/inbox`);
console.log(`  Stripe (local):   ${api.url}/stripe   (API ${api.url}/v1; test card 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined)`);
// As `stripe listen` does: the secret the webhook verifies with, and where events go.
console.log(`  Webhook secret:   ${api.stack.config.stripe.webhookSecret}   (events to ${api.stack.config.stripe.webhookUrl || 'nowhere'})`);
console.log(`  Acuity (local):   ${api.url}/acuity   (API ${api.url}/api/v1, user id ${api.stack.config.acuity.userId}: book, cancel, no-show, end now)`);
console.log(`  Acuity API key:   ${api.stack.config.acuity.apiKey}   (signs its webhooks to ${api.stack.config.acuity.webhookUrl || 'nowhere'})`);
console.log(`  Admin sign-in:    ${ADMIN_CREDENTIALS.email} / ${ADMIN_CREDENTIALS.password}`);
console.log(`  Beta password:    ${process.env.BETA_PASSWORD ?? 'crown-beta-2025'} (local default)`);
console.log(`  anon key:         ${api.stack.config.anonKey}`);
console.log(`  e-mail confirmation: ${api.stack.config.autoconfirm ? 'off (AUTH_AUTOCONFIRM=true)' : 'on: open the inbox to confirm sign-ups'}`);

try {
  await widgetsBuilt;
  if (build) await run(bin('tsx'), ['site/prerender.ts'], buildEnv);
} catch (e) {
  console.error(String(e));
  await api.close();
  process.exit(1);
}
const siteRoot = join(root, 'dist', 'site');
if (!existsSync(join(siteRoot, 'index.html'))) {
  console.error('dist/site is missing: run without --no-build');
  process.exit(1);
}
const { serveSite } = await import('./serve-site.ts');
const site = await serveSite({
  root: siteRoot,
  port: sitePort,
  host,
  deployHook: {
    path: deployHookPath,
    run: async (body) => {
      const asked = (body as { slugs?: unknown } | null)?.slugs;
      const slugs = Array.isArray(asked) ? asked.filter((s): s is string => typeof s === 'string') : [...REVIEW_SLUGS];
      await rebuildPages({ outDir: siteRoot, supabaseUrl: api.url, anonKey: api.stack.config.anonKey, slugs, log: (m) => console.log(`  ${m}`) });
    },
  },
});
const rebuilds = scheduleSiteRebuild(api.stack);
console.log(`  Site:             ${siteUrl}${openPath}   (ready in ${((Date.now() - t0) / 1000).toFixed(1)} s)\n`);

const stop = async () => {
  await rebuilds.stop();
  await Promise.allSettled([api.close(), site.close()]);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
