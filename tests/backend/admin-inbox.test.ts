/**
 * The admin inbox's database side (migration admin_inbox) and the dev inbox's e-mail API stand-in,
 * through real supabase-js against the local stack: who reads what through admin_inbox and the two
 * tables, what an admin may change (the status, nothing else), and how the stand-in answers.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { testStack, adminClient, signedInClient, type TestStack, untyped } from '../support/stack.ts';
import { LOCAL_MAIL_API_KEY } from '../../supabase/local/config.ts';

let s: TestStack;
let service: SupabaseClient;
let admin: SupabaseClient;
let user: SupabaseClient;
const tag = randomUUID().slice(0, 8);
const ids: Record<string, string> = {};

beforeAll(async () => {
  s = await testStack({ autoconfirm: true });
  service = s.client({ serviceRole: true });
  admin = await adminClient(s);
  user = (await signedInClient(s)).client;
  for (const kind of ['partnership', 'beta_request', 'access_beta', 'notify', 'vault_optin', 'merch_notify']) {
    const email = `${kind.replace('_', '-')}.${tag}@example.com`;
    const { data, error: e } = await service
      .from('leads')
      .insert({ kind, email, payload: { name: `N ${kind}`, email, message: `m ${kind}` }, source_page: `/${kind}` })
      .select('id')
      .single();
    if (e) throw e;
    ids[kind] = data.id;
  }
  for (const list of ['newsletter', 'diy-kit-waitlist']) {
    const waiting = list === 'diy-kit-waitlist';
    const { error: e } = await service.rpc('newsletter_subscribe', {
      p_email: `${list}.${tag}@example.com`,
      p_name: (waiting ? null : `S ${list}`) as string,
      p_list: list,
      p_source_page: '/blog',
      p_consent_text_version: waiting ? 'waitlist-v9' : 'v9',
    });
    if (e) throw e;
  }
});
afterAll(async () => {
  await s?.close();
});

describe('admin_inbox and the triage grants', () => {
  it('lists every lead and subscription for an admin, with the inbox kinds and the consent record', async () => {
    const { data, error } = await admin
      .from('admin_inbox')
      .select('source, kind, form, status, name, message, source_page, consent')
      .ilike('email', `%.${tag}@example.com`)
      .order('form');
    expect(error).toBeNull();
    expect(data!.map((r) => [r.form, r.kind, r.source, r.status])).toEqual([
      ['access_beta', 'beta_request', 'lead', 'new'],
      ['beta_request', 'beta_request', 'lead', 'new'],
      ['diy-kit-waitlist', 'waiting_list', 'subscriber', 'new'],
      ['merch_notify', 'merchandise', 'lead', 'new'],
      ['newsletter', 'newsletter', 'subscriber', 'new'],
      ['notify', 'notify', 'lead', 'new'],
      ['partnership', 'partnership', 'lead', 'new'],
      ['vault_optin', 'vault', 'lead', 'new'],
    ]);
    // Issue #23: a waiting-list sign-up is listed under its e-mail, not the form's fixed label.
    expect(data!.find((r) => r.form === 'diy-kit-waitlist')).toMatchObject({ name: '', consent: { version: 'waitlist-v9' } });
    const news = data!.find((r) => r.form === 'newsletter')!;
    expect(news.consent).toMatchObject({ version: 'v9', ledger: [{ action: 'subscribe', version: 'v9', sourcePage: '/blog' }] });
    expect(data!.find((r) => r.form === 'partnership')).toMatchObject({ name: 'N partnership', message: 'm partnership', source_page: '/partnership', consent: null });
  });

  it('shows a visitor nothing (refused) and a signed-in customer nothing (no rows)', async () => {
    for (const table of ['admin_inbox', 'leads', 'subscribers', 'subscriber_consents']) {
      const anon = await untyped(s.client()).from(table).select('id').limit(1);
      expect(anon.error, `anon on ${table}`).toMatchObject({ code: '42501' });
      const mine = await untyped(user).from(table).select('id').limit(5);
      expect(mine, `customer on ${table}`).toMatchObject({ error: null, data: [] });
    }
    const upd = await user.from('leads').update({ inbox_status: 'handled' }, { count: 'exact' }).eq('id', ids.partnership);
    expect(upd).toMatchObject({ error: null, count: 0 });
  });

  it('lets an admin change the status and nothing else', async () => {
    const ok = await admin.from('leads').update({ inbox_status: 'archived' }, { count: 'exact' }).eq('id', ids.notify);
    expect(ok).toMatchObject({ error: null, count: 1 });
    expect((await s.db.query('select inbox_status from leads where id = $1', [ids.notify])).rows).toEqual([{ inbox_status: 'archived' }]);
    expect((await admin.from('leads').update({ inbox_status: 'done' }).eq('id', ids.notify)).error).toMatchObject({ code: '23514' });
    expect((await admin.from('leads').update({ email: 'x@example.com' }).eq('id', ids.notify)).error).toMatchObject({ code: '42501' });
    expect((await admin.from('leads').update({ notification: 'sent' }).eq('id', ids.notify)).error).toMatchObject({ code: '42501' });
    expect((await admin.from('leads').delete().eq('id', ids.notify)).error).toMatchObject({ code: '42501' });
    expect((await admin.from('leads').insert({ kind: 'notify', email: 'y@example.com', payload: {} })).error).toMatchObject({ code: '42501' });
    // The unsubscribe link's token is for the functions only.
    expect((await admin.from('subscribers').select('unsubscribe_token').limit(1)).error).toMatchObject({ code: '42501' });
    expect((await admin.from('subscribers').select('*').limit(1)).error).toMatchObject({ code: '42501' });
    expect((await admin.from('subscribers').update({ name: 'Renamed' }).eq('email', `newsletter.${tag}@example.com`)).error).toMatchObject({ code: '42501' });
  });
});

describe('the dev inbox e-mail API stand-in (POST /inbox/emails)', () => {
  const send = (body: unknown, key: string | null = LOCAL_MAIL_API_KEY, method = 'POST') =>
    s.fetch(`${s.url}/inbox/emails`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(key ? { Authorization: `Bearer ${key}` } : {}) },
      body: method === 'POST' ? JSON.stringify(body) : undefined,
    });
  const mail = { from: 'KYB <n@localhost>', to: ['biz@example.com'], subject: 'New partnership inquiry from Ann', text: 'Hello' };

  it('delivers a Resend-shaped request to the dev inbox', async () => {
    const r = await send(mail);
    expect(r.status).toBe(200);
    const { id } = await r.json();
    const inbox = await (await s.fetch(`${s.url}/inbox?format=json&to=biz@example.com`)).json();
    expect(inbox).toEqual([{ id, to: 'biz@example.com', subject: mail.subject, kind: 'notification', link: '', text: 'Hello', created_at: expect.any(String) }]);
    const html = await (await s.fetch(`${s.url}/inbox?to=biz@example.com`)).text();
    expect(html).toContain('Notification');
    expect(html).toContain('New partnership inquiry from Ann');
  });

  it('answers as the API does to a missing or wrong key, a bad message and another method', async () => {
    const answer = async (r: Response) => ({ status: r.status, body: await r.json() });
    expect(await answer(await send(mail, null))).toEqual({
      status: 401,
      body: { statusCode: 401, name: 'missing_api_key', message: 'Missing API key in the authorization header.' },
    });
    expect(await answer(await send(mail, 're_wrong'))).toEqual({ status: 403, body: { statusCode: 403, name: 'invalid_api_key', message: 'API key is invalid.' } });
    expect((await answer(await send({ ...mail, to: ['not an address'] }))).body).toMatchObject({ statusCode: 422, name: 'validation_error', message: 'Invalid `to` field.' });
    expect((await answer(await send({ ...mail, subject: 'Two\r\nBcc: x@example.com' }))).body).toMatchObject({ statusCode: 422, message: 'Invalid `subject` field.' });
    expect((await send(mail, LOCAL_MAIL_API_KEY, 'GET')).status).toBe(405);
    const inbox = await (await s.fetch(`${s.url}/inbox?format=json&to=x@example.com`)).json();
    expect(inbox).toEqual([]);
  });
});
