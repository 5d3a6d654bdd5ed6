/**
 * The dev inbox's durable store (supabase/local/inbox-store.ts) and its e-mail API's Resend behaviours
 * (supabase/local/inbox.ts): `Idempotency-Key` (the same key sends once and answers the first result; a
 * different body with the same key is refused; a bad key is refused), an `html` part beside `text`, the
 * capacity rule in the table, and mail (auth and function mail) that survives a restart of the stack on
 * the same database.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import { testStack, reopenableTestDb, untyped, type TestStack } from '../support/stack.ts';
import { createStack } from '../../supabase/local/app.ts';
import { LOCAL_MAIL_API_KEY } from '../../supabase/local/config.ts';
import { INBOX_CAPACITY } from '../../supabase/local/inbox-store.ts';

let s: TestStack;
beforeAll(async () => {
  s = await testStack();
});
afterAll(() => s?.close());

type Fetching = { fetch: typeof fetch; config: { publicUrl: string } };
const send = (stack: Fetching, body: unknown, key?: string) =>
  stack.fetch(`${stack.config.publicUrl}/inbox/emails`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${LOCAL_MAIL_API_KEY}`, ...(key === undefined ? {} : { 'Idempotency-Key': key }) },
    body: JSON.stringify(body),
  });
const answer = async (r: Response) => ({ status: r.status, body: await r.json() });
const mail = (to: string, extra: Record<string, unknown> = {}) => ({
  from: 'KYB <orders@localhost>',
  to: [to],
  subject: 'Your KYB order',
  text: 'Thanks for your order.',
  ...extra,
});

describe('Idempotency-Key on POST /inbox/emails', () => {
  it('sends once per key and answers the first result again', async () => {
    const to = `idem.${randomUUID().slice(0, 8)}@example.com`;
    const key = `order-confirmation/${randomUUID()}`;
    const first = await answer(await send(s, mail(to), key));
    expect(first.status).toBe(200);
    // The same request, twice at once and once more: one mail.
    const again = await Promise.all([send(s, mail(to), key), send(s, mail(to), key), send(s, { ...mail(to) }, key)]);
    for (const r of again) expect(await answer(r)).toEqual(first);
    expect(s.ctx.mail.filter((m) => m.to === to)).toHaveLength(1);
    // Key order in the JSON body does not make another request.
    const { text, subject, from, to: list } = mail(to);
    expect(await answer(await send(s, { text, to: list, from, subject }, key))).toEqual(first);
  });

  it('refuses the same key with another body, and a key out of bounds', async () => {
    const to = `idem2.${randomUUID().slice(0, 8)}@example.com`;
    const key = randomUUID();
    expect((await send(s, mail(to), key)).status).toBe(200);
    expect(await answer(await send(s, mail(to, { subject: 'Something else' }), key))).toEqual({
      status: 409,
      body: { statusCode: 409, name: 'invalid_idempotent_request', message: 'Same idempotency key used with a different request payload.' },
    });
    expect(await answer(await send(s, mail(to), 'k'.repeat(257)))).toEqual({
      status: 400,
      body: { statusCode: 400, name: 'invalid_idempotency_key', message: 'The key must be between 1-256 chars.' },
    });
    expect(s.ctx.mail.filter((m) => m.to === to)).toHaveLength(1);
    // Without a key, each request sends.
    await send(s, mail(to));
    await send(s, mail(to));
    expect(s.ctx.mail.filter((m) => m.to === to)).toHaveLength(3);
  });

  it('does not keep the key of a refused request', async () => {
    const to = `idem3.${randomUUID().slice(0, 8)}@example.com`;
    const key = randomUUID();
    expect((await send(s, mail(to, { to: ['not an address'] }), key)).status).toBe(422);
    expect((await send(s, mail(to), key)).status).toBe(200);
    expect(s.ctx.mail.filter((m) => m.to === to)).toHaveLength(1);
  });
});

describe('an html part', () => {
  it('is stored and shown in a sandboxed frame beside the text part', async () => {
    const to = `html.${randomUUID().slice(0, 8)}@example.com`;
    const html = '<h1>Thanks, Ada</h1><p>Your <a href="http://127.0.0.1:5173/order/1">order</a> is confirmed.</p><script>alert(1)</script>';
    const { body } = await answer(await send(s, mail(to, { html })));
    const json = await (await s.fetch(`${s.url}/inbox?format=json&to=${to}`)).json();
    expect(json).toEqual([{ id: body.id, to, subject: 'Your KYB order', kind: 'notification', link: '', text: 'Thanks for your order.', html, created_at: expect.any(String) }]);
    const page = await (await s.fetch(`${s.url}/inbox?to=${to}`)).text();
    expect(page).toContain('<iframe class="html" title="HTML part of Your KYB order" sandbox srcdoc="&lt;h1&gt;Thanks, Ada&lt;/h1&gt;');
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toContain('<summary>Text part</summary>');
  });

  it('may come alone: the text part is derived from it', async () => {
    const to = `htmlonly.${randomUUID().slice(0, 8)}@example.com`;
    expect((await send(s, { from: 'KYB <o@localhost>', to, subject: 'Receipt', html: '<p>Paid: $458.00</p><p>Thanks &amp; see you</p>' })).status).toBe(200);
    expect(s.ctx.mail.find((m) => m.to === to)).toMatchObject({ text: 'Paid: $458.00\nThanks & see you' });
    expect(await answer(await send(s, { from: 'KYB <o@localhost>', to, subject: 'Empty' }))).toMatchObject({ status: 422, body: { message: 'Missing `text` or `html` field.' } });
  });
});

describe('the store', () => {
  it(`keeps the newest ${INBOX_CAPACITY} mails, in memory and in the table`, async () => {
    const batch = Array.from({ length: 60 }, (_, i) => ({
      id: randomUUID(),
      to: `cap${i}@example.com`,
      subject: `Cap ${i}`,
      kind: 'notification' as const,
      link: '',
      text: '.',
      created_at: new Date().toISOString(),
    }));
    for (let i = 0; i < Math.ceil(INBOX_CAPACITY / batch.length) + 1; i++) await s.ctx.inbox.add(batch.map((m) => ({ ...m, id: randomUUID() })));
    expect(s.ctx.mail).toHaveLength(INBOX_CAPACITY);
    const rows = await s.db.query<{ n: number }>('select count(*)::int as n from local_inbox.mails');
    expect(rows.rows[0].n).toBe(INBOX_CAPACITY);
    // Nothing of it is reachable through the Data API.
    const { error } = await untyped(s.client({ serviceRole: true }))
      .schema('local_inbox')
      .from('mails')
      .select('*');
    expect(error).not.toBeNull();
  });

  it('keeps auth and function mail across a restart on the same database', async () => {
    const saved = await reopenableTestDb();
    try {
      const email = `restart.${randomUUID().slice(0, 8)}@example.com`;
      const first = await createStack({ db: await saved.open() });
      const signup = await first.fetch(`${first.config.publicUrl}/auth/v1/signup`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', apikey: first.config.anonKey },
        body: JSON.stringify({ email, password: 'secret-pass-1' }),
      });
      expect(signup.status).toBe(200);
      await send(first, mail(email, { html: '<p>Thanks</p>' }), 'restart-key');
      const before = first.ctx.mail.filter((m) => m.to === email);
      expect(before.map((m) => m.kind).sort()).toEqual(['confirmation', 'notification']);
      await first.close();

      const second = await createStack({ db: await saved.open() });
      try {
        expect(second.ctx.mail.filter((m) => m.to === email)).toEqual(before);
        const inbox = await (await second.fetch(`${second.config.publicUrl}/inbox?format=json&to=${email}`)).json();
        expect(inbox.map((m: { kind: string }) => m.kind)).toEqual(['notification', 'confirmation']);
        // The confirmation link still works: the token it carries was stored with the user.
        const link = before.find((m) => m.kind === 'confirmation')!.link;
        const verified = await second.fetch(link, { redirect: 'manual' });
        expect(verified.status).toBe(303);
        expect(verified.headers.get('location')).toContain('access_token=');
      } finally {
        await second.close();
      }
    } finally {
      await saved.drop();
    }
  }, 60_000);
});
