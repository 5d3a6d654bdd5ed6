/**
 * Plumbing shared by the four services: JSON answers, CORS, the caller's role from its JWT, and
 * bounded body reading. Each service module is `(req, ctx) => Promise<Response>` over a web Request,
 * so tests can call the stack in-process through supabase-js's `global.fetch` option.
 */
import type { Db } from './db.ts';
import type { StackConfig } from './config.ts';
import { verifyJwt, type Claims } from './jwt.ts';
import { readAuthorization, readCapped } from '../../shared/http.ts';
import type { Mail, MailStore } from './inbox-store.ts';
import type { StripeStandIn } from './stripe/stand-in.ts';
import type { AcuityStandIn } from './acuity/stand-in.ts';

export interface StackContext {
  db: Db;
  config: StackConfig;
  /** Sent mail, newest last (the dev inbox shows it): read-only, the store below writes it. */
  mail: readonly Mail[];
  /** The inbox's durable store (inbox-store.ts): every mail goes through it. */
  inbox: MailStore;
  /** The local Stripe stand-in (stripe/): `/v1/*` and `/stripe/*`, and its test controls. */
  stripe: StripeStandIn;
  /** The local Acuity stand-in (acuity/): `/api/v1/*` and `/acuity/*`, and its test controls. */
  acuity: AcuityStandIn;
  /** fetch() that reaches this same stack in-process: function handlers build their admin client on it. */
  selfFetch: typeof fetch;
  /** Called after any write through the stack, so read caches can drop what they hold. */
  onWrite: Set<() => void>;
}

export type Service = (req: Request, path: string, ctx: StackContext) => Promise<Response>;

export const EXPOSED_HEADERS = [
  'Content-Encoding',
  'Content-Location',
  'Content-Range',
  'Content-Type',
  'Date',
  'Location',
  'Server',
  'Transfer-Encoding',
  'Range-Unit',
  'Preference-Applied',
  'X-Supabase-Api-Version',
  'X-Total-Count',
  'Link',
  'x-sb-error-code',
  'x-relay-error',
  'ETag',
  'Cache-Control',
  'Content-Length',
  'Content-Disposition',
].join(', ');

export function corsHeaders(req: Request): Record<string, string> {
  const origin = req.headers.get('origin');
  const h: Record<string, string> = {
    'Access-Control-Allow-Origin': origin ?? '*',
    'Access-Control-Expose-Headers': EXPOSED_HEADERS,
  };
  if (origin) {
    h['Access-Control-Allow-Credentials'] = 'true';
    h.Vary = 'Origin';
  }
  return h;
}

export function preflight(req: Request): Response {
  const requested = req.headers.get('access-control-request-headers');
  // `*` does not cover Authorization, so echo the list the browser asked for.
  const allow = requested
    ? `${requested}, authorization`
    : 'apikey, authorization, content-type, x-client-info, x-supabase-api-version, accept-profile, content-profile, prefer, x-upsert, x-retry-count, range, cache-control';
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(req),
      'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
      'Access-Control-Allow-Headers': allow,
      'Access-Control-Max-Age': '86400',
    },
  });
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

/** A body read with a hard cap: a client cannot make the server buffer without limit. */
/**
 * Tells every read cache that data changed (rest's anonymous read cache, see rest/cache.ts). Each
 * service calls it after a write it committed; a failing listener never fails the write.
 */
export function notifyWrite(ctx: StackContext) {
  for (const cb of ctx.onWrite) {
    try {
      cb();
    } catch (e) {
      console.error('[stack] onWrite listener failed', e);
    }
  }
}

export class BodyTooLarge extends Error {}
export async function readBody(req: Request, limit: number): Promise<Uint8Array> {
  const bytes = await readCapped(req, limit);
  if (!bytes) throw new BodyTooLarge();
  return bytes;
}

/**
 * The header that carries the client's address past the gateway: server.ts sets it from the connection
 * on every request and drops whatever the client sent in it or in any other forwarding header, so
 * nothing behind the gateway ever sees a client-chosen address. Functions read it through
 * clientAddress (supabase/functions/_shared/http.ts), auth's rate limits directly.
 */
export const CLIENT_ADDRESS_HEADER = 'x-real-ip';
/** Forwarding headers a client could use to claim another address; the gateway removes them all. */
export const FORWARDING_HEADERS = ['x-real-ip', 'x-forwarded-for', 'forwarded', 'sb-forwarded-for', 'cf-connecting-ip', 'true-client-ip', 'x-client-ip', 'x-cluster-client-ip'];

export type Caller =
  | { ok: true; role: string; claims: Claims; token: string | null }
  | { ok: false; reason: 'empty' | 'malformed' | 'signature' | 'expired' | 'alg' | 'role'; token: string };

/**
 * Who is calling rest or storage, read as that service reads the Authorization header (shared/http.ts
 * `AuthorizationRule`): its token (the user's access token, or the anon / service key) decides the
 * Postgres role. With no header at all the gateway's apikey is the token, as the gateway hands it on;
 * with no apikey either, anon, as PostgREST does with an anonymous role configured. Under PostgREST's
 * rule another scheme is no token (anon); under Storage's it is the token, and fails the check.
 */
export function callerOf(req: Request, config: StackConfig, rule: 'postgrest' | 'storage'): Caller {
  const auth = readAuthorization(req, rule);
  if (auth.kind === 'none' || (auth.kind === 'other' && rule === 'postgrest')) {
    const apikey = req.headers.get('apikey');
    if (!apikey || auth.kind === 'other') return { ok: true, role: 'anon', claims: { role: 'anon' }, token: null };
    const k = verifyJwt(apikey, config.jwtSecret);
    if (!k.ok) return { ok: false, reason: k.reason, token: apikey };
    return { ok: true, role: String(k.claims.role ?? 'anon'), claims: k.claims, token: apikey };
  }
  const token = auth.kind === 'bearer' ? auth.token : auth.value;
  if (token === '') return { ok: false, reason: 'empty', token };
  const v = verifyJwt(token, config.jwtSecret);
  if (!v.ok) return { ok: false, reason: v.reason, token };
  const role = typeof v.claims.role === 'string' ? v.claims.role : 'anon';
  if (!['anon', 'authenticated', 'service_role'].includes(role)) return { ok: false, reason: 'role', token };
  return { ok: true, role, claims: v.claims, token };
}

export const isWrite = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);
