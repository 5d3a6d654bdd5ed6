/**
 * Builds the prepared database once per test run: base schema + supabase/migrations + seed.sql.
 * PGlite: dumped to IMAGE_FILE and restored by each test file. DATABASE_URL: a template database.
 */
import { writeFile, rm } from 'node:fs/promises';
import { openDb, migrate } from '../../supabase/local/db.ts';
import { TEMPLATE_DB } from './stack.ts';

export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = await openDb({ databaseUrl: url });
    await admin.exec(`drop database if exists ${TEMPLATE_DB}`);
    await admin.exec(`create database ${TEMPLATE_DB}`);
    const u = new URL(url);
    u.pathname = `/${TEMPLATE_DB}`;
    const db = await openDb({ databaseUrl: u.toString() });
    await migrate(db);
    await db.close();
    await admin.close();
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
