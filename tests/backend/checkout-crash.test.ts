/**
 * A power cut in the middle of a payment (docs/commerce.md#never-lost-never-doubled): the local stack
 * runs as its own process (supabase/local/server.ts, the `npm start` server) on a data directory, and is
 * killed with SIGKILL at a named point of the stripe-webhook handler (`KYB_CRASH_AT`,
 * supabase/local/functions/index.ts). Restarted on the same data, its Stripe stand-in delivers the
 * unanswered event again, as Stripe does, and the order ends paid once, with one history entry, one
 * recorded event and one confirmation e-mail, whatever was committed before the cut.
 *
 *   - after the payment is recorded, before any e-mail is sent;
 *   - after the e-mail API accepted the confirmation, before it was recorded as sent (the next attempt
 *     waits out the dead claim and sends again with the same idempotency key: the inbox keeps one).
 *
 * On PGlite by default; in the PostgreSQL leg of `npm test` (DATABASE_URL) the process runs on a fresh
 * database of that server.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/types/database.ts';
import { apiKeys } from '../../supabase/local/config.ts';
import { openDb } from '../../supabase/local/db.ts';
import { TEMPLATE_DB } from '../../scripts/supabase-cli.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PLANNER = { product: 'crown-planner', configuration: { tier: 'pdf' }, quantity: 1 };

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((ok) => srv.listen(0, '127.0.0.1', ok));
  const { port } = srv.address() as { port: number };
  await new Promise((ok) => srv.close(ok));
  return port;
}

let dataDir: string;
let databaseUrl: string | undefined;
let port: number;
let child: ChildProcess | null = null;
let output = '';

/** Starts the stack's process on the test's data; resolves once it answers. */
async function start(crashAt?: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), AUTH_AUTOCONFIRM: 'true', KYB_CRASH_AT: crashAt ?? '' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else {
    delete env.DATABASE_URL;
    env.DATA_DIR = dataDir;
  }
  // Node itself (tsx as a loader, not its wrapper process), so the kill hits the stack's own process.
  const p = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/server.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  p.stdout!.on('data', (d: Buffer) => (output += d));
  p.stderr!.on('data', (d: Buffer) => (output += d));
  const dead = () => p.exitCode !== null || p.signalCode !== null;
  const state = async () => {
    if (dead()) return 'exited';
    const health = await fetch(`http://127.0.0.1:${port}/health`).catch(() => null); // null: not listening yet
    return health?.ok ? 'up' : 'starting';
  };
  await expect
    .poll(state, { timeout: 120_000, interval: 200 })
    .not.toBe('starting')
    .catch(() => {
      throw new Error(`the stack did not start:\n${output.slice(-2000)}`);
    });
  if (dead()) throw new Error(`the stack exited at start:\n${output.slice(-2000)}`);
  return p;
}

const exited = (p: ChildProcess) =>
  new Promise<NodeJS.Signals | number | null>((ok) =>
    p.exitCode !== null || p.signalCode !== null ? ok(p.signalCode ?? p.exitCode) : p.once('exit', (code, signal) => ok(signal ?? code)),
  );

const base = () => `http://127.0.0.1:${port}`;
const service = () => createClient<Database>(base(), apiKeys().serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
const control = (path: string, body: unknown = {}) =>
  fetch(`${base()}/stripe/_test${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function checkoutAndPay(email: string) {
  const anon = createClient<Database>(base(), apiKeys().anonKey, { auth: { persistSession: false } });
  const { data, error } = await anon.functions.invoke('checkout', { body: { cart: randomUUID(), lines: [PLANNER] } });
  if (error) throw error;
  const sessionId = String(data.url).split('/').pop()!;
  const paid = await control(`/sessions/${sessionId}/pay`, { card: '4242424242424242', email });
  expect(paid.status).toBe(200);
  return sessionId;
}

/**
 * Everything the order left behind, read as the service role once Stripe's redeliveries have finished
 * it (retries are seconds apart, so this waits through several).
 */
async function outcome(sessionId: string, email: string) {
  const finished = async () => ({
    idle: (await control('/idle')).status === 200,
    confirmation: (await read(sessionId, email)).mail.find((m) => m.kind === 'confirmation')?.status,
  });
  await expect.poll(finished, { timeout: 150_000, interval: 1000 }).toEqual({ idle: true, confirmation: 'sent' });
  return read(sessionId, email);
}

async function read(sessionId: string, email: string) {
  const db = service();
  const { data: payment } = await db.from('order_payments').select('order_id').eq('checkout_session_id', sessionId).single();
  const id = payment!.order_id;
  const { data: order } = await db.from('orders').select('status, paid_cents').eq('id', id).single();
  const { data: history } = await db.from('order_events').select('status').eq('order_id', id).order('id');
  const { count: events } = await db.from('stripe_events').select('id', { count: 'exact', head: true }).eq('order_id', id);
  const { data: mail } = await db.from('order_mails').select('kind, status').eq('order_id', id).order('kind');
  const inbox = (await (await fetch(`${base()}/inbox?format=json&to=${encodeURIComponent(email)}`)).json()) as { subject: string }[];
  return { order, history: history!.map((h) => h.status), events, mail: mail ?? [], inbox: inbox.map((m) => m.subject) };
}

beforeAll(async () => {
  port = await freePort();
  dataDir = await mkdtemp(join(tmpdir(), 'kyb-crash-'));
  if (process.env.DATABASE_URL) {
    const name = `kyb_crash_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const admin = await openDb({ databaseUrl: process.env.DATABASE_URL });
    await admin.exec(`create database ${name} template ${TEMPLATE_DB} owner postgres`);
    await admin.close();
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
  }
}, 30_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    await exited(child);
  }
  await rm(dataDir, { recursive: true, force: true });
});

describe('kill -9 while Stripe reports a payment', () => {
  it('completes the order on redelivery after a cut between recording the payment and e-mailing', async () => {
    child = await start('stripe-webhook:applied');
    const email = `crash${randomUUID().slice(0, 6)}@example.com`;
    const sessionId = await checkoutAndPay(email);
    expect(await exited(child)).toBe('SIGKILL');
    child = await start();
    expect(await outcome(sessionId, email)).toEqual({
      order: { status: 'paid', paid_cents: 1300 },
      history: ['pending', 'paid'],
      events: 1,
      mail: [
        { kind: 'business', status: 'sent' },
        { kind: 'confirmation', status: 'sent' },
      ],
      inbox: [expect.stringMatching(/^Your KYB order KYB-\d+ is confirmed$/)],
    });
    child.kill('SIGTERM');
    await exited(child);
  }, 240_000);

  it('sends the confirmation once after a cut between the e-mail API accepting it and recording it', async () => {
    child = await start('order-mail:confirmation:sent');
    const email = `crash${randomUUID().slice(0, 6)}@example.com`;
    const sessionId = await checkoutAndPay(email);
    expect(await exited(child)).toBe('SIGKILL');
    child = await start();
    // The dead claim is taken again once it is stale (STALE_CLAIM_SECONDS); a later delivery finishes the job.
    const r = await outcome(sessionId, email);
    expect(r.order).toEqual({ status: 'paid', paid_cents: 1300 });
    expect(r.history).toEqual(['pending', 'paid']);
    expect(r.mail).toContainEqual({ kind: 'confirmation', status: 'sent' });
    expect(r.inbox).toHaveLength(1);
    child.kill('SIGTERM');
    await exited(child);
  }, 240_000);
});
