/**
 * The local Supabase stack as one function: `(Request) => Promise<Response>`.
 * Routes /auth/v1, /rest/v1, /storage/v1, /functions/v1 (and the dev /inbox, and the local Stripe's
 * /v1 API and /stripe pages) to their services, answers CORS, checks the gateway's apikey, and never
 * lets an exception become a 5xx without a body.
 */
import { STATUS_CODES } from 'node:http';
import { openDb, migrate, type Db, type OpenOptions } from './db.ts';
import { defaultConfig, functionsWithoutJwtCheck, type StackConfig, type StackConfigOverrides } from './config.ts';
import { corsHeaders, json, preflight, BodyTooLarge, type Service, type StackContext } from './http.ts';
import { verifyJwt } from './jwt.ts';
import { readAuthorization } from '../../shared/http.ts';
import { auth } from './auth/index.ts';
import { rest } from './rest/index.ts';
import { storage } from './storage/index.ts';
import { functionNames, functions } from './functions/index.ts';
import { inbox } from './inbox.ts';
import { openMailStore } from './inbox-store.ts';
import { ensureSeedObjects } from './seed-objects.ts';
import { createStripeStandIn } from './stripe/index.ts';
import type { StripeStandIn } from './stripe/stand-in.ts';
import { createAcuityStandIn } from './acuity/index.ts';
import type { AcuityStandIn } from './acuity/stand-in.ts';

export interface Stack {
  handler: (req: Request) => Promise<Response>;
  /** fetch() bound to the handler: pass as supabase-js `global.fetch` to talk in-process. */
  fetch: typeof fetch;
  ctx: StackContext;
  db: Db;
  config: StackConfig;
  /** The local Stripe's test controls (stripe/index.ts). */
  stripe: StripeStandIn;
  /** The local Acuity's test controls (acuity/index.ts). */
  acuity: AcuityStandIn;
  close(): Promise<void>;
}

export interface CreateStackOptions extends OpenOptions {
  config?: StackConfigOverrides;
  /** Apply migrations + seed (default true). */
  migrate?: boolean;
  seed?: boolean;
  /** The command that rebuilds the database from the seed, named when it cannot be migrated (db.ts migrate). */
  rebuild?: string;
  /** An already open database (tests share one prepared instance). */
  db?: Db;
}

const services: Record<string, Service> = { auth, rest, storage, functions };

/** Paths reachable without an apikey, as on hosted Supabase (mail links, public objects, JWKS). */
function apikeyExempt(service: string, path: string, method: string): boolean {
  if (service === 'auth') return /^\/(verify|callback|authorize|\.well-known\/jwks\.json|health|settings)$/.test(path);
  // A public file, or a signed link (the token in it is the permission).
  if (service === 'storage') return (method === 'GET' || method === 'HEAD') && (path.startsWith('/object/public/') || path.startsWith('/object/sign/'));
  // The functions gateway asks for no apikey; with verify_jwt it checks the bearer token (functionsGateway).
  if (service === 'functions') return true;
  return false;
}

const NO_JWT_CHECK = functionsWithoutJwtCheck();
const FUNCTION_NAMES = new Set(functionNames());

/**
 * The Edge Functions gateway's check for a function deployed with `verify_jwt = true` (hosted's default;
 * supabase/config.toml turns it off per function): the Authorization header read under the gateway's rule
 * (shared/http.ts `functions-gateway`), its token's header decoded, then its signature and expiry checked
 * against the project's JWT secret. A refusal is 401 `{code, message}` in hosted's words (the Supabase CLI's
 * serve template reproduces the same checks); null lets the request through to the function.
 */
function functionsGateway(req: Request, path: string, ctx: StackContext): Response | null {
  const name = path.split('/')[1] ?? '';
  // An unknown function is the runtime's 404 before any token check, as in the CLI's template.
  if (req.method === 'OPTIONS' || NO_JWT_CHECK.has(name) || !FUNCTION_NAMES.has(name)) return null;
  const refuse = (message: string) => json({ code: 401, message }, 401);
  const auth = readAuthorization(req, 'functions-gateway');
  if (auth.kind === 'none') return refuse('Missing authorization header');
  if (auth.kind === 'other') return refuse("Auth header is not 'Bearer {token}'");
  if (!decodesAsJoseHeader(auth.token)) return refuse('Invalid Token or Protected Header formatting');
  return verifyJwt(auth.token, ctx.config.jwtSecret).ok ? null : refuse('Invalid JWT');
}

/** Whether the token's first part is base64url of a JSON object (jose's decodeProtectedHeader). */
function decodesAsJoseHeader(token: string): boolean {
  try {
    const header: unknown = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8'));
    return !!header && typeof header === 'object' && !Array.isArray(header);
  } catch {
    return false;
  }
}

export async function createStack(opts: CreateStackOptions = {}): Promise<Stack> {
  const config = defaultConfig(opts.config);
  const db = opts.db ?? (await openDb(opts));
  if (opts.migrate !== false) await migrate(db, { seed: opts.seed, rebuild: opts.rebuild });
  const mailStore = await openMailStore(db);
  const ctx: StackContext = {
    db,
    config,
    mail: mailStore.mails,
    inbox: mailStore,
    selfFetch: undefined as unknown as typeof fetch,
    onWrite: new Set(),
    stripe: undefined as unknown as StripeStandIn,
    acuity: undefined as unknown as AcuityStandIn,
  };

  const handler = async (req: Request): Promise<Response> => {
    let res: Response;
    try {
      res = await route(req, ctx);
    } catch (e) {
      if (e instanceof BodyTooLarge) {
        res = json({ code: 'PGRST413', message: 'Payload Too Large', statusCode: '413', error: 'Payload too large' }, 413);
      } else {
        console.error('[local-stack] unhandled', req.method, req.url, e);
        res = json({ code: 'internal_error', message: 'Internal server error', details: null, hint: null }, 500);
      }
    }
    const headers = new Headers(res.headers);
    // The dev inbox holds sign-in links and the local Stripe's pages hold its test controls: they are for
    // this origin's pages only, so they grant no other origin anything (the API services answer every
    // origin, as hosted Supabase does).
    if (!isLocalPage(new URL(req.url).pathname)) for (const [k, v] of Object.entries(corsHeaders(req))) if (!headers.has(k)) headers.set(k, v);
    // Every answer carries its standard reason phrase (`200 OK`), as PostgREST, GoTrue and the gateway
    // send over HTTP/1.1; a web Response built with only a status has an empty one (server.ts writes it).
    return new Response(res.body, { status: res.status, statusText: res.statusText || STATUS_CODES[res.status] || '', headers });
  };
  // Seeded storage rows need bytes to serve (the seed can only write rows).
  await ensureSeedObjects(ctx);
  const localFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request && !init ? input : new Request(input, init);
    return handler(req);
  }) as typeof fetch;
  ctx.selfFetch = localFetch;
  // Started last: its queue may deliver at once (events a previous run left), through selfFetch.
  ctx.stripe = await createStripeStandIn(ctx);
  ctx.acuity = await createAcuityStandIn(ctx);

  return {
    handler,
    fetch: localFetch,
    ctx,
    db,
    config,
    stripe: ctx.stripe,
    acuity: ctx.acuity,
    close: async () => {
      await ctx.stripe.stop();
      await db.close();
    },
  };
}

const isInbox = (path: string) => path === '/inbox' || path === '/inbox.json' || path.startsWith('/inbox/');
const isStripePage = (path: string) => path === '/stripe' || path.startsWith('/stripe/');
const isAcuityPage = (path: string) => path === '/acuity' || path.startsWith('/acuity/');
const isLocalPage = (path: string) => isInbox(path) || isStripePage(path) || isAcuityPage(path);

async function route(req: Request, ctx: StackContext): Promise<Response> {
  const url = new URL(req.url);
  if (req.method === 'OPTIONS' && !isLocalPage(url.pathname)) return preflight(req);
  if (url.pathname === '/' || url.pathname === '/health') {
    return json({
      ok: true,
      services: ['auth/v1', 'rest/v1', 'storage/v1', 'functions/v1'],
      inbox: '/inbox',
      stripe: { api: '/v1', dashboard: '/stripe' },
      acuity: { api: '/api/v1', page: '/acuity' },
    });
  }
  // The local Stripe: its API where the SDK's host/port point (Stripe's own paths), its pages beside it.
  if (url.pathname.startsWith('/v1/')) return ctx.stripe.api(req, url.pathname.slice('/v1'.length));
  if (isStripePage(url.pathname)) return ctx.stripe.site(req, url.pathname.slice('/stripe'.length) || '/');
  // The local Acuity: its API at Acuity's own path, its page and test controls beside it.
  if (url.pathname.startsWith('/api/v1/')) return ctx.acuity.api(req, url.pathname.slice('/api/v1'.length));
  if (isAcuityPage(url.pathname)) return ctx.acuity.site(req, url.pathname.slice('/acuity'.length) || '/');
  if (url.pathname === '/inbox.json') return inbox(req, '/json', ctx);
  if (url.pathname === '/inbox' || url.pathname.startsWith('/inbox/')) return inbox(req, url.pathname.slice('/inbox'.length) || '/', ctx);
  const m = url.pathname.match(/^\/(auth|rest|storage|functions)\/v1(\/.*)?$/);
  if (!m) return json({ message: 'no Route matched with those values' }, 404);
  const [, service, rest = '/'] = m;
  if (!apikeyExempt(service, rest, req.method)) {
    const apikey = req.headers.get('apikey') ?? url.searchParams.get('apikey');
    if (!apikey) {
      return json({ message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' }, 401);
    }
    const v = verifyJwt(apikey, ctx.config.jwtSecret);
    if (!v.ok || !['anon', 'service_role'].includes(String(v.claims.role))) {
      return json({ message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' }, 401);
    }
  }
  if (service === 'functions') {
    const refused = functionsGateway(req, rest, ctx);
    if (refused) return refused;
  }
  return services[service](req, rest, ctx);
}
