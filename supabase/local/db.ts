/**
 * The database behind the local stack: PGlite (Postgres in WASM, embedded) by default, or a real
 * PostgreSQL server when DATABASE_URL is set. Both are driven through one small interface so the
 * auth, rest, storage and functions modules never care which one is underneath.
 *
 * Every request that acts for a client runs in its own transaction with the JWT's role and claims set
 * exactly as PostgREST does it (set_config('role'), set_config('request.jwt.claims')), so row-level
 * security decides what the client may see and do: the server itself connects as a superuser and must
 * never run client SQL without switching role first.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface QueryResult<T = Record<string, unknown>> {
  rows: T[];
  affectedRows: number;
}

export type Query = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<QueryResult<T>>;

export interface RoleContext {
  /** Postgres role taken from the JWT's `role` claim: anon, authenticated or service_role. */
  role: string;
  /** The verified JWT claims (what auth.uid() / auth.jwt() read). */
  claims: Record<string, unknown>;
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  readOnly?: boolean;
}

export interface Db {
  readonly kind: 'pglite' | 'postgres';
  query: Query;
  /** Runs several statements separated by semicolons (migrations, seed). */
  exec(sql: string): Promise<void>;
  /**
   * Runs each script in order in one transaction on one connection, as the superuser; the first that
   * fails rolls them all back and is named in the error (migrations: never half-applied).
   */
  execInTransaction(scripts: readonly { name: string; sql: string }[]): Promise<void>;
  /** One transaction as the superuser (server-side bookkeeping: auth tables, migrations). */
  tx<T>(fn: (q: Query) => Promise<T>): Promise<T>;
  /** One transaction as the client's role with its claims set: RLS applies. */
  asRole<T>(ctx: RoleContext, fn: (q: Query) => Promise<T>): Promise<T>;
  /**
   * Forgets the API roles' own settings, so the next asRole reads them again. PostgREST reads them once
   * and again when its schema cache reloads; the REST emulator calls this on each reload (rest/schema.ts).
   */
  reloadRoleSettings(): void;
  /** PGlite only: the whole data directory, to restore a prepared database quickly in tests. */
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

/** A Postgres error as both drivers surface it. */
export interface PgError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
}

export function isPgError(e: unknown): e is PgError {
  return e instanceof Error && typeof (e as PgError).code === 'string' && /^[0-9A-Z]{5}$/.test((e as PgError).code!);
}

const here = dirname(fileURLToPath(import.meta.url));
export const SUPABASE_DIR = join(here, '..');

/** Each role's `statement_timeout` from `alter role … set` (base.sql), database-specific over global. */
type RoleSettings = ReadonlyMap<string, string>;

async function readRoleSettings(q: Query): Promise<RoleSettings> {
  const { rows } = await q<{ role: string; value: string }>(
    `select r.rolname as role, split_part(c, '=', 2) as value
       from pg_catalog.pg_db_role_setting s
       join pg_catalog.pg_roles r on r.oid = s.setrole
      cross join unnest(s.setconfig) c
      where s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
        and c like 'statement\\_timeout=%'
      order by s.setdatabase`,
  );
  // Ordered global first, so a database-specific setting of the same role overwrites it.
  return new Map(rows.map((r) => [r.role, r.value]));
}

/** The role settings of one database, read on first use and after each reload; concurrent reads share one query. */
function roleSettingsCache(q: Query) {
  let current: Promise<RoleSettings> | undefined;
  return {
    get(): Promise<RoleSettings> {
      current ??= readRoleSettings(q).catch((e: unknown) => {
        current = undefined;
        throw e;
      });
      return current;
    },
    reload() {
      current = undefined;
    },
  };
}

async function setRole(q: Query, ctx: RoleContext, settings: RoleSettings) {
  if (ctx.readOnly) await q('set transaction read only');
  // The same GUCs PostgREST sets (Query/PreQuery.hs txVarQuery); auth.uid() reads request.jwt.claims.
  // PostgREST also applies the impersonated role's own settings (`alter role anon set
  // statement_timeout`, base.sql): hosted cuts anon's statements at 3 s and signed-in ones at 8 s. It
  // reads them once per schema cache load, not per request, and so does this (roleSettingsCache).
  await q(
    `select set_config('statement_timeout', coalesce($7, current_setting('statement_timeout')), true),
            set_config('search_path', 'public, extensions', true),
            set_config('role', $1, true),
            set_config('request.jwt.claims', $2, true),
            set_config('request.jwt.claim.sub', $3, true),
            set_config('request.jwt.claim.role', $1, true),
            set_config('request.method', $4, true),
            set_config('request.path', $5, true),
            set_config('request.headers', $6, true)`,
    [
      ctx.role,
      JSON.stringify({ ...ctx.claims, role: ctx.role }),
      typeof ctx.claims.sub === 'string' ? ctx.claims.sub : '',
      ctx.method ?? 'GET',
      ctx.path ?? '/',
      JSON.stringify(ctx.headers ?? {}),
      settings.get(ctx.role) ?? null,
    ],
  );
}

/** A script of execInTransaction failed: its name, then the database's message (code and detail kept). */
function scriptFailed(name: string, e: unknown): Error {
  if (!(e instanceof Error)) return new Error(`${name}: ${String(e)}`);
  e.message = `${name}: ${e.message}`;
  return e;
}

export interface OpenOptions {
  /** postgres://… to use a real server; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data folder; undefined = in memory. */
  dataDir?: string;
  /** PGlite: start from a dumped data directory (tests). */
  loadDataDir?: Blob;
}

export async function openDb(opts: OpenOptions = {}): Promise<Db> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPGlite(opts);
}

async function openPGlite(opts: OpenOptions): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pgcrypto } = await import('@electric-sql/pglite/contrib/pgcrypto');
  if (opts.dataDir) await mkdir(opts.dataDir, { recursive: true });
  const pg = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    extensions: { pgcrypto },
    relaxedDurability: true,
  });
  const wrap =
    (runner: { query: (s: string, p?: unknown[]) => Promise<{ rows: unknown[]; affectedRows?: number }> }): Query =>
    async <T>(sql: string, params?: unknown[]) => {
      const r = await runner.query(sql, params);
      return { rows: r.rows as T[], affectedRows: r.affectedRows ?? 0 };
    };
  const query = wrap(pg);
  const roles = roleSettingsCache(query);
  return {
    kind: 'pglite',
    query,
    async exec(sql) {
      await pg.exec(sql);
    },
    async execInTransaction(scripts) {
      await pg.transaction(async (t) => {
        for (const s of scripts) await t.exec(s.sql).catch((e: unknown) => Promise.reject(scriptFailed(s.name, e)));
      });
    },
    tx(fn) {
      return pg.transaction((t) => fn(wrap(t)));
    },
    async asRole(ctx, fn) {
      // Read before the transaction: PGlite runs one query at a time, and the transaction holds it.
      const settings = await roles.get();
      return pg.transaction(async (t) => {
        const q = wrap(t);
        await setRole(q, ctx, settings);
        return fn(q);
      });
    },
    reloadRoleSettings: () => roles.reload(),
    async dump() {
      return pg.dumpDataDir('none');
    },
    async close() {
      await pg.close();
    },
  };
}

async function openPostgres(url: string): Promise<Db> {
  const pgMod = await import('pg');
  const pgLib = (pgMod as unknown as { default: typeof import('pg') }).default ?? pgMod;
  // Return timestamps, json and numbers as Postgres prints them: responses are built as JSON text in SQL.
  const pool = new pgLib.Pool({ connectionString: url, max: 10 });
  const wrap =
    (runner: { query: (s: string, p?: unknown[]) => Promise<{ rows: unknown[]; rowCount: number | null }> }): Query =>
    async <T>(sql: string, params?: unknown[]) => {
      const r = await runner.query(sql, params);
      return { rows: r.rows as T[], affectedRows: r.rowCount ?? 0 };
    };
  const roles = roleSettingsCache(wrap(pool));
  const inTx = async <T>(fn: (q: Query) => Promise<T>, ctx?: RoleContext): Promise<T> => {
    const settings = ctx ? await roles.get() : undefined;
    const client = await pool.connect();
    try {
      await client.query('begin');
      const q = wrap(client);
      if (ctx && settings) await setRole(q, ctx, settings);
      const out = await fn(q);
      await client.query('commit');
      return out;
    } catch (e) {
      await client.query('rollback').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  };
  return {
    kind: 'postgres',
    query: wrap(pool),
    async exec(sql) {
      await pool.query(sql);
    },
    execInTransaction: (scripts) =>
      inTx(async (q) => {
        for (const s of scripts) await q(s.sql).catch((e: unknown) => Promise.reject(scriptFailed(s.name, e)));
      }),
    tx: (fn) => inTx(fn),
    asRole: (ctx, fn) => inTx(fn, ctx),
    reloadRoleSettings: () => roles.reload(),
    async dump() {
      throw new Error('dump() is only available on PGlite');
    },
    async close() {
      await pool.end();
    },
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * migrate() could not bring the database up to supabase/migrations, and applied nothing: it was built
 * from another history (a version it recorded has no file any more, or was applied from other text), or
 * a pending migration failed. The message says which and names the command that rebuilds it.
 */
export class MigrationError extends Error {
  override name = 'MigrationError';
}

export interface MigrateOptions {
  seed?: boolean;
  /** Another folder of migrations (tests); default supabase/migrations. */
  dir?: string;
  /** The command that rebuilds this database from the seed, named when it cannot be migrated forward. */
  rebuild?: string;
}

/**
 * Applies the model of what hosted Supabase provides (base.sql) to a new database, then each file of
 * supabase/migrations not applied yet, then seed.sql when the database was new, the way `supabase db
 * push --include-seed` (and on a built database `supabase migration up`) does: as the role `postgres`,
 * which on hosted is not a superuser, with the applied versions in supabase_migrations.schema_migrations
 * (created here as the CLI creates it on the first push). Returns whether the database was new.
 *
 * Unlike the CLI, it applies everything pending in one transaction: a migration that fails leaves the
 * database as it was, never half-migrated. And it keeps the sha256 of the text it applied for each
 * version (supabase_migrations.local_checksums; the CLI's table is left as the CLI makes it), so a
 * database built from another history (a branch's migration that no longer exists, or a file since
 * edited) is refused with the one command that rebuilds it, instead of failing somewhere further on.
 * Versions recorded without a checksum (by the CLI, or by this runner before it kept them) are checked
 * by name only, as the CLI checks them.
 */
export async function migrate(db: Db, opts: MigrateOptions = {}): Promise<{ fresh: boolean; applied: string[] }> {
  const rebuild = opts.rebuild ?? 'npm run db:reset';
  const exists = await db.query<{ ok: boolean }>(`select exists(select 1 from pg_namespace where nspname = 'auth') as ok`);
  const fresh = !exists.rows[0]?.ok;
  // Objects must belong to postgres, as on hosted: a superuser's objects would pick up other default
  // privileges. PGlite's only user is postgres already. Set again before each file: a migration may set
  // another role for the rest of its transaction.
  const asPostgres = `set local role postgres;`;
  const history = `${asPostgres}
     create schema if not exists supabase_migrations;
     create table if not exists supabase_migrations.schema_migrations (version text primary key, statements text[], name text);
     create table if not exists supabase_migrations.local_checksums (version text primary key, sha256 text not null);`;
  const dir = opts.dir ?? join(SUPABASE_DIR, 'migrations');
  const files = existsSync(dir) ? (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort() : [];
  const byVersion = new Map(files.map((f) => [f.split('_')[0], f]));
  const texts = new Map(await Promise.all(files.map(async (f) => [f, await readFile(join(dir, f), 'utf8')] as const)));

  const done = new Set<string>();
  if (!fresh) {
    const tables = await db.query<{ versions: boolean; checksums: boolean }>(
      `select to_regclass('supabase_migrations.schema_migrations') is not null as versions,
              to_regclass('supabase_migrations.local_checksums') is not null as checksums`,
    );
    const { versions, checksums } = tables.rows[0];
    const { rows } = versions
      ? await db.query<{ version: string; name: string | null; sha256: string | null }>(
          `select m.version, m.name, ${checksums ? 'c.sha256' : 'null as sha256'} from supabase_migrations.schema_migrations m
           ${checksums ? 'left join supabase_migrations.local_checksums c using (version)' : ''} order by m.version`,
        )
      : { rows: [] };
    const problems: string[] = [];
    for (const r of rows) {
      done.add(r.version);
      const file = byVersion.get(r.version);
      if (!file) problems.push(`${r.version}_${r.name ?? ''}.sql was applied, and no such migration exists any more`);
      else if (r.sha256 && r.sha256 !== sha256(texts.get(file)!)) problems.push(`${file} was applied from other text than the file's now`);
    }
    if (problems.length) {
      throw new MigrationError(
        `It was built from another history of supabase/migrations:\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
          `Nothing was applied. Rebuild it from the seed (its data is lost): ${rebuild}`,
      );
    }
  }
  const pending = files.filter((f) => !done.has(f.split('_')[0]));
  const seedFile = join(SUPABASE_DIR, 'seed.sql');
  const seed = fresh && opts.seed !== false && existsSync(seedFile);
  if (!fresh && !pending.length) return { fresh, applied: [] };

  const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
  const scripts: { name: string; sql: string }[] = [];
  if (fresh) scripts.push({ name: 'base.sql', sql: await readFile(join(here, 'base.sql'), 'utf8') });
  scripts.push({ name: 'supabase_migrations', sql: history });
  for (const f of pending) {
    const [version, ...rest] = f.replace(/\.sql$/, '').split('_');
    const text = texts.get(f)!;
    scripts.push({ name: f, sql: `${asPostgres}\n${text}` });
    scripts.push({
      name: `recording ${f}`,
      sql: `${asPostgres}
        insert into supabase_migrations.schema_migrations(version, name) values (${quote(version)}, ${quote(rest.join('_'))});
        insert into supabase_migrations.local_checksums(version, sha256) values (${quote(version)}, ${quote(sha256(text))});`,
    });
  }
  if (seed) {
    // The seed names no address (stored paths, seed.sql's planner gallery): one seeded image serves any port.
    scripts.push({ name: 'seed.sql', sql: `${asPostgres}\n${await readFile(seedFile, 'utf8')}` });
  }
  try {
    await db.execInTransaction(scripts);
  } catch (e) {
    throw new MigrationError(
      `${(e as Error).message}\nNothing was applied (one transaction).` +
        (fresh ? '' : ` If this database was built from another history of supabase/migrations, rebuild it from the seed (its data is lost): ${rebuild}`),
      { cause: e },
    );
  }
  // A migration may `alter role … set`; requests after it see the new settings.
  db.reloadRoleSettings();
  return { fresh, applied: pending };
}
