/**
 * The local Supabase stack as the build sees it: a backend over HTTP, as a hosted project is. The site
 * never imports supabase/local (ARCHITECTURE.md); when a build asks for the seed
 * (KYB_PRERENDER_REVIEWS=seed), it starts the stack as a process of its own, `tsx supabase/local/server.ts`
 * on a free port with an in-memory database (the migrations and seed.sql), waits on its /health, reads
 * what the stack prints (its address and anon key), and stops it when the reviews are read.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The address `npm start` serves the local stack on (supabase/local/server.ts, PORT's default). */
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';

/**
 * The local stack's anon key: the Supabase CLI's well-known demo key (signed with its public demo JWT
 * secret, supabase/local/config.ts), which every local page carries. Public by design, like any anon key;
 * tests/unit/site-routes.test.ts holds it to the stack's own.
 */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** How long the stack may take to apply the migrations and the seed and answer /health. */
export const LOCAL_STACK_START_MS = 180_000;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface LocalStack {
  url: string;
  anonKey: string;
  close(): Promise<void>;
}

/** What the stack's CLI prints once it listens (supabase/local/server.ts). */
const READY = /local Supabase stack ready in \d+ ms at (http:\/\/\S+)/;
const ANON = /^anon key: (\S+)$/m;

/**
 * Starts `supabase/local/server.ts` as a child process on a free loopback port, in memory (nothing of
 * .data/ is read or written), with no site-rebuild hook; resolves once /health answers.
 */
export async function startLocalStack(opts: { timeoutMs?: number } = {}): Promise<LocalStack> {
  // Not the developer's PostgreSQL server, nor a deploy hook to call: the seed in memory, and nothing else.
  const { DATABASE_URL: _db, SITE_DEPLOY_HOOK_URL: _hook, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/server.ts'], {
    cwd: ROOT,
    env: { ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: ':memory:' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () => stopChild(child);
  try {
    const { url, anonKey } = await printed(child, opts.timeoutMs ?? LOCAL_STACK_START_MS);
    await healthy(url, anonKey);
    return { url, anonKey, close: stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** The address and anon key from the stack's output, or its exit (with what it wrote on stderr). */
function printed(child: ChildProcess, timeoutMs: number): Promise<{ url: string; anonKey: string }> {
  return new Promise((ok, fail) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => done(new Error(`the local stack did not start within ${timeoutMs / 1000} s`)), timeoutMs);
    const done = (e: Error | null, v?: { url: string; anonKey: string }) => {
      clearTimeout(timer);
      child.stdout?.off('data', onOut);
      child.off('exit', onExit);
      // Keep draining the pipes: a child whose pipe fills up stops.
      child.stdout?.resume();
      child.stderr?.resume();
      if (e) fail(e);
      else ok(v!);
    };
    const onOut = (b: Buffer) => {
      out += b;
      const url = out.match(READY)?.[1];
      const anonKey = out.match(ANON)?.[1];
      if (url && anonKey) done(null, { url, anonKey });
    };
    const onExit = (code: number | null) => done(new Error(`the local stack exited (${code}) before it was ready: ${err.trim().split('\n').slice(-3).join(' ')}`));
    child.stdout?.on('data', onOut);
    child.stderr?.on('data', (b: Buffer) => {
      err = (err + b).slice(-4000);
    });
    child.once('exit', onExit);
  });
}

/** The stack's gateway answers /health (supabase/local/app.ts) once it serves requests. */
async function healthy(url: string, anonKey: string): Promise<void> {
  const res = await fetch(`${url}/health`, { headers: { apikey: anonKey }, signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`the local stack's /health answered ${res.status}`);
  await res.body?.cancel();
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((ok) => {
    child.once('exit', () => ok());
    child.kill('SIGTERM');
  });
}
