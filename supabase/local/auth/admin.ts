/**
 * The admin API (service_role only): /admin/users and /admin/users/:id, after supabase/auth
 * internal/api/admin.go. Tests and scripts use it to create users and to grant roles through
 * app_metadata, which users cannot write themselves.
 */
import { randomBytes } from 'node:crypto';
import type { Query } from '../db.ts';
import type { StackContext } from '../http.ts';
import { badRequest, checkPasswordStrength, notFound, ok, unprocessable, validateEmail } from './errors.ts';
import { decode, rawBody, readParams } from './params.ts';
import { isUuid, requireAdmin } from './sessions.ts';
import { hashPassword } from './password.ts';
import {
  confirmEmail,
  createUser,
  findUserByEmail,
  findUserById,
  isConfirmed,
  mergeMeta,
  setEmail,
  setPasswordHash,
  userJsonById,
  userJsonOf,
  AUD,
  type UserRow,
} from './users.ts';
import { isRedirectAllowed, issueToken, referrer } from './mailer.ts';

const ADMIN_PARAMS = {
  id: 'string',
  aud: 'string',
  role: 'string',
  email: 'string',
  phone: 'string',
  password: 'optstring',
  password_hash: 'string',
  email_confirm: 'bool',
  phone_confirm: 'bool',
  user_metadata: 'object',
  app_metadata: 'object',
  ban_duration: 'string',
} as const;

const UNIT_SECONDS: Record<string, number> = { ns: 1e-9, us: 1e-6, µs: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };

/** Go's time.ParseDuration subset GoTrue accepts for ban_duration ("24h", "1h30m", "none"). */
function banSeconds(spec: string): number | null {
  if (spec === '') return null;
  if (spec === 'none') return 0;
  const parts = [...spec.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((m) => m[0]).join('') !== spec) {
    throw badRequest('validation_failed', `invalid format for ban duration: time: invalid duration ${JSON.stringify(spec)}`);
  }
  return parts.reduce((sum, m) => sum + Number(m[1]) * UNIT_SECONDS[m[2]], 0);
}

async function applyBan(q: Query, userId: string, seconds: number | null) {
  if (seconds === null) return;
  await q(`update auth.users set banned_until = case when $2::float8 = 0 then null else now() + make_interval(secs => $2::float8) end where id = $1`, [userId, seconds]);
  // A banned user's sessions end now, as GoTrue's Ban does.
  if (seconds > 0) await q('delete from auth.sessions where user_id = $1', [userId]);
}

async function loadUser(q: Query, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw notFound('validation_failed', 'user_id must be an UUID');
  const u = await findUserById(q, id);
  if (!u) throw notFound('user_not_found', 'User not found');
  return u;
}

async function listUsers(req: Request, ctx: StackContext): Promise<Response> {
  const url = new URL(req.url);
  const num = (name: string, dflt: number) => {
    const raw = url.searchParams.get(name) ?? '';
    if (raw === '') return dflt;
    if (!/^\d+$/.test(raw)) throw badRequest('validation_failed', `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(raw)}: invalid syntax`);
    return Number(raw);
  };
  const page = Math.max(1, num('page', 1));
  const perPage = Math.min(1000, Math.max(1, num('per_page', 50)));
  const { users, total } = await ctx.db.tx(async (q) => {
    const count = await q<{ n: number }>('select count(*)::int as n from auth.users where aud = $1', [AUD]);
    const rows = await q<UserRow>('select * from auth.users where aud = $1 order by created_at desc, id limit $2 offset $3', [AUD, perPage, (page - 1) * perPage]);
    const users = [];
    for (const r of rows.rows) users.push(await userJsonOf(q, r));
    return { users, total: count.rows[0].n };
  });
  // GoTrue's addPaginationHeaders; supabase-js reads the page number right after the first `=`.
  const link = (p: number) => `</admin/users?page=${p}&per_page=${perPage}>`;
  const parts: string[] = [];
  if (total > page * perPage) parts.push(`${link(page + 1)}; rel="next"`);
  parts.push(`${link(Math.floor(Math.max(0, total - 1) / perPage) + 1)}; rel="last"`);
  return ok({ users, aud: AUD }, 200, { Link: parts.join(', '), 'X-Total-Count': String(total) });
}

async function createUserAdmin(req: Request, ctx: StackContext): Promise<Response> {
  const p = await readParams(req, ctx, ADMIN_PARAMS, 'AdminUserParams');
  if (!p.email && !p.phone) throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
  if (p.phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  const email = validateEmail(p.email);
  if (p.password !== null && p.password_hash) throw badRequest('validation_failed', 'Only a password or a password hash should be provided');
  if (p.password !== null && p.password.length > 72) throw badRequest('validation_failed', 'bcrypt: password length exceeds 72 bytes');
  if (p.password_hash && !/^\$2[abxy]\$\d{2}\$.{53}$/.test(p.password_hash)) {
    throw badRequest('validation_failed', 'crypto/bcrypt: hashedSecret too short to be a bcrypted password');
  }
  if (p.id && !isUuid(p.id)) throw badRequest('validation_failed', 'ID must conform to the uuid v4 format');
  if (p.id === '00000000-0000-0000-0000-000000000000') throw badRequest('validation_failed', 'ID cannot be a nil uuid');
  const ban = banSeconds(p.ban_duration);
  // Hashed before the transaction, off the database's thread (password.ts).
  const passwordHash = p.password_hash || (p.password ? await hashPassword(p.password) : null);
  const body = await ctx.db.tx(async (q) => {
    if (await findUserByEmail(q, email)) throw unprocessable('email_exists', 'A user with this email address has already been registered');
    const id = await createUser(q, {
      id: p.id || undefined,
      email,
      // No password given: none that can sign in (GoTrue stores a random one nobody knows).
      passwordHash,
      userMeta: p.user_metadata ?? {},
      appMeta: mergeMeta({ provider: 'email', providers: ['email'] }, p.app_metadata ?? {}),
      role: p.role || 'authenticated',
    });
    if (p.email_confirm) await confirmEmail(q, id);
    await applyBan(q, id, ban);
    return userJsonById(q, id);
  });
  return ok(body);
}

async function updateUserAdmin(req: Request, ctx: StackContext, id: string): Promise<Response> {
  await ctx.db.tx((q) => loadUser(q, id));
  const p = await readParams(req, ctx, ADMIN_PARAMS, 'AdminUserParams');
  const email = p.email ? validateEmail(p.email) : '';
  if (p.phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  const ban = banSeconds(p.ban_duration);
  if (p.password !== null) checkPasswordStrength(p.password, ctx.config.minimumPasswordLength);
  const passwordHash = p.password !== null ? await hashPassword(p.password) : null;
  const body = await ctx.db.tx(async (q) => {
    const user = await loadUser(q, id);
    if (p.role) await q('update auth.users set role = $2 where id = $1', [id, p.role.trim()]);
    if (p.email_confirm) await confirmEmail(q, id);
    if (passwordHash !== null) {
      await setPasswordHash(q, id, passwordHash);
      await q('delete from auth.sessions where user_id = $1', [id]);
    }
    if (email && email !== (user.email ?? '').toLowerCase()) {
      const other = await findUserByEmail(q, email);
      if (other && other.id !== id) throw unprocessable('email_exists', 'A user with this email address has already been registered');
      await setEmail(q, id, email);
    }
    if (p.app_metadata !== null) {
      await q('update auth.users set raw_app_meta_data = $2::jsonb where id = $1', [id, JSON.stringify(mergeMeta(user.raw_app_meta_data, p.app_metadata))]);
    }
    if (p.user_metadata !== null) {
      const current = (await findUserById(q, id))!.raw_user_meta_data;
      await q('update auth.users set raw_user_meta_data = $2::jsonb where id = $1', [id, JSON.stringify(mergeMeta(current, p.user_metadata))]);
    }
    await applyBan(q, id, ban);
    await q('update auth.users set updated_at = now() where id = $1', [id]);
    return userJsonById(q, id);
  });
  return ok(body);
}

async function deleteUserAdmin(req: Request, ctx: StackContext, id: string): Promise<Response> {
  await ctx.db.tx((q) => loadUser(q, id));
  const text = await rawBody(req, ctx);
  const soft = text.trim() === '' ? false : decode(text, { should_soft_delete: 'bool' }, 'adminUserDeleteParams').should_soft_delete;
  await ctx.db.tx(async (q) => {
    await loadUser(q, id);
    if (soft) {
      // GoTrue's SoftDeleteUser: the row stays (for foreign keys) but can never sign in again.
      await q(
        `update auth.users set deleted_at = coalesce(deleted_at, now()), email = null, phone = null, encrypted_password = '',
                confirmation_token = '', recovery_token = '', email_change = '', email_change_token_new = '',
                raw_user_meta_data = '{}'::jsonb, updated_at = now()
          where id = $1`,
        [id],
      );
      await q('delete from auth.identities where user_id = $1', [id]);
      await q('delete from auth.sessions where user_id = $1', [id]);
    } else {
      await q('delete from auth.users where id = $1', [id]);
    }
  });
  return ok({});
}

const LINK_PARAMS = { type: 'string', email: 'string', new_email: 'string', password: 'string', data: 'object', redirect_to: 'string' } as const;

/**
 * POST /admin/generate_link: the link a mail would carry, handed to the caller instead of mailed (no mail,
 * no send-rate limit), for scripts and tests. Same answer shape as GoTrue: the user's fields plus
 * action_link, email_otp, hashed_token, verification_type, redirect_to.
 */
async function generateLink(req: Request, ctx: StackContext): Promise<Response> {
  const p = await readParams(req, ctx, LINK_PARAMS, 'GenerateLinkParams');
  const email = validateEmail(p.email);
  const redirectTo = p.redirect_to && isRedirectAllowed(ctx.config, p.redirect_to) ? p.redirect_to : referrer(req, ctx.config);
  let type = p.type;
  if (!['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'].includes(type)) {
    throw badRequest('validation_failed', `Invalid email action link type requested: ${type}`);
  }
  if (type === 'email_change_current') throw badRequest('validation_failed', 'Enable secure email change to generate link for current email');
  // A signup link for a new address stores the password given; hashed before the transaction.
  const passwordHash = type === 'signup' && p.password ? await hashPassword(p.password) : null;
  const body = await ctx.db.tx(async (q) => {
    let user = await findUserByEmail(q, email);
    let password = p.password;
    let hash = passwordHash;
    if (!user && type === 'magiclink') {
      // A magic link for a new address signs it up without a usable password.
      type = 'signup';
      password = randomBytes(48).toString('base64url');
      hash = null;
    }
    if (!user && (type === 'recovery' || type === 'email_change_new')) throw notFound('user_not_found', 'User with this email not found');
    if ((type === 'signup' || type === 'invite') && user && isConfirmed(user)) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    if (type === 'signup' && !user) {
      if (!password) throw badRequest('validation_failed', 'Signup requires a valid password');
      checkPasswordStrength(password, ctx.config.minimumPasswordLength);
    }
    if (!user) {
      await createUser(q, { email, passwordHash: type === 'invite' ? null : hash, userMeta: p.data ?? {}, identityExtra: p.data ?? {} });
      user = (await findUserByEmail(q, email))!;
    } else if (type === 'signup' && p.data) {
      await q('update auth.users set raw_user_meta_data = $2::jsonb where id = $1', [user.id, JSON.stringify(mergeMeta(user.raw_user_meta_data, p.data))]);
    }
    if (type === 'invite') await q('update auth.users set invited_at = now() where id = $1', [user.id]);
    let linkType: 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change' = type as 'signup';
    let to = email;
    if (type === 'email_change_new') {
      const next = validateEmail(p.new_email);
      const other = await findUserByEmail(q, next);
      if (other && other.id !== user.id) throw unprocessable('email_exists', 'A user with this email address has already been registered');
      await q('update auth.users set email_change = $2, email_change_confirm_status = 0 where id = $1', [user.id, next]);
      linkType = 'email_change';
      to = next;
    }
    const { token, link } = await issueToken(q, ctx, linkType, user.id, to, redirectTo);
    return {
      ...(await userJsonById(q, user.id)),
      action_link: link,
      email_otp: '',
      hashed_token: token,
      verification_type: type,
      redirect_to: redirectTo,
    };
  });
  return ok(body);
}

/** Routes /admin/…; `sub` is the path after /admin. */
export async function admin(req: Request, ctx: StackContext, sub: string): Promise<Response | null> {
  requireAdmin(req, ctx);
  if (sub === '/generate_link') return req.method === 'POST' ? generateLink(req, ctx) : null;
  if (sub === '/users' || sub === '/users/') {
    if (req.method === 'GET') return listUsers(req, ctx);
    if (req.method === 'POST') return createUserAdmin(req, ctx);
    return null;
  }
  const m = sub.match(/^\/users\/([^/]+)\/?$/);
  if (m) {
    const id = decodeURIComponent(m[1]);
    if (req.method === 'GET') return ok(await ctx.db.tx(async (q) => userJsonOf(q, await loadUser(q, id))));
    if (req.method === 'PUT') return updateUserAdmin(req, ctx, id);
    if (req.method === 'DELETE') return deleteUserAdmin(req, ctx, id);
    return null;
  }
  const f = sub.match(/^\/users\/([^/]+)\/factors(?:\/([^/]+))?\/?$/);
  if (f) {
    await ctx.db.tx((q) => loadUser(q, decodeURIComponent(f[1])));
    if (!f[2] && req.method === 'GET') return ok([]);
    throw notFound('mfa_factor_not_found', 'Factor not found');
  }
  return null;
}
