/**
 * HS256 JSON Web Tokens, as GoTrue issues them and PostgREST / Storage verify them.
 * node:crypto only: the local stack has no JWT dependency to keep in step with.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const b64url = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');

/**
 * The stack's time source for tokens: what verifyJwt and the anonymous read cache (rest/cache.ts) take as
 * "now". Real time unless a test sets it (`tokenClock.set(ms)`), so that a token's expiry is reached
 * without waiting for it; `reset()` puts it back on real time.
 */
export const tokenClock = {
  fixedMs: null as number | null,
  nowMs: (): number => tokenClock.fixedMs ?? Date.now(),
  set(ms: number) {
    tokenClock.fixedMs = ms;
  },
  reset() {
    tokenClock.fixedMs = null;
  },
};

export type Claims = Record<string, unknown> & { exp?: number; iat?: number; sub?: string; role?: string };

export function signJwt(claims: Claims, secret: string): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(claims));
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

export type JwtResult = { ok: true; claims: Claims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'alg' };

export function verifyJwt(token: string, secret: string, now = tokenClock.nowMs() / 1000): JwtResult {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p))) return { ok: false, reason: 'malformed' };
  let header: { alg?: string };
  let claims: Claims;
  try {
    header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!claims || typeof claims !== 'object' || Array.isArray(claims)) return { ok: false, reason: 'malformed' };
  if (header.alg !== 'HS256') return { ok: false, reason: 'alg' };
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  if (typeof claims.exp === 'number' && claims.exp < now) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
