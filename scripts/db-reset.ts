/**
 * `npm run db:reset`: deletes the local database `npm start` keeps (.data/db, or DATA_DIR) and its stored
 * files (.data/storage), then builds it again from base.sql, every migration and seed.sql, as `supabase
 * db reset` does locally. `npm start` names it when the database was built from another history of
 * supabase/migrations (supabase/local/db.ts migrate). Stop `npm start` first: it holds the database open.
 * With DATABASE_URL set (a PostgreSQL server of your own), drop and create that database instead.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb, migrate } from '../supabase/local/db.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

if (process.env.DATABASE_URL) {
  console.error('db:reset rebuilds the local PGlite database; with DATABASE_URL set, drop and create that database, then npm start.');
  process.exit(1);
}
const dataDir = process.env.DATA_DIR ?? join(root, '.data', 'db');
await rm(dataDir, { recursive: true, force: true });
await rm(join(root, '.data', 'storage'), { recursive: true, force: true });
const db = await openDb({ dataDir });
const { applied } = await migrate(db);
await db.close();
console.log(`db:reset: ${dataDir} rebuilt from the seed (${applied.length} migrations); npm start serves it.`);
