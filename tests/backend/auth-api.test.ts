/**
 * The local GoTrue stand-in's answers to bad input, its settings, health and JWKS, the features it
 * reports switched off, and the admin API (service role only), checked on the wire: status, GoTrue's
 * error body, headers.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import { testStack, type TestStack } from '../support/stack.ts';
import { signJwt } from '../../supabase/local/jwt.ts';
import { PASSWORD, SITE, claimsOf, email, expectAuthError, raw, signedUp } from '../support/auth.ts';

let confirm: TestStack; // confirmations on (hosted default)
let auto: TestStack; // autoconfirm: sign-up returns a session

beforeAll(async () => {
  [confirm, auto] = await Promise.all([testStack({ autoconfirm: false }), testStack({ autoconfirm: true })]);
});
afterAll(async () => {
  await Promise.all([confirm?.close(), auto?.close()]);
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
