/** /rpc/<fn> over GET, HEAD and POST: picking the overload, and the call plan. */
import { fuzzyHint, maxAffectedRpcViolation, noRpc, singularityError } from './errors.ts';
import type { Plan } from './execute.ts';
import { shouldCount } from './prefer.ts';
import { planRead, SchemaMiss, ident, type ReadNode } from './plan.ts';
import { maxAffectedCheck, planned } from './query.ts';
import { isPlainObject, isRead, readJsonBody, type ApiRequest } from './request.ts';
import type { Routine } from './schema.ts';
import { Params, readStatement, callSql, type CallArgs, type ReadResult } from './sql.ts';
import type { QueryParams } from './syntax.ts';

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

/**
 * A function read's query pairs (the request stage keeps them whole) split by the function's parameter
 * names, as the old per-action parse did: a pair named like a parameter is an argument; any other must
 * be a tree path, and is a filter on the result if its value reads as one, else an argument too.
 */
function callArgs(qp: QueryParams, paramNames: Set<string>): { query: QueryParams; args: [string, string][] } {
  const args: [string, string][] = [];
  const filters = [...qp.filters];
  for (const { key, value, path, filter } of qp.rpcPairs) {
    if (paramNames.has(key)) args.push([key, value]);
    else if ('error' in path) throw path.error;
    else if (filter) filters.push({ path: path.path, filter: { field: path.field, ...filter } });
    else args.push([key, value]);
  }
  return { query: { ...qp, filters }, args };
}

export async function callPlan(r: ApiRequest, name: string): Promise<Plan> {
  const read = isRead(r.method);
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
    const { query: qp, args: given } = read ? callArgs(r.query, paramNames) : { query: r.query, args: [] };
    const keys = read ? given.map(([k]) => k) : isPlainObject(bodyValue) ? Object.keys(bodyValue) : [];
    const picked = pickRoutine(candidates, keys, !read);
    if (!picked) {
      if (strict) throw new SchemaMiss(name);
      const sorted = [...keys].sort();
      const hint = candidates.length
        ? `Perhaps you meant to call the function public.${name}(${[...paramNames].sort().join(', ')})`
        : (() => {
            const h = fuzzyHint(name, schema.routines.keys());
            return h ? `Perhaps you meant to call the function public.${h}` : null;
          })();
      throw noRpc(name, sorted, !read, hint);
    }
    const { routine, single } = picked;
    let args: CallArgs;
    if (single) args = { mode: 'single', body: bodyText };
    else if (read) args = { mode: 'direct', values: new Map(given) };
    else args = { mode: 'json', body: bodyText, names: new Set(keys) };

    let node: ReadNode | null = null;
    if (routine.returns === 'composite') {
      const table = schema.tables.get(routine.returnType.replace(/^public\./, '').replace(/^"|"$/g, ''));
      node = planRead(schema, table, name, qp, { strict, from: `pgrst_source AS ${ident(name)}`, qual: ident(name) });
    }
    return { routine, args, node };
  });

  const { routine, args } = plan;
  const setOf = routine.returnsSet;
  const checks = {
    readOnly: read,
    // A row count only means something for a set: max-affected on anything else is refused up front.
    refuse: r.prefs.handling === 'strict' && r.prefs.maxAffected !== undefined && !setOf ? maxAffectedRpcViolation() : undefined,
    result: [
      (row: ReadResult) => {
        if (setOf && r.media.kind === 'object' && row.page_total !== 1) throw singularityError(row.page_total);
      },
      maxAffectedCheck(r),
    ],
  };
  const p = new Params();
  const call = callSql(routine, args, p);
  // count=exact|estimated counts every function's rows (1 for a single value); planned has no plan to ask here.
  const count = shouldCount(r.prefs);

  if (routine.returns === 'void') {
    const total = count ? 'pg_catalog.count(*)' : 'null::bigint';
    const sql = `WITH pgrst_source AS (${call}) SELECT ${total} AS total, 1 AS page_total, ''::text AS body FROM pgrst_source`;
    return { sql, params: p.values, checks, shape: { kind: 'void' } };
  }

  const shape = {
    single: !setOf || r.media.kind === 'object',
    stripNulls: r.media.stripNulls,
    none: r.method === 'HEAD',
    scalar: routine.returns === 'scalar',
  };
  const node: ReadNode = plan.node ?? {
    key: name,
    from: 'pgrst_source',
    qual: 'pgrst_source',
    fields: [{ field: { name: 'pgrst_scalar', json: [] } }],
    embeds: [],
    where: [],
    order: [],
  };
  const sql = readStatement(node, p, { count, range: setOf ? r.range : undefined, shape, source: call });
  return {
    sql,
    params: p.values,
    checks,
    shape: { kind: 'rows', answer: 'call', offset: setOf ? r.range.offset : 0, cacheable: read && routine.volatility !== 'volatile', oneValue: !setOf },
  };
}
