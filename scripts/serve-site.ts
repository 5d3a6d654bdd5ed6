/**
 * A small static file server for the prerendered site (dist/site), for `npm start` and tests:
 *
 *   npx tsx scripts/serve-site.ts [--root dist/site] [--port 4173] [--host 127.0.0.1]
 *
 * - `/path` and `/path/` serve `/path/index.html`; `/` serves `/index.html`;
 * - unknown paths get `/404.html` with status 404;
 * - the rules in `<root>/_headers` (Netlify / Cloudflare Pages format) are applied, so the
 *   Content-Security-Policy is enforced locally exactly as on the host, including Cloudflare Pages'
 *   `! Name` line, which detaches a header an earlier matching rule set (the /embed pages' own CSP);
 * - no directory traversal (decoded paths are resolved and must stay inside root; NUL bytes rejected);
 * - GET and HEAD only; gzip for text types when the client accepts it;
 * - with `deployHook`, a POST to its path (a secret one, as hosts give) runs it with the JSON body and
 *   answers 200 once it is done, 500 when it failed (issue #23: the local stand-in for a static host's
 *   deploy hook; `npm start` rebuilds the pages whose reviews changed, site/rebuild.ts). Runs never overlap.
 *
 * `serveSite({ port: 0 })` picks a free port (tests) and resolves to `{ url, port, close() }`.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createGzip } from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript)|image\/svg\+xml)/;
/** Files in root that configure the host and are never served. */
const PRIVATE = new Set(['/_headers', '/_redirects']);

export interface HeaderRule {
  pattern: string;
  /** `[name, value]`; a null value detaches the header set by earlier matching rules (`! Name`). */
  headers: [string, string | null][];
}

/** Parses a `_headers` file: a path pattern line, then indented `Name: value` (or `! Name`) lines. */
export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    if (!raw.trim() || raw.trim().startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      rules.push({ pattern: raw.trim(), headers: [] });
      continue;
    }
    const detach = /^\s+!\s*([^\s:]+)\s*$/.exec(raw);
    const m = /^\s+([^:!]+):\s*(.*)$/.exec(raw);
    if ((!m && !detach) || !rules.length) throw new Error(`_headers: cannot parse line ${JSON.stringify(raw)}`);
    rules[rules.length - 1].headers.push(detach ? [detach[1], null] : [m![1].trim(), m![2].trim()]);
  }
  return rules;
}

/** `*` matches any run of characters (including `/`), as on Netlify and Cloudflare Pages. */
export function matchesPattern(pattern: string, path: string): boolean {
  const re = new RegExp(
    `^${pattern
      .split('*')
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return re.test(path);
}

/**
 * Headers for a request path; a header set by several rules has its values joined with ", " (as the hosts
 * do), and `! Name` in a rule drops what the rules before it set for that name.
 */
export function headersFor(rules: HeaderRule[], path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rules) {
    if (!matchesPattern(r.pattern, path)) continue;
    for (const [k, v] of r.headers) {
      const key = k.toLowerCase();
      if (v === null) delete out[key];
      else out[key] = out[key] ? `${out[key]}, ${v}` : v;
    }
  }
  return out;
}

/**
 * Maps a URL path to a file under root, or null when it would leave root or is malformed.
 * Returns the candidates in the order they are tried.
 */
export function candidates(root: string, urlPath: string): string[] | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const base = resolve(root);
  const full = resolve(base, `.${decoded.startsWith('/') ? decoded : `/${decoded}`}`);
  if (full !== base && !full.startsWith(base + sep)) return null;
  if (decoded.endsWith('/')) return [join(full, 'index.html')];
  return [full, join(full, 'index.html')];
}

async function fileAt(p: string): Promise<number | null> {
  try {
    const s = await stat(p);
    return s.isFile() ? s.size : null;
  } catch {
    return null;
  }
}

export interface ServeOptions {
  /** Folder to serve (default dist/site). */
  root?: string;
  /** 0 = any free port. */
  port?: number;
  host?: string;
  /** Apply <root>/_headers (default true). */
  headers?: boolean;
  /** Compress text responses when the client accepts gzip (default true). */
  gzip?: boolean;
  /** Called once per request with the method, path and status (default: nothing). */
  log?: (line: string) => void;
  /** A deploy hook: `POST <path>` runs `run(body)`. */
  deployHook?: { path: string; run: (body: unknown) => Promise<void> };
}

/** A hook's body is a small JSON object (the site-rebuild function's `{trigger, slugs}`). */
const HOOK_BODY_MAX = 16 * 1024;

export interface SiteServer {
  url: string;
  port: number;
  host: string;
  close(): Promise<void>;
}

export async function serveSite(opts: ServeOptions = {}): Promise<SiteServer> {
  const root = resolve(opts.root ?? join(ROOT, 'dist/site'));
  const host = opts.host ?? '127.0.0.1';
  const gzip = opts.gzip ?? true;
  if (!(await fileAt(join(root, 'index.html')))) {
    throw new Error(`serveSite: ${root}/index.html not found; build the site first (npx tsx site/prerender.ts)`);
  }
  let rules: HeaderRule[] = [];
  if (opts.headers ?? true) {
    const text = await readFile(join(root, '_headers'), 'utf8').catch(() => '');
    rules = parseHeaders(text);
  }

  let hookRuns: Promise<unknown> = Promise.resolve();
  async function hook(req: IncomingMessage, res: ServerResponse, run: (body: unknown) => Promise<void>): Promise<number> {
    let text = '';
    for await (const chunk of req) {
      text += chunk;
      if (text.length > HOOK_BODY_MAX) {
        res.writeHead(413, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Payload Too Large\n');
        return 413;
      }
    }
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* hosts ignore the body; so does a run that does not need it */
    }
    const done = hookRuns.then(() => run(body));
    hookRuns = done.catch(() => {});
    try {
      await done;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}\n');
      return 200;
    } catch (e) {
      console.error('[serve-site] deploy hook failed:', e instanceof Error ? e.message : e);
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"ok":false}\n');
      return 500;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? 'GET';
    let status = 200;
    try {
      if (opts.deployHook && method === 'POST' && new URL(req.url ?? '/', 'http://x').pathname === opts.deployHook.path) {
        status = await hook(req, res, opts.deployHook.run);
        return;
      }
      if (method !== 'GET' && method !== 'HEAD') {
        status = 405;
        res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
        res.end('Method Not Allowed\n');
        return;
      }
      const urlPath = new URL(req.url ?? '/', 'http://x').pathname;
      const tries = PRIVATE.has(urlPath) ? [] : candidates(root, urlPath);
      if (tries === null) {
        status = 400;
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Bad Request\n');
        return;
      }
      let file: string | null = null;
      let size = 0;
      for (const t of tries) {
        const s = await fileAt(t);
        if (s !== null) {
          file = t;
          size = s;
          break;
        }
      }
      if (!file) {
        status = 404;
        file = join(root, '404.html');
        size = (await fileAt(file)) ?? -1;
        if (size < 0) {
          res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
          res.end('Not Found\n');
          return;
        }
      }
      const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
      const headers: Record<string, string | number> = {
        ...headersFor(rules, urlPath),
        'content-type': type,
        'x-content-type-options': 'nosniff',
      };
      const compress = gzip && COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && size > 1024;
      if (compress) {
        headers['content-encoding'] = 'gzip';
        headers.vary = 'Accept-Encoding';
      } else {
        headers['content-length'] = size;
      }
      res.writeHead(status, headers);
      if (method === 'HEAD') {
        res.end();
        return;
      }
      const stream = createReadStream(file);
      stream.on('error', () => res.destroy());
      if (compress) stream.pipe(createGzip()).pipe(res);
      else stream.pipe(res);
    } catch (e) {
      status = 500;
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error\n');
      console.error('[serve-site]', e);
    } finally {
      opts.log?.(`${method} ${req.url} ${status}`);
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port ?? 4173, host, () => ok());
  });
  const port = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    host,
    close: () =>
      new Promise<void>((ok, fail) => {
        server.close((e) => (e ? fail(e) : ok()));
        server.closeAllConnections();
      }),
  };
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(arg('port') ?? process.env.PORT ?? 4173);
  serveSite({ root: arg('root'), port, host: arg('host') ?? process.env.HOST, log: process.argv.includes('--quiet') ? undefined : console.log })
    .then((s) => console.log(`Serving ${arg('root') ?? 'dist/site'} at ${s.url}`))
    .catch((e) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    });
}
