/**
 * Builds the prepared database once per test run: base schema + supabase/migrations + seed.sql.
 * PGlite: migrate() applies them; the result is dumped to IMAGE_FILE and restored by each test file.
 * DATABASE_URL (a real server, superuser supabase_admin): a template database built the way the project
 * reaches hosted Supabase: base.sql, the model of what hosted already provides, as supabase_admin, then
 * the real `supabase db push --include-seed` as the non-superuser role `postgres`.
 */
import { readFile, writeFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { openDb, migrate, SUPABASE_DIR } from '../../supabase/local/db.ts';
import { TEMPLATE_DB, clusterUrl, pushMigrations } from '../../scripts/supabase-cli.ts';

export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = await openDb({ databaseUrl: url });
    await admin.exec(`drop database if exists ${TEMPLATE_DB}`);
    await admin.exec(`create database ${TEMPLATE_DB}`);
    await admin.close();
    const template = clusterUrl(url, { database: TEMPLATE_DB });
    const db = await openDb({ databaseUrl: template });
    try {
      await db.exec(await readFile(join(SUPABASE_DIR, 'local', 'base.sql'), 'utf8')).catch((e: Error) => {
        throw new Error(`base.sql failed: ${e.message}`);
      });
      // A hosted project's database belongs to postgres (base.sql has just created that role), so the
      // CLI may create its supabase_migrations schema there, as on the first push to a new project.
      await db.exec(`alter database ${TEMPLATE_DB} owner to postgres`);
    } finally {
      await db.close();
    }
    await pushMigrations(template);
    return;
  }
  // Unique per run, inherited by the workers this run forks.
  process.env.KYB_TEST_IMAGE ??= `/tmp/kyb-test-image-${process.pid}-${Date.now()}.tar`;
  const db = await openDb();
  await migrate(db);
  const blob = await db.dump();
  await writeFile(process.env.KYB_TEST_IMAGE, Buffer.from(await blob.arrayBuffer()));
  await db.close();
  return async () => {
    await rm(process.env.KYB_TEST_IMAGE!, { force: true });
  };
}
