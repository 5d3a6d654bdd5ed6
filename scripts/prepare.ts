/**
 * Runs after `npm install` (postinstall): does the slow, one-time work of `npm start` up front, so the
 * first start is ready in a couple of seconds — creates the local database in .data/ (base schema,
 * migrations, seed, placeholder images for seeded files), builds the widgets and prerenders the site
 * with the seeded reviews. Never fails the install: a problem is reported and `npm start` redoes it.
 * Skipped in CI (npm test builds what it needs) and with KYB_SKIP_PREPARE=1.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

async function main() {
  if (process.env.CI || process.env.KYB_SKIP_PREPARE === '1') return;
  const t0 = Date.now();
  const { openDb, migrate } = await import('../supabase/local/db.ts');
  const dataDir = join(root, '.data', 'db');
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    const db = await openDb({ dataDir });
    await migrate(db);
    await db.close();
  }
  const bin = (b: string) => join(root, 'node_modules', '.bin', b);
  // The addresses `npm start` serves on by default (it rebuilds when started on others).
  const env = { KYB_SUPABASE_URL: 'http://127.0.0.1:54321', KYB_SITE_URL: 'http://127.0.0.1:5173', ...process.env, KYB_PRERENDER_REVIEWS: 'seed' };
  for (const [cmd, args] of [
    [bin('vite'), ['build', '--config', 'vite.widgets.config.ts', '--logLevel', 'error']],
    [bin('tsx'), ['site/prerender.ts']],
  ] as const) {
    const r = spawnSync(cmd, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
  }
  console.log(`kyb: local database and site prepared in ${((Date.now() - t0) / 1000).toFixed(1)} s on Node ${process.version} (npm start serves them)`);
}

main().catch((e) => {
  console.warn(`kyb: could not prepare the local site (${(e as Error).message}); npm start will build it.`);
});
