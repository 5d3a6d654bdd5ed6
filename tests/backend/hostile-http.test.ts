/**
 * The local stack's gateway under a hostile client over real HTTP (issue 9): forged client addresses,
 * bodies answered before they are read, the dev inbox's origin policy, redirect targets.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { request } from 'node:http';
import { httpTestStack } from '../support/stack.ts';
import { defaultConfig } from '../../supabase/local/config.ts';
import { isRedirectAllowed } from '../../supabase/local/auth/mailer.ts';
import { RATE_LIMITS } from '../../supabase/functions/_shared/rate-limit.ts';
import { FUNCTION_MESSAGES } from '../../shared/messages.ts';

type Served = Awaited<ReturnType<typeof httpTestStack>>;
let h: Served;

beforeAll(async () => {
  h = await httpTestStack({ siteUrl: 'http://127.0.0.1:5173', additionalRedirectUrls: ['http://localhost:5173/**', 'https://*.example.com/auth'] });
});
afterAll(async () => {
  await h?.close();
});

let seq = 0;
/** A different made-up address on every call, in every header a client might hope is trusted. */
function forged(): Record<string, string> {
  const a = `203.0.113.${++seq % 250}`;
  return { 'X-Forwarded-For': `${a}, 198.51.100.${seq % 250}`, 'X-Real-IP': a, 'CF-Connecting-IP': a, Forwarded: `for=${a}` };
}

const invoke = (name: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${h.url}/functions/v1/${name}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('client address', () => {
  it('is the connection, not a forged X-Forwarded-For: the beta-password limit holds', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.betaPerClient.limit + 2; i++) statuses.push((await invoke('beta-access', { password: `guess-${i}` }, forged())).status);
    expect(statuses.slice(0, RATE_LIMITS.betaPerClient.limit)).toEqual(Array(RATE_LIMITS.betaPerClient.limit).fill(401));
    expect(statuses.slice(RATE_LIMITS.betaPerClient.limit)).toEqual([429, 429, 429]);
  });

  it('is the connection for the newsletter limit too', async () => {
    const limit = RATE_LIMITS.signupPerClient.limit;
    let last: Response | undefined;
    for (let i = 0; i <= limit; i++) {
      last = await invoke('newsletter-signup', { name: 'Eve', email: `eve${i}.${Date.now()}@example.com`, consentGiven: true }, forged());
      if (i < limit) expect(last.status).toBe(200);
    }
    expect(last!.status).toBe(429);
    expect(await last!.json()).toEqual({ error: FUNCTION_MESSAGES.tooManyRequests });
  });
});

describe('answers sent before the body is read', () => {
  /**
   * Declares `size` bytes, sends one chunk of them and then nothing: the answer can only come from a
   * server that answers without reading the body (a server that reads first never answers, and the
   * request is abandoned at the deadline). A signal, not a stopwatch: no load makes it fail or pass.
   */
  const stalledPost = (path: string, size: number) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${h.url}${path}`, {
        method: 'POST',
        headers: { apikey: h.stack.config.anonKey, 'Content-Type': 'application/json', 'Content-Length': String(size) },
        timeout: 15_000,
      });
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body });
          req.destroy();
        });
      });
      req.on('timeout', () => req.destroy(new Error(`${path}: no answer while the body was held back`)));
      req.on('error', reject);
      req.write(Buffer.alloc(64 << 10, 0x20));
    });

  it('arrive for a declared oversized body (413) while the body is still held back, request after request, and the stack keeps serving', async () => {
    for (const [path, size] of [
      ['/auth/v1/signup', 3 << 20],
      ['/functions/v1/newsletter-signup', 3 << 20],
      ['/rest/v1/reviews', 20 << 20],
    ] as const) {
      for (let i = 0; i < 3; i++) {
        const res = await stalledPost(path, size);
        // The functions count a hit before reading: once the address has used its limit, 429 comes first.
        expect([413, 429], `${path} #${i}`).toContain(res.status);
      }
    }
    const next = await fetch(`${h.url}/rest/v1/reviews?select=id&limit=1`, { headers: { apikey: h.stack.config.anonKey }, signal: AbortSignal.timeout(5_000) });
    expect(next.status).toBe(200);
  });
});

describe('dev inbox', () => {
  it('answers same-origin only: no CORS grant to another origin, with or without credentials', async () => {
    for (const path of ['/inbox', '/inbox?format=json', '/inbox.json']) {
      const res = await fetch(`${h.url}${path}`, { headers: { Origin: 'http://evil.example' } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('access-control-allow-origin'), path).toBeNull();
      expect(res.headers.get('access-control-allow-credentials'), path).toBeNull();
      await res.arrayBuffer();
    }
    const pre = await fetch(`${h.url}/inbox?format=json`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("shows a mail's pictures from the site (the product thumbnails, /images/mail/) and no other remote content", async () => {
    // Issue #29 walk: the HTML part's thumbnails were blocked by the page's policy (default-src 'none').
    const res = await fetch(`${h.url}/inbox`);
    const csp = res.headers.get('content-security-policy') ?? '';
    await res.arrayBuffer();
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([k, ...v]) => [k, v]),
    );
    expect(directives['img-src'], csp).toEqual(['http://127.0.0.1:5173']);
    expect(directives['default-src']).toEqual(["'none'"]);
  });
});

describe('redirect targets', () => {
  const config = defaultConfig({
    siteUrl: 'https://kyb.example',
    publicUrl: 'http://127.0.0.1:54321',
    additionalRedirectUrls: ['http://localhost:5173/**', 'https://*.example.com/auth', 'https://app.example.org'],
  });

  it('match the allow-list as GoTrue matches additional_redirect_urls', () => {
    const allowed = [
      'https://kyb.example/account',
      'https://kyb.example/#x',
      'http://localhost:5173/a/b?c=d',
      'https://pr-1.example.com/auth',
      'https://pr-1.example.com/auth#access_token=x',
      'https://app.example.org',
    ];
    const refused = [
      'http://kyb.example/account', // another scheme than the site's
      'https://kyb.example:8443/', // another port
      'http://localhost:6666/', // any loopback port is not an allow-list entry
      'http://localhost:54321/', // nor is the stack's own host
      'https://a.b.example.com/auth', // `*` stays within one label
      'https://pr-1.example.com/auth/more',
      'https://app.example.org/anything', // an entry without a wildcard names one URL
      'https://app.example.org.evil.net',
      'https://evil.example/',
      'javascript:alert(1)',
      'http://2130706433/',
    ];
    for (const u of allowed) expect(isRedirectAllowed(config, u), u).toBe(true);
    for (const u of refused) expect(isRedirectAllowed(config, u), u).toBe(false);
  });

  it('fall back to the site URL in mail links when not allowed', async () => {
    const email = `redir.${Date.now()}@example.com`;
    const res = await fetch(`${h.url}/auth/v1/signup?redirect_to=${encodeURIComponent('http://localhost:6666/steal')}`, {
      method: 'POST',
      headers: { apikey: h.stack.config.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret-pass-1' }),
    });
    expect(res.status).toBe(200);
    const mail = h.stack.ctx.mail.find((m) => m.to === email)!;
    expect(new URL(mail.link).searchParams.get('redirect_to')).toBe('http://127.0.0.1:5173');
  });
});
