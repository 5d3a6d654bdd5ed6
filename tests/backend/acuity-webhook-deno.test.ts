/**
 * The rewards functions under the real Deno from their deployed entry points (index.ts with their own
 * deno.json, tests/support/deno.ts), as hosted Supabase runs them: the local Acuity, over HTTP, delivers
 * its signed webhooks to the Deno-served acuity-webhook, which reads each appointment back from the
 * stand-in's API over HTTP (WebCrypto's HMAC and the constant-time check under Deno); the jobs run
 * under Deno too: rewards-punches, and acuity-reconcile, which lists the stand-in's appointments over HTTP
 * and applies those whose webhook was lost. The Node runtime's fuller cases are in acuity-webhook.test.ts
 * and acuity-reconcile.test.ts.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import { httpTestStack } from '../support/stack.ts';
import { serveFunctionsWithDeno, type DenoFunctions } from '../support/deno.ts';
import { signBody } from '../../supabase/local/acuity/index.ts';
import { REWARDS_MESSAGES } from '../../shared/messages.ts';

let http: Awaited<ReturnType<typeof httpTestStack>>;
let deno: DenoFunctions;
const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await http.stack.db.query<T>(text, params)).rows;
const history = (id: number) => sql<{ change: number; reason: string }>('select change::int as change, reason from public.punches where booking_id = $1 order by id', [id]);

beforeAll(async () => {
  http = await httpTestStack({ autoconfirm: true });
  deno = await serveFunctionsWithDeno(http.stack.config, ['acuity-webhook', 'rewards-punches', 'acuity-reconcile']).catch(async (e: unknown) => {
    await http.close();
    throw e;
  });
  // Acuity delivers to the deployed endpoint: here, the Deno server.
  http.stack.config.acuity.webhookUrl = deno.urls['acuity-webhook'];
});
afterAll(async () => {
  await deno?.close();
  await http?.close();
});

describe('acuity-webhook, rewards-punches and acuity-reconcile (Deno)', () => {
  it('stores the booking, punches it once ended, takes it back when canceled after the fact', async () => {
    const email = `deno-${randomUUID().slice(0, 8)}@example.com`;
    const a = await http.stack.acuity.book({ email: email.toUpperCase(), startsInMinutes: 60 });
    const [hook] = await http.stack.acuity.webhooks(a.id);
    expect(hook).toMatchObject({ state: 'delivered', status: 200 });
    expect(await sql('select email, canceled from public.bookings where acuity_id = $1', [a.id])).toEqual([{ email, canceled: false }]);
    await http.stack.acuity.endNow(a.id);
    expect(await history(a.id)).toEqual([{ change: 1, reason: 'visit' }]);
    await http.stack.acuity.cancel(a.id);
    expect(await history(a.id)).toEqual([
      { change: 1, reason: 'visit' },
      { change: -1, reason: 'canceled' },
    ]);
    // Replayed and reordered: the same state.
    const hooks = await http.stack.acuity.webhooks(a.id);
    for (const h of [...hooks].reverse()) await http.stack.acuity.deliver(h.id);
    expect(await history(a.id)).toHaveLength(2);
    expect(await sql('select canceled from public.bookings where acuity_id = $1', [a.id])).toEqual([{ canceled: true }]);
  });

  it('refuses a missing or forged signature with 400 and writes nothing', async () => {
    const a = await http.stack.acuity.book({ email: 'forged-deno@example.com', startsInMinutes: 30 });
    const before = await sql('select * from public.bookings where acuity_id = $1', [a.id]);
    const body = new URLSearchParams({ action: 'appointment.canceled', id: String(a.id), calendarID: '4401', appointmentTypeID: '5501' }).toString();
    const post = (signature?: string) =>
      fetch(deno.urls['acuity-webhook'], {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature ? { 'x-acuity-signature': signature } : {}) },
        body,
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    expect(await post()).toEqual({ status: 400, body: { error: REWARDS_MESSAGES.missingSignature } });
    expect(await post(signBody('another-key', body))).toEqual({ status: 400, body: { error: REWARDS_MESSAGES.invalidSignature } });
    expect(await sql('select * from public.bookings where acuity_id = $1', [a.id])).toEqual(before);
    expect((await post(signBody(http.stack.config.acuity.apiKey, body))).status).toBe(200);
  });

  it('runs the job for the service role key only', async () => {
    const run = (key: string) =>
      fetch(deno.urls['rewards-punches'], { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: '{}' }).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      }));
    expect((await run(http.stack.config.anonKey)).status).toBe(401);
    expect(await run(http.stack.config.serviceRoleKey)).toEqual({ status: 200, body: { punched: 0, taken_back: 0, codes_issued: 0 } });
  });

  it('reconciles what no webhook brought: a booking stored and punched, a cancellation taken back, once', async () => {
    const run = () =>
      fetch(deno.urls['acuity-reconcile'], {
        method: 'POST',
        headers: { authorization: `Bearer ${http.stack.config.serviceRoleKey}`, 'content-type': 'application/json' },
        body: '{}',
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const email = `deno-lost-${randomUUID().slice(0, 8)}@example.com`;
    const visited = await http.stack.acuity.book({ email, startsInMinutes: -200 });
    expect(await history(visited.id)).toEqual([{ change: 1, reason: 'visit' }]);
    const url = http.stack.config.acuity.webhookUrl;
    http.stack.config.acuity.webhookUrl = '';
    let lost: Awaited<ReturnType<typeof http.stack.acuity.book>>;
    try {
      lost = await http.stack.acuity.book({ email, startsInMinutes: -100 });
      await http.stack.acuity.cancel(visited.id);
    } finally {
      http.stack.config.acuity.webhookUrl = url;
    }
    expect(await sql('select canceled from public.bookings where acuity_id = $1', [visited.id])).toEqual([{ canceled: false }]);
    const first = await run();
    expect(first).toMatchObject({ status: 200, body: { repaired: 2, punched: 1, taken_back: 1, codes_issued: 0 } });
    expect(first.body.repairs).toEqual(
      expect.arrayContaining([
        { acuity_id: lost.id, was: 'missing' },
        { acuity_id: visited.id, was: 'changed' },
      ]),
    );
    expect(await history(lost.id)).toEqual([{ change: 1, reason: 'visit' }]);
    expect(await history(visited.id)).toEqual([
      { change: 1, reason: 'visit' },
      { change: -1, reason: 'canceled' },
    ]);
    expect(await run()).toMatchObject({ status: 200, body: { repaired: 0, repairs: [], punched: 0, taken_back: 0 } });
  });
});
