/**
 * Builds the prepared database once per test run: base schema + supabase/migrations + seed.sql.
 * PGlite: migrate() applies them; the result is dumped to IMAGE_FILE and restored by each test file.
 * DATABASE_URL (a real server, superuser supabase_admin): a template database built the way the project
 * reaches hosted Supabase: base.sql, the model of what hosted already provides, as supabase_admin, then
 * the real `supabase db push --include-seed` as the non-superuser role `postgres` (unless
 * KYB_TEMPLATE_READY says the caller has built it already).
 */
import { writeFile, rm } from 'node:fs/promises';
import { openDb, migrate } from '../../supabase/local/db.ts';
import { buildTemplate } from '../../scripts/supabase-cli.ts';

export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (url) {
    // npm test builds it once for the suites that run side by side over one cluster (scripts/test.ts):
    // a second build would drop the template under the other's clones.
    if (!process.env.KYB_TEMPLATE_READY) await buildTemplate(url);
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
