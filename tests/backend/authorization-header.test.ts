/**
 * The Authorization header as each hosted service reads it (shared/http.ts `AuthorizationRule`, which
 * names the source of each rule): the same eight headers sent to auth (GoTrue), rest (PostgREST), storage
 * and a function through the Edge Functions gateway, each answered with that service's status and error
 * body. The valid token is the seeded admin's access token for auth and the service role key for the
 * others, so an accepted header shows in what the caller may do, not only in the absence of an error.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { ADMIN, testStack, adminClient, type TestStack } from '../support/stack.ts';
import { COMMERCE_MESSAGES } from '../../shared/messages.ts';

let s: TestStack;
let userToken: string;

beforeAll(async () => {
  s = await testStack();
  const { data } = await (await adminClient(s)).auth.getSession();
  userToken = data.session!.access_token;
});
afterAll(async () => {
  await s?.close();
});

/** The eight headers, with `token` where a token goes (null: no Authorization header at all). */
const headers = (token: string): [string, string | null][] => [
  ['missing', null],
  ['Bearer <token>', `Bearer ${token}`],
  ['bearer <token>', `bearer ${token}`],
  ['BEARER <token>', `BEARER ${token}`],
  ['Bearer alone', 'Bearer'],
  ['Bearer a b', 'Bearer a b'],
  ['extra spaces', `Bearer   ${token}`],
  ['another scheme', `Basic ${token}`],
];

/** Each header sent to `path` with the gateway's apikey (the anon key), and `summary` of each answer. */
async function answers(token: string, path: string, init: RequestInit, summary: (status: number, body: unknown) => unknown) {
  const out: Record<string, unknown> = {};
  for (const [name, authorization] of headers(token)) {
    const res = await s.fetch(`${s.url}${path}`, {
      ...init,
      headers: { apikey: s.config.anonKey, 'Content-Type': 'application/json', ...(authorization === null ? {} : { Authorization: authorization }) },
    });
    out[name] = summary(res.status, await res.json());
  }
  return out;
}

describe('auth (GoTrue: the scheme in any case, one space, one token)', () => {
  it('reads /user as GoTrue does, and answers 401 no_authorization to every other header', async () => {
    const refused = { status: 401, error_code: 'no_authorization', msg: 'This endpoint requires a valid Bearer token' };
    const got = await answers(userToken, '/auth/v1/user', {}, (status, body) => {
      const b = body as { email?: string; error_code?: string; msg?: string };
      return status === 200 ? { status, email: b.email } : { status, error_code: b.error_code, msg: b.msg };
    });
    const user = { status: 200, email: ADMIN.email };
    expect(got).toEqual({
      missing: refused,
      'Bearer <token>': user,
      'bearer <token>': user,
      // GoTrue matches the scheme case-insensitively since v2.187.0 (supabase/auth #2387).
      'BEARER <token>': user,
      'Bearer alone': refused,
      'Bearer a b': refused,
      'extra spaces': refused,
      'another scheme': refused,
    });
  });
});

describe('rest (PostgREST: the scheme in any case, then everything after the blanks is the token)', () => {
  it('reads a service-only table as PostgREST would, refusing an empty or spaced token with 401 PGRST301', async () => {
    const got = await answers(s.config.serviceRoleKey, '/rest/v1/stripe_reconcile_runs?select=id&limit=1', {}, (status, body) => {
      if (status === 200) return { status, rows: Array.isArray(body) };
      const { code, message, details, hint } = body as Record<string, unknown>;
      return { status, code, message, details, hint };
    });
    const service = { status: 200, rows: true };
    // anon: no grant on the table, refused as Postgres refuses it.
    const anon = { status: 401, code: '42501', message: 'permission denied for table stripe_reconcile_runs', details: null, hint: null };
    const jwt = (message: string) => ({ status: 401, code: 'PGRST301', message, details: null, hint: null });
    expect(got).toEqual({
      // The gateway hands the apikey on as the token (the anon key here).
      missing: anon,
      'Bearer <token>': service,
      'bearer <token>': service,
      'BEARER <token>': service,
      'Bearer alone': jwt('Empty JWT is sent in Authorization header'),
      'Bearer a b': jwt('Expected 3 parts in JWT; got 1'),
      'extra spaces': service,
      // Not a bearer header: no token, the anonymous role.
      'another scheme': anon,
    });
  });

  it('says which token it refused in WWW-Authenticate', async () => {
    const res = await s.fetch(`${s.url}/rest/v1/stripe_reconcile_runs`, { headers: { apikey: s.config.anonKey, Authorization: 'Bearer' } });
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token", error_description="Empty JWT is sent in Authorization header"');
  });
});

describe('storage (Storage: `Bearer` and blanks cut from the front, the rest is the token)', () => {
  it('lists a bucket as Storage would, and refuses what is left of any other header as a JWT', async () => {
    const got = await answers(s.config.serviceRoleKey, '/storage/v1/object/list/review-media', { method: 'POST', body: JSON.stringify({ prefix: '' }) }, (status, body) =>
      status === 200 ? { status, list: Array.isArray(body) } : { status, ...(body as object) },
    );
    const service = { status: 200, list: true };
    const denied = (message: string) => ({ status: 400, statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message });
    expect(got).toEqual({
      // The gateway hands the apikey on as the token (the anon key here): anon may list the bucket.
      missing: service,
      'Bearer <token>': service,
      'bearer <token>': service,
      'BEARER <token>': service,
      // `Bearer` with nothing after it keeps its word: the token is "Bearer".
      'Bearer alone': denied('Invalid Compact JWS'),
      'Bearer a b': denied('Invalid Compact JWS'),
      'extra spaces': service,
      // The whole "Basic <key>" is the token: three parts, the first not base64url.
      'another scheme': denied('JWS Protected Header is invalid'),
    });
  });
});

describe('functions (the Edge Functions gateway: `Bearer` as written, one space, the token up to the next space)', () => {
  it('checks the token of a verify_jwt function (a job) before it runs, in the gateway’s words', async () => {
    const got = await answers(s.config.serviceRoleKey, '/functions/v1/review-media-cleanup', { method: 'POST', body: '{}' }, (status, body) => ({ status, body }));
    const ran = { status: 200, body: { removed: 0 } };
    const gateway = (message: string) => ({ status: 401, body: { code: 401, message } });
    expect(got).toEqual({
      missing: gateway('Missing authorization header'),
      'Bearer <token>': ran,
      'bearer <token>': gateway("Auth header is not 'Bearer {token}'"),
      'BEARER <token>': gateway("Auth header is not 'Bearer {token}'"),
      'Bearer alone': gateway('Invalid Token or Protected Header formatting'),
      'Bearer a b': gateway('Invalid Token or Protected Header formatting'),
      // split(" ") leaves an empty token after the first space.
      'extra spaces': gateway('Invalid Token or Protected Header formatting'),
      'another scheme': gateway("Auth header is not 'Bearer {token}'"),
    });
    const forged = await s.fetch(`${s.url}/functions/v1/review-media-cleanup`, {
      method: 'POST',
      body: '{}',
      headers: { Authorization: `Bearer ${s.config.serviceRoleKey.slice(0, -2)}xx` },
    });
    expect({ status: forged.status, body: await forged.json() }).toEqual(gateway('Invalid JWT'));
    // A function that does not exist is not found before any token is asked for.
    const unknown = await s.fetch(`${s.url}/functions/v1/no-such-function`, { method: 'POST', body: '{}' });
    expect({ status: unknown.status, body: await unknown.json() }).toEqual({ status: 404, body: { code: 'NOT_FOUND', message: 'Requested function was not found' } });
  });

  it('hands the header of a verify_jwt = false function on unread: the function reads it as GoTrue does', async () => {
    const got = await answers(userToken, '/functions/v1/admin-orders', { method: 'POST', body: '{}' }, (status, body) => ({ status, error: (body as { error?: string }).error }));
    // The admin is recognised, and the empty body refused by the function's own contract.
    const admin = { status: 400, error: expect.any(String) };
    const signIn = { status: 401, error: COMMERCE_MESSAGES.adminSignIn };
    expect(got).toEqual({
      missing: signIn,
      'Bearer <token>': admin,
      'bearer <token>': admin,
      'BEARER <token>': admin,
      'Bearer alone': signIn,
      'Bearer a b': signIn,
      'extra spaces': signIn,
      'another scheme': signIn,
    });
  });
});
