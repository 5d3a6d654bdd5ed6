/**
 * Password hashing for the local auth service: bcrypt at GoTrue's cost, computed in a worker thread
 * (bcrypt-worker.mjs) so that a flood of sign-ins never stalls the embedded database, which runs on the
 * main thread and answers every other request (issue 9). Hashes are the `$2a$` strings GoTrue and
 * pgcrypto write, so users seeded with `extensions.crypt(…, gen_salt('bf', 10))` sign in here, and
 * users created here would sign in on a real GoTrue.
 *
 * Callers hash or verify *before* opening a database transaction: inside one, the embedded database is
 * held for the whole time the hash takes.
 */
import { Worker } from 'node:worker_threads';

/** golang.org/x/crypto/bcrypt DefaultCost, what GoTrue uses. */
export const BCRYPT_COST = 10;

type Pending = { ok: (v: unknown) => void; fail: (e: Error) => void };

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 0;

function hasher(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./bcrypt-worker.mjs', import.meta.url));
  // Idle, the worker must not keep a finished process (a test run, a script) alive.
  w.unref();
  w.on('message', (m: { id: number; ok: boolean; value?: unknown; error?: string }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.ok) p.ok(m.value);
    else p.fail(new Error(`bcrypt: ${m.error}`));
    if (pending.size === 0) w.unref();
  });
  w.on('error', (e: Error) => {
    for (const p of pending.values()) p.fail(e);
    pending.clear();
    worker = null;
  });
  worker = w;
  return w;
}

function run<T>(message: Record<string, unknown>): Promise<T> {
  const w = hasher();
  const id = nextId++;
  w.ref();
  return new Promise<T>((ok, fail) => {
    pending.set(id, { ok: ok as (v: unknown) => void, fail });
    w.postMessage({ id, ...message });
  });
}

/** How many hashes and checks have been handed to the worker so far: a test's signal that its sign-ins reached it. */
export const passwordJobsPosted = () => nextId;

export const hashPassword = (password: string): Promise<string> => run({ op: 'hash', password, cost: BCRYPT_COST });

/** Whether `password` matches a stored bcrypt hash; anything that is not one (an empty column) never matches. */
export function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash || !/^\$2[abxy]\$\d{2}\$.{53}$/.test(hash)) return Promise.resolve(false);
  return run({ op: 'verify', password, hash });
}
