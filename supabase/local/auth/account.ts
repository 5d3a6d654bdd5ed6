/**
 * The signed-in user's own endpoints: GET/PUT /user, POST /logout, GET /reauthenticate
 * (supabase/auth internal/api/user.go, logout.go, reauthenticate.go).
 */
import type { StackContext } from '../http.ts';
import { VERSION_HEADERS, badRequest, checkPasswordStrength, forbidden, ok, unprocessable, validateEmail } from './errors.ts';
import { readParams } from './params.ts';
import { deliver, newOutbox, referrer, sendAuthMail } from './mailer.ts';
import { authenticate } from './sessions.ts';
import { hashPassword } from './password.ts';
import { confirmEmail, findUserByEmail, isConfirmed, mergeMeta, passwordMatches, setEmail, setPasswordHash, userJsonById, userJsonOf } from './users.ts';

export async function getUser(req: Request, ctx: StackContext): Promise<Response> {
  return ok(await ctx.db.tx(async (q) => userJsonOf(q, (await authenticate(req, ctx, q)).user)));
}

const UPDATE_PARAMS = {
  email: 'string',
  password: 'optstring',
  nonce: 'string',
  data: 'object',
  app_metadata: 'object',
  phone: 'string',
  channel: 'string',
  code_challenge: 'string',
  code_challenge_method: 'string',
} as const;

export async function updateUser(req: Request, ctx: StackContext): Promise<Response> {
  // Authentication comes first (GoTrue's middleware), then the body.
  const { user: before } = await ctx.db.tx((q) => authenticate(req, ctx, q));
  const p = await readParams(req, ctx, UPDATE_PARAMS, 'UserUpdateParams');
  const newEmail = p.email ? validateEmail(p.email) : '';
  if (p.phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (p.password !== null) checkPasswordStrength(p.password, ctx.config.minimumPasswordLength);
  // app_metadata is for roles and the like: only the service role (admin API) may write it.
  if (p.app_metadata !== null) throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  const redirectTo = referrer(req, ctx.config);
  const outbox = newOutbox();
  // Before the transaction, off the database's thread (password.ts).
  const samePassword = p.password !== null && (await passwordMatches(before, p.password));
  const passwordHash = p.password !== null && !samePassword ? await hashPassword(p.password) : null;

  const body = await ctx.db.tx(async (q) => {
    const { user, sessionId } = await authenticate(req, ctx, q);
    const changingEmail = newEmail !== '' && newEmail !== (user.email ?? '').toLowerCase();
    if (changingEmail) {
      const other = await findUserByEmail(q, newEmail);
      if (other && other.id !== user.id) throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    if (p.password !== null) {
      if (samePassword || !passwordHash) throw unprocessable('same_password', 'New password should be different from the old password.');
      await setPasswordHash(q, user.id, passwordHash);
      // models.User.UpdatePassword: outstanding links die with the old password, and every other
      // session of the user is signed out.
      await q(
        `update auth.users set confirmation_token = '', confirmation_sent_at = null, recovery_token = '', recovery_sent_at = null,
                email_change_token_current = '', email_change_token_new = '', email_change_sent_at = null,
                reauthentication_token = '', reauthentication_sent_at = null
          where id = $1`,
        [user.id],
      );
      if (sessionId) await q('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
      else await q('delete from auth.sessions where user_id = $1', [user.id]);
    }
    if (p.data !== null) {
      await q('update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1', [user.id, JSON.stringify(mergeMeta(user.raw_user_meta_data, p.data))]);
    }
    if (changingEmail) {
      if (ctx.config.autoconfirm) {
        // With confirmations off the new address applies at once (what older GoTrue did with autoconfirm).
        await setEmail(q, user.id, newEmail);
        if (!isConfirmed(user)) await confirmEmail(q, user.id);
      } else {
        await q(`update auth.users set email_change = $2, email_change_confirm_status = 0, updated_at = now() where id = $1`, [user.id, newEmail]);
        await sendAuthMail(q, ctx, outbox, { type: 'email_change', userId: user.id, to: newEmail, currentEmail: user.email ?? '', redirectTo });
      }
    }
    await q('update auth.users set updated_at = now() where id = $1', [user.id]);
    return userJsonById(q, user.id);
  });
  await deliver(ctx, outbox);
  return ok(body);
}

export async function logout(req: Request, ctx: StackContext): Promise<Response> {
  await ctx.db.tx(async (q) => {
    const { user, sessionId } = await authenticate(req, ctx, q);
    const scope = new URL(req.url).searchParams.get('scope') ?? '';
    if (!['', 'global', 'local', 'others'].includes(scope)) {
      throw badRequest('validation_failed', `Unsupported logout scope ${JSON.stringify(scope)}`);
    }
    // Deleting a session takes its refresh tokens with it (foreign key cascade).
    if (sessionId && scope === 'local') {
      await q('delete from auth.sessions where id = $1', [sessionId]);
    } else if (sessionId && scope === 'others') {
      await q('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
    } else {
      await q('delete from auth.sessions where user_id = $1', [user.id]);
      await q('delete from auth.refresh_tokens where user_id = $1', [user.id]);
    }
  });
  return new Response(null, { status: 204, headers: VERSION_HEADERS });
}

export async function reauthenticate(req: Request, ctx: StackContext): Promise<Response> {
  const outbox = newOutbox();
  await ctx.db.tx(async (q) => {
    const { user } = await authenticate(req, ctx, q);
    if (!user.email && !user.phone) {
      throw unprocessable('validation_failed', 'Reauthentication requires the user to have an email or a phone number');
    }
    if (!isConfirmed(user)) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
    await sendAuthMail(q, ctx, outbox, { type: 'reauthentication', userId: user.id, to: user.email!, redirectTo: ctx.config.siteUrl });
  });
  await deliver(ctx, outbox);
  return ok({});
}
