/**
 * The real Supabase CLI (the `supabase` dev dependency) against a database of the test run's
 * PostgreSQL cluster (scripts/pg-cluster.ts), used the way the project reaches its hosted database:
 *
 *   - `supabase db push --include-seed` applies supabase/migrations and seed.sql as the role `postgres`,
 *     which on hosted Supabase is not a superuser, recording versions in
 *     supabase_migrations.schema_migrations (tests/support/global-setup.ts builds the template with it);
 *   - `supabase db advisors` runs hosted's database linter (security and performance) over the result
 *     (scripts/test.ts).
 *
 * Neither needs Docker when given a database URL. `supabase db lint` is not run: it type-checks PL/pgSQL
 * through the plpgsql_check extension, which the npm build of PostgreSQL does not include.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** The prepared database each backend test file is cloned from when DATABASE_URL is set. */
export const TEMPLATE_DB = 'kyb_template';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'node_modules', '.bin', 'supabase');

/** `url` of the cluster, changed to another database and/or to log in as another role, without password. */
export function clusterUrl(url: string, to: { database?: string; role?: string }): string {
  const u = new URL(url);
  if (to.database) u.pathname = `/${to.database}`;
  if (to.role) {
    // The test cluster trusts loopback connections (scripts/pg-cluster.ts): no password needed.
    u.username = to.role;
    u.password = '';
  }
  return u.toString();
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function supabaseCli(args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(bin, [...args, '--workdir', root, '--agent', 'no'], {
      cwd: root,
      env: {
        ...process.env,
        // A test run must not report usage to Supabase.
        SUPABASE_TELEMETRY_DISABLED: '1',
        // The throwaway cluster has no TLS; without this the CLI tries TLS first and prints a notice.
        PGSSLMODE: 'disable',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.on('error', (e) => resolve({ code: 1, stdout, stderr: stderr + String(e) }));
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/**
 * Builds TEMPLATE_DB on a cluster (superuser URL) the way the project reaches hosted Supabase: base.sql,
 * the model of what hosted already provides, as the superuser, then the real `supabase db push
 * --include-seed` as the non-superuser role `postgres`. Returns the template's URL (superuser).
 */
export async function buildTemplate(url: string): Promise<string> {
  const { openDb, SUPABASE_DIR } = await import('../supabase/local/db.ts');
  const admin = await openDb({ databaseUrl: url });
  await admin.exec(`drop database if exists ${TEMPLATE_DB}`);
  await admin.exec(`create database ${TEMPLATE_DB}`);
  await admin.close();
  const template = clusterUrl(url, { database: TEMPLATE_DB });
  const db = await openDb({ databaseUrl: template });
  try {
    await db.exec(readFileSync(join(SUPABASE_DIR, 'local', 'base.sql'), 'utf8')).catch((e: Error) => {
      throw new Error(`base.sql failed: ${e.message}`);
    });
    // A hosted project's database belongs to postgres (base.sql has just created that role), so the
    // CLI may create its supabase_migrations schema there, as on the first push to a new project.
    await db.exec(`alter database ${TEMPLATE_DB} owner to postgres`);
  } finally {
    await db.close();
  }
  await pushMigrations(template);
  return template;
}

/**
 * `supabase db push --include-seed` into `databaseUrl`'s database as `postgres`: every migration not
 * applied yet, then seed.sql. Throws with the CLI's output when it fails.
 */
export async function pushMigrations(databaseUrl: string): Promise<void> {
  const target = clusterUrl(databaseUrl, { role: 'postgres' });
  const r = await supabaseCli(['db', 'push', `--remote=${target}`, '--include-seed', '--yes']);
  if (r.code !== 0) throw new Error(`supabase db push failed (exit ${r.code}):\n${r.stdout}${r.stderr}`);
}

/** Files of supabase/migrations whose version `databaseUrl`'s database has not recorded as applied. */
export async function unappliedMigrations(databaseUrl: string): Promise<string[]> {
  const files = readdirSync(join(root, 'supabase', 'migrations')).filter((f) => f.endsWith('.sql'));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const table = await client.query<{ ok: boolean }>(`select to_regclass('supabase_migrations.schema_migrations') is not null as ok`);
    const { rows } = table.rows[0]?.ok ? await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations') : { rows: [] };
    const done = new Set(rows.map((r) => r.version));
    return files.filter((f) => !done.has(f.split('_')[0]));
  } finally {
    await client.end();
  }
}

export interface Advisory {
  name: string;
  level: 'ERROR' | 'WARN' | 'INFO';
  categories: string[];
  detail: string;
  remediation?: string;
}

/** `supabase db advisors` (all types, every level) over `databaseUrl`'s database, as `postgres`. */
export async function advisors(databaseUrl: string): Promise<{ results: Advisory[]; cli: CliResult }> {
  const target = clusterUrl(databaseUrl, { role: 'postgres' });
  const cli = await supabaseCli(['db', 'advisors', `--remote=${target}`, '--type', 'all', '--level', 'info', '--fail-on', 'none', '--output-format', 'json']);
  if (cli.code !== 0) throw new Error(`supabase db advisors failed (exit ${cli.code}):\n${cli.stdout}${cli.stderr}`);
  const parsed = JSON.parse(cli.stdout) as { results?: Advisory[] };
  return { results: parsed.results ?? [], cli };
}

/** One line per advisory, most severe first. */
export function formatAdvisories(results: Advisory[]): string {
  const rank = { ERROR: 0, WARN: 1, INFO: 2 } as const;
  return [...results]
    .sort((a, b) => rank[a.level] - rank[b.level] || a.name.localeCompare(b.name) || a.detail.localeCompare(b.detail))
    .map((a) => `${a.level.padEnd(5)} ${a.categories.join(',').toLowerCase()} ${a.name}: ${a.detail}`)
    .join('\n');
}
