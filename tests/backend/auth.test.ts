/**
 * The local GoTrue stand-in (/auth/v1) and the dev inbox, driven by the real supabase-js client and by raw
 * requests where the wire format itself is the contract (status, `{code, error_code, message, msg}`, the
 * `X-Supabase-Api-Version` and `x-sb-error-code` headers): everything that goes through a mail, with
 * confirmations on as hosted has them. Sessions: auth-sessions.test.ts; bad input, settings and the
 * admin API: auth-api.test.ts; helpers: tests/support/auth.ts.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Mail } from '../../supabase/local/inbox-store.ts';
import { testStack, type TestStack } from '../support/stack.ts';
import { AUTH_TEMPLATES } from '../../supabase/local/auth/templates.ts';

const RECOVERY = AUTH_TEMPLATES.find((t) => t.id === 'recovery')!;
import { PASSWORD, SITE, age, claimsOf, email, expectAuthError, follow, lastMail, mailsTo, raw, recordEvents, type Raw } from '../support/auth.ts';

let confirm: TestStack; // confirmations on (hosted default)

beforeAll(async () => {
  confirm = await testStack({ autoconfirm: false });
});
afterAll(async () => {
  await confirm?.close();
});

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
    // The project's template (config.toml [auth.email.template.recovery]): its subject, its words, the link on a button.
    expect(mail.subject).toBe(RECOVERY.subject);
    expect(mail.html).toContain('<meta name="viewport"');
    expect(mail.html).toContain(`href="${mail.link.replace(/&/g, '&amp;')}"`);
    expect(mail.html).toContain(`the KYB account for ${address}`);
    expect(mail.html).not.toMatch(/\{\{/);
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
    expect(list[0]).toMatchObject({ to: a, subject: RECOVERY.subject });
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
