/**
 * The dev inbox: every mail the local auth service "sent" (confirmation, recovery, e-mail change, magic
 * link, reauthentication) and every notification the functions sent through the e-mail API stand-in,
 * newest first, with its link ready to click.
 *
 *   GET /inbox                        HTML page (no external assets, no script)
 *   GET /inbox?format=json            JSON array, newest first; also /inbox/json or `Accept: application/json`
 *   GET /inbox?to=a@example.com       only mail to that address (HTML or JSON)
 *   POST /inbox/emails                the e-mail API stand-in: Resend's `POST /emails` request shape
 *                                     (`{from, to, subject, text, html}`, `Authorization: Bearer <key>`,
 *                                     optional `Idempotency-Key`), so a function sends the same request
 *                                     locally as on hosted (supabase/functions/_shared/notify.ts); the
 *                                     mail lands here.
 *
 * Mail is stored in the stack's database (inbox-store.ts), so it survives a restart.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Service, StackContext } from './http.ts';
import type { Mail } from './inbox-store.ts';
import { json, readBody } from './http.ts';
import { bearerToken } from '../../shared/http.ts';
import { LOCAL_MAIL_API_KEY } from './config.ts';
import { INBOX_KEYS } from './inbox-store.ts';
import { claimKey, recordKey } from './idempotency.ts';

const KIND_LABEL: Record<Mail['kind'], string> = {
  confirmation: 'Confirm sign-up',
  recovery: 'Password reset',
  email_change: 'E-mail change',
  magiclink: 'Magic link',
  reauthentication: 'Reauthentication code',
  notification: 'Notification',
};

const ACTION_LABEL: Record<Mail['kind'], string> = {
  confirmation: 'Confirm e-mail address',
  recovery: 'Reset password',
  email_change: 'Confirm new address',
  magiclink: 'Sign in',
  reauthentication: 'Use code',
  notification: 'Open link',
};

/** Where the verify link sends the browser afterwards, for the reader's benefit. */
function landing(link: string): string {
  try {
    return new URL(link).searchParams.get('redirect_to') ?? '';
  } catch {
    return '';
  }
}

/** The site's origin, the one source of the mails' pictures (`'none'` for an address that is not one). */
function siteOrigin(siteUrl: string): string {
  try {
    return new URL(siteUrl).origin;
  } catch {
    return "'none'";
  }
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const safeHref = (link: string) => (/^https?:\/\//i.test(link) ? link : '');

function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

function card(m: Mail): string {
  const href = safeHref(m.link);
  const code = m.kind === 'reauthentication' ? m.text.match(/\b(\d{6})\b/)?.[1] : undefined;
  return `<li class="mail" id="m-${esc(m.id)}">
  <div class="head">
    <span class="kind kind-${esc(m.kind)}">${esc(KIND_LABEL[m.kind] ?? m.kind)}</span>
    <time datetime="${esc(m.created_at)}">${esc(when(m.created_at))}</time>
  </div>
  <h2>${esc(m.subject)}</h2>
  <p class="to">To <a href="?to=${encodeURIComponent(m.to)}">${esc(m.to)}</a></p>
  ${
    href
      ? `<p><a class="action" href="${esc(href)}">${esc(ACTION_LABEL[m.kind] ?? 'Open link')}</a>${
          landing(href) ? ` <span class="lands">then opens ${esc(landing(href))}</span>` : ''
        }</p><p class="url"><a href="${esc(href)}">${esc(href)}</a></p>`
      : ''
  }
  ${code ? `<p class="code">Code <strong>${esc(code)}</strong></p>` : ''}
  ${
    m.html === undefined
      ? ''
      : // The HTML part as a mail client shows it: in a sandboxed frame (no script, no same-origin access),
        // under the page's policy: the site's own pictures load (the product thumbnails under
        // /images/mail/), nothing else remote does.
        `<iframe class="html" title="HTML part of ${esc(m.subject)}" sandbox srcdoc="${esc(m.html)}"></iframe>`
  }
  <details${m.kind === 'notification' && m.html === undefined ? ' open' : ''}><summary>${m.html === undefined ? 'Message' : 'Text part'}</summary><pre>${esc(m.text)}</pre></details>
</li>`;
}

function page(mails: Mail[], to: string | null): string {
  const title = to ? `Inbox for ${to}` : 'Inbox';
  const list = mails.length
    ? `<ol class="mails">${mails.map(card).join('\n')}</ol>`
    : `<p class="empty">No mail${to ? ` to ${esc(to)}` : ''} yet. Sign up, reset a password or change an e-mail address and it shows up here.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · local Supabase</title>
<style>
  :root { color-scheme: light dark; --bg: #f6f5f2; --card: #fff; --ink: #1d1b18; --muted: #6b665e; --line: #e3dfd7; --accent: #1f6f5c; }
  @media (prefers-color-scheme: dark) { :root { --bg: #161513; --card: #201f1c; --ink: #f1eee8; --muted: #a39d93; --line: #35322d; --accent: #63c2a6; } }
  * { box-sizing: border-box; }
  body { margin: 0; background: var(--bg); color: var(--ink); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
  header, main { max-width: 46rem; margin: 0 auto; padding: 1.25rem 1rem; }
  header { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: flex-end; justify-content: space-between; border-bottom: 1px solid var(--line); }
  h1 { font-size: 1.5rem; margin: 0; }
  header nav a { color: var(--accent); margin-left: .9rem; }
  .count { color: var(--muted); margin: .2rem 0 0; font-size: .9rem; }
  .lands { color: var(--muted); font-size: .85rem; margin-left: .5rem; overflow-wrap: anywhere; }
  .mails { list-style: none; margin: 0; padding: 0; display: grid; gap: .9rem; }
  .mail { background: var(--card); border: 1px solid var(--line); border-radius: .75rem; padding: 1rem 1.1rem; }
  .head { display: flex; justify-content: space-between; gap: 1rem; font-size: .85rem; color: var(--muted); }
  .kind { font-weight: 600; color: var(--accent); text-transform: uppercase; letter-spacing: .04em; }
  h2 { font-size: 1.1rem; margin: .35rem 0 .1rem; }
  .to { margin: 0 0 .6rem; color: var(--muted); }
  .to a { color: inherit; }
  .action { display: inline-block; background: var(--accent); color: var(--card); text-decoration: none; font-weight: 600; padding: .45rem .9rem; border-radius: .5rem; }
  .action:focus-visible, a:focus-visible, summary:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  .url { margin: .5rem 0 0; font-size: .8rem; overflow-wrap: anywhere; }
  .url a { color: var(--muted); }
  .code strong { font: 600 1.4rem/1 ui-monospace, monospace; letter-spacing: .2em; }
  details { margin-top: .6rem; }
  summary { cursor: pointer; color: var(--muted); }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--bg); padding: .75rem; border-radius: .5rem; font-size: .85rem; }
  .empty { color: var(--muted); }
  iframe.html { display: block; width: 100%; min-height: 16rem; margin-top: .6rem; border: 1px solid var(--line); border-radius: .5rem; background: #fff; }
</style>
</head>
<body>
<header>
  <div>
    <h1>${esc(title)}</h1>
    <p class="count">${mails.length} ${mails.length === 1 ? 'message' : 'messages'}, newest first · mail sent by the local auth service and the functions</p>
  </div>
  <nav aria-label="Inbox">${to ? '<a href="?">All mail</a>' : ''}<a href="">Refresh</a><a href="?format=json${to ? `&amp;to=${encodeURIComponent(to)}` : ''}">JSON</a></nav>
</header>
<main>
${list}
</main>
</body>
</html>`;
}

const EMAIL = /^[^\s@<>]+@[^\s@<>]+$/;
/** `Name <a@b>` or `a@b` → the address. */
const addressOf = (s: string) => (s.match(/<([^<>]+)>\s*$/)?.[1] ?? s).trim();

/** Resend-style error bodies, so a function's error handling meets the same shapes locally. */
const apiError = (status: number, name: string, message: string) => json({ statusCode: status, name, message }, status);

/** The plain text of an HTML part, for a mail sent with `html` only (Resend derives one too). */
const textOf = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|h[1-6]|li|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

async function sendEmail(req: Request, ctx: StackContext): Promise<Response> {
  if (req.method !== 'POST') return json({ message: 'Method not allowed' }, 405, { Allow: 'POST' });
  // The stand-in's own key, whatever the functions were configured with (a wrong one is refused, as
  // the real API would).
  const given = bearerToken(req, 'ours');
  if (!given) return apiError(401, 'missing_api_key', 'Missing API key in the authorization header.');
  if (given !== LOCAL_MAIL_API_KEY) return apiError(403, 'invalid_api_key', 'API key is invalid.');
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(new TextDecoder().decode(await readBody(req, 1024 * 1024)));
  } catch {
    return apiError(422, 'validation_error', 'The request body is not valid JSON.');
  }
  const to = typeof body?.to === 'string' ? [body.to] : body?.to;
  const { from, subject, text, html } = body ?? {};
  if (!Array.isArray(to) || !to.length || to.length > 50 || !to.every((t) => typeof t === 'string' && EMAIL.test(addressOf(t)))) {
    return apiError(422, 'validation_error', 'Invalid `to` field.');
  }
  if (typeof from !== 'string' || !EMAIL.test(addressOf(from))) return apiError(422, 'validation_error', 'Invalid `from` field.');
  if (typeof subject !== 'string' || !subject.trim() || subject.length > 998 || /[\r\n]/.test(subject)) return apiError(422, 'validation_error', 'Invalid `subject` field.');
  if (text !== undefined && (typeof text !== 'string' || text.length > 100_000)) return apiError(422, 'validation_error', 'Invalid `text` field.');
  if (html !== undefined && (typeof html !== 'string' || html.length > 500_000)) return apiError(422, 'validation_error', 'Invalid `html` field.');
  if (text === undefined && html === undefined) return apiError(422, 'validation_error', 'Missing `text` or `html` field.');
  // Resend's Idempotency-Key: the same key within 24 hours sends once and answers the first result; the
  // same key with another body is refused (idempotency.ts).
  const key = req.headers.get('idempotency-key');
  if (key !== null && (key.length < 1 || key.length > 256)) return apiError(400, 'invalid_idempotency_key', 'The key must be between 1-256 chars.');
  const id = randomUUID();
  const created_at = new Date().toISOString();
  const mails: Mail[] = (to as string[]).map((t) => ({
    id: to.length > 1 ? randomUUID() : id,
    to: addressOf(t),
    subject,
    kind: 'notification',
    link: '',
    text: typeof text === 'string' ? text : textOf(html as string),
    ...(typeof html === 'string' ? { html } : {}),
    created_at,
  }));
  const answer = JSON.stringify({ id });
  if (key === null) {
    await ctx.inbox.add(mails);
    return json({ id });
  }
  const fingerprint = createHash('sha256').update(canonical(body)).digest('hex');
  const outcome = await ctx.db.tx(async (q) => {
    const state = await claimKey(q, INBOX_KEYS, 'emails', key, fingerprint);
    if (state.kind !== 'new') return state;
    await ctx.inbox.add(mails, q);
    await recordKey(q, INBOX_KEYS, 'emails', key, 200, answer);
    return { kind: 'sent' as const };
  });
  if (outcome.kind === 'mismatch') return apiError(409, 'invalid_idempotent_request', 'Same idempotency key used with a different request payload.');
  if (outcome.kind === 'replay') return new Response(outcome.body, { status: outcome.status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
  ctx.inbox.published(mails);
  return json({ id });
}

/** JSON with object keys sorted: two bodies that differ only in key order are the same request. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

export const inbox: Service = async (req, path, ctx) => {
  if (path === '/emails') return sendEmail(req, ctx);
  const url = new URL(req.url);
  const to = url.searchParams.get('to')?.trim().toLowerCase() || null;
  const mails = ctx.mail
    .filter((m) => !to || m.to.toLowerCase() === to)
    .slice()
    .reverse() // appended oldest first; reversing keeps same-millisecond mails newest first under the stable sort
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
  const accept = req.headers.get('accept') ?? '';
  const wantsJson = path === '/json' || url.searchParams.get('format') === 'json' || (accept.includes('application/json') && !accept.includes('text/html'));
  if (path !== '/' && path !== '/json') return json({ message: 'Not found. The inbox is at /inbox.' }, 404);
  if (req.method !== 'GET' && req.method !== 'HEAD') return json({ message: 'Method not allowed' }, 405, { Allow: 'GET, HEAD' });
  if (wantsJson) return json(mails, 200, { 'Cache-Control': 'no-store' });
  return new Response(page(mails, to), {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; img-src ${siteOrigin(ctx.config.siteUrl)}; base-uri 'none'; form-action 'none'`,
      'Referrer-Policy': 'no-referrer',
    },
  });
};
