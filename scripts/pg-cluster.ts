/**
 * A throwaway PostgreSQL cluster for running the backend suite over a real server (issue #2):
 * initdb into a temp folder, start `postgres` on a free loopback port, hand back DATABASE_URL, and
 * remove everything on stop. PostgreSQL refuses to run as root, so as root it runs as the `postgres`
 * system user (created by Debian's postgresql package, which .ci/run installs where missing).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function findBin(name: string): string | null {
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (existsSync(join(base, v, 'bin', name))) return join(base, v, 'bin', name);
  }
  const w = spawnSync('which', [name], { encoding: 'utf8' });
  return w.status === 0 ? w.stdout.trim() : null;
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
  url: string;
  stop(): Promise<void>;
}

export async function startCluster(): Promise<Cluster> {
  const initdb = findBin('initdb');
  const postgres = findBin('postgres');
  if (!initdb || !postgres) throw new Error('PostgreSQL server binaries not found (apt-get install -y postgresql)');
  const dir = mkdtempSync(join(tmpdir(), 'kyb-pg-'));
  chmodSync(dir, 0o777);
  const asRoot = process.getuid?.() === 0;
  const wrap = (cmd: string, args: string[]): [string, string[]] => (asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]);
  const data = join(dir, 'data');
  const [c1, a1] = wrap(initdb, ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '-N']);
  const r = spawnSync(c1, a1, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`initdb failed: ${r.stderr || r.stdout}`);
  const port = await freePort();
  const [c2, a2] = wrap(postgres, [
    '-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off',
    '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200',
  ]);
  const proc: ChildProcess = spawn(c2, a2, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  proc.stderr?.on('data', (d) => (log += String(d)));
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 30_000;
  const isready = findBin('pg_isready');
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`postgres exited: ${log}`);
    const ok = isready ? spawnSync(isready, ['-h', '127.0.0.1', '-p', String(port)]).status === 0 : log.includes('ready to accept');
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`postgres did not start: ${log}`);
    await new Promise((res) => setTimeout(res, 200));
  }
  return {
    url,
    async stop() {
      // runuser does not pass signals on to postgres; pg_ctl talks to the postmaster directly.
      const pgCtl = findBin('pg_ctl');
      if (pgCtl && proc.exitCode === null) {
        const [c3, a3] = wrap(pgCtl, ['-D', data, 'stop', '-m', 'fast', '-w']);
        spawnSync(c3, a3, { stdio: 'ignore' });
      }
      if (proc.exitCode === null) proc.kill('SIGKILL');
      await new Promise((res) => (proc.exitCode !== null ? res(null) : proc.once('exit', res)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
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
