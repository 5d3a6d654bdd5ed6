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
 * One pipeline, in PostgREST's stages (README.md): the request is parsed once into an ApiRequest
 * (request.ts, with query-params.ts, prefer.ts, media.ts and headers.ts); a planner turns it into a Plan
 * (read.ts, mutate.ts or call.ts, over plan.ts and sql.ts); execute.ts checks strict Prefer, runs the
 * plan as the caller's role (query.ts) and shapes the answer (response.ts). This file is the service:
 * the caller's JWT, the anonymous read cache (cache.ts) in front, then the pipeline.
 */
import type { Service, StackContext } from '../http.ts';
import { callerOf, isWrite, notifyWrite } from '../http.ts';
import { jwtError } from './errors.ts';
import { SchemaStore } from './schema.ts';
import { ReadCache } from './cache.ts';
import { isRead, parseRequest, type ApiRequest, type RestState, type Verified } from './request.ts';
import { errorAnswer, toResponse, type Answer } from './response.ts';
import { execute, type Plan } from './execute.ts';
import { readPlan } from './read.ts';
import { deletePlan, insertPlan, updatePlan } from './mutate.ts';
import { callPlan } from './call.ts';

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
    const caller = callerOf(req, ctx.config, 'postgrest');
    if (!caller.ok) throw jwtError(caller.reason, caller.token);
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

/** The pipeline: parse the request once, plan it by method and target, execute the plan. */
async function route(req: Request, path: string, method: string, ctx: StackContext, st: RestState, caller: Verified): Promise<Answer> {
  const r = await parseRequest(req, path, method, ctx, st, caller);
  return execute(r, await planFor(r));
}

function planFor(r: ApiRequest): Promise<Plan> {
  if ('rpc' in r.target) return callPlan(r, r.target.rpc);
  const table = r.target.table;
  if (isRead(r.method)) return readPlan(r, table);
  if (r.method === 'POST') return insertPlan(r, table);
  if (r.method === 'PATCH') return updatePlan(r, table);
  return deletePlan(r, table);
}
