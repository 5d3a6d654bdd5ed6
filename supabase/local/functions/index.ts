/**
 * `/functions/v1/<name>`: runs the project's Edge Functions in-process. Each function folder has a
 * Deno entry (index.ts, used on hosted Supabase) and a runtime-agnostic `handler.ts` exporting
 * `handle(req, env)`; this runtime imports the handler and gives it the env hosted Supabase would
 * (SUPABASE_URL, the service key, secrets from config.functionEnv) plus the stack's in-process fetch,
 * so a handler's own supabase-js calls come back into this stack.
 *
 * No token check happens here: that is the gateway's, in app.ts, for the functions supabase/config.toml
 * leaves at `verify_jwt = true` (the scheduled jobs and rewards-punches); the others get the header
 * unread, as on hosted. Hosted passes CORS preflights to the function, so the handlers answer their own;
 * in this stack the router (app.ts) answers every OPTIONS before it reaches this service.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SUPABASE_DIR } from '../db.ts';
import { json, type Service, type StackContext } from '../http.ts';
import type { FunctionEnv } from '../../../shared/http.ts';
import type { StackConfig } from '../config.ts';

type Handler = (req: Request, env: FunctionEnv) => Promise<Response>;

export const FUNCTIONS_DIR = join(SUPABASE_DIR, 'functions');
/** Function names as the CLI allows them; `_shared` and the like are not functions. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** The project's functions: each folder with such a name and a Deno entry (index.ts). */
export function functionNames(): string[] {
  return readdirSync(FUNCTIONS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && NAME.test(d.name) && existsSync(join(FUNCTIONS_DIR, d.name, 'index.ts')))
    .map((d) => d.name)
    .sort();
}

const handlers = new Map<string, Promise<Handler | null>>();

function load(name: string): Promise<Handler | null> {
  let h = handlers.get(name);
  if (!h) {
    const file = join(FUNCTIONS_DIR, name, 'handler.ts');
    h = existsSync(file)
      ? import(pathToFileURL(file).href).then((m: { handle?: unknown }) => (typeof m.handle === 'function' ? (m.handle as Handler) : null))
      : Promise.resolve(null);
    handlers.set(name, h);
  }
  return h;
}

/**
 * The variables a deployed function finds in its environment: Supabase's own, then the project's
 * secrets (config.functionEnv; an undefined one is unset). Also what the Deno servers of the test run
 * get (tests/support/deno.ts).
 */
export function deployedEnv(config: StackConfig): Record<string, string> {
  const vars: Record<string, string> = {
    SUPABASE_URL: config.publicUrl,
    SUPABASE_ANON_KEY: config.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: config.serviceRoleKey,
    // The dev inbox's e-mail API stand-in (supabase/local/inbox.ts); a config may point elsewhere.
    EMAIL_API_URL: `${config.publicUrl}/inbox/emails`,
    // Where the functions' links send people (order pages, Stripe's return, the Vault's download e-mail): the site this stack serves.
    SITE_URL: config.siteUrl,
    // The local Stripe stand-in (supabase/local/stripe/): its keys, and where the SDK finds it (its
    // host/port/protocol). A deployment sets the two secrets and leaves STRIPE_API_URL unset, so the
    // SDK talks to api.stripe.com.
    STRIPE_SECRET_KEY: config.stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: config.stripe.webhookSecret,
    STRIPE_API_URL: config.publicUrl,
    // The local Acuity stand-in (supabase/local/acuity/): its account, and its API's base URL. A
    // deployment sets the two secrets and leaves ACUITY_API_URL unset (Acuity's own API).
    ACUITY_USER_ID: config.acuity.userId,
    ACUITY_API_KEY: config.acuity.apiKey,
    ACUITY_API_URL: `${config.publicUrl}/api/v1`,
  };
  for (const [name, value] of Object.entries(config.functionEnv)) if (value !== undefined) vars[name] = value;
  return vars;
}

/** What a handler gets in this runtime: the deployed env, and the stack's in-process fetch. */
export function functionEnv(ctx: StackContext): FunctionEnv {
  const vars = deployedEnv(ctx.config);
  return {
    supabaseUrl: ctx.config.publicUrl,
    serviceRoleKey: ctx.config.serviceRoleKey,
    get: (name) => vars[name],
    fetch: ctx.selfFetch,
    checkpoint: crashAt,
  };
}

/**
 * The crash tests' stop (tests/backend/checkout-crash.test.ts): with `KYB_CRASH_AT=<name>` in its
 * environment, the stack's process kills itself with SIGKILL the first time a handler reaches that
 * checkpoint, as a power cut would, leaving whatever the handler had committed and nothing more.
 */
function crashAt(name: string): void {
  if (process.env.KYB_CRASH_AT === name) process.kill(process.pid, 'SIGKILL');
}

const notFound = () => json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);

export const functions: Service = async (req, path, ctx) => {
  const name = path.match(/^\/([^/]+)(?:\/.*)?$/)?.[1];
  if (!name || !NAME.test(name)) return notFound();
  const handler = await load(name);
  if (!handler) return notFound();
  try {
    return await handler(req, functionEnv(ctx));
  } catch (e) {
    // What hosted answers when a function throws instead of returning a Response.
    console.error(`[functions] ${name} threw`, e);
    return json({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }, 500);
  }
};
