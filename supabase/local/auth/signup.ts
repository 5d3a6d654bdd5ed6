/**
 * POST /signup and POST /otp (/magiclink), after supabase/auth internal/api/signup.go and magic_link.go.
 */
import { randomUUID } from 'node:crypto';
import type { StackContext } from '../http.ts';
import { AuthError, badRequest, checkPasswordStrength, ok, unprocessable, validateEmail } from './errors.ts';
import { decode, rawBody, readParams } from './params.ts';
import { deliver, newOutbox, referrer, sendAuthMail } from './mailer.ts';
import { issueSession } from './sessions.ts';
import { hashPassword } from './password.ts';
import { confirmEmail, createUser, findUserByEmail, isConfirmed, passwordMatches, userJsonById, AUD } from './users.ts';

const SIGNUP_PARAMS = {
  email: 'string',
  phone: 'string',
  password: 'string',
  data: 'object',
  channel: 'string',
  code_challenge: 'string',
  code_challenge_method: 'string',
} as const;

/**
 * What GoTrue answers for an address that is already confirmed when confirmations are on: a made-up user
 * with no identities, so the response does not reveal whether the address is registered
 * (signup.go `sanitizeUser`). UIs read `identities.length === 0` as "already registered".
 */
function obfuscatedUser(email: string, data: Record<string, unknown>) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: AUD,
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

export async function signup(req: Request, ctx: StackContext): Promise<Response> {
  const p = await readParams(req, ctx, SIGNUP_PARAMS, 'SignupParams');
  if (!p.email && !p.phone) throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  if (!p.password) throw badRequest('validation_failed', 'Signup requires a valid password');
  checkPasswordStrength(p.password, ctx.config.minimumPasswordLength);
  if (p.email && p.phone) throw badRequest('validation_failed', 'Only an email address or phone number should be provided on signup.');
  if (!p.email) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  const email = validateEmail(p.email);
  const data = p.data ?? {};
  const redirectTo = referrer(req, ctx.config);
  const outbox = newOutbox();
  // Hashing and checking happen before the transaction, off the database's thread (password.ts), and
  // only when needed: a new address needs a hash, an unconfirmed one under autoconfirm a check.
  const before = await ctx.db.tx((q) => findUserByEmail(q, email));
  const passwordHash = before ? null : await hashPassword(p.password);
  const knowsPassword = ctx.config.autoconfirm && before !== null && !isConfirmed(before) && (await passwordMatches(before, p.password));

  type Result = { kind: 'exists' } | { kind: 'body'; body: unknown };
  const result = await ctx.db.tx(async (q): Promise<Result> => {
    const existing = await findUserByEmail(q, email);
    if (existing && isConfirmed(existing)) return { kind: 'exists' };
    let userId: string;
    if (existing) {
      // An unconfirmed account: GoTrue leaves it untouched (the caller has not proved the address) and
      // only sends the confirmation again. With autoconfirm GoTrue would confirm it for anyone; here the
      // caller must also know its password.
      if (ctx.config.autoconfirm && !(knowsPassword && before?.id === existing.id)) return { kind: 'exists' };
      userId = existing.id;
    } else {
      // Registered and removed between the two looks: nothing was hashed for it.
      if (!passwordHash) throw new AuthError(409, 'conflict', 'Concurrent requests for this address, please try again');
      userId = await createUser(q, { email, passwordHash, userMeta: data, identityExtra: data });
    }
    if (ctx.config.autoconfirm) {
      await confirmEmail(q, userId);
      return { kind: 'body', body: await issueSession(q, ctx, req, userId, 'password') };
    }
    await sendAuthMail(q, ctx, outbox, { type: 'signup', userId, to: email, redirectTo });
    return { kind: 'body', body: await userJsonById(q, userId) };
  });
  await deliver(ctx, outbox);
  if (result.kind === 'exists') {
    if (ctx.config.autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
    return ok(obfuscatedUser(email, data));
  }
  return ok(result.body);
}

const OTP_PARAMS = {
  email: 'string',
  phone: 'string',
  channel: 'string',
  create_user: 'bool',
  data: 'object',
  code_challenge: 'string',
  code_challenge_method: 'string',
} as const;

/**
 * signInWithOtp({email}): a known, confirmed address gets a magic link; a new address (create_user,
 * default true) is signed up without a usable password and gets the confirmation link, which signs it in.
 */
export async function otp(req: Request, ctx: StackContext): Promise<Response> {
  const text = await rawBody(req, ctx);
  const p = decode(text, OTP_PARAMS, 'OtpParams');
  const raw = JSON.parse(text) as Record<string, unknown> | null;
  const createUserAllowed = raw?.create_user === undefined || raw?.create_user === null ? true : p.create_user;
  if (p.email && p.phone) throw badRequest('validation_failed', 'Only an email address or phone number should be provided');
  if (!p.email) {
    if (p.phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
    throw badRequest('validation_failed', 'An email address is required');
  }
  const email = validateEmail(p.email);
  const redirectTo = referrer(req, ctx.config);
  const outbox = newOutbox();
  await ctx.db.tx(async (q) => {
    let user = await findUserByEmail(q, email);
    if (!user) {
      if (!createUserAllowed) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
      // No password (GoTrue stores a random one nobody knows: the same, without the hashing).
      await createUser(q, { email, passwordHash: null, userMeta: p.data ?? {}, identityExtra: p.data ?? {} });
      user = (await findUserByEmail(q, email))!;
    }
    const type = isConfirmed(user) ? 'magiclink' : 'signup';
    await sendAuthMail(q, ctx, outbox, { type, userId: user.id, to: email, redirectTo });
  });
  await deliver(ctx, outbox);
  return ok({});
}
