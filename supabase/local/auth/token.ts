/**
 * POST /token?grant_type=… (supabase/auth internal/api/token.go, internal/tokens/service.go).
 */
import type { StackContext } from '../http.ts';
import { AuthError, OAuthError, badRequest, notFound, ok, unprocessable } from './errors.ts';
import { readParams } from './params.ts';
import { issueSession, refreshGrant } from './sessions.ts';
import { findUserByEmail, isBanned, isConfirmed, passwordMatches } from './users.ts';

const INVALID_LOGIN = 'Invalid login credentials';

async function passwordGrant(req: Request, ctx: StackContext): Promise<Response> {
  const p = await readParams(req, ctx, { email: 'string', phone: 'string', password: 'string' }, 'PasswordGrantParams');
  if (p.email && p.phone) throw badRequest('validation_failed', 'Only an email address or phone number should be provided on login.');
  if (!p.email) {
    if (p.phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    throw badRequest('validation_failed', 'missing email or phone');
  }
  const user = await ctx.db.tx((q) => findUserByEmail(q, p.email));
  if (!user) throw badRequest('invalid_credentials', INVALID_LOGIN);
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  // Outside any transaction: the hash takes tens of milliseconds, which the database must not wait on.
  if (!(await passwordMatches(user, p.password))) throw badRequest('invalid_credentials', INVALID_LOGIN);
  if (!isConfirmed(user)) throw badRequest('email_not_confirmed', 'Email not confirmed');
  const body = await ctx.db.tx(async (q) => {
    const session = await issueSession(q, ctx, req, user.id, 'password');
    // GoTrue still signs in a password that no longer meets the rules, but says so.
    const min = ctx.config.minimumPasswordLength;
    if (p.password.length < min) {
      return { ...session, weak_password: { message: `Password should be at least ${min} characters.`, reasons: ['length'] } };
    }
    return session;
  });
  return ok(body);
}

async function refreshTokenGrant(req: Request, ctx: StackContext): Promise<Response> {
  const p = await readParams(req, ctx, { refresh_token: 'string' }, 'RefreshTokenGrantParams');
  if (!p.refresh_token) throw new OAuthError('invalid_request', 'refresh_token required');
  return ok(await refreshGrant(ctx, p.refresh_token));
}

export async function token(req: Request, ctx: StackContext): Promise<Response> {
  const grant = new URL(req.url).searchParams.get('grant_type') ?? '';
  switch (grant) {
    case 'password':
      return passwordGrant(req, ctx);
    case 'refresh_token':
      return refreshTokenGrant(req, ctx);
    case 'pkce': {
      // The local stack issues implicit-flow links only, so no flow state can ever match.
      const p = await readParams(req, ctx, { auth_code: 'string', code_verifier: 'string' }, 'PKCEGrantParams');
      if (!p.auth_code || !p.code_verifier) {
        throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
      }
      throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
    }
    case 'id_token': {
      const p = await readParams(req, ctx, { id_token: 'string', provider: 'string', issuer: 'string' }, 'IdTokenGrantParams');
      if (!p.id_token) throw badRequest('validation_failed', 'id_token required');
      throw badRequest('provider_disabled', `Provider (issuer "${p.issuer || p.provider}") is not enabled`);
    }
    case 'web3':
      throw new AuthError(422, 'web3_provider_disabled', 'Web3 provider is disabled');
    default:
      throw badRequest('invalid_credentials', 'unsupported_grant_type');
  }
}
