/**
 * Hostile-input fuzz of the local stack (issue 9): starts its own stack on 127.0.0.1 (an in-memory
 * database, a free port), sends FUZZ_REQUESTS (default 2,400) malformed, oversized and malicious
 * requests across rest, rpc, auth, storage, functions and the inbox, and reports how many were answered
 * 5xx and how many hung (no answer within 10 s). Both must be 0: the exit code is 1 otherwise.
 *
 *   npx tsx scripts/fuzz.ts            FUZZ_REQUESTS=5000 FUZZ_SEED=7 npx tsx scripts/fuzz.ts
 */
import { serve } from '../supabase/local/server.ts';

const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 2400);
const CONCURRENCY = 8;
const TIMEOUT_MS = 10_000;

// A small seeded generator, so a failing run can be repeated with FUZZ_SEED.
let state = Number(process.env.FUZZ_SEED ?? 1) >>> 0 || 1;
const rand = () => (state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];

const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
const STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  "' or 1=1 --",
  '"; drop table reviews; --',
  '$tag$',
  '$$',
  '\\',
  '%00',
  '%',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '𝕂𝕐𝔹',
  '\ud800',
  'x'.repeat(70_000),
  '{}',
  '[]',
  'null',
  '::text',
  '->>',
  '*',
  'NaN',
  '-1',
  '1e309',
] as const;
const JSON_BODIES = [
  '',
  '{',
  '}',
  'null',
  '[]',
  '[{}]',
  '"x"',
  '1',
  '{"a":',
  nested(10_000),
  `{"p": ${nested(5_000)}}`,
  '{"a": "\\u0000"}',
  '{"\\u0000": 1}',
  JSON.stringify({ data: JSON.parse(nested(60)) }),
  `[${'{},'.repeat(2_000)}{}]`,
  JSON.stringify({ x: 'y'.repeat(200_000) }),
  '\u0000',
  '{"email": 1, "password": []}',
  '{"email": "a@b.co", "password": "x", "data": "not an object"}',
] as const;
const value = () => (rand() < 0.5 ? pick(STRINGS) : pick(JSON_BODIES));
/** Percent-encoded; a lone surrogate goes out as the invalid UTF-8 bytes a hostile client would send. */
const enc = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return `${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`;
  }
};
/** Header values must be printable ASCII for fetch to send them at all. */
const headerValue = (v: string) => v.replace(/[^\x20-\x7e]/g, '').slice(0, 200);

const TABLES = ['reviews', 'review_media', 'profiles', 'planner_gallery', 'subscribers', 'rate_limits', 'nope', 'reviews;drop', '"reviews"', 'pg_catalog.pg_authid'];
const SELECTS = [
  '*',
  'id::text',
  'id::$q$',
  `id::text)$q$`,
  'id::int4 ; select 1',
  Array.from({ length: 3_000 }, (_, i) => `c${i}`).join(','),
  `${'a('.repeat(500)}id${')'.repeat(500)}`,
  'rating::numeric(10,2)',
  'body->>x::text[]',
  '*,review_media(*)',
  'count()',
  'id.sum()',
  '...x(*)',
  'a:b:c',
  '!inner(*)',
];
const FILTERS = ['eq', 'neq', 'in', 'cs', 'cd', 'like', 'ilike', 'fts', 'is', 'gt', 'not.eq', 'or', 'and', 'isdistinct', 'match'];

type Req = { area: string; method: string; path: string; headers?: Record<string, string>; body?: BodyInit };

function restRequest(anon: string): Req {
  const t = pick(TABLES);
  const params = new URLSearchParams();
  if (rand() < 0.6) params.set('select', pick(SELECTS));
  if (rand() < 0.6) params.set(pick(['id', 'rating', 'body', 'or', 'and', 'order', 'limit', 'offset', 'on_conflict', 'columns']), `${pick(FILTERS)}.${value()}`);
  if (rand() < 0.2) params.set('meta', `cs.${nested(3_000)}`);
  const method = pick(['GET', 'GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS']);
  const headers: Record<string, string> = { apikey: anon, 'Content-Type': pick(['application/json', 'text/plain', 'application/x-www-form-urlencoded']) };
  if (rand() < 0.3) headers.Prefer = pick(['return=representation', 'count=exact', 'resolution=merge-duplicates', 'handling=strict, x=y', 'tx=rollback']);
  if (rand() < 0.2) headers.Range = pick(['0-9', '-1', 'a-b', '9-0', '0-99999999999999999999']);
  if (rand() < 0.2) headers.Accept = pick(['application/vnd.pgrst.object+json', 'text/csv', 'application/openapi+json', '*/*', 'x/y']);
  if (rand() < 0.2) headers.Authorization = `Bearer ${pick(['x.y.z', 'eyJhbGciOiJub25lIn0.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.', `${anon.slice(0, -3)}abc`, ''])}`;
  return { area: 'rest', method, path: `/rest/v1/${enc(t)}?${params}`, headers, body: ['GET', 'HEAD'].includes(method) ? undefined : value() };
}

function rpcRequest(anon: string): Req {
  const fn = pick(['review_feed', 'rate_limit_hit', 'is_admin', 'nope', 'handle_new_user', 'review_feed;']);
  if (rand() < 0.3) return { area: 'rpc', method: 'GET', path: `/rest/v1/rpc/${fn}?${pick(['p_limit', 'p_key', 'x'])}=${enc(value())}`, headers: { apikey: anon } };
  return { area: 'rpc', method: 'POST', path: `/rest/v1/rpc/${fn}`, headers: { apikey: anon, 'Content-Type': 'application/json' }, body: value() };
}

function authRequest(anon: string): Req {
  const path = pick([
    '/signup',
    '/token?grant_type=password',
    '/token?grant_type=refresh_token',
    '/token?grant_type=x',
    '/user',
    '/verify',
    '/recover',
    '/otp',
    '/resend',
    '/logout',
    '/admin/users',
    '/invite',
    '/factors',
    '/settings',
  ]);
  const method = path === '/user' ? pick(['GET', 'PUT']) : path === '/settings' ? 'GET' : pick(['POST', 'POST', 'GET']);
  const body =
    rand() < 0.5
      ? value()
      : JSON.stringify({
          email: pick([`f${Math.floor(rand() * 1e6)}@example.com`, value(), 'admin@kyb.local']),
          password: pick(['secret-pass-1', value()]),
          data: rand() < 0.5 ? JSON.parse(nested(40)) : value(),
        });
  const q = rand() < 0.3 ? `${path.includes('?') ? '&' : '?'}redirect_to=${enc(pick(['https://evil.example', 'javascript:alert(1)', 'http://localhost:1/', value()]))}` : '';
  return {
    area: 'auth',
    method,
    path: `/auth/v1${path}${q}`,
    headers: { apikey: anon, 'Content-Type': 'application/json', ...(rand() < 0.3 ? { Authorization: `Bearer ${pick(['x', anon])}` } : {}) },
    body: method === 'GET' ? undefined : body,
  };
}

function storageRequest(anon: string): Req {
  const bucket = pick(['review-media', 'gallery', 'nope', '..', '%2e%2e']);
  const name = pick(['a.jpg', '../a.jpg', '%2e%2e%2fa', 'a\u0000.png', 'x'.repeat(2_000), '', 'a/b/../../c.png', '<x>.svg']);
  const kind = pick(['upload', 'download', 'list', 'remove', 'public', 'sign']);
  const h = { apikey: anon };
  switch (kind) {
    case 'upload':
      return {
        area: 'storage',
        method: pick(['POST', 'PUT']),
        path: `/storage/v1/object/${bucket}/${enc(name)}`,
        headers: { ...h, 'Content-Type': pick(['image/jpeg', 'text/html', 'image/svg+xml', 'multipart/form-data; boundary=x']) },
        body: pick([value(), new Uint8Array(1024)]),
      };
    case 'download':
      return { area: 'storage', method: 'GET', path: `/storage/v1/object/authenticated/${bucket}/${enc(name)}`, headers: h };
    case 'public':
      return { area: 'storage', method: 'GET', path: `/storage/v1/object/public/${bucket}/${name}` };
    case 'list':
      return { area: 'storage', method: 'POST', path: `/storage/v1/object/list/${bucket}`, headers: { ...h, 'Content-Type': 'application/json' }, body: value() };
    case 'remove':
      return { area: 'storage', method: 'DELETE', path: `/storage/v1/object/${bucket}`, headers: { ...h, 'Content-Type': 'application/json' }, body: value() };
    default:
      return { area: 'storage', method: 'POST', path: `/storage/v1/object/sign/${bucket}/${enc(name)}`, headers: { ...h, 'Content-Type': 'application/json' }, body: value() };
  }
}

function functionRequest(): Req {
  const fn = pick(['newsletter-signup', 'newsletter-unsubscribe', 'lead-capture', 'beta-access', 'review-media-cleanup', 'nope', '_shared']);
  const body =
    rand() < 0.5 ? value() : JSON.stringify({ name: value(), email: value(), consentGiven: pick([true, 'yes', null]), password: value(), token: value(), kind: value() });
  const method = pick(['POST', 'POST', 'GET', 'PUT']);
  return {
    area: 'functions',
    method,
    path: `/functions/v1/${fn}`,
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': headerValue(value()) },
    body: method === 'GET' ? undefined : body,
  };
}

function inboxRequest(): Req {
  return {
    area: 'inbox',
    method: pick(['GET', 'POST', 'OPTIONS', 'DELETE']),
    path: pick(['/inbox', '/inbox.json', '/inbox/x', `/inbox?to=${enc(value())}`, `/inbox?format=json&to=${enc(value())}`]),
    headers: { Origin: 'http://evil.example' },
  };
}

const s = await serve({ port: 0, host: '127.0.0.1', config: { autoconfirm: true } });
const anon = s.stack.config.anonKey;
const makers = [restRequest, restRequest, rpcRequest, authRequest, storageRequest, () => functionRequest(), () => inboxRequest()];
const counts = new Map<string, { sent: number; s4xx: number; s5xx: number; hung: number; closed: number }>();
const failures: string[] = [];
let next = 0;

async function one(r: Req) {
  const c = counts.get(r.area) ?? { sent: 0, s4xx: 0, s5xx: 0, hung: 0, closed: 0 };
  counts.set(r.area, c);
  c.sent++;
  try {
    const res = await fetch(`${s.url}${r.path}`, { method: r.method, headers: r.headers, body: r.body, signal: AbortSignal.timeout(TIMEOUT_MS) });
    await res.arrayBuffer();
    if (res.status >= 400 && res.status < 500) c.s4xx++;
    if (res.status >= 500) {
      c.s5xx++;
      failures.push(`${res.status} ${r.method} ${r.path.slice(0, 160)}`);
    }
  } catch (e) {
    if ((e as Error).name === 'TimeoutError') {
      c.hung++;
      failures.push(`hang ${r.method} ${r.path.slice(0, 160)}`);
    }
    // Anything else: the connection closed after an early answer (or fetch refused to send): not a hang.
    else c.closed++;
  }
}

const t0 = Date.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < TOTAL) {
      next++;
      await one(pick(makers)(anon));
    }
  }),
);
await s.close();

let sent = 0;
let s5xx = 0;
let hung = 0;
for (const [area, c] of [...counts].sort()) {
  console.log(`${area.padEnd(10)} ${String(c.sent).padStart(5)} requests  ${c.s4xx} 4xx  ${c.s5xx} 5xx  ${c.hung} hangs  ${c.closed} closed`);
  sent += c.sent;
  s5xx += c.s5xx;
  hung += c.hung;
}
console.log(`total      ${String(sent).padStart(5)} requests  ${s5xx} 5xx  ${hung} hangs  in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
for (const f of failures.slice(0, 20)) console.log(`  ${f}`);
process.exit(s5xx || hung ? 1 : 0);
