/**
 * The local GoTrue stand-in (/auth/v1) and the dev inbox, driven by the real supabase-js client and by raw
 * requests where the wire format itself is the contract (status, `{code, error_code, message, msg}`, the
 * `X-Supabase-Api-Version` and `x-sb-error-code` headers).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { AuthChangeEvent } from '@supabase/supabase-js';
import { testStack, type TestStack, type TestClient } from '../support/stack.ts';
import { signJwt } from '../../supabase/local/jwt.ts';
import type { Mail } from '../../supabase/local/http.ts';

const PASSWORD = 'secret-pass-1';
const SITE = 'http://127.0.0.1:5173';
const email = (tag = 'u') => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

let confirm: TestStack; // confirmations on (hosted default)
let auto: TestStack; // autoconfirm: sign-up returns a session

beforeAll(async () => {
  [confirm, auto] = await Promise.all([testStack({ autoconfirm: false }), testStack({ autoconfirm: true })]);
});
afterAll(async () => {
  await Promise.all([confirm?.close(), auto?.close()]);
});

// ------------------------------------------------------------------ helpers

interface Raw {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: raw JSON bodies of every shape the auth API answers with
  body: any;
}

/** A request as supabase-js shapes it (apikey, bearer, API version header), answer decoded. */
async function raw(s: TestStack, method: string, path: string, opts: { body?: unknown; text?: string; bearer?: string; headers?: Record<string, string> } = {}): Promise<Raw> {
  const headers: Record<string, string> = {
    apikey: s.config.anonKey,
    Authorization: `Bearer ${opts.bearer ?? s.config.anonKey}`,
    'X-Supabase-Api-Version': '2024-01-01',
    ...opts.headers,
  };
  let body: string | undefined = opts.text;
  if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers['Content-Type'] = 'application/json;charset=UTF-8';
  const res = await s.fetch(`${s.url}/auth/v1${path}`, { method, headers, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** The GoTrue error answer, in full. */
function expectAuthError(r: Raw, status: number, code: string, message?: string | RegExp) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  expect(r.headers.get('x-sb-error-code')).toBe(code);
  expect(r.body).toMatchObject({ code, error_code: code });
  expect(r.body.msg).toBe(r.body.message);
  if (typeof message === 'string') expect(r.body.message).toBe(message);
  else if (message) expect(r.body.message).toMatch(message);
}

function mailsTo(s: TestStack, to: string, kind?: Mail['kind']): Mail[] {
  return s.ctx.mail.filter((m) => m.to === to && (!kind || m.kind === kind));
}

function lastMail(s: TestStack, to: string, kind: Mail['kind']): Mail {
  const list = mailsTo(s, to, kind);
  expect(list.length, `a ${kind} mail to ${to}`).toBeGreaterThan(0);
  return list[list.length - 1];
}

/** Clicks a mail link the way a browser does and returns where it lands, fragment decoded. */
async function follow(s: TestStack, link: string) {
  const res = await s.fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  const location = res.headers.get('location')!;
  const [base, fragment = ''] = location.split('#');
  return { base, params: Object.fromEntries(new URLSearchParams(fragment)) as Record<string, string> };
}

// biome-ignore lint/suspicious/noExplicitAny: claims are read field by field in assertions
function claimsOf(jwt: string): Record<string, any> {
  return JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));
}

/** Lets the sent-at stamp of a mail kind look `seconds` old, as if time had passed. */
async function age(s: TestStack, address: string, column: string, seconds: number) {
  await s.db.query(`update auth.users set ${column} = ${column} - make_interval(secs => $2) where email = $1`, [address, seconds]);
}

function recordEvents(c: TestClient): AuthChangeEvent[] {
  const events: AuthChangeEvent[] = [];
  c.auth.onAuthStateChange((event) => {
    events.push(event);
  });
  return events;
}

async function signedUp(s: TestStack, address = email(), password = PASSWORD, data?: Record<string, unknown>) {
  const c = s.client();
  const { data: d, error } = await c.auth.signUp({ email: address, password, options: { data } });
  expect(error).toBeNull();
  expect(d.session).not.toBeNull();
  return { c, email: address, session: d.session!, id: d.user!.id };
}

// ------------------------------------------------------------------ confirmations on

describe('sign-up with e-mail confirmation', () => {
  it('returns the bare user, stores no session and mails a confirmation link that signs the user in', async () => {
    const address = email('confirm');
    const c = confirm.client();
    const { data, error } = await c.auth.signUp({
      email: address,
      password: PASSWORD,
      options: { data: { full_name: 'Ada' }, emailRedirectTo: `${SITE}/welcome` },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email: address, aud: 'authenticated', role: 'authenticated', user_metadata: { full_name: 'Ada' } });
    expect(data.user!.confirmation_sent_at).toBeTruthy();
    expect(data.user!.email_confirmed_at).toBeUndefined();
    expect(data.user!.identities).toHaveLength(1);
    expect(data.user!.identities![0]).toMatchObject({ provider: 'email', id: data.user!.id, identity_data: { email: address, full_name: 'Ada' } });
    expect((await c.auth.getSession()).data.session).toBeNull();

    const rows = await confirm.db.query<{ confirmation_token: string }>('select confirmation_token from auth.users where id = $1', [data.user!.id]);
    const mail = lastMail(confirm, address, 'confirmation');
    const link = new URL(mail.link);
    expect(`${link.origin}${link.pathname}`).toBe(`${confirm.url}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe(`${SITE}/welcome`);
    // The database keeps a hash of the link's token, never the token itself.
    expect(rows.rows[0].confirmation_token).toMatch(/^[0-9a-f]{64}$/);
    expect(rows.rows[0].confirmation_token).not.toBe(link.searchParams.get('token'));

    const before = await c.auth.signInWithPassword({ email: address, password: PASSWORD });
    expect(before.error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });

    const landed = await follow(confirm, mail.link);
    expect(landed.base).toBe(`${SITE}/welcome`);
    expect(Object.keys(landed.params).sort()).toEqual(['access_token', 'expires_at', 'expires_in', 'refresh_token', 'token_type', 'type']);
    expect(landed.params).toMatchObject({ expires_in: '3600', token_type: 'bearer', type: 'signup' });

    const browser = confirm.client();
    const events = recordEvents(browser);
    const set = await browser.auth.setSession({ access_token: landed.params.access_token, refresh_token: landed.params.refresh_token });
    expect(set.error).toBeNull();
    expect(events).toContain('SIGNED_IN');
    const { data: me } = await browser.auth.getUser();
    expect(me.user!.email_confirmed_at).toBeTruthy();
    expect(me.user!.user_metadata).toMatchObject({ full_name: 'Ada', email_verified: true });
    expect(me.user!.identities![0].identity_data).toMatchObject({ email_verified: true });

    // A link works once; a second click lands with the error in the fragment.
    const again = await follow(confirm, mail.link);
    expect(again.base).toBe(`${SITE}/welcome`);
    expect(again.params).toEqual({ error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' });

    const after = await confirm.client().auth.signInWithPassword({ email: address, password: PASSWORD });
    expect(after.error).toBeNull();
  });

  it('answers a confirmed address with an obfuscated user and sends nothing', async () => {
    const address = email('dup');
    const first = await confirm.client().auth.signUp({ email: address, password: PASSWORD });
    await follow(confirm, lastMail(confirm, address, 'confirmation').link);
    const sent = mailsTo(confirm, address).length;

    const { data, error } = await confirm.client().auth.signUp({ email: address, password: 'other-pass-2' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user!.identities).toEqual([]);
    expect(data.user!.id).not.toBe(first.data.user!.id);
    expect(data.user!.email).toBe(address);
    expect(mailsTo(confirm, address)).toHaveLength(sent);
  });

  it('resends the confirmation for an unconfirmed re-sign-up, no faster than the mail rate limit', async () => {
    const address = email('again');
    const c = confirm.client();
    const first = await c.auth.signUp({ email: address, password: PASSWORD });
    const firstLink = lastMail(confirm, address, 'confirmation').link;

    const tooSoon = await c.auth.signUp({ email: address, password: PASSWORD });
    expect(tooSoon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(tooSoon.error!.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);

    await age(confirm, address, 'confirmation_sent_at', 5);
    const again = await c.auth.signUp({ email: address, password: PASSWORD });
    expect(again.error).toBeNull();
    expect(again.data.user!.id).toBe(first.data.user!.id);
    expect(mailsTo(confirm, address, 'confirmation')).toHaveLength(2);
    // Only the newest link is valid.
    expect((await follow(confirm, firstLink)).params.error_code).toBe('otp_expired');
    expect((await follow(confirm, lastMail(confirm, address, 'confirmation').link)).params.type).toBe('signup');
  });

  it('resend({type: "signup"}) mails a new link to unconfirmed users only and never says who exists', async () => {
    const address = email('resend');
    const c = confirm.client();
    await c.auth.signUp({ email: address, password: PASSWORD });
    await age(confirm, address, 'confirmation_sent_at', 5);
    const r = await c.auth.resend({ type: 'signup', email: address, options: { emailRedirectTo: `${SITE}/again` } });
    expect(r.error).toBeNull();
    expect(r.data).toEqual({ user: null, session: null });
    const mail = lastMail(confirm, address, 'confirmation');
    expect(mailsTo(confirm, address, 'confirmation')).toHaveLength(2);
    expect(new URL(mail.link).searchParams.get('redirect_to')).toBe(`${SITE}/again`);

    const unknown = email('nobody');
    expect((await c.auth.resend({ type: 'signup', email: unknown })).error).toBeNull();
    expect(mailsTo(confirm, unknown)).toHaveLength(0);

    await follow(confirm, mail.link);
    await age(confirm, address, 'confirmation_sent_at', 5);
    expect((await c.auth.resend({ type: 'signup', email: address })).error).toBeNull();
    expect(mailsTo(confirm, address, 'confirmation')).toHaveLength(2);

    const noType = await raw(confirm, 'POST', '/resend', { body: { email: address } });
    expectAuthError(noType, 400, 'validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
    const noAddress = await raw(confirm, 'POST', '/resend', { body: { type: 'signup' } });
    expectAuthError(noAddress, 400, 'validation_failed', 'Type provided requires an email address');
  });

  it('sends mail links only to allowed redirect targets and expires them after 24 hours', async () => {
    const address = email('redirect');
    await confirm.client().auth.signUp({ email: address, password: PASSWORD, options: { emailRedirectTo: 'https://evil.example/steal' } });
    const link = lastMail(confirm, address, 'confirmation').link;
    expect(new URL(link).searchParams.get('redirect_to')).toBe(confirm.config.siteUrl);

    // A redirect_to tampered into the link falls back to the site as well.
    const tampered = new URL(link);
    tampered.searchParams.set('redirect_to', 'https://evil.example/steal');
    await age(confirm, address, 'confirmation_sent_at', 25 * 3600);
    const landed = await follow(confirm, tampered.toString());
    expect(landed.base).toBe(confirm.config.siteUrl);
    expect(landed.params).toMatchObject({ error: 'access_denied', error_code: 'otp_expired' });

    // Another port on a loopback name is not on the allow-list (issue 9); a loopback IP literal is, as
    // in GoTrue (native apps listen on any port, RFC 8252 §7.3).
    const other = email('local');
    await confirm.client().auth.signUp({ email: other, password: PASSWORD, options: { emailRedirectTo: 'http://localhost:4321/account' } });
    expect(new URL(lastMail(confirm, other, 'confirmation').link).searchParams.get('redirect_to')).toBe(confirm.config.siteUrl);
    const native = email('native');
    await confirm.client().auth.signUp({ email: native, password: PASSWORD, options: { emailRedirectTo: 'http://127.0.0.1:4321/account' } });
    expect(new URL(lastMail(confirm, native, 'confirmation').link).searchParams.get('redirect_to')).toBe('http://127.0.0.1:4321/account');
  });

  it('resets a forgotten password through the recovery link', async () => {
    const address = email('reset');
    await confirm.client().auth.signUp({ email: address, password: PASSWORD });
    await follow(confirm, lastMail(confirm, address, 'confirmation').link);

    const c = confirm.client();
    const r = await c.auth.resetPasswordForEmail(address, { redirectTo: `${SITE}/reset` });
    expect(r).toEqual({ data: {}, error: null });
    const nobody = email('nobody');
    expect(await c.auth.resetPasswordForEmail(nobody)).toEqual({ data: {}, error: null });
    expect(mailsTo(confirm, nobody)).toHaveLength(0);

    const mail = lastMail(confirm, address, 'recovery');
    expect(mail.subject).toBe('Reset Your Password');
    const landed = await follow(confirm, mail.link);
    expect(landed.base).toBe(`${SITE}/reset`);
    expect(landed.params.type).toBe('recovery');
    expect((await follow(confirm, mail.link)).params.error_code).toBe('otp_expired');

    const browser = confirm.client();
    const events = recordEvents(browser);
    await browser.auth.setSession({ access_token: landed.params.access_token, refresh_token: landed.params.refresh_token });
    const upd = await browser.auth.updateUser({ password: 'brand-new-pass-3' });
    expect(upd.error).toBeNull();
    expect(events).toEqual(expect.arrayContaining(['SIGNED_IN', 'USER_UPDATED']));

    expect((await confirm.client().auth.signInWithPassword({ email: address, password: PASSWORD })).error?.code).toBe('invalid_credentials');
    expect((await confirm.client().auth.signInWithPassword({ email: address, password: 'brand-new-pass-3' })).error).toBeNull();
  });

  it('changes the e-mail address only after the new address confirms it', async () => {
    const address = email('old');
    await confirm.client().auth.signUp({ email: address, password: PASSWORD });
    const confirmed = await follow(confirm, lastMail(confirm, address, 'confirmation').link);
    const c = confirm.client();
    await c.auth.setSession({ access_token: confirmed.params.access_token, refresh_token: confirmed.params.refresh_token });

    const next = email('new');
    const upd = await c.auth.updateUser({ email: next }, { emailRedirectTo: `${SITE}/changed` });
    expect(upd.error).toBeNull();
    expect(upd.data.user).toMatchObject({ email: address, new_email: next });
    expect(upd.data.user!.email_change_sent_at).toBeTruthy();
    const mail = lastMail(confirm, next, 'email_change');
    expect(mail.text).toContain(address);
    expect(new URL(mail.link).searchParams.get('redirect_to')).toBe(`${SITE}/changed`);

    const other = email('taken');
    await confirm.client().auth.signUp({ email: other, password: PASSWORD });
    const clash = await c.auth.updateUser({ email: other });
    expect(clash.error).toMatchObject({ status: 422, code: 'email_exists' });

    // resend({type: 'email_change'}) mails the pending address again, with a fresh link.
    await age(confirm, address, 'email_change_sent_at', 5);
    expect((await c.auth.resend({ type: 'email_change', email: address })).error).toBeNull();
    expect(mailsTo(confirm, next, 'email_change')).toHaveLength(2);
    expect((await follow(confirm, mail.link)).params.error_code).toBe('otp_expired');
    const landed = await follow(confirm, lastMail(confirm, next, 'email_change').link);
    expect(landed.base).toBe(SITE);
    expect(landed.params.type).toBe('email_change');
    expect(claimsOf(landed.params.access_token).email).toBe(next);
    expect((await confirm.client().auth.signInWithPassword({ email: next, password: PASSWORD })).error).toBeNull();
    expect((await confirm.client().auth.signInWithPassword({ email: address, password: PASSWORD })).error?.code).toBe('invalid_credentials');
  });

  it('verifies a token hash by POST /verify (verifyOtp) and mails a reauthentication code', async () => {
    const address = email('otp');
    await confirm.client().auth.signUp({ email: address, password: PASSWORD });
    const token = new URL(lastMail(confirm, address, 'confirmation').link).searchParams.get('token')!;
    const c = confirm.client();
    const bad = await c.auth.verifyOtp({ token_hash: 'nope', type: 'signup' });
    expect(bad.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const { data, error } = await c.auth.verifyOtp({ token_hash: token, type: 'signup' });
    expect(error).toBeNull();
    expect(data.session!.user.email).toBe(address);

    const re = await c.auth.reauthenticate();
    expect(re.error).toBeNull();
    expect(lastMail(confirm, address, 'reauthentication').text).toMatch(/Enter the code: \d{6}/);
  });

  it('signs in with a magic link, and signs up through one unless told not to', async () => {
    const address = email('magic');
    await confirm.client().auth.signUp({ email: address, password: PASSWORD });
    await follow(confirm, lastMail(confirm, address, 'confirmation').link);
    const c = confirm.client();
    expect((await c.auth.signInWithOtp({ email: address, options: { emailRedirectTo: `${SITE}/magic` } })).error).toBeNull();
    const landed = await follow(confirm, lastMail(confirm, address, 'magiclink').link);
    expect(landed.base).toBe(`${SITE}/magic`);
    expect(landed.params.type).toBe('magiclink');
    expect(claimsOf(landed.params.access_token).amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]);

    const stranger = email('stranger');
    const refused = await c.auth.signInWithOtp({ email: stranger, options: { shouldCreateUser: false } });
    expect(refused.error).toMatchObject({ status: 422, code: 'otp_disabled' });
    expect(mailsTo(confirm, stranger)).toHaveLength(0);
    expect((await c.auth.signInWithOtp({ email: stranger })).error).toBeNull();
    expect((await follow(confirm, lastMail(confirm, stranger, 'confirmation').link)).params.type).toBe('signup');
  });

  it('lists every mail, newest first, on the inbox page and as JSON', async () => {
    const address = email('inbox<b>');
    const signUp = await raw(confirm, 'POST', '/signup', { body: { email: address, password: PASSWORD } });
    expectAuthError(signUp, 400, 'validation_failed', 'Unable to validate email address: invalid format');

    const a = email('inbox');
    await confirm.client().auth.signUp({ email: a, password: PASSWORD });
    await confirm.client().auth.resetPasswordForEmail(a);
    const list = (await (await confirm.fetch(`${confirm.url}/inbox?format=json&to=${encodeURIComponent(a)}`)).json()) as Mail[];
    expect(list.map((m) => m.kind)).toEqual(['recovery', 'confirmation']);
    expect(list[0]).toMatchObject({ to: a, subject: 'Reset Your Password' });
    expect(list[0].link).toContain('type=recovery');
    const all = (await (await confirm.fetch(`${confirm.url}/inbox`, { headers: { accept: 'application/json' } })).json()) as Mail[];
    expect(all[0].id).toBe(list[0].id);
    expect(all.length).toBe(confirm.ctx.mail.length);

    const page = await confirm.fetch(`${confirm.url}/inbox`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<!doctype html>');
    expect(html).not.toMatch(/<script|<link|src=/i);
    const href = list[0].link.replace(/&/g, '&amp;');
    expect(html).toContain(`href="${href}"`);
    expect(html.indexOf(list[0].link.replace(/&/g, '&amp;'))).toBeLessThan(html.indexOf(list[1].link.replace(/&/g, '&amp;')));
    const filtered = await (await confirm.fetch(`${confirm.url}/inbox?to=${encodeURIComponent(a)}`)).text();
    expect(filtered).toContain('2 messages');
  });
});

// ------------------------------------------------------------------ autoconfirm

describe('sign-up and sessions with autoconfirm', () => {
  it('signs up straight into a session whose JWT carries exactly GoTrue’s claims', async () => {
    const address = email('auto');
    const c = auto.client();
    const events = recordEvents(c);
    const { data, error } = await c.auth.signUp({ email: address, password: PASSWORD, options: { data: { full_name: 'Grace' } } });
    expect(error).toBeNull();
    expect(events).toContain('SIGNED_IN');
    const session = data.session!;
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.user.email_confirmed_at).toBeTruthy();
    expect(mailsTo(auto, address)).toHaveLength(0);

    const claims = claimsOf(session.access_token);
    expect(Object.keys(claims).sort()).toEqual(
      ['aal', 'amr', 'app_metadata', 'aud', 'email', 'exp', 'iat', 'is_anonymous', 'iss', 'phone', 'role', 'session_id', 'sub', 'user_metadata'].sort(),
    );
    expect(claims).toMatchObject({
      iss: `${auto.url}/auth/v1`,
      sub: data.user!.id,
      aud: 'authenticated',
      email: address,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Grace', email_verified: true },
    });
    expect(claims.exp - claims.iat).toBe(auto.config.jwtExpiry);
    expect(session.expires_at).toBe(claims.exp);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    const row = await auto.db.query('select user_id from auth.sessions where id = $1', [claims.session_id]);
    expect(row.rows[0]).toEqual({ user_id: data.user!.id });

    // The claims are what row-level security reads.
    const seen = await auto.db.asRole({ role: claims.role, claims }, (q) =>
      q<{ uid: string; role: string; email: string }>(`select auth.uid()::text as uid, auth.role() as role, auth.jwt()->>'email' as email`),
    );
    expect(seen.rows[0]).toEqual({ uid: data.user!.id, role: 'authenticated', email: address });

    const dup = await auto.client().auth.signUp({ email: address, password: PASSWORD });
    expect(dup.error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
  });

  it('rejects weak passwords and bad addresses with GoTrue’s errors', async () => {
    const c = auto.client();
    const weak = await c.auth.signUp({ email: email(), password: '123' });
    expect(weak.error).toMatchObject({ name: 'AuthWeakPasswordError', status: 422, code: 'weak_password', reasons: ['length'] });
    expect(weak.error!.message).toBe('Password should be at least 6 characters.');
    const r = await raw(auto, 'POST', '/signup', { body: { email: email(), password: '123' } });
    expectAuthError(r, 422, 'weak_password');
    expect(r.body.weak_password).toEqual({ reasons: ['length'] });

    const badEmail = await c.auth.signUp({ email: 'not-an-email', password: PASSWORD });
    expect(badEmail.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' });
    expectAuthError(await raw(auto, 'POST', '/signup', { body: { email: email() } }), 400, 'validation_failed', 'Signup requires a valid password');
    expectAuthError(await raw(auto, 'POST', '/signup', { body: {} }), 422, 'anonymous_provider_disabled');
    expectAuthError(
      await raw(auto, 'POST', '/signup', { body: { email: email(), password: 'x'.repeat(73) } }),
      400,
      'validation_failed',
      'Password cannot be longer than 72 characters',
    );
  });

  it('signs in with the right password only and records the sign-in', async () => {
    const { email: address, id } = await signedUp(auto);
    const c = auto.client();
    const wrong = await c.auth.signInWithPassword({ email: address, password: 'wrong-password' });
    expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    const unknown = await c.auth.signInWithPassword({ email: email('ghost'), password: PASSWORD });
    expect(unknown.error).toMatchObject({ status: 400, code: 'invalid_credentials' });

    await auto.db.query(`update auth.users set last_sign_in_at = now() - interval '1 day' where id = $1`, [id]);
    const events = recordEvents(c);
    const ok = await c.auth.signInWithPassword({ email: address.toUpperCase(), password: PASSWORD });
    expect(ok.error).toBeNull();
    expect(events).toContain('SIGNED_IN');
    expect(Date.now() - new Date(ok.data.user!.last_sign_in_at!).getTime()).toBeLessThan(60_000);
    const { data } = await c.auth.getUser();
    expect(data.user!.id).toBe(id);
    expect(claimsOf(ok.data.session!.access_token).session_id).not.toBe(undefined);
  });

  it('signs in users that seed.sql creates with pgcrypto', async () => {
    const address = email('seeded');
    await auto.db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1,
               extensions.crypt('seeded-pass-1', extensions.gen_salt('bf', 10)), now(),
               '{"provider":"email","providers":["email"],"role":"admin"}', '{}', now(), now())`,
      [address],
    );
    const { data, error } = await auto.client().auth.signInWithPassword({ email: address, password: 'seeded-pass-1' });
    expect(error).toBeNull();
    expect(claimsOf(data.session!.access_token).app_metadata).toMatchObject({ role: 'admin' });
  });

  it('updates user metadata by merging, with null removing a key', async () => {
    const { c } = await signedUp(auto, email(), PASSWORD, { full_name: 'Ada', city: 'Leeds' });
    const events = recordEvents(c);
    const { data, error } = await c.auth.updateUser({ data: { city: null, plan: 'gold' } });
    expect(error).toBeNull();
    expect(events).toContain('USER_UPDATED');
    expect(data.user!.user_metadata).toEqual({ full_name: 'Ada', plan: 'gold', email_verified: true });
    // The new metadata reaches the JWT on the next refresh.
    const refreshed = await c.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!.access_token).user_metadata).toMatchObject({ plan: 'gold' });

    const appMeta = await raw(auto, 'PUT', '/user', { bearer: refreshed.data.session!.access_token, body: { app_metadata: { role: 'admin' } } });
    expectAuthError(appMeta, 403, 'not_admin', 'Updating app_metadata requires admin privileges');
  });

  it('changes the password, refusing the same one, and signs out the user’s other sessions', async () => {
    const { c, email: address } = await signedUp(auto);
    const other = auto.client();
    const elsewhere = await other.auth.signInWithPassword({ email: address, password: PASSWORD });
    const same = await c.auth.updateUser({ password: PASSWORD });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password', message: 'New password should be different from the old password.' });
    const weak = await c.auth.updateUser({ password: 'abc' });
    expect(weak.error).toMatchObject({ code: 'weak_password' });

    expect((await c.auth.updateUser({ password: 'new-secret-9' })).error).toBeNull();
    expect((await c.auth.getUser()).error).toBeNull();
    const gone = await raw(auto, 'GET', '/user', { bearer: elsewhere.data.session!.access_token });
    expectAuthError(gone, 403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    expect((await auto.client().auth.signInWithPassword({ email: address, password: PASSWORD })).error?.code).toBe('invalid_credentials');
    expect((await auto.client().auth.signInWithPassword({ email: address, password: 'new-secret-9' })).error).toBeNull();
  });

  it('changes the e-mail address at once when confirmations are off', async () => {
    const { c } = await signedUp(auto);
    const next = email('moved');
    const { data, error } = await c.auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(next);
    expect(data.user!.new_email).toBeUndefined();
    expect((await auto.client().auth.signInWithPassword({ email: next, password: PASSWORD })).error).toBeNull();
  });
});

describe('refresh-token rotation', () => {
  it('rotates on every refresh and chains each token to its parent', async () => {
    const { c, session, id } = await signedUp(auto);
    const events = recordEvents(c);
    const { data, error } = await c.auth.refreshSession();
    expect(error).toBeNull();
    expect(events).toContain('TOKEN_REFRESHED');
    const next = data.session!;
    expect(next.refresh_token).not.toBe(session.refresh_token);
    expect(next.user.id).toBe(id);
    expect(claimsOf(next.access_token).session_id).toBe(claimsOf(session.access_token).session_id);

    const chain = await auto.db.query<{ token: string; revoked: boolean; parent: string | null }>(
      'select token, revoked, parent from auth.refresh_tokens where user_id = $1 order by id',
      [id],
    );
    expect(chain.rows).toEqual([
      { token: session.refresh_token, revoked: true, parent: null },
      { token: next.refresh_token, revoked: false, parent: session.refresh_token },
    ]);
  });

  it('gives the current token back for a reuse within the interval, and revokes the family after it', async () => {
    const { c, session } = await signedUp(auto);
    const { data } = await c.auth.refreshSession();
    const child = data.session!.refresh_token;

    const reuse = await raw(auto, 'POST', '/token?grant_type=refresh_token', { body: { refresh_token: session.refresh_token } });
    expect(reuse.status).toBe(200);
    expect(reuse.body.refresh_token).toBe(child);
    expect(reuse.body.user.email).toBe(session.user.email);

    await auto.db.query(`update auth.refresh_tokens set updated_at = updated_at - make_interval(secs => $2) where token = $1`, [
      session.refresh_token,
      auto.config.refreshTokenReuseInterval + 1,
    ]);
    const late = await auto.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(late.error).toMatchObject({ status: 400, code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });
    // The thief and the owner are both out: the child token died with the family.
    const childAfter = await raw(auto, 'POST', '/token?grant_type=refresh_token', { body: { refresh_token: child } });
    expectAuthError(childAfter, 400, 'refresh_token_already_used');

    expectAuthError(
      await raw(auto, 'POST', '/token?grant_type=refresh_token', { body: { refresh_token: 'no-such-token' } }),
      400,
      'refresh_token_not_found',
      'Invalid Refresh Token: Refresh Token Not Found',
    );
    const missing = await raw(auto, 'POST', '/token?grant_type=refresh_token', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'invalid_request', error_description: 'refresh_token required' });
  });
});

describe('sign-out', () => {
  async function threeSessions() {
    const first = await signedUp(auto);
    const b = auto.client();
    const c = auto.client();
    await b.auth.signInWithPassword({ email: first.email, password: PASSWORD });
    await c.auth.signInWithPassword({ email: first.email, password: PASSWORD });
    const token = async (x: TestClient) => (await x.auth.getSession()).data.session!;
    return { a: first.c, b, c, sa: await token(first.c), sb: await token(b), sc: await token(c) };
  }
  const userStatus = async (access: string) => (await raw(auto, 'GET', '/user', { bearer: access })).status;

  it('scope "others" keeps this session and ends the rest', async () => {
    const { a, sa, sb, sc } = await threeSessions();
    expect((await a.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await a.auth.getSession()).data.session).not.toBeNull();
    expect(await userStatus(sa.access_token)).toBe(200);
    expectAuthError(await raw(auto, 'GET', '/user', { bearer: sb.access_token }), 403, 'session_not_found');
    expect(await userStatus(sc.access_token)).toBe(403);
    expectAuthError(await raw(auto, 'POST', '/token?grant_type=refresh_token', { body: { refresh_token: sb.refresh_token } }), 400, 'refresh_token_not_found');
  });

  it('scope "local" ends only this session and emits SIGNED_OUT', async () => {
    const { a, sa, sb } = await threeSessions();
    const events = recordEvents(a);
    expect((await a.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(events).toContain('SIGNED_OUT');
    expect((await a.auth.getSession()).data.session).toBeNull();
    expect(await userStatus(sa.access_token)).toBe(403);
    expect(await userStatus(sb.access_token)).toBe(200);
  });

  it('scope "global" (the default) ends every session of the user', async () => {
    const { a, sa, sb, sc } = await threeSessions();
    expect((await a.auth.signOut()).error).toBeNull();
    for (const s of [sa, sb, sc]) expect(await userStatus(s.access_token)).toBe(403);
  });

  it('wants a bearer token and a known scope', async () => {
    const { session } = await signedUp(auto);
    const r = await auto.fetch(`${auto.url}/auth/v1/logout?scope=sideways`, {
      method: 'POST',
      headers: { apikey: auto.config.anonKey, Authorization: `Bearer ${session.access_token}` },
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ code: 'validation_failed', message: 'Unsupported logout scope "sideways"' });
    const none = await auto.fetch(`${auto.url}/auth/v1/logout`, { method: 'POST', headers: { apikey: auto.config.anonKey } });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 'no_authorization' });
    expect(await userStatus(session.access_token)).toBe(200);
  });
});

describe('bad input', () => {
  it('answers malformed or mistyped bodies with 4xx and GoTrue’s body, never 5xx', async () => {
    expectAuthError(await raw(auto, 'POST', '/token?grant_type=password', { text: '{"email":' }), 400, 'bad_json', /^Could not parse request body as JSON: /);
    expectAuthError(await raw(auto, 'POST', '/signup', { text: '' }), 400, 'bad_json', 'Could not parse request body as JSON: unexpected end of JSON input');
    expectAuthError(await raw(auto, 'POST', '/signup', { text: '[1,2]' }), 400, 'bad_json', /cannot unmarshal array/);
    expectAuthError(await raw(auto, 'POST', '/signup', { body: { email: 42, password: PASSWORD } }), 400, 'bad_json', /SignupParams\.email of type string/);
    expectAuthError(await raw(auto, 'POST', '/signup', { body: { email: email(), password: PASSWORD, data: 'x' } }), 400, 'bad_json');
    expectAuthError(await raw(auto, 'POST', '/token?grant_type=password', { body: {} }), 400, 'validation_failed', 'missing email or phone');
    expectAuthError(await raw(auto, 'POST', '/token?grant_type=password', { body: { email: email(), password: null } }), 400, 'invalid_credentials');
    expectAuthError(await raw(auto, 'POST', '/token?grant_type=magic', { body: {} }), 400, 'invalid_credentials', 'unsupported_grant_type');
    expectAuthError(await raw(auto, 'POST', '/token', { body: {} }), 400, 'invalid_credentials', 'unsupported_grant_type');
    expectAuthError(await raw(auto, 'POST', '/recover', { body: {} }), 400, 'validation_failed', 'An email address is required');
    expectAuthError(await raw(auto, 'GET', '/verify?type=signup'), 400, 'validation_failed', 'Verify requires a token or a token hash');
    const huge = await raw(auto, 'POST', '/signup', { text: JSON.stringify({ email: email(), password: PASSWORD, data: { blob: 'x'.repeat(2 * 1024 * 1024) } }) });
    expectAuthError(huge, 413, 'validation_failed');
    expectAuthError(await raw(auto, 'DELETE', '/signup'), 405, 'method_not_allowed');
    expectAuthError(await raw(auto, 'GET', '/nowhere'), 404, 'not_found');
  });

  it('refuses missing, garbage, expired, forged and keyless tokens on /user', async () => {
    const { session, id } = await signedUp(auto);
    const user = (bearer?: string, extra: Record<string, string> = {}) =>
      auto.fetch(`${auto.url}/auth/v1/user`, {
        headers: { apikey: auto.config.anonKey, 'X-Supabase-Api-Version': '2024-01-01', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}), ...extra },
      });
    const check = async (res: Response, status: number, code: string, message?: RegExp) => {
      expectAuthError({ status: res.status, headers: res.headers, body: await res.json() }, status, code, message);
    };
    await check(await user(), 401, 'no_authorization', /^This endpoint requires a valid Bearer token$/);
    await check(await user(undefined, { Authorization: 'Bearer' }), 401, 'no_authorization');
    await check(await user('garbage'), 403, 'bad_jwt', /^invalid JWT: unable to parse or verify signature, token is malformed/);
    const claims = claimsOf(session.access_token);
    await check(await user(signJwt({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, auto.config.jwtSecret)), 403, 'bad_jwt', /token is expired/);
    await check(await user(signJwt({ ...claims, role: 'service_role' }, 'another-secret-that-is-long-enough-to-sign')), 403, 'bad_jwt', /signature is invalid/);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${session.access_token.split('.')[1]}.`;
    await check(await user(none), 403, 'bad_jwt');
    await check(await user(auto.config.anonKey), 403, 'bad_jwt', /missing sub claim/);
    await check(await user(signJwt({ ...claims, sub: 'not-a-uuid' }, auto.config.jwtSecret)), 400, 'bad_jwt');
    await check(await user(signJwt({ ...claims, sub: randomUUID() }, auto.config.jwtSecret)), 403, 'user_not_found');
    expect((await user(session.access_token)).status).toBe(200);

    // The gateway's own answer for a wrong key, before auth sees the request.
    const wrongKey = await auto.fetch(`${auto.url}/auth/v1/user`, { headers: { apikey: 'nope', Authorization: `Bearer ${session.access_token}` } });
    expect(wrongKey.status).toBe(401);
    expect(await wrongKey.json()).toMatchObject({ message: 'Invalid API key' });
    expect(id).toBeTruthy();
  });

  it('answers CORS preflight for /auth/v1/token with the requested headers and exposes the API version', async () => {
    const pre = await auto.fetch(`${auto.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        Origin: SITE,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey, authorization, content-type, x-client-info, x-supabase-api-version',
      },
    });
    expect(pre.status).toBeLessThan(300);
    expect(pre.headers.get('access-control-allow-origin')).toBe(SITE);
    const allowed = pre.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const h of ['apikey', 'authorization', 'content-type', 'x-client-info', 'x-supabase-api-version']) expect(allowed).toContain(h);
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');

    const r = await auto.fetch(`${auto.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { Origin: SITE, apikey: auto.config.anonKey, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ email: email(), password: PASSWORD }),
    });
    expect(r.status).toBe(400);
    expect(r.headers.get('access-control-expose-headers')).toMatch(/X-Supabase-Api-Version/i);
    expect(r.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });
});

describe('settings, health, JWKS and switched-off features', () => {
  it('describes the instance', async () => {
    const s = await raw(confirm, 'GET', '/settings');
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ disable_signup: false, mailer_autoconfirm: false, external: { email: true, phone: false, google: false } });
    expect((await raw(auto, 'GET', '/settings')).body.mailer_autoconfirm).toBe(true);
    expect((await raw(auto, 'GET', '/health')).body).toMatchObject({ name: 'GoTrue' });
    const jwks = await auto.fetch(`${auto.url}/auth/v1/.well-known/jwks.json`);
    expect(jwks.status).toBe(200);
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=600');
    expect(await jwks.json()).toEqual({ keys: [] });
  });

  it('answers MFA, OAuth and identity linking as GoTrue does with them disabled', async () => {
    const { c, session } = await signedUp(auto);
    const enroll = await c.auth.mfa.enroll({ factorType: 'totp' });
    expect(enroll.error).toMatchObject({ status: 422, code: 'mfa_totp_enroll_not_enabled' });
    expectAuthError(await raw(auto, 'POST', `/factors/${randomUUID()}/challenge`, { bearer: session.access_token, body: {} }), 404, 'mfa_factor_not_found');
    expectAuthError(await raw(auto, 'POST', '/factors', { body: { factor_type: 'totp' } }), 403, 'bad_jwt');
    const authorize = await raw(auto, 'GET', '/authorize?provider=google&redirect_to=http%3A%2F%2F127.0.0.1%3A5173');
    expectAuthError(authorize, 400, 'validation_failed', 'Unsupported provider: provider is not enabled');
    expectAuthError(await raw(auto, 'GET', '/user/identities/authorize?provider=github', { bearer: session.access_token }), 404, 'manual_linking_disabled');
    expectAuthError(await raw(auto, 'POST', '/token?grant_type=pkce', { body: { auth_code: 'x', code_verifier: 'y' } }), 404, 'flow_state_not_found');
  });
});

describe('admin API', () => {
  it('lets only the service role create, list, update and delete users', async () => {
    const admin = auto.client({ serviceRole: true });
    const address = email('staff');
    const created = await admin.auth.admin.createUser({
      email: address,
      password: PASSWORD,
      email_confirm: true,
      app_metadata: { role: 'admin' },
      user_metadata: { name: 'Staff' },
    });
    expect(created.error).toBeNull();
    expect(created.data.user).toMatchObject({ email: address, app_metadata: { provider: 'email', providers: ['email'], role: 'admin' }, user_metadata: { name: 'Staff' } });
    expect(created.data.user!.email_confirmed_at).toBeTruthy();

    const staff = auto.client();
    const signIn = await staff.auth.signInWithPassword({ email: address, password: PASSWORD });
    expect(claimsOf(signIn.data.session!.access_token).app_metadata.role).toBe('admin');

    const { user: plain } = (await signedUp(auto)).session;
    const promoted = await admin.auth.admin.updateUserById(plain.id, { app_metadata: { role: 'admin' } });
    expect(promoted.data.user!.app_metadata).toMatchObject({ role: 'admin', provider: 'email' });
    const demoted = await admin.auth.admin.updateUserById(plain.id, { app_metadata: { role: null } });
    expect(demoted.data.user!.app_metadata).not.toHaveProperty('role');

    const list = await admin.auth.admin.listUsers({ page: 1, perPage: 2 });
    if (list.error) throw list.error;
    expect(list.data.users).toHaveLength(2);
    expect(list.data.total).toBeGreaterThanOrEqual(3);
    expect(list.data.nextPage).toBe(2);
    const dup = await admin.auth.admin.createUser({ email: address, password: PASSWORD });
    expect(dup.error).toMatchObject({ status: 422, code: 'email_exists' });

    // A user token or the anon key is not an admin credential.
    expectAuthError(await raw(auto, 'GET', '/admin/users', { bearer: signIn.data.session!.access_token }), 403, 'not_admin', 'User not allowed');
    expectAuthError(await raw(auto, 'GET', '/admin/users'), 403, 'not_admin');
    expectAuthError(await raw(auto, 'GET', '/admin/users/not-a-uuid', { bearer: auto.config.serviceRoleKey }), 404, 'validation_failed');
    expectAuthError(await raw(auto, 'GET', `/admin/users/${randomUUID()}`, { bearer: auto.config.serviceRoleKey }), 404, 'user_not_found');

    expect((await admin.auth.admin.deleteUser(created.data.user!.id)).error).toBeNull();
    expectAuthError(await raw(auto, 'GET', '/user', { bearer: signIn.data.session!.access_token }), 403, 'user_not_found');
    expect((await auto.client().auth.signInWithPassword({ email: address, password: PASSWORD })).error?.code).toBe('invalid_credentials');
  });
});

describe('admin generate_link', () => {
  it('hands out the link a mail would carry, without sending mail', async () => {
    const admin = confirm.client({ serviceRole: true });
    const address = email('link');
    const { data, error } = await admin.auth.admin.generateLink({ type: 'signup', email: address, password: PASSWORD, options: { redirectTo: `${SITE}/linked` } });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(address);
    expect(data.properties!.verification_type).toBe('signup');
    expect(data.properties!.redirect_to).toBe(`${SITE}/linked`);
    expect(mailsTo(confirm, address)).toHaveLength(0);
    const landed = await follow(confirm, data.properties!.action_link);
    expect(landed.base).toBe(`${SITE}/linked`);
    expect(claimsOf(landed.params.access_token).email).toBe(address);

    const recovery = await admin.auth.admin.generateLink({ type: 'recovery', email: address });
    const session = await confirm.client().auth.verifyOtp({ token_hash: recovery.data.properties!.hashed_token, type: 'recovery' });
    expect(session.error).toBeNull();
    const unknown = await admin.auth.admin.generateLink({ type: 'recovery', email: email('ghost') });
    expect(unknown.error).toMatchObject({ status: 404, code: 'user_not_found' });
    expectAuthError(await raw(confirm, 'POST', '/admin/generate_link', { body: { type: 'signup', email: address } }), 403, 'not_admin');
  });
});

describe('mail flood guard', () => {
  it('stops sending after a burst of mail, whoever it is addressed to', async () => {
    // Many distinct users, inserted directly: the per-user limit never applies, only the global one.
    const rows = await confirm.db.query<{ email: string }>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
              'flood-' || g || '-' || $1 || '@example.com', '', now(), now()
         from generate_series(1, 150) g
       returning email`,
      [randomUUID().slice(0, 8)],
    );
    const before = confirm.ctx.mail.length;
    let limited: Raw | null = null;
    for (const { email: address } of rows.rows) {
      const r = await raw(confirm, 'POST', '/recover', { body: { email: address } });
      if (r.status !== 200) {
        limited = r;
        break;
      }
    }
    expect(limited).not.toBeNull();
    expectAuthError(limited!, 429, 'over_email_send_rate_limit', 'email rate limit exceeded');
    const sentLastMinute = confirm.ctx.mail.filter((m) => Date.now() - Date.parse(m.created_at) < 60_000).length;
    expect(sentLastMinute).toBeLessThanOrEqual(120);
    expect(confirm.ctx.mail.length - before).toBeGreaterThan(0);
  });
});
