/**
 * Mail links and the requests that send them: GET/POST /verify, POST /recover, POST /resend, POST /invite
 * (supabase/auth internal/api/verify.go, recover.go, resend.go, invite.go).
 */
import type { Query } from '../db.ts';
import type { StackContext } from '../http.ts';
import { AuthError, badRequest, forbidden, ok, unprocessable, validateEmail } from './errors.ts';
import { readParams } from './params.ts';
import { TOKEN_COLUMNS, TOKEN_TTL_SECONDS, deliver, hashToken, isRedirectAllowed, newOutbox, referrer, sendAuthMail } from './mailer.ts';
import { issueSession, requireAdmin, type TokenResponse } from './sessions.ts';
import { confirmEmail, createUser, findUserByEmail, isBanned, isConfirmed, setEmail, userJsonById, type UserRow } from './users.ts';

type LinkType = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change' | 'email';

/** The user whose stored token hash matches, if that token is younger than 24 hours. */
async function findByToken(q: Query, type: string, tokenHash: string, expiredMessage: string, email?: string): Promise<{ user: UserRow; type: LinkType }> {
  const kinds: Exclude<LinkType, 'email'>[] =
    type === 'email' ? ['signup', 'magiclink'] : (['signup', 'invite', 'recovery', 'magiclink', 'email_change'] as const).filter((t) => t === type);
  if (kinds.length === 0) throw badRequest('validation_failed', 'Invalid email verification type');
  for (const kind of kinds) {
    const { token, sentAt } = TOKEN_COLUMNS[kind];
    const r = await q<UserRow & { fresh: boolean }>(
      `select *, ${sentAt} + make_interval(secs => $2) > now() as fresh from auth.users
        where ${token} = $1 and ${token} <> ''
          and ($3::text is null or lower(${kind === 'email_change' ? 'email_change' : 'email'}) = lower($3::text) or lower(email) = lower($3::text))
        limit 1`,
      [hashToken(tokenHash), TOKEN_TTL_SECONDS, email ?? null],
    );
    const row = r.rows[0];
    if (!row) continue;
    if (!row.fresh) throw forbidden('otp_expired', expiredMessage);
    if (isBanned(row)) throw forbidden('user_banned', 'User is banned');
    return { user: row, type: type === 'email' ? (kind === 'signup' ? 'signup' : 'magiclink') : kind };
  }
  throw forbidden('otp_expired', expiredMessage);
}

/** What the link does once its token checks out, then a new session as GoTrue's `models.OTP` sign-in. */
async function consume(q: Query, ctx: StackContext, req: Request, user: UserRow, type: LinkType): Promise<TokenResponse> {
  switch (type) {
    case 'signup':
    case 'invite':
      await confirmEmail(q, user.id);
      break;
    case 'recovery':
    case 'magiclink':
      await q(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [user.id]);
      if (!isConfirmed(user)) await confirmEmail(q, user.id);
      break;
    case 'email_change':
      if (!user.email_change) throw forbidden('otp_expired', 'Email link is invalid or has expired');
      {
        const other = await findUserByEmail(q, user.email_change);
        if (other && other.id !== user.id) throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
      await setEmail(q, user.id, user.email_change);
      if (!isConfirmed(user)) await confirmEmail(q, user.id);
      break;
  }
  return issueSession(q, ctx, req, user.id, 'otp');
}

const OAUTH_ERROR: Record<number, string> = { 400: 'invalid_request', 401: 'unauthorized_client', 403: 'access_denied', 500: 'server_error', 503: 'temporarily_unavailable' };

/** `<redirect>#…` without whatever fragment the redirect URL already had. */
function withFragment(url: string, params: Record<string, string>): string {
  const base = url.split('#')[0];
  const sorted = Object.keys(params)
    .sort()
    .map((k) => [k, params[k]]);
  return `${base}#${new URLSearchParams(sorted)}`;
}

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
}

/**
 * GET /verify?token=…&type=…&redirect_to=… — the link in the mail. Success and failure both go back to the
 * site with 303: the session (or `error`, `error_code`, `error_description`) in the fragment, which
 * supabase-js reads on page load (implicit flow).
 */
export async function verifyGet(req: Request, ctx: StackContext): Promise<Response> {
  const url = new URL(req.url);
  const token = url.searchParams.get('token') ?? '';
  const type = url.searchParams.get('type') ?? '';
  const redirectTo = referrer(req, ctx.config);
  if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
  if (!token) throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  try {
    const { session, kind } = await ctx.db.tx(async (q) => {
      const found = await findByToken(q, type, token, 'Email link is invalid or has expired');
      return { session: await consume(q, ctx, req, found.user, found.type), kind: found.type };
    });
    return seeOther(
      withFragment(redirectTo, {
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
        type: kind,
      }),
    );
  } catch (e) {
    if (!(e instanceof AuthError)) throw e;
    const params: Record<string, string> = { error_code: e.code, error_description: e.message };
    if (OAUTH_ERROR[e.status]) params.error = OAUTH_ERROR[e.status];
    return seeOther(withFragment(redirectTo, params));
  }
}

const VERIFY_PARAMS = { type: 'string', token: 'string', token_hash: 'string', email: 'string', phone: 'string', redirect_to: 'string' } as const;

/** POST /verify (verifyOtp): `{token_hash, type}` or `{email, token, type}` → a session as JSON. */
export async function verifyPost(req: Request, ctx: StackContext): Promise<Response> {
  const p = await readParams(req, ctx, VERIFY_PARAMS, 'VerifyParams');
  if (!p.type) throw badRequest('validation_failed', 'Verify requires a verification type');
  if ((!p.token && !p.token_hash) || (p.token && p.token_hash)) {
    throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  }
  let email: string | undefined;
  if (p.token) {
    if (p.phone && !p.email) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
    if (!p.email || p.phone) throw badRequest('validation_failed', 'Only an email address or phone number should be provided on verify');
    try {
      email = validateEmail(p.email);
    } catch {
      throw unprocessable('validation_failed', 'Invalid email format');
    }
  } else if (p.email || p.phone || p.redirect_to) {
    throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
  }
  if (p.type === 'sms' || p.type === 'phone_change') throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  const message = email ? 'Token has expired or is invalid' : 'Email link is invalid or has expired';
  const session = await ctx.db.tx(async (q) => {
    const { user, type } = await findByToken(q, p.type, p.token || p.token_hash, message, email);
    return consume(q, ctx, req, user, type);
  });
  return ok(session);
}

export async function recover(req: Request, ctx: StackContext): Promise<Response> {
  const p = await readParams(req, ctx, { email: 'string', code_challenge: 'string', code_challenge_method: 'string' }, 'RecoverParams');
  const email = validateEmail(p.email);
  const redirectTo = referrer(req, ctx.config);
  const outbox = newOutbox();
  await ctx.db.tx(async (q) => {
    const user = await findUserByEmail(q, email);
    // Unknown addresses get the same empty answer: the endpoint does not say who has an account.
    if (!user) return;
    await sendAuthMail(q, ctx, outbox, { type: 'recovery', userId: user.id, to: user.email!, redirectTo });
  });
  await deliver(ctx, outbox);
  return ok({});
}

export async function resend(req: Request, ctx: StackContext): Promise<Response> {
  const p = await readParams(req, ctx, { type: 'string', email: 'string', phone: 'string' }, 'ResendConfirmationParams');
  if (!['signup', 'email_change', 'sms', 'phone_change'].includes(p.type)) {
    throw badRequest('validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
  }
  if (!p.email && p.type === 'signup') throw badRequest('validation_failed', 'Type provided requires an email address');
  if (!p.phone && p.type === 'sms') throw badRequest('validation_failed', 'Type provided requires a phone number');
  if (p.email && p.phone) throw badRequest('validation_failed', 'Only an email address or phone number should be provided.');
  if (!p.email && !p.phone) throw badRequest('validation_failed', 'Missing email address or phone number');
  if (p.phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  const email = validateEmail(p.email);
  if (p.type === 'sms' || p.type === 'phone_change') return ok({});
  const redirectTo = referrer(req, ctx.config);
  const outbox = newOutbox();
  await ctx.db.tx(async (q) => {
    const user = await findUserByEmail(q, email);
    if (!user) return;
    if (p.type === 'signup') {
      if (isConfirmed(user)) return;
      await sendAuthMail(q, ctx, outbox, { type: 'signup', userId: user.id, to: user.email!, redirectTo });
    } else {
      if (!user.email_change) return;
      await sendAuthMail(q, ctx, outbox, { type: 'email_change', userId: user.id, to: user.email_change, currentEmail: user.email ?? '', redirectTo });
    }
  });
  await deliver(ctx, outbox);
  return ok({});
}

/** POST /invite (admin): creates the user without a password and mails an invite link. */
export async function invite(req: Request, ctx: StackContext): Promise<Response> {
  requireAdmin(req, ctx);
  const p = await readParams(req, ctx, { email: 'string', data: 'object' }, 'InviteParams');
  const email = validateEmail(p.email);
  const outbox = newOutbox();
  const url = new URL(req.url);
  const explicit = url.searchParams.get('redirect_to');
  const redirectTo = explicit && isRedirectAllowed(ctx.config, explicit) ? explicit : referrer(req, ctx.config);
  const body = await ctx.db.tx(async (q) => {
    let user = await findUserByEmail(q, email);
    if (user && isConfirmed(user)) throw unprocessable('email_exists', 'A user with this email address has already been registered');
    if (!user) {
      await createUser(q, { email, passwordHash: null, userMeta: p.data ?? {}, identityExtra: p.data ?? {} });
      user = (await findUserByEmail(q, email))!;
    }
    await q('update auth.users set invited_at = now() where id = $1', [user.id]);
    await sendAuthMail(q, ctx, outbox, { type: 'invite', userId: user.id, to: email, redirectTo });
    return userJsonById(q, user.id);
  });
  await deliver(ctx, outbox);
  return ok(body);
}
