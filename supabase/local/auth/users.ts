/**
 * auth.users / auth.identities rows and their JSON form (supabase/auth internal/models/user.go and
 * identity.go: field names, order, and which fields are left out when empty).
 *
 * Passwords are bcrypt hashes made and checked by password.ts, off the database's thread.
 */
import type { Query } from '../db.ts';
import { unprocessable } from './errors.ts';
import { verifyPassword } from './password.ts';

export const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';
export const AUD = 'authenticated';

type Ts = Date | string | null;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Ts;
  invited_at: Ts;
  phone: string | null;
  phone_confirmed_at: Ts;
  confirmation_token: string | null;
  confirmation_sent_at: Ts;
  confirmed_at: Ts;
  recovery_token: string | null;
  recovery_sent_at: Ts;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: Ts;
  phone_change: string | null;
  phone_change_sent_at: Ts;
  reauthentication_token: string | null;
  reauthentication_sent_at: Ts;
  last_sign_in_at: Ts;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Ts;
  updated_at: Ts;
  banned_until: Ts;
  deleted_at: Ts;
  is_anonymous: boolean;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown> | null;
  provider: string;
  last_sign_in_at: Ts;
  created_at: Ts;
  updated_at: Ts;
  email: string | null;
}

export const iso = (t: Ts | undefined): string | undefined => (t ? new Date(t).toISOString() : undefined);

/** Drops undefined members so JSON.stringify leaves them out, like Go's `omitempty`. */
function compact<T extends Record<string, unknown>>(o: T): T {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}

function identityJson(i: IdentityRow) {
  return compact({
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data ?? undefined,
    provider: i.provider,
    last_sign_in_at: iso(i.last_sign_in_at),
    created_at: iso(i.created_at),
    updated_at: iso(i.updated_at),
    email: i.email || undefined,
  });
}

export type UserJson = ReturnType<typeof userJson>;

export function userJson(u: UserRow, identities: IdentityRow[]) {
  return compact({
    id: u.id,
    aud: u.aud ?? '',
    role: u.role ?? '',
    email: u.email ?? '',
    email_confirmed_at: iso(u.email_confirmed_at),
    invited_at: iso(u.invited_at),
    phone: u.phone ?? '',
    phone_confirmed_at: iso(u.phone_confirmed_at),
    confirmation_sent_at: iso(u.confirmation_sent_at),
    confirmed_at: iso(u.confirmed_at),
    recovery_sent_at: iso(u.recovery_sent_at),
    new_email: u.email_change || undefined,
    email_change_sent_at: iso(u.email_change_sent_at),
    new_phone: u.phone_change || undefined,
    phone_change_sent_at: iso(u.phone_change_sent_at),
    reauthentication_sent_at: iso(u.reauthentication_sent_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    banned_until: iso(u.banned_until),
    deleted_at: iso(u.deleted_at),
    is_anonymous: Boolean(u.is_anonymous),
  });
}

export async function findUserById(q: Query, id: string): Promise<UserRow | null> {
  const r = await q<UserRow>('select * from auth.users where id = $1', [id]);
  return r.rows[0] ?? null;
}

export async function findUserByEmail(q: Query, email: string): Promise<UserRow | null> {
  const r = await q<UserRow>(`select * from auth.users where lower(email) = lower($1) and aud = $2 and is_sso_user = false order by created_at limit 1`, [email, AUD]);
  return r.rows[0] ?? null;
}

export async function userJsonById(q: Query, id: string): Promise<UserJson> {
  const u = await findUserById(q, id);
  if (!u) throw new Error(`user ${id} vanished`);
  return userJsonOf(q, u);
}

export async function userJsonOf(q: Query, u: UserRow): Promise<UserJson> {
  const ids = await q<IdentityRow>('select * from auth.identities where user_id = $1 order by created_at, id', [u.id]);
  return userJson(u, ids.rows);
}

export const isBanned = (u: UserRow) => u.banned_until !== null && new Date(u.banned_until) > new Date();
export const isConfirmed = (u: UserRow) => u.email_confirmed_at !== null;

/** Whether `password` is the user's (password.ts: verified off the database's thread). */
export const passwordMatches = (u: UserRow, password: string) => verifyPassword(password, u.encrypted_password);

/** Stores a hash from hashPassword (computed before the transaction that calls this). */
export async function setPasswordHash(q: Query, userId: string, hash: string): Promise<void> {
  await q(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [userId, hash]);
}

export interface NewUser {
  id?: string;
  email: string;
  /** From hashPassword, or null for an account nobody can sign in to with a password. */
  passwordHash: string | null;
  userMeta: Record<string, unknown>;
  appMeta?: Record<string, unknown>;
  role?: string;
  /** Extra fields merged into the identity's identity_data (signup copies `data` there). */
  identityExtra?: Record<string, unknown>;
}

/** Inserts the user and its email identity; a second user with the same address is `email_exists`. */
export async function createUser(q: Query, n: NewUser): Promise<string> {
  let id: string;
  try {
    await q('savepoint create_user');
    const r = await q<{ id: string }>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data,
                               created_at, updated_at, confirmation_token, recovery_token, email_change_token_new, email_change,
                               email_change_token_current, phone_change, phone_change_token, reauthentication_token, is_sso_user, is_anonymous)
       values ($1, coalesce($2::uuid, gen_random_uuid()), $3, $4, $5,
               coalesce($6::text, ''), $7::jsonb, $8::jsonb, now(), now(), '', '', '', '', '', '', '', '', false, false)
       returning id`,
      [
        INSTANCE_ID,
        n.id ?? null,
        AUD,
        n.role ?? 'authenticated',
        n.email,
        n.passwordHash,
        JSON.stringify(n.appMeta ?? { provider: 'email', providers: ['email'] }),
        JSON.stringify(n.userMeta),
      ],
    );
    await q('release savepoint create_user');
    id = r.rows[0].id;
  } catch (e) {
    await q('rollback to savepoint create_user').catch(() => {});
    if ((e as { code?: string }).code === '23505') {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    throw e;
  }
  const identityData: Record<string, unknown> = { sub: id, email: n.email, email_verified: false, phone_verified: false };
  for (const [k, v] of Object.entries(n.identityExtra ?? {})) if (!(k in identityData)) identityData[k] = v;
  await q(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1::text, $1::uuid, $2::jsonb, 'email', now(), now(), now())`,
    [id, JSON.stringify(identityData)],
  );
  return id;
}

/** models.User.Confirm: stamps email_confirmed_at and records `email_verified` on user and identity. */
export async function confirmEmail(q: Query, userId: string): Promise<void> {
  await q(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
            raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
            updated_at = now()
      where id = $1`,
    [userId],
  );
  await q(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

/** GoTrue's metadata update: keys are merged, a `null` value removes the key. */
export function mergeMeta(current: Record<string, unknown> | null, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(current ?? {}) };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

export async function setEmail(q: Query, userId: string, email: string): Promise<void> {
  try {
    await q('savepoint set_email');
    await q(
      `update auth.users set email = $2, email_change = '', email_change_token_new = '', email_change_token_current = '',
              email_change_confirm_status = 0, updated_at = now() where id = $1`,
      [userId, email],
    );
    await q('release savepoint set_email');
  } catch (e) {
    await q('rollback to savepoint set_email').catch(() => {});
    if ((e as { code?: string }).code === '23505') {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    throw e;
  }
  await q(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true),
            updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [userId, email],
  );
}
