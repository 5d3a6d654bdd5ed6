/**
 * The local Stripe stand-in's webhook queue survives a kill -9 of the stack: a real server process
 * (supabase/local/server.ts on a PGlite data directory, or on a PostgreSQL database) is killed while its first webhook attempt waits
 * for an answer, and a new process on the same directory delivers that event again (at least once, as
 * Stripe promises). The endpoint is a small recording server (tests/support/stripe.ts).
 */
import { describe, it, expect, afterAll } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type Stripe from 'stripe';
import { reopenableTestDb } from '../support/stack.ts';
import { sessionParams, stripeClient, webhookEndpoint } from '../support/stripe.ts';
import { LOCAL_STRIPE_SECRET_KEY } from '../../supabase/local/config.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const children = new Set<ChildProcess>();
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

/** The stack's own CLI on a free port; resolves with its URL once it says it is ready. */
function startServer(dbEnv: Record<string, string>, webhookUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...dbEnv, PORT: '0', STRIPE_WEBHOOK_URL: webhookUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready:\n${out}`)), 60_000);
    const read = (d: Buffer) => {
      out += d;
      const url = /ready in \d+ ms at (http:\/\/\S+)/.exec(out)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ url, child });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', (d: Buffer) => (out += d));
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  });
}

describe('a stack killed mid-delivery', () => {
  it('delivers the event again after a restart on the same database', async () => {
    const saved = await reopenableTestDb();
    const endpoint = await webhookEndpoint();
    try {
      const first = await startServer(saved.env, endpoint.url);
      const stripe = stripeClient({ publicUrl: first.url, stripe: { secretKey: LOCAL_STRIPE_SECRET_KEY } });
      endpoint.delay(60_000); // the first attempt waits for an answer that never comes in time
      const session = await stripe.checkout.sessions.create(sessionParams(randomUUID()));
      const paid = await fetch(`${first.url}/stripe/_test/sessions/${session.id}/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ card: '4242424242424242' }),
      });
      expect(await paid.json()).toMatchObject({ ok: true });
      await expect.poll(() => endpoint.received.length, { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
      expect(endpoint.received).toHaveLength(1);
      const exited = new Promise((ok) => first.child.once('exit', ok));
      first.child.kill('SIGKILL');
      await exited;

      endpoint.delay(0);
      const second = await startServer(saved.env, endpoint.url);
      const idle = await fetch(`${second.url}/stripe/_test/idle`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      expect(idle.status).toBe(200);
      const events = endpoint.received.map((r) => JSON.parse(r.body) as Stripe.Event);
      expect(events.map((e) => e.type)).toEqual(['checkout.session.completed', 'checkout.session.completed']);
      expect(events[1].id).toBe(events[0].id);
      const records = await (await fetch(`${second.url}/stripe/_test/sessions/${session.id}/events`)).json();
      expect(records).toMatchObject([{ deliveries: [{ state: 'delivered', attempts: 2 }], attempts: [{ attempt: 2, status: 200 }] }]);
      const again = stripeClient({ publicUrl: second.url, stripe: { secretKey: LOCAL_STRIPE_SECRET_KEY } });
      expect((await again.checkout.sessions.retrieve(session.id)).status).toBe('complete');
      const stopped = new Promise((ok) => second.child.once('exit', ok));
      second.child.kill('SIGTERM');
      await stopped;
    } finally {
      await endpoint.close();
      await saved.drop();
    }
  }, 120_000);
});
