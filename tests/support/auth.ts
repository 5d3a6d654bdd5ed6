/**
 * Helpers of the auth tests (tests/backend/auth*.test.ts): raw requests shaped like supabase-js's, the
 * GoTrue error answer in full, the dev inbox, mail links followed like a browser does.
 */
import { expect } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { AuthChangeEvent } from '@supabase/supabase-js';
import type { TestStack, TestClient } from './stack.ts';
import type { Mail } from '../../supabase/local/inbox-store.ts';
export const PASSWORD = 'secret-pass-1';
export const SITE = 'http://127.0.0.1:5173';
export const email = (tag = 'u') => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

export interface Raw {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: raw JSON bodies of every shape the auth API answers with
  body: any;
}

/** A request as supabase-js shapes it (apikey, bearer, API version header), answer decoded. */
export async function raw(
  s: TestStack,
  method: string,
  path: string,
  opts: { body?: unknown; text?: string; bearer?: string; headers?: Record<string, string> } = {},
): Promise<Raw> {
  const headers: Record<string, string> = {
    apikey: s.config.anonKey,
    Authorization: `Bearer ${opts.bearer ?? s.config.anonKey}`,
    'X-Supabase-Api-Version': '2024-01-01',
    ...opts.headers,
  };
  let body: string | undefined = opts.text;
  if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers['Content-Type'] = 'application/json;charset=UTF-8';
  const res = await s.fetch(`${s.url}/auth/v1${path}`, { method, headers, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** The GoTrue error answer, in full. */
export function expectAuthError(r: Raw, status: number, code: string, message?: string | RegExp) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  expect(r.headers.get('x-sb-error-code')).toBe(code);
  expect(r.body).toMatchObject({ code, error_code: code });
  expect(r.body.msg).toBe(r.body.message);
  if (typeof message === 'string') expect(r.body.message).toBe(message);
  else if (message) expect(r.body.message).toMatch(message);
}

export function mailsTo(s: TestStack, to: string, kind?: Mail['kind']): Mail[] {
  return s.ctx.mail.filter((m) => m.to === to && (!kind || m.kind === kind));
}

export function lastMail(s: TestStack, to: string, kind: Mail['kind']): Mail {
  const list = mailsTo(s, to, kind);
  expect(list.length, `a ${kind} mail to ${to}`).toBeGreaterThan(0);
  return list[list.length - 1];
}

/** Clicks a mail link the way a browser does and returns where it lands, fragment decoded. */
export async function follow(s: TestStack, link: string) {
  const res = await s.fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  const location = res.headers.get('location')!;
  const [base, fragment = ''] = location.split('#');
  return { base, params: Object.fromEntries(new URLSearchParams(fragment)) as Record<string, string> };
}

// biome-ignore lint/suspicious/noExplicitAny: claims are read field by field in assertions
export function claimsOf(jwt: string): Record<string, any> {
  return JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));
}

/** Lets the sent-at stamp of a mail kind look `seconds` old, as if time had passed. */
export async function age(s: TestStack, address: string, column: string, seconds: number) {
  await s.db.query(`update auth.users set ${column} = ${column} - make_interval(secs => $2) where email = $1`, [address, seconds]);
}

export function recordEvents(c: TestClient): AuthChangeEvent[] {
  const events: AuthChangeEvent[] = [];
  c.auth.onAuthStateChange((event) => {
    events.push(event);
  });
  return events;
}

export async function signedUp(s: TestStack, address = email(), password = PASSWORD, data?: Record<string, unknown>) {
  const c = s.client();
  const { data: d, error } = await c.auth.signUp({ email: address, password, options: { data } });
  expect(error).toBeNull();
  expect(d.session).not.toBeNull();
  return { c, email: address, session: d.session!, id: d.user!.id };
}
