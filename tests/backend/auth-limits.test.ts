/**
 * GoTrue's request limits in the local auth service, over real HTTP (the client address comes from the
 * connection), and password hashing that leaves the database free for everyone else (issue 9).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { ADMIN, httpTestStack, testStack, type TestStack } from '../support/stack.ts';
import { authRateLimitsFromConfig } from '../../supabase/local/config.ts';
import { BURST } from '../../supabase/local/auth/limits.ts';
import { hashPassword, passwordJobsPosted } from '../../supabase/local/auth/password.ts';
import type { Database } from '../../supabase/types/database.ts';

type Served = Awaited<ReturnType<typeof httpTestStack>>;
let h: Served;

const RATE_LIMITED = {
  code: 'over_request_rate_limit',
  error_code: 'over_request_rate_limit',
  message: 'Request rate limit reached',
  msg: 'Request rate limit reached',
};

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${h.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: h.stack.config.anonKey, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

beforeAll(async () => {
  h = await httpTestStack();
});
afterAll(async () => {
  await h?.close();
});

describe('request limits per client address', () => {
  it('are the hosted defaults, read from supabase/config.toml', () => {
    expect(authRateLimitsFromConfig()).toEqual({ sign_in_sign_ups: 30, token_refresh: 150, token_verifications: 30 });
    expect(h.stack.config.authRateLimits).toEqual(authRateLimitsFromConfig());
  });

  it('answer 429 over_request_rate_limit after a burst of wrong passwords, whatever address the client claims', async () => {
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof post>> | undefined;
    const t0 = Date.now();
    for (let i = 0; i < 60; i++) {
      const forged = `198.51.100.${i}`;
      const r = await post(
        '/token?grant_type=password',
        { email: ADMIN.email, password: `wrong-${i}` },
        {
          'X-Forwarded-For': forged,
          'X-Real-IP': forged,
          'CF-Connecting-IP': forged,
        },
      );
      statuses.push(r.status);
      if (r.status === 429) limited ??= r;
    }
    expect(statuses.slice(0, BURST)).toEqual(Array(BURST).fill(400));
    // The bucket refills at token_refresh per 5 minutes while the guesses run.
    const refilled = Math.ceil(((Date.now() - t0) / 300_000) * h.stack.config.authRateLimits.token_refresh);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(BURST + refilled);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(60 - BURST - refilled);
    expect(limited!.body).toEqual(RATE_LIMITED);
    expect(limited!.headers.get('x-sb-error-code')).toBe('over_request_rate_limit');
  });

  it('limit sign-ups and verifications per address', async () => {
    const signups: number[] = [];
    const t0 = Date.now();
    // Each sign-up hashes a password, so the bucket refills a little while they run: go until the 429.
    for (let i = 0; i < BURST + 10 && !signups.includes(429); i++) {
      signups.push((await post('/signup', { email: `burst${i}.${Date.now()}@example.com`, password: 'secret-pass-1' })).status);
    }
    const refilled = Math.ceil(((Date.now() - t0) / 300_000) * h.stack.config.authRateLimits.sign_in_sign_ups);
    expect(signups.at(-1)).toBe(429);
    expect(signups.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(signups.length - 1).toBeLessThanOrEqual(BURST + refilled);
    const verifies: number[] = [];
    for (let i = 0; i < BURST + 1; i++) verifies.push((await post('/verify', { type: 'signup', token_hash: `nope${i}` })).status);
    expect(verifies.at(-1)).toBe(429);
    expect(verifies.slice(0, BURST)).not.toContain(429);
  }, 90_000);
});

describe('password hashing', () => {
  let s: TestStack;
  beforeAll(async () => {
    s = await testStack();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('accepts the seed’s pgcrypto hashes, and writes hashes pgcrypto accepts', async () => {
    const { error } = await s.client().auth.signInWithPassword({ email: ADMIN.email, password: ADMIN.password });
    expect(error).toBeNull();
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$2a\$10\$[./A-Za-z0-9]{53}$/);
    const r = await s.db.query<{ ok: boolean }>('select extensions.crypt($1, $2) = $2 as ok', ['correct horse', hash]);
    expect(r.rows[0].ok).toBe(true);
  });

  it('leaves the database free: reads stay fast while sign-ins are being checked', async () => {
    const anon = createClient<Database>(s.config.publicUrl, s.config.anonKey, { global: { fetch: s.fetch }, auth: { persistSession: false } });
    // Warm: the first read loads the schema cache, and the first check starts the hashing thread.
    await anon.from('reviews').select('id').limit(1);
    await s.client().auth.signInWithPassword({ email: ADMIN.email, password: 'warm-up' });
    const posted = passwordJobsPosted();
    const guesses = Array.from({ length: 8 }, (_, i) => s.client().auth.signInWithPassword({ email: ADMIN.email, password: `guess-${i}` }));
    // The reads are timed once all eight checks are with the hashing thread (the eight take ~0.5 s there).
    await expect.poll(passwordJobsPosted, { interval: 5 }).toBe(posted + 8);
    const times: number[] = [];
    for (let i = 0; i < 4; i++) {
      const t0 = performance.now();
      const { error } = await anon.from('reviews').select('id').limit(1);
      expect(error).toBeNull();
      times.push(performance.now() - t0);
    }
    await Promise.all(guesses);
    expect(Math.max(...times)).toBeLessThan(250);
  });
});
