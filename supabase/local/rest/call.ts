/** /rpc/<fn> over GET, HEAD and POST: picking the overload, the call plan, and the answer. */
import { fuzzyHint, invalidRpcMethod, maxAffectedRpcViolation, maxAffectedViolation, noRpc, singularityError } from './errors.ts';
import { checkStrict, preferenceApplied, shouldCount } from './prefer.ts';
import { planRead, SchemaMiss, ident, type ReadNode } from './plan.ts';
import { planned, run } from './query.ts';
import { parseQuery } from './query-params.ts';
import { isPlainObject, isRead, readJsonBody, topRange, type Call } from './request.ts';
import { contentRange, rangedAnswer, type Answer } from './response.ts';
import type { Routine } from './schema.ts';
import { Params, readStatement, callSql, type CallArgs, type ReadResult } from './sql.ts';

// ---------------------------------------------------------------- RPC
/**
 * The overload whose parameters the given argument names fit (every required one given, nothing
 * unknown); failing that, on POST, a function taking one unnamed json/jsonb parameter gets the body.
 */
function pickRoutine(candidates: Routine[], keys: string[], post: boolean): { routine: Routine; single: boolean } | null {
  const given = new Set(keys);
  const fits = candidates.filter((c) => c.params.every((p) => p.hasDefault || given.has(p.name)) && keys.every((k) => c.params.some((p) => p.name === k)));
  if (fits.length) {
    // Several overloads fit when defaults cover the rest: take the one with the fewest parameters.
    fits.sort((a, b) => a.params.length - b.params.length);
    return { routine: fits[0], single: false };
  }
  if (post) {
    const single = candidates.find((c) => c.params.length === 1 && c.params[0].name === '' && /^jsonb?$/.test(c.params[0].type));
    if (single) return { routine: single, single: true };
  }
  return null;
}

export async function rpc(r: Call, name: string): Promise<Answer> {
  const read = isRead(r.method);
  if (!read && r.method !== 'POST') throw invalidRpcMethod(r.method);
  let bodyText = '{}';
  let bodyValue: unknown = {};
  if (!read) {
    const body = await readJsonBody(r, { emptyIs: bodyText, isFunction: true });
    bodyText = body.text;
    bodyValue = body.value;
  }

  const plan = await planned(r.st, (schema, strict) => {
    const candidates = schema.routines.get(name) ?? [];
    const paramNames = new Set(candidates.flatMap((c) => c.params.map((p) => p.name)));
    const qp = parseQuery(r.url.search, read ? { isArg: (k) => paramNames.has(k) } : undefined);
    const keys = read ? qp.rpcArgs.map(([k]) => k) : isPlainObject(bodyValue) ? Object.keys(bodyValue) : [];
    const picked = pickRoutine(candidates, keys, !read);
    if (!picked) {
      if (strict) throw new SchemaMiss(name);
      const sorted = [...keys].sort();
      const hint = candidates.length
        ? `Perhaps you meant to call the function public.${name}(${[...new Set(candidates.flatMap((c) => c.params.map((p) => p.name)))].sort().join(', ')})`
        : (() => {
            const h = fuzzyHint(name, schema.routines.keys());
            return h ? `Perhaps you meant to call the function public.${h}` : null;
          })();
      throw noRpc(name, sorted, !read, hint);
    }
    const { routine, single } = picked;
    let args: CallArgs;
    if (single) args = { mode: 'single', body: bodyText };
    else if (read) args = { mode: 'direct', values: new Map(qp.rpcArgs) };
    else args = { mode: 'json', body: bodyText, names: new Set(keys) };

    let node: ReadNode | null = null;
    if (routine.returns === 'composite') {
      const table = schema.tables.get(routine.returnType.replace(/^public\./, '').replace(/^"|"$/g, ''));
      node = planRead(schema, table, name, qp, { strict, from: `pgrst_source AS ${ident(name)}`, qual: ident(name) });
    }
    return { routine, args, node, qp };
  });

  const { routine, args, qp } = plan;
  checkStrict(r.prefs);
  const setOf = routine.returnsSet;
  // A row count only means something for a set: max-affected on anything else is refused up front.
  if (r.prefs.handling === 'strict' && r.prefs.maxAffected !== undefined && !setOf) throw maxAffectedRpcViolation();
  const p = new Params();
  const call = callSql(routine, args, p);
  // count=exact|estimated counts every function's rows (1 for a single value); planned has no plan to ask here.
  const count = shouldCount(r.prefs);
  const applied = preferenceApplied(r.prefs, 'call');
  // GET/HEAD calls run read-only, as in PostgREST: a function that writes fails there (25006 → 405).
  const readOnly = read;
  const check = (row: ReadResult) => {
    if (setOf && r.media.kind === 'object' && row.page_total !== 1) throw singularityError(row.page_total);
    if (r.prefs.handling === 'strict' && r.prefs.maxAffected !== undefined && row.page_total > r.prefs.maxAffected) throw maxAffectedViolation(row.page_total);
  };

  if (routine.returns === 'void') {
    const total = count ? 'pg_catalog.count(*)' : 'null::bigint';
    const res = await run(r, `WITH pgrst_source AS (${call}) SELECT ${total} AS total, 1 AS page_total, ''::text AS body FROM pgrst_source`, p.values, { readOnly, check });
    const headers: Record<string, string> = { 'Content-Range': contentRange(0, 0, res.total) };
    if (applied) headers['Preference-Applied'] = applied;
    return { status: 204, headers, body: null, rolledBack: res.rolledBack };
  }

  const range = setOf ? topRange(r, qp) : { offset: 0 };
  const shape = {
    single: !setOf || r.media.kind === 'object',
    stripNulls: r.media.stripNulls,
    none: r.method === 'HEAD',
    scalar: routine.returns === 'scalar',
  };
  let node: ReadNode;
  if (plan.node) node = plan.node;
  else {
    node = {
      key: name,
      from: 'pgrst_source',
      qual: 'pgrst_source',
      fields: [{ field: { name: 'pgrst_scalar', json: [] } }],
      embeds: [],
      where: [],
      order: [],
    };
  }
  const sql = readStatement(node, p, { count, range: setOf ? range : undefined, shape, source: call });
  const res = await run(r, sql, p.values, { readOnly, check });
  // A function returning one value answers one row, whatever the statement counted (mainCall's page_total).
  if (!setOf) res.page_total = 1;
  const answer = rangedAnswer(range.offset, res, r.media, applied);
  answer.cacheable = read && routine.volatility !== 'volatile' && !res.rolledBack;
  answer.rolledBack = res.rolledBack;
  return answer;
}
