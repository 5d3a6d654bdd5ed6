/**
 * Migrations are history (issue #30): on a database that exists, migrate() applies what is pending as
 * `supabase migration up` does, all of it in one transaction, and refuses a database built from another
 * history (a recorded version whose file is gone, or was applied from other text) with the command that
 * rebuilds it; `npm start` stops with that message. Each test takes the prepared database (every
 * migration, the seed) and a temporary copy of supabase/migrations to which it adds small ones.
 */
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, readdir, rm, writeFile, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, MigrationError, SUPABASE_DIR, type Db } from '../../supabase/local/db.ts';
import { reopenableTestDb } from '../support/stack.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const A = '20990101000100_a.sql';
const B = '20990101000200_b.sql';
const C = '20990101000300_c.sql';

let dir: string;
let prepared: Awaited<ReturnType<typeof reopenableTestDb>>;
let db: Db | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kyb-migrations-'));
  const real = join(SUPABASE_DIR, 'migrations');
  for (const f of (await readdir(real)).filter((f) => f.endsWith('.sql'))) await copyFile(join(real, f), join(dir, f));
  prepared = await reopenableTestDb();
});
afterEach(async () => {
  await db?.close();
  db = undefined;
  await prepared?.drop();
  await rm(dir, { recursive: true, force: true });
});

const put = (file: string, sql: string) => writeFile(join(dir, file), sql);
const tables = async (d: Db) =>
  (await d.query<{ t: string }>(`select tablename as t from pg_tables where schemaname = 'public' and tablename like 'h\\_%' order by 1`)).rows.map((r) => r.t);
const versions = async (d: Db) =>
  (await d.query<{ version: string }>(`select version from supabase_migrations.schema_migrations where version like '2099%' order by 1`)).rows.map((r) => r.version);

/** The prepared database after A and B, as `npm start` left it. */
async function built(): Promise<Db> {
  await put(A, 'create table public.h_a (id int);');
  await put(B, 'create table public.h_b (id int);');
  const d = await prepared.open();
  expect(await migrate(d, { dir })).toEqual({ fresh: false, applied: [A, B] });
  return d;
}

// Each test restores the prepared database (hooks included): slow on a busy machine, hence the timeouts.
describe('migrate() on a database that exists', { timeout: 120_000 }, () => {
  it('applies only the pending migrations, in order, and records them', async () => {
    db = await built();
    await put(C, 'create table public.h_c (id int); insert into public.h_c select count(*) from public.h_b;');
    expect(await migrate(db, { dir })).toEqual({ fresh: false, applied: [C] });
    expect(await tables(db)).toEqual(['h_a', 'h_b', 'h_c']);
    expect(await versions(db)).toEqual(['20990101000100', '20990101000200', '20990101000300']);
    expect(await migrate(db, { dir })).toEqual({ fresh: false, applied: [] });
  });

  it('never half-applies: a pending migration that fails leaves every pending one unapplied', async () => {
    db = await built();
    await put(C, 'create table public.h_c (id int);');
    await put('20990101000400_d.sql', 'create table public.h_d (id int); select no_such_function();');
    const e = await migrate(db, { dir, rebuild: 'the rebuild command' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(MigrationError);
    expect((e as Error).message).toMatch(/^20990101000400_d\.sql: function no_such_function\(\) does not exist/);
    expect((e as Error).message).toContain('Nothing was applied (one transaction).');
    expect((e as Error).message).toContain('rebuild it from the seed (its data is lost): the rebuild command');
    expect(await tables(db)).toEqual(['h_a', 'h_b']);
    expect(await versions(db)).toEqual(['20990101000100', '20990101000200']);
  });

  it('refuses a database that applied a migration which no longer exists, and applies nothing', async () => {
    db = await built();
    await unlink(join(dir, B));
    await put(C, 'create table public.h_c (id int);');
    const e = await migrate(db, { dir }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(MigrationError);
    expect((e as Error).message).toBe(
      'It was built from another history of supabase/migrations:\n' +
        '  - 20990101000200_b.sql was applied, and no such migration exists any more\n' +
        'Nothing was applied. Rebuild it from the seed (its data is lost): npm run db:reset',
    );
    expect(await tables(db)).toEqual(['h_a', 'h_b']);
  });

  it('refuses a database that applied other text under a version, and applies nothing', async () => {
    db = await built();
    await put(A, 'create table public.h_a (id int, note text);');
    await put(C, 'create table public.h_c (id int);');
    const e = await migrate(db, { dir }).catch((x: unknown) => x);
    expect((e as Error).message).toContain("  - 20990101000100_a.sql was applied from other text than the file's now\n");
    expect(await tables(db)).toEqual(['h_a', 'h_b']);
  });

  it('checks versions recorded without a checksum (by the CLI, or before checksums were kept) by name only', async () => {
    db = await built();
    await db.exec('drop table supabase_migrations.local_checksums');
    await put(A, 'create table public.h_a (id int, note text);');
    await put(C, 'create table public.h_c (id int);');
    expect(await migrate(db, { dir })).toEqual({ fresh: false, applied: [C] });
  });
});

describe('npm start', { timeout: 120_000 }, () => {
  it('stops on a database built from another history, with the message and the rebuild command, and serves nothing', async () => {
    // The database applied a migration this checkout does not have (a branch's, say).
    await put('20990101000900_from_a_branch.sql', 'create table public.h_from_a_branch (id int);');
    db = await prepared.open();
    await migrate(db, { dir });
    await db.close();
    db = undefined;
    const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts', '--no-build'], {
      cwd: ROOT,
      env: { ...process.env, ...prepared.env, API_PORT: '0', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b) => (out += b));
    child.stderr.on('data', (b) => (out += b));
    const code = await new Promise<number | null>((ok) => child.on('close', ok));
    expect(code).toBe(1);
    expect(out).toContain('npm start: the local database cannot be migrated.');
    expect(out).toContain('  - 20990101000900_from_a_branch.sql was applied, and no such migration exists any more');
    expect(out).toContain(
      `Rebuild it from the seed (its data is lost): ${prepared.env.DATABASE_URL ? 'drop and create the database DATABASE_URL names, then npm start' : 'npm run db:reset'}`,
    );
    expect(out).not.toContain('stack ready');
  });
});
