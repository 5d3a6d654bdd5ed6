/**
 * Sessions of the local GoTrue stand-in with autoconfirm on: sign-up straight into a session, sign-in,
 * user updates, refresh-token rotation and reuse, sign-out scopes (real supabase-js, raw requests where
 * the wire format is the contract). Mail flows: auth.test.ts.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { testStack, type TestStack, type TestClient } from '../support/stack.ts';
import { PASSWORD, claimsOf, email, expectAuthError, mailsTo, raw, recordEvents, signedUp } from '../support/auth.ts';

let auto: TestStack; // autoconfirm: sign-up returns a session

beforeAll(async () => {
  auto = await testStack({ autoconfirm: true });
});
afterAll(async () => {
  await auto?.close();
});

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
