/**
 * CLI: serves the local stack over HTTP on 127.0.0.1:54321 (PORT / HOST to change), with PGlite
 * persisted in .data/db (DATA_DIR; ":memory:" for none) or a real PostgreSQL server (DATABASE_URL).
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { createStack, type CreateStackOptions, type Stack } from './app.ts';
import { SUPABASE_DIR } from './db.ts';

export function toWebRequest(req: IncomingMessage, base: string): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
    else headers.set(k, v);
  }
  // The hosted gateway tells functions who the client is; rate limits key on it.
  if (!headers.has('x-forwarded-for') && req.socket.remoteAddress) headers.set('x-forwarded-for', req.socket.remoteAddress);
  const method = req.method ?? 'GET';
  const hasBody = !['GET', 'HEAD'].includes(method);
  return new Request(new URL(req.url ?? '/', base), {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as unknown as ReadableStream) : undefined,
    // @ts-expect-error Node's fetch needs duplex for streamed request bodies
    duplex: hasBody ? 'half' : undefined,
  });
}

export async function sendWebResponse(res: ServerResponse, r: Response, method?: string) {
  const headers: Record<string, string | string[]> = {};
  r.headers.forEach((v, k) => {
    if (k === 'set-cookie') return;
    headers[k] = v;
  });
  res.writeHead(r.status, r.statusText, headers);
  if (!r.body || method === 'HEAD') {
    res.end();
    return;
  }
  const reader = r.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!res.write(value)) await new Promise((ok) => res.once('drain', ok));
  }
  res.end();
}

export interface ServeOptions extends CreateStackOptions {
  port?: number;
  host?: string;
}

export async function serve(opts: ServeOptions = {}): Promise<{ stack: Stack; url: string; close(): Promise<void> }> {
  const port = opts.port ?? 54321;
  const host = opts.host ?? '127.0.0.1';
  const stack = await createStack({
    ...opts,
    config: { publicUrl: `http://${host}:${port}`, ...opts.config },
  });
  const server = createHttpServer(async (req, res) => {
    try {
      const r = await stack.handler(toWebRequest(req, stack.config.publicUrl));
      await sendWebResponse(res, r, req.method);
    } catch (e) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Internal server error' }));
      console.error('[local-stack]', e);
    }
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, ok);
  });
  const addr = server.address();
  const actualPort = typeof addr === 'object' && addr ? addr.port : port;
  const url = `http://${host}:${actualPort}`;
  stack.config.publicUrl = url;
  return {
    stack,
    url,
    async close() {
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
      await stack.close();
    },
  };
}

const isMain = import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('supabase/local/server.ts');
if (isMain) {
  const dataDir = process.env.DATA_DIR === ':memory:' ? undefined : (process.env.DATA_DIR ?? join(SUPABASE_DIR, '..', '.data', 'db'));
  const t0 = Date.now();
  const s = await serve({
    port: Number(process.env.PORT ?? 54321),
    host: process.env.HOST ?? '127.0.0.1',
    databaseUrl: process.env.DATABASE_URL,
    dataDir: process.env.DATABASE_URL ? undefined : dataDir,
    config: { storageDir: process.env.DATABASE_URL ? undefined : dataDir && join(dataDir, '..', 'storage') },
  });
  console.log(`local Supabase stack ready in ${Date.now() - t0} ms at ${s.url} (inbox ${s.url}/inbox)`);
  console.log(`anon key: ${s.stack.config.anonKey}`);
  const stop = async () => {
    await s.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
