/** GET / HEAD on a table or view: the read plan (plan.ts) run as the caller, answered with its range. */
import { checkStrict, preferenceApplied, shouldCount } from './prefer.ts';
import { planRead } from './plan.ts';
import { lookupTable, planned, run, singularCheck } from './query.ts';
import { parseQuery } from './query-params.ts';
import { MAX_ROWS, topRange, type Call } from './request.ts';
import { rangedAnswer, type Answer } from './response.ts';
import { Params, countSql, readStatement } from './sql.ts';

export async function readTable(r: Call, name: string): Promise<Answer> {
  const qp = parseQuery(r.url.search);
  const root = await planned(r.st, (schema, strict) => planRead(schema, lookupTable(schema, name, strict), name, qp, { strict }));
  checkStrict(r.prefs);
  const range = topRange(r, qp);
  const p = new Params();
  const count = shouldCount(r.prefs);
  const sql = readStatement(root, p, {
    count,
    // count=estimated counts exactly up to max-rows, and asks the planner beyond (query.ts).
    countLimit: r.prefs.count === 'estimated' ? MAX_ROWS + 1 : undefined,
    range,
    shape: { single: r.media.kind === 'object', stripNulls: r.media.stripNulls, none: r.method === 'HEAD' },
  });
  const cp = new Params();
  const estimate = r.prefs.count === 'planned' || r.prefs.count === 'estimated' ? { sql: countSql(root, cp), params: cp.values, maxRows: MAX_ROWS } : undefined;
  const res = await run(r, sql, p.values, { readOnly: true, check: singularCheck(r), estimate });
  const answer = rangedAnswer(range.offset, res, r.media, preferenceApplied(r.prefs, 'read'));
  answer.cacheable = true;
  return answer;
}
