/**
 * The frame every public function of this project shares (CORS preflight, POST only, per-client rate
 * limit, a capped JSON object body, a 500 without details when anything throws), so each handler holds
 * only its own rules. Web APIs only: the same handler runs in Deno on hosted Supabase and in Node in the
 * local stack (`FunctionEnv`, shared/http.ts).
 */
import type { FunctionEnv } from '../../../shared/http.ts';
import { preflight } from './cors.ts';
import { adminClient } from './admin.ts';
import { rateLimitHit, type RateLimit } from './rate-limit.ts';
import { clientAddress, internalError, methodNotAllowed, readJsonObject, tooManyRequests } from './http.ts';
import type { AdminClient } from './admin.ts';

export type FunctionHandler = (req: Request, env: FunctionEnv) => Promise<Response>;

export interface PostJsonRequest<S> {
  req: Request;
  env: FunctionEnv;
  db: AdminClient;
  body: Record<string, unknown>;
  /** What `setup` returned. */
  settings: S;
}

export interface PostJsonFunction<S> {
  /** The function's name: its log prefix, and the scope of its per-client limit (`<name>:client`). */
  name: string;
  perClient: RateLimit;
  /** Reads the function's own settings; a Response (a misconfigured deployment) is answered as it is. */
  setup?: (env: FunctionEnv) => S | Response;
  handle: (request: PostJsonRequest<S>) => Promise<Response>;
}

/** 429 with Retry-After once `subject` has used up `rule` in `scope`, else null. */
export async function rateLimited(db: AdminClient, scope: string, subject: string, rule: RateLimit): Promise<Response | null> {
  const wait = await rateLimitHit(db, scope, subject, rule);
  return wait ? tooManyRequests(wait) : null;
}

export function postJsonHandler<S = undefined>(fn: PostJsonFunction<S>): FunctionHandler {
  return async (req, env) => {
    const pre = preflight(req);
    if (pre) return pre;
    if (req.method !== 'POST') return methodNotAllowed();
    try {
      // Settings first: a misconfigured deployment answers 500 to everyone and counts no hits.
      const settings = fn.setup ? fn.setup(env) : (undefined as S);
      if (settings instanceof Response) return settings;
      const db = adminClient(env);
      // Counted before the body is read, so malformed and oversized floods are limited too.
      const limited = await rateLimited(db, `${fn.name}:client`, clientAddress(req), fn.perClient);
      if (limited) return limited;
      const read = await readJsonObject(req);
      if (!read.ok) return read.response;
      // Awaited here so that a rejection from the handler ends in the catch below, not in the runtime.
      return await fn.handle({ req, env, db, body: read.body, settings });
    } catch (e) {
      console.error(`[${fn.name}]`, e);
      return internalError();
    }
  };
}
