/**
 * Sessions, refresh-token rotation and access tokens, after supabase/auth internal/tokens/service.go and
 * internal/api/auth.go. A session is one auth.sessions row; its refresh tokens form a chain through
 * `parent`; the access token's `session_id` ties every request back to that row, so deleting the row
 * (sign-out) makes the still-unexpired JWT useless at /user and /logout.
 */
import { randomInt } from 'node:crypto';
import type { Db, Query } from '../db.ts';
import type { StackContext } from '../http.ts';
import { bearerToken } from '../../../shared/http.ts';
import { signJwt, verifyJwt, type Claims } from '../jwt.ts';
import { AuthError, badRequest, forbidden } from './errors.ts';
import { findUserById, isBanned, userJsonOf, type UserJson, type UserRow } from './users.ts';

export type AuthMethod = 'password' | 'otp' | 'magiclink' | 'email/signup' | 'recovery' | 'invite' | 'email_change';

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);

/**
 * GoTrue records how a session was authenticated in auth.mfa_amr_claims (the `amr` claim). base.sql does
 * not carry that table, so it is created here, once per database, exactly as GoTrue's migration has it.
 */
const schemaReady = new WeakMap<Db, Promise<void>>();
export function ensureAuthSchema(db: Db): Promise<void> {
  let p = schemaReady.get(db);
  if (!p) {
    p = db
      .exec(
        `create table if not exists auth.mfa_amr_claims (
           session_id uuid not null references auth.sessions(id) on delete cascade,
           created_at timestamptz not null,
           updated_at timestamptz not null,
           authentication_method text not null,
           id uuid primary key default gen_random_uuid(),
           constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
         );
         create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
         create index if not exists sessions_user_id_idx on auth.sessions (user_id);`,
      )
      .catch((e) => {
        schemaReady.delete(db);
        throw e;
      });
    schemaReady.set(db, p);
  }
  return p;
}

/** GoTrue's refresh tokens are 12 random lower-case alphanumerics (crypto.SecureAlphanumeric). */
function newRefreshToken(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let s = '';
  for (let i = 0; i < 12; i++) s += alphabet[randomInt(alphabet.length)];
  return s;
}

function clientIp(req: Request): string | null {
  const xff = req.headers.get('x-forwarded-for');
  return xff ? xff.split(',')[0].trim() : null;
}

async function accessToken(q: Query, ctx: StackContext, u: UserRow, sessionId: string) {
  const amr = await q<{ method: string; ts: number }>(
    `select authentication_method as method, extract(epoch from created_at)::bigint as ts
       from auth.mfa_amr_claims where session_id = $1 order by created_at desc`,
    [sessionId],
  );
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ctx.config.jwtExpiry;
  // Claim names and order of GoTrue's AccessTokenClaims; `aud` is a single string there too.
  const claims: Claims = {
    iss: `${ctx.config.publicUrl}/auth/v1`,
    sub: u.id,
    aud: u.aud ?? 'authenticated',
    exp,
    iat,
    email: u.email ?? '',
    phone: u.phone ?? '',
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    role: u.role || 'authenticated',
    aal: 'aal1',
    amr: amr.rows.map((r) => ({ method: r.method, timestamp: Number(r.ts) })),
    session_id: sessionId,
    is_anonymous: Boolean(u.is_anonymous),
  };
  return { token: signJwt(claims, ctx.config.jwtSecret), exp };
}

async function tokenResponse(q: Query, ctx: StackContext, userId: string, sessionId: string, refreshToken: string): Promise<TokenResponse> {
  const u = await findUserById(q, userId);
  if (!u) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const { token, exp } = await accessToken(q, ctx, u, sessionId);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ctx.config.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await userJsonOf(q, u),
  };
}

/** A new session with its first refresh token (models.GrantAuthenticatedUser + issueRefreshToken). */
export async function issueSession(q: Query, ctx: StackContext, req: Request, userId: string, method: AuthMethod): Promise<TokenResponse> {
  const s = await q<{ id: string }>(
    `insert into auth.sessions (user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, now(), now(), 'aal1', $2, $3) returning id`,
    [userId, req.headers.get('user-agent'), clientIp(req)],
  );
  const sessionId = s.rows[0].id;
  await q(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method) values ($1, now(), now(), $2)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
  );
  const token = newRefreshToken();
  await q(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), null, $3)`,
    [token, userId, sessionId],
  );
  await q('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [userId]);
  return tokenResponse(q, ctx, userId, sessionId, token);
}

interface TokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  session_id: string | null;
  session_exists: boolean;
  reusable: boolean;
}

/**
 * grant_type=refresh_token. A live token is revoked and replaced by a child (`parent` = old token). A
 * revoked token presented again within `refreshTokenReuseInterval` seconds of its rotation (two tabs
 * racing, or a client that lost the answer) gets the session's current token back; later than that it is
 * treated as stolen: every token of the session is revoked and the caller gets refresh_token_already_used.
 */
export async function refreshGrant(ctx: StackContext, refreshToken: string): Promise<TokenResponse> {
  const outcome = await ctx.db.tx(async (q): Promise<TokenResponse | AuthError> => {
    const r = await q<TokenRow>(
      `select rt.id, rt.token, rt.user_id, rt.revoked, rt.session_id, s.id is not null as session_exists,
              rt.updated_at + make_interval(secs => $2) > now() as reusable
         from auth.refresh_tokens rt left join auth.sessions s on s.id = rt.session_id
        where rt.token = $1
        for update of rt`,
      [refreshToken, ctx.config.refreshTokenReuseInterval],
    );
    const row = r.rows[0];
    if (!row) return badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (!row.session_id || !row.session_exists) {
      await q('delete from auth.refresh_tokens where id = $1', [row.id]);
      return badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    }
    const user = await findUserById(q, row.user_id);
    if (!user) return badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (isBanned(user)) return badRequest('user_banned', 'Invalid Refresh Token: User Banned');

    let issued: string;
    if (!row.revoked) {
      issued = newRefreshToken();
      await q('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [row.id]);
      await q(
        `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
         values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
        [issued, row.user_id, row.token, row.session_id],
      );
    } else {
      const active = await q<{ token: string }>(`select token from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1`, [row.session_id]);
      if (!row.reusable || !active.rows[0]) {
        // Possible theft: the whole family goes, so neither holder can continue this session.
        await q('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked', [row.session_id]);
        return badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
      issued = active.rows[0].token;
    }
    await q(`update auth.sessions set refreshed_at = (now() at time zone 'utc'), updated_at = now() where id = $1`, [row.session_id]);
    return tokenResponse(q, ctx, row.user_id, row.session_id, issued);
  });
  if (outcome instanceof AuthError) throw outcome;
  return outcome;
}

export interface Authenticated {
  user: UserRow;
  sessionId: string | null;
  claims: Claims;
}

const JWT_REASON: Record<string, string> = {
  malformed: 'token is malformed: could not base64 decode header or claims',
  signature: 'token signature is invalid: signature is invalid',
  expired: 'token has invalid claims: token is expired',
  alg: 'token is unverifiable: error while executing keyfunc: missing kid',
};

/** GoTrue's `Authorization: Bearer` rule (shared/http.ts `gotrue`): one token, or 401 no_authorization. */
function bearer(req: Request): string {
  const token = bearerToken(req, 'gotrue');
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  return token;
}

function parseBearer(req: Request, ctx: StackContext): Claims {
  const v = verifyJwt(bearer(req), ctx.config.jwtSecret);
  if (!v.ok) throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${JWT_REASON[v.reason]}`);
  return v.claims;
}

/** requireAuthentication + maybeLoadUserOrSession (internal/api/auth.go). */
export async function authenticate(req: Request, ctx: StackContext, q: Query): Promise<Authenticated> {
  const claims = parseBearer(req, ctx);
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (!sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(q, sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const sid = typeof claims.session_id === 'string' ? claims.session_id : '';
  if (sid && sid !== '00000000-0000-0000-0000-000000000000') {
    if (!isUuid(sid)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    const s = await q('select 1 from auth.sessions where id = $1 and user_id = $2', [sid, sub]);
    if (!s.rows[0]) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    return { user, sessionId: sid, claims };
  }
  return { user, sessionId: null, claims };
}

/** requireAdminCredentials: the service_role key (or supabase_admin) only. */
export function requireAdmin(req: Request, ctx: StackContext): Claims {
  const claims = parseBearer(req, ctx);
  if (!['service_role', 'supabase_admin'].includes(String(claims.role))) throw forbidden('not_admin', 'User not allowed');
  return claims;
}
