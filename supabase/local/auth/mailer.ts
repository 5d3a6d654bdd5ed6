/**
 * Outgoing auth mail: one-time tokens, the links in the mails, where those links may send the browser,
 * and the send-rate limits. Mail is not sent anywhere: it lands in the dev inbox's store (ctx.inbox,
 * inbox-store.ts), which /inbox lists.
 *
 * Tokens: the link carries 32 random bytes; the user row keeps only their SHA-256 (confirmation_token,
 * recovery_token, email_change_token_new, reauthentication_token), so a database dump holds no usable
 * link. A token is good for 24 hours after its *_sent_at stamp, as GoTrue's default mailer OTP expiry.
 */
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { Query } from '../db.ts';
import type { StackContext } from '../http.ts';
import type { Mail } from '../inbox-store.ts';
import type { StackConfig } from '../config.ts';
import { tooManyRequests } from './errors.ts';
import { AUTH_TEMPLATES, readAuthTemplate, renderAuthTemplate, type AuthTemplateId } from './templates.ts';

/** Which `[auth.email.template.*]` of config.toml each mail uses (GoTrue's names). */
const TEMPLATE_OF: Record<MailType, AuthTemplateId> = {
  signup: 'confirmation',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magic_link',
  email_change: 'email_change',
  reauthentication: 'reauthentication',
};

export const TOKEN_TTL_SECONDS = 24 * 60 * 60;
/** One mail of a kind per user per this many seconds (GoTrue's SMTP max_frequency). */
export const MAIL_MIN_INTERVAL_SECONDS = 2;
/** Across all addresses: at most this many mails per minute per stack, so nothing can flood the inbox. */
export const MAIL_BURST_PER_MINUTE = 120;

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export type VerifyType = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change';

/** Which user column holds a kind's token hash, and which its sent-at stamp. */
export const TOKEN_COLUMNS = {
  signup: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  invite: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  magiclink: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  email_change: { token: 'email_change_token_new', sentAt: 'email_change_sent_at' },
  reauthentication: { token: 'reauthentication_token', sentAt: 'reauthentication_sent_at' },
} as const;

export type MailType = keyof typeof TOKEN_COLUMNS;

const MAIL_KIND: Record<MailType, Mail['kind']> = {
  signup: 'confirmation',
  invite: 'confirmation',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
  reauthentication: 'reauthentication',
};

// ------------------------------------------------------------------ redirect_to

const LOCALHOST = new Set(['localhost', '127.0.0.1', '::1', '0.0.0.0', '::']);

function parseUrl(s: string): URL | null {
  try {
    return new URL(s);
  } catch {
    return null;
  }
}

/** A URL's host without IPv6 brackets, as Go's URL.Hostname(). */
const hostname = (u: URL) => u.hostname.replace(/^\[|\]$/g, '');

/**
 * An `additional_redirect_urls` entry as GoTrue compiles it (gobwas/glob with '.' and '/' as
 * separators): `*` and `?` stay within one host label or path segment, `**` crosses them, `{a,b}` is
 * a choice. The whole URL must match: an entry without a wildcard names exactly one URL.
 */
function globRegExp(pattern: string): RegExp {
  let re = '';
  let braces = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (c === '*') re += '[^./]*';
    else if (c === '?') re += '[^./]';
    else if (c === '{') {
      re += '(?:';
      braces++;
    } else if (c === '}' && braces > 0) {
      re += ')';
      braces--;
    } else if (c === ',' && braces > 0) re += '|';
    else if (c === '\\' && i + 1 < pattern.length) re += pattern[++i].replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    else re += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${re}$`, 's');
}

/**
 * utilities.IsRedirectURLValid, rule for rule: the site URL's scheme and host (any port when that host
 * is a loopback name, RFC 8252 §7.3), a loopback IP literal, or an `additional_redirect_urls` glob
 * matching the whole URL without its fragment. Anything else falls back to the site URL, so a mail
 * link cannot bounce a session to a foreign site.
 */
export function isRedirectAllowed(config: StackConfig, target: string): boolean {
  const u = parseUrl(target);
  const site = parseUrl(config.siteUrl);
  if (!u || !site) return false;
  const host = hostname(u);
  if (host === hostname(site) && u.protocol === site.protocol && (u.port === site.port || LOCALHOST.has(host.toLowerCase()))) return true;
  const isHttp = u.protocol === 'http:' || u.protocol === 'https:';
  // WHATWG URLs turn a decimal host (http://2130706433/) into an IP literal; Go keeps it and refuses it.
  const rawHost = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^/?#:]*)/i.exec(target)?.[1] ?? '';
  if (/^[0-9]+$/.test(host) || /^[0-9]+$/.test(rawHost)) return false;
  if (isIP(host)) return ['127.', '::1'].some((p) => host.startsWith(p)) || host === '0:0:0:0:0:0:0:1';
  if (isHttp && !/^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/.test(host)) return false;
  const withoutFragment = target.split('#')[0];
  return config.additionalRedirectUrls.some((p) => globRegExp(p).test(withoutFragment));
}

/** utilities.GetReferrer: `redirect_to`, else the Referer header, else the site URL. */
export function referrer(req: Request, config: StackConfig, explicit?: string | null): string {
  const url = new URL(req.url);
  for (const candidate of [explicit, url.searchParams.get('redirect_to'), req.headers.get('referer')]) {
    if (candidate && isRedirectAllowed(config, candidate)) return candidate;
  }
  return config.siteUrl;
}

// ------------------------------------------------------------------ rate limits

const recent = new WeakMap<StackContext, number[]>();

function checkBurst(ctx: StackContext) {
  const now = Date.now();
  const stamps = (recent.get(ctx) ?? []).filter((t) => now - t < 60_000);
  recent.set(ctx, stamps);
  if (stamps.length >= MAIL_BURST_PER_MINUTE) {
    throw tooManyRequests('over_email_send_rate_limit', 'email rate limit exceeded');
  }
  stamps.push(now);
}

async function checkFrequency(q: Query, userId: string, sentAtColumn: string) {
  const r = await q<{ wait: number | null }>(
    `select ceil(extract(epoch from (${sentAtColumn} + make_interval(secs => $2) - now())))::int as wait
       from auth.users where id = $1 and ${sentAtColumn} + make_interval(secs => $2) > now()`,
    [userId, MAIL_MIN_INTERVAL_SECONDS],
  );
  const wait = r.rows[0]?.wait;
  if (wait !== undefined && wait !== null) {
    throw tooManyRequests('over_email_send_rate_limit', `For security purposes, you can only request this after ${Math.max(1, wait)} seconds.`);
  }
}

// ------------------------------------------------------------------ sending

export interface Outbox {
  mails: Mail[];
}

export const newOutbox = (): Outbox => ({ mails: [] });

/**
 * Mail becomes visible only once the transaction that issued its token has committed; it is stored
 * (inbox-store.ts) before the request that sent it is answered.
 */
export async function deliver(ctx: StackContext, outbox: Outbox) {
  const mails = outbox.mails;
  outbox.mails = [];
  await ctx.inbox.add(mails);
}

const SUBJECT: Record<MailType, string> = {
  signup: 'Confirm Your Email',
  invite: 'You have been invited',
  recovery: 'Reset Your Password',
  magiclink: 'Your Magic Link',
  email_change: 'Confirm Email Change',
  reauthentication: 'Confirm reauthentication',
};

function body(type: MailType, link: string, code: string, to: string, currentEmail: string): string {
  switch (type) {
    case 'signup':
      return `Confirm your email\n\nFollow this link to confirm your email:\n${link}`;
    case 'invite':
      return `You have been invited\n\nYou have been invited to create a user. Follow this link to accept the invite:\n${link}`;
    case 'recovery':
      return `Reset password\n\nFollow this link to reset the password for your user:\n${link}`;
    case 'magiclink':
      return `Magic Link\n\nFollow this link to login:\n${link}`;
    case 'email_change':
      return `Confirm email address change\n\nFollow this link to confirm the update of your email address from ${currentEmail} to ${to}:\n${link}`;
    case 'reauthentication':
      return `Confirm reauthentication\n\nEnter the code: ${code}`;
  }
}

export interface SendOptions {
  type: MailType;
  userId: string;
  to: string;
  /** The user's current address (email change mails mention it). */
  currentEmail?: string;
  /** Where the verify link lands afterwards (already validated). */
  redirectTo: string;
}

/**
 * A fresh token of `type` for the user, replacing any earlier one, with *_sent_at stamped now (the
 * 24-hour validity counts from there). Returns the token and, for link types, the verify link.
 */
export async function issueToken(q: Query, ctx: StackContext, type: MailType, userId: string, to: string, redirectTo: string) {
  const cols = TOKEN_COLUMNS[type];
  let token: string;
  let stored: string;
  let link = '';
  if (type === 'reauthentication') {
    // A nonce the user types in, as GoTrue's 6-digit OTP.
    token = String(randomInt(0, 1_000_000)).padStart(6, '0');
    stored = hashToken(`${to}${token}`);
  } else {
    token = randomBytes(32).toString('hex');
    stored = hashToken(token);
    const params = new URLSearchParams({ token, type, redirect_to: redirectTo });
    link = `${ctx.config.publicUrl}/auth/v1/verify?${params}`;
  }
  await q(`update auth.users set ${cols.token} = $2, ${cols.sentAt} = now() where id = $1`, [userId, stored]);
  return { token, link };
}

/**
 * Issues a token (see issueToken) and queues the mail carrying it. Throws 429 over_email_send_rate_limit
 * when the previous mail of this type to the user is too recent, or the stack has sent too much mail.
 */
export async function sendAuthMail(q: Query, ctx: StackContext, outbox: Outbox, o: SendOptions): Promise<void> {
  await checkFrequency(q, o.userId, TOKEN_COLUMNS[o.type].sentAt);
  checkBurst(ctx);
  const { token, link } = await issueToken(q, ctx, o.type, o.userId, o.to, o.redirectTo);
  // The project's own template, as a hosted project sends it (config.toml), else GoTrue's default words.
  const template = AUTH_TEMPLATES.find((t) => t.id === TEMPLATE_OF[o.type]);
  const html = template
    ? renderAuthTemplate(readAuthTemplate(template), {
        ConfirmationURL: link,
        Token: token,
        TokenHash: hashToken(token),
        SiteURL: ctx.config.siteUrl,
        RedirectTo: o.redirectTo,
        // GoTrue: .Email is the account's address, .NewEmail the one being confirmed.
        Email: o.type === 'email_change' ? (o.currentEmail ?? '') : o.to,
        NewEmail: o.type === 'email_change' ? o.to : '',
      })
    : undefined;
  outbox.mails.push({
    id: randomUUID(),
    to: o.to,
    subject: template?.subject ?? SUBJECT[o.type],
    kind: MAIL_KIND[o.type],
    link,
    text: body(o.type, link, o.type === 'reauthentication' ? token : '', o.to, o.currentEmail ?? ''),
    ...(html ? { html } : {}),
    created_at: new Date().toISOString(),
  });
}
