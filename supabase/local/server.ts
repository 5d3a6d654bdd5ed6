/**
 * CLI: serves the local stack over HTTP on 127.0.0.1:54321 (PORT / HOST to change), with PGlite
 * persisted in .data/db (DATA_DIR; ":memory:" for none) or a real PostgreSQL server (DATABASE_URL).
 */
import { STATUS_CODES, createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { createStack, type CreateStackOptions, type Stack } from './app.ts';
import { SUPABASE_DIR } from './db.ts';
import { CLIENT_ADDRESS_HEADER, FORWARDING_HEADERS } from './http.ts';
import { REVIEW_MEDIA_CLEANUP_EVERY_MS, scheduleReviewMediaCleanup, type CleanupSchedule } from './storage/cleanup.ts';
import { SITE_REBUILD_EVERY_MS, scheduleSiteRebuild } from './site-rebuild.ts';
import { scheduleAcuityReconcile, scheduleKitLaunch, scheduleReviewRequests, scheduleRewardsPunches, scheduleStripeReconcile } from './functions/jobs.ts';

/**
 * The request body as a web stream, read as the handler asks for it. Cancelling it (a reader that stops
 * at a size cap) discards the rest instead of destroying the connection, so the answer still reaches the
 * client; Node 20's Readable.toWeb throws from inside the socket's data event once cancelled, which
 * would take the whole server down.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let open = true;
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        req.pause();
        req.on('data', (chunk: Buffer) => {
          if (!open) return;
          c.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((c.desiredSize ?? 0) <= 0) req.pause();
        });
        req.once('end', () => {
          if (open) c.close();
          open = false;
        });
        req.once('error', (e) => {
          if (open) c.error(e);
          open = false;
        });
      },
      pull() {
        req.resume();
      },
      cancel() {
        open = false;
        req.resume();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
  );
}

export function toWebRequest(req: IncomingMessage, base: string): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
    else headers.set(k, v);
  }
  // The gateway says who the client is, from the connection alone: rate limits key on it, so an address
  // a client wrote into any forwarding header is dropped, never passed on (issue 9).
  for (const h of FORWARDING_HEADERS) headers.delete(h);
  const address = req.socket.remoteAddress;
  if (address) {
    headers.set(CLIENT_ADDRESS_HEADER, address);
    headers.set('x-forwarded-for', address);
  }
  const method = req.method ?? 'GET';
  const hasBody = !['GET', 'HEAD'].includes(method);
  return new Request(new URL(req.url ?? '/', base), {
    method,
    headers,
    body: hasBody ? bodyStream(req) : undefined,
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
  // The status line's reason phrase: Node writes an empty one when handed '' (`HTTP/1.1 200 `).
  res.writeHead(r.status, r.statusText || STATUS_CODES[r.status] || 'Unknown', headers);
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
  /** How often the jobs (review-media cleanup, review requests) run (they also run at start); false for never. Hourly by default. */
  reviewMediaCleanupEveryMs?: number | false;
  /**
   * How often the site-rebuild job runs; false for never. By default every 2 s when the functions have a
   * deploy hook (`config.functionEnv.SITE_DEPLOY_HOOK_URL`), else never.
   */
  siteRebuildEveryMs?: number | false;
}

export async function serve(opts: ServeOptions = {}): Promise<{ stack: Stack; url: string; cleanup: CleanupSchedule | null; close(): Promise<void> }> {
  const port = opts.port ?? 54321;
  const host = opts.host ?? '127.0.0.1';
  // Listening comes first, so the stack is created knowing its own address (port 0: a free one): its
  // answers name it (mail links, storage's public URLs). The database holds no address (stored paths).
  let stack!: Stack;
  let ready!: () => void;
  const created = new Promise<void>((ok) => (ready = ok));
  const server = createHttpServer(async (req, res) => {
    try {
      await created;
      const r = await stack.handler(toWebRequest(req, stack.config.publicUrl));
      // An answer ready before the body has arrived (a 413 on the declared length, a 429, a 401) leaves
      // the rest of the body unread on the connection: the next request would wait behind it and the
      // client's fetch hangs (issue 9). Such a connection is closed once the answer is out.
      if (!req.complete) res.setHeader('Connection', 'close');
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
  try {
    stack = await createStack({ ...opts, config: { ...opts.config, publicUrl: url } });
  } catch (e) {
    server.close();
    throw e;
  }
  ready();
  const cleanupEvery = opts.reviewMediaCleanupEveryMs ?? REVIEW_MEDIA_CLEANUP_EVERY_MS;
  const cleanup = cleanupEvery === false ? null : scheduleReviewMediaCleanup(stack, cleanupEvery);
  const rebuildEvery = opts.siteRebuildEveryMs ?? (stack.config.functionEnv.SITE_DEPLOY_HOOK_URL ? SITE_REBUILD_EVERY_MS : false);
  const rebuild = rebuildEvery === false ? null : scheduleSiteRebuild(stack, rebuildEvery);
  // The review requests, the Stripe reconciliation and the owed launch e-mails follow the same schedule (hourly, and at start) as the cleanup.
  const reviewRequests = cleanupEvery === false ? null : scheduleReviewRequests(stack, cleanupEvery);
  const reconcile = cleanupEvery === false ? null : scheduleStripeReconcile(stack, cleanupEvery);
  const launchMails = cleanupEvery === false ? null : scheduleKitLaunch(stack, cleanupEvery);
  const punches = cleanupEvery === false ? null : scheduleRewardsPunches(stack, cleanupEvery);
  // Acuity's appointments that no webhook brought (issue #31), on the same schedule.
  const acuityReconcile = cleanupEvery === false ? null : scheduleAcuityReconcile(stack, cleanupEvery);
  return {
    stack,
    url,
    cleanup,
    async close() {
      await rebuild?.stop();
      await cleanup?.stop();
      await reviewRequests?.stop();
      await reconcile?.stop();
      await launchMails?.stop();
      await punches?.stop();
      await acuityReconcile?.stop();
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
  console.log(`local Stripe at ${s.url}/stripe (API ${s.url}/v1), webhooks to ${s.stack.config.stripe.webhookUrl || 'nowhere'}`);
  console.log(`webhook signing secret: ${s.stack.config.stripe.webhookSecret}`);
  console.log(`local Acuity at ${s.url}/acuity (API ${s.url}/api/v1, user id ${s.stack.config.acuity.userId}), webhooks to ${s.stack.config.acuity.webhookUrl || 'nowhere'}`);
  console.log(`Acuity API key (signs its webhooks): ${s.stack.config.acuity.apiKey}`);
  const stop = async () => {
    await s.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
