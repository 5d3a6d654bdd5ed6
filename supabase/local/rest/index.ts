/**
 * `/rest/v1`: the PostgREST subset supabase-js speaks — table reads with embedding, filters,
 * order, ranges and counts; inserts/upserts, updates and deletes with return preferences; RPC over
 * GET/HEAD/POST. Statuses, headers and error bodies follow PostgREST (Response.hs, RangeQuery.hs,
 * Error.hs), because the site's code branches on them; what PostgREST does and this stack does not
 * is refused with 400 PGRST127 (README.md lists both).
 *
 * Every request runs in one transaction as the caller's Postgres role with the JWT claims set
 * (ctx.db.asRole), so row-level security is what decides; the JSON answer is built by Postgres.
 *
 * One module per stage of PostgREST's own pipeline: request.ts (method, path, headers, body) with
 * query-params.ts (select.ts, filters.ts, syntax.ts), prefer.ts, media.ts and headers.ts; the plans in plan.ts (reads),
 * mutate.ts and call.ts; query.ts (run as the caller's role); response.ts. This file is the service:
 * the anonymous read cache (cache.ts) in front, then dispatch.
 */
import type { Service, StackContext } from '../http.ts';
import { callerOf, isWrite, notifyWrite } from '../http.ts';
import { bearerToken } from '../../../shared/http.ts';
import { jwtError, notImplemented } from './errors.ts';
import { SchemaStore } from './schema.ts';
import { ReadCache } from './cache.ts';
import { readCall, type RestState, type Verified } from './request.ts';
import { errorAnswer, toResponse, type Answer } from './response.ts';
import { readTable } from './read.ts';
import { insert, remove, update } from './mutate.ts';
import { rpc } from './call.ts';

const states = new WeakMap<StackContext, RestState>();

function stateOf(ctx: StackContext): RestState {
  let st = states.get(ctx);
  if (!st) {
    const created: RestState = { schema: new SchemaStore(ctx.db), cache: new ReadCache(), inflight: new Map() };
    ctx.onWrite.add(() => {
      created.cache.clear();
      // A read that started before the write must not be handed to requests that arrive after it.
      created.inflight.clear();
    });
    states.set(ctx, created);
    st = created;
  }
  return st;
}

export const rest: Service = async (req, path, ctx) => {
  const st = stateOf(ctx);
  const method = req.method.toUpperCase();
  // The key holds the exact token strings, and entries are only stored for a verified anon token
  // (until its exp), so a hit needs no second signature check.
  const cacheKey = method === 'GET' || method === 'HEAD' ? ReadCache.key(req) : null;
  if (cacheKey) {
    const hit = st.cache.get(cacheKey);
    if (hit) return toResponse(hit, method);
    // The same anon read already on its way to the database: share its answer instead of queueing
    // another identical query behind it (what happens to the page's read when its entry expires).
    const pending = st.inflight.get(cacheKey);
    if (pending) {
      const shared = await pending;
      if (shared.cacheable) return toResponse(shared, method);
    }
  }
  return toResponse(await answer(req, path, method, ctx, st, cacheKey), method);
};

async function answer(req: Request, path: string, method: string, ctx: StackContext, st: RestState, cacheKey: string | null): Promise<Answer> {
  let authed = false;
  try {
    const caller = callerOf(req, ctx.config);
    if (!caller.ok) throw jwtError(caller.reason, tokenOf(req));
    authed = caller.role !== 'anon';
    if (cacheKey && caller.role === 'anon') {
      const generation = st.cache.generation;
      const exp = typeof caller.claims.exp === 'number' ? caller.claims.exp : undefined;
      const pending: Promise<Answer> = route(req, path, method, ctx, st, caller)
        .catch((e) => errorAnswer(e, false))
        .then((a) => {
          if (a.cacheable && a.status < 300) st.cache.set(cacheKey, generation, { status: a.status, headers: a.headers, body: a.body }, exp);
          return a;
        })
        .finally(() => {
          if (st.inflight.get(cacheKey) === pending) st.inflight.delete(cacheKey);
        });
      st.inflight.set(cacheKey, pending);
      return await pending;
    }
    const a = await route(req, path, method, ctx, st, caller);
    if (isWrite(method) && a.status < 400 && !a.rolledBack) notifyWrite(ctx);
    return a;
  } catch (e) {
    return errorAnswer(e, authed);
  }
}

/** The caller's token: the bearer token, else the apikey (as PostgREST behind the gateway sees it). */
const tokenOf = (req: Request): string | null => bearerToken(req) ?? req.headers.get('apikey');

async function route(req: Request, path: string, method: string, ctx: StackContext, st: RestState, caller: Verified): Promise<Answer> {
  const { call, target } = await readCall(req, path, method, ctx, st, caller);
  if ('rpc' in target) return rpc(call, target.rpc);
  if (method === 'GET' || method === 'HEAD') return readTable(call, target.table);
  if (method === 'POST') return insert(call, target.table);
  if (method === 'PATCH') return update(call, target.table);
  if (method === 'PUT') throw notImplemented('PUT (a single-row upsert by primary key) is not implemented by the local stack; use POST with Prefer: resolution=merge-duplicates');
  return remove(call, target.table);
}
