/**
 * The project's functions under the real Deno, the runtime hosted Supabase runs them in: each
 * deployed entry point (supabase/functions/<name>/index.ts) with its own deno.json, as
 * `supabase functions deploy` ships it, served on a free loopback port against a local stack.
 *
 * Deno runs offline and writes nothing outside the repository: npm: imports resolve from the project's
 * node_modules (--node-modules-dir=manual, which also fails when a pinned version is not the installed
 * one), --cached-only forbids any download, and its cache lives in node_modules/.cache/deno. The
 * servers get only the variables a deployed function gets, and may reach nothing but loopback.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StackConfig } from '../../supabase/local/config.ts';
import { deployedEnv, FUNCTIONS_DIR } from '../../supabase/local/functions/index.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DENO = join(ROOT, 'node_modules', '.bin', 'deno');
const STARTUP_MS = 30_000;

/** Deno's own settings: no cache in $HOME, no update check, no prompts, plain output. */
const denoEnv = () => ({
  DENO_DIR: join(ROOT, 'node_modules', '.cache', 'deno'),
  DENO_NO_UPDATE_CHECK: '1',
  DENO_NO_PROMPT: '1',
  NO_COLOR: '1',
});

/** How a function's modules are resolved: its own import map, the installed npm packages, no downloads. */
const moduleFlags = (name: string) => ['--cached-only', '--node-modules-dir=manual', '--config', join(FUNCTIONS_DIR, name, 'deno.json')];
const entry = (name: string) => join(FUNCTIONS_DIR, name, 'index.ts');

function startDeno(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(DENO, args, { cwd: ROOT, env: { ...denoEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

export interface CheckRun {
  names: string[];
  code: number;
  output: string;
}

/**
 * `deno check` of the functions' entry points, each resolved with its own deno.json; entry points whose
 * deno.json files are the same byte for byte are checked in one run, as they resolve alike (a run
 * costs about two seconds of CPU, mostly reading supabase-js's types).
 */
export async function denoCheck(names: string[]): Promise<CheckRun[]> {
  const groups = new Map<string, string[]>();
  for (const name of names) {
    const config = await readFile(join(FUNCTIONS_DIR, name, 'deno.json'), 'utf8');
    groups.set(config, [...(groups.get(config) ?? []), name]);
  }
  return Promise.all([...groups.values()].map((group) => checkRun(group)));
}

function checkRun(names: string[]): Promise<CheckRun> {
  const child = startDeno(['check', '--quiet', ...moduleFlags(names[0]), ...names.map(entry)], {});
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d));
  child.stderr!.on('data', (d: Buffer) => (output += d));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ names, code: code ?? 1, output }));
  });
}

export interface DenoFunctions {
  /** Each function's base URL (its server answers every path, as a deployed function does). */
  urls: Record<string, string>;
  /**
   * fetch for supabase-js: `/functions/v1/<name>` of the stack goes to that function's Deno server
   * (what hosted's gateway does), everything else to the stack.
   */
  fetch: typeof fetch;
  close(): Promise<void>;
}

interface Server {
  url: string;
  child: ChildProcess;
}

/** Servers still running; a worker that ends without afterAll must not leave them behind. */
const running = new Set<ChildProcess>();
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));

/** One function on a port the system picks (DENO_SERVE_ADDRESS), resolved once Deno says where it listens. */
function serveOne(name: string, env: Record<string, string>): Promise<Server> {
  const child = startDeno(['run', ...moduleFlags(name), '--allow-net=127.0.0.1', '--allow-env', entry(name)], {
    ...env,
    DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0',
  });
  running.add(child);
  child.once('exit', () => running.delete(child));

  const output: string[] = [];
  const keep = (d: Buffer) => {
    output.push(d.toString());
    // Drained either way, so a chatty function never blocks on a full pipe.
    if (output.length > 200) output.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`deno could not serve ${name}: ${why}\n${output.join('')}`));
    };
    const timer = setTimeout(() => fail(`not listening after ${STARTUP_MS} ms`), STARTUP_MS);
    const exited = (code: number | null) => fail(`exited with ${code}`);
    child.once('error', (e) => fail(e.message));
    child.once('exit', exited);
    const listening = () => {
      const url = /Listening on (http:\/\/\S+?)\/?\s/.exec(output.join(''))?.[1];
      if (!url) return;
      clearTimeout(timer);
      child.off('exit', exited);
      child.stderr!.off('data', listening);
      resolve({ url, child });
    };
    child.stderr!.on('data', listening);
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((ok) => child.once('exit', ok));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Serves `names` under Deno, all started at once, with the env a deployment of the stack described
 * by `config` would give them (its URL, keys and function secrets).
 */
export async function serveFunctionsWithDeno(config: StackConfig, names: string[]): Promise<DenoFunctions> {
  const env = deployedEnv(config);
  const started = await Promise.allSettled(names.map((name) => serveOne(name, env)));
  const servers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((s) => stop(s.child)));
    throw failed.reason;
  }
  const urls = Object.fromEntries(names.map((name, i) => [name, servers[i].url]));

  const gateway = `${config.publicUrl}/functions/v1/`;
  const route = (url: string) => {
    if (!url.startsWith(gateway)) return url;
    const rest = url.slice(gateway.length);
    const name = rest.split(/[/?#]/, 1)[0];
    return Object.hasOwn(urls, name) ? urls[name] + rest.slice(name.length) : url;
  };
  const routed = ((input: RequestInfo | URL, init?: RequestInit) =>
    input instanceof Request ? fetch(new Request(route(input.url), input), init) : fetch(route(String(input)), init)) as typeof fetch;

  return {
    urls,
    fetch: routed,
    close: async () => {
      await Promise.all(servers.map((s) => stop(s.child)));
    },
  };
}
