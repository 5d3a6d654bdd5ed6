/**
 * `/auth/v1`: a GoTrue-compatible auth service for the local stack (e-mail + password, mail links through
 * the dev inbox, refresh-token rotation, the admin API). Routes and answers follow
 * supabase/auth internal/api/api.go; features this project does not use locally (phone, MFA, OAuth,
 * SSO, identity linking) answer as GoTrue does when they are switched off — a 4xx with a clear code.
 */
import type { Service, StackContext } from '../http.ts';
import { AuthError, OAuthError, badRequest, errorResponse, notFound, ok, unprocessable } from './errors.ts';
import { readParams } from './params.ts';
import { authenticate, ensureAuthSchema, isUuid } from './sessions.ts';
import { signup, otp } from './signup.ts';
import { token } from './token.ts';
import { getUser, logout, reauthenticate, updateUser } from './account.ts';
import { invite, recover, resend, verifyGet, verifyPost } from './verify.ts';
import { admin } from './admin.ts';
import { type LIMITED, limitRequest } from './limits.ts';

type Handler = (req: Request, ctx: StackContext) => Promise<Response>;

const PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'email',
  'phone',
  'zoom',
];

const settings: Handler = async (_req, ctx) =>
  ok({
    external: Object.fromEntries(PROVIDERS.map((p) => [p, p === 'email'])),
    disable_signup: false,
    mailer_autoconfirm: ctx.config.autoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });

const health: Handler = async () => ok({ version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' });

/** Only symmetric (HS256) keys here, and GoTrue never publishes those. */
const jwks: Handler = async () => ok({ keys: [] }, 200, { 'Cache-Control': 'public, max-age=600' });

const oauthDisabled: Handler = async () => {
  throw badRequest('validation_failed', 'Unsupported provider: provider is not enabled');
};

/** MFA is off locally: enrolling says so, and no factor id can exist. */
async function factors(req: Request, ctx: StackContext, rest: string): Promise<Response> {
  await ctx.db.tx((q) => authenticate(req, ctx, q));
  if (rest === '') {
    if (req.method !== 'POST') return methodNotAllowed();
    const p = await readParams(req, ctx, { factor_type: 'string', friendly_name: 'string', issuer: 'string', phone: 'string' }, 'EnrollFactorParams');
    if (p.factor_type === 'totp') throw unprocessable('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
    if (p.factor_type === 'phone') throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    if (p.factor_type === 'webauthn') throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
  }
  const id = rest.split('/')[1] ?? '';
  if (!isUuid(id)) throw notFound('validation_failed', 'factor_id must be an UUID');
  throw notFound('mfa_factor_not_found', 'Factor not found');
}

function methodNotAllowed(): Response {
  return errorResponse(new AuthError(405, 'method_not_allowed', 'Method Not Allowed'));
}

const routes: Record<string, Partial<Record<string, Handler>>> = {
  '/health': { GET: health },
  '/settings': { GET: settings },
  '/.well-known/jwks.json': { GET: jwks },
  '/signup': { POST: signup },
  '/token': { POST: token },
  '/otp': { POST: otp },
  '/magiclink': { POST: otp },
  '/verify': { GET: verifyGet, POST: verifyPost },
  '/recover': { POST: recover },
  '/resend': { POST: resend },
  '/invite': { POST: invite },
  '/user': { GET: getUser, PUT: updateUser },
  '/logout': { POST: logout },
  '/reauthenticate': { GET: reauthenticate },
  '/authorize': { GET: oauthDisabled },
  '/callback': {
    GET: async () => {
      throw badRequest('bad_oauth_callback', 'OAuth state parameter missing');
    },
    POST: async () => {
      throw badRequest('bad_oauth_callback', 'OAuth state parameter missing');
    },
  },
};

/** Which of GoTrue's per-address limits each route counts against (api.go's limitHandler wiring). */
const limitedRoutes: Record<string, Partial<Record<string, keyof typeof LIMITED>>> = {
  '/signup': { POST: 'signInSignUps' },
  '/otp': { POST: 'signInSignUps' },
  '/magiclink': { POST: 'signInSignUps' },
  '/recover': { POST: 'signInSignUps' },
  '/resend': { POST: 'signInSignUps' },
  '/user': { PUT: 'signInSignUps' },
  '/verify': { GET: 'verify', POST: 'verify' },
};
/** Grants GoTrue's /token counts against its Token limiter; an unknown grant is refused before. */
const TOKEN_GRANTS = new Set(['password', 'refresh_token', 'pkce', 'id_token']);

function limit(req: Request, path: string, ctx: StackContext) {
  const group = limitedRoutes[path]?.[req.method];
  if (group) limitRequest(req, ctx, group);
  else if (path === '/token' && TOKEN_GRANTS.has(new URL(req.url).searchParams.get('grant_type') ?? '')) limitRequest(req, ctx, 'token');
}

async function route(req: Request, rawPath: string, ctx: StackContext): Promise<Response> {
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  const table = routes[path];
  if (table) {
    const h = table[req.method];
    if (!h) return methodNotAllowed();
    limit(req, path, ctx);
    await ensureAuthSchema(ctx.db);
    return h(req, ctx);
  }
  await ensureAuthSchema(ctx.db);
  if (path.startsWith('/admin/')) {
    const r = await admin(req, ctx, path.slice('/admin'.length));
    if (r) return r;
  } else if (path === '/factors' || path.startsWith('/factors/')) {
    return factors(req, ctx, path.slice('/factors'.length));
  } else if (path.startsWith('/user/identities')) {
    await ctx.db.tx((q) => authenticate(req, ctx, q));
    throw notFound('manual_linking_disabled', 'Manual linking is disabled');
  } else if (path === '/sso' || path.startsWith('/sso/')) {
    throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled');
  }
  throw notFound('not_found', 'Not Found');
}

export const auth: Service = async (req, path, ctx) => {
  try {
    return await route(req, path, ctx);
  } catch (e) {
    if (e instanceof AuthError || e instanceof OAuthError) return errorResponse(e);
    console.error('[local-stack] auth', req.method, path, e);
    return errorResponse(new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'));
  }
};
