/** GET / HEAD on a table or view: the read tree (plan.ts) as one statement, answered with its range. */
import type { Plan } from './execute.ts';
import { shouldCount } from './prefer.ts';
import { planRead } from './plan.ts';
import { lookupTable, planned, singularCheck } from './query.ts';
import { MAX_ROWS, type ApiRequest } from './request.ts';
import { Params, countSql, readStatement } from './sql.ts';

export async function readPlan(r: ApiRequest, name: string): Promise<Plan> {
  const root = await planned(r.st, (schema, strict) => planRead(schema, lookupTable(schema, name, strict), name, r.query, { strict }));
  const p = new Params();
  const sql = readStatement(root, p, {
    count: shouldCount(r.prefs),
    // count=estimated counts exactly up to max-rows, and asks the planner beyond (query.ts).
    countLimit: r.prefs.count === 'estimated' ? MAX_ROWS + 1 : undefined,
    range: r.range,
    shape: { single: r.media.kind === 'object', stripNulls: r.media.stripNulls, none: r.method === 'HEAD' },
  });
  const cp = new Params();
  const estimate = r.prefs.count === 'planned' || r.prefs.count === 'estimated' ? { sql: countSql(root, cp), params: cp.values, maxRows: MAX_ROWS } : undefined;
  return {
    sql,
    params: p.values,
    checks: { readOnly: true, result: [singularCheck(r)], estimate },
    shape: { kind: 'rows', answer: 'read', offset: r.range.offset, cacheable: true },
  };
}
