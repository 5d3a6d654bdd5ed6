/**
 * scripts/serve-site.ts over a real socket: content types, directory indexes, the 404 page with status
 * 404, _headers applied (so the CSP is enforced locally as on the host), no directory traversal, HEAD,
 * gzip, and the host configuration files kept private.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidates, headersFor, parseHeaders, serveSite, type SiteServer } from '../../scripts/serve-site.ts';

let root: string;
let server: SiteServer;

/** A raw request, so paths like /../x reach the server unnormalised. */
function get(path: string, opts: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((ok, fail) => {
    const req = request({ host: server.host, port: server.port, path, method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end();
  });
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kyb-serve-'));
  await mkdir(join(root, 'faq/locs'), { recursive: true });
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(join(root, 'index.html'), '<!doctype html><title>home</title>');
  await writeFile(join(root, '404.html'), '<!doctype html><title>Oops! Page not found</title>');
  await writeFile(join(root, 'faq/index.html'), '<!doctype html><title>faq</title>');
  await writeFile(join(root, 'faq/locs/index.html'), '<!doctype html><title>loc faq</title>');
  await writeFile(join(root, 'assets/site-abc.css'), `body{color:red}${' '.repeat(4000)}`);
  await writeFile(join(root, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(root, 'robots.txt'), 'User-agent: *\n');
  await writeFile(
    join(root, '_headers'),
    "/*\n  Content-Security-Policy: default-src 'self'\n  X-Test: a\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n  X-Test: b\n",
  );
  await writeFile(join(root, '_redirects'), '# none\n');
  await writeFile(join(tmpdir(), 'kyb-serve-secret.txt'), 'secret');
  server = await serveSite({ root, port: 0 });
});
afterAll(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
  await rm(join(tmpdir(), 'kyb-serve-secret.txt'), { force: true });
});

describe('serveSite', () => {
  it('serves index.html for /, directories and extensionless paths', async () => {
    for (const [path, title] of [
      ['/', 'home'],
      ['/faq', 'faq'],
      ['/faq/', 'faq'],
      ['/faq/locs', 'loc faq'],
      ['/faq/locs/index.html', 'loc faq'],
      ['/faq?x=1#y', 'faq'],
    ]) {
      const r = await get(path);
      expect(r.status, path).toBe(200);
      expect(r.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(r.body.toString(), path).toContain(`<title>${title}</title>`);
    }
  });

  it('answers unknown paths with 404.html and status 404', async () => {
    for (const path of ['/nope', '/faq/nope/', '/assets/missing.css']) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(r.body.toString()).toContain('Oops! Page not found');
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it('sends correct content types', async () => {
    expect((await get('/logo.svg')).headers['content-type']).toBe('image/svg+xml');
    expect((await get('/robots.txt')).headers['content-type']).toBe('text/plain; charset=utf-8');
    expect((await get('/assets/site-abc.css')).headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('applies _headers like the hosts do, and never serves _headers or _redirects', async () => {
    const page = await get('/faq');
    expect(page.headers['content-security-policy']).toBe("default-src 'self'");
    expect(page.headers['cache-control']).toBeUndefined();
    const css = await get('/assets/site-abc.css');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.headers['x-test']).toBe('a, b');
    expect((await get('/_headers')).status).toBe(404);
    expect((await get('/_redirects')).status).toBe(404);
  });

  it('refuses to leave the root', async () => {
    for (const path of [
      '/../kyb-serve-secret.txt',
      '/%2e%2e/kyb-serve-secret.txt',
      '/faq/%2e%2e/%2e%2e/kyb-serve-secret.txt',
      '/%2e%2e%2fkyb-serve-secret.txt',
      '/..%5ckyb-serve-secret.txt',
      '/a%00b',
    ]) {
      const r = await get(path);
      expect([400, 404], path).toContain(r.status);
      expect(r.body.toString(), path).not.toContain('secret');
    }
    expect(candidates('/srv/site', '/../etc/passwd')).toBeNull();
    expect(candidates('/srv/site', '/%E0%A4%A')).toBeNull();
    expect(candidates('/srv/site', '/a/b')).toEqual(['/srv/site/a/b', '/srv/site/a/b/index.html']);
  });

  it('supports HEAD, refuses other methods, and gzips text when asked', async () => {
    const head = await get('/assets/site-abc.css', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(4000);
    expect((await get('/', { method: 'POST' })).status).toBe(405);
    const gz = await get('/assets/site-abc.css', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toMatch(/^body\{color:red\}/);
  });

  it('fails clearly when the site has not been built', async () => {
    await expect(serveSite({ root: join(root, 'faq/locs/none'), port: 0 })).rejects.toThrow(/build the site first/);
  });
});

describe('_headers parsing', () => {
  it('reads rules and joins repeated headers', () => {
    const rules = parseHeaders('# comment\n/*\n  A: 1\n\n/x/*\n  A: 2\n  B: 3\n');
    expect(rules).toEqual([
      { pattern: '/*', headers: [['A', '1']] },
      {
        pattern: '/x/*',
        headers: [
          ['A', '2'],
          ['B', '3'],
        ],
      },
    ]);
    expect(headersFor(rules, '/x/y.css')).toEqual({ a: '1, 2', b: '3' });
    expect(headersFor(rules, '/y')).toEqual({ a: '1' });
    expect(() => parseHeaders('  orphan: 1\n')).toThrow(/cannot parse/);
    // Cloudflare Pages' detach line: `! Name` drops what the earlier matching rules set.
    const detached = parseHeaders('/*\n  A: 1\n  B: 2\n/embed/*\n  ! A\n  A: 3\n');
    expect(headersFor(detached, '/embed/x')).toEqual({ a: '3', b: '2' });
    expect(headersFor(detached, '/other')).toEqual({ a: '1', b: '2' });
    expect(() => parseHeaders('/*\n  ! \n')).toThrow(/cannot parse/);
  });
});
