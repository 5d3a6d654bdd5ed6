/** GET / HEAD on a table or view: the read plan (plan.ts) run as the caller, answered with its range. */
import { preferenceApplied, shouldCount } from './headers.ts';
import { planRead } from './plan.ts';
import { lookupTable, planned, run } from './query.ts';
import { parseQuery } from './query-params.ts';
import { topRange, type Call } from './request.ts';
import { rangedAnswer, type Answer } from './response.ts';
import { singularityError } from './errors.ts';
import { Params, readStatement } from './sql.ts';

export async function readTable(r: Call, name: string): Promise<Answer> {
  const qp = parseQuery(r.url.search);
  const root = await planned(r.st, (schema, strict) => planRead(schema, lookupTable(schema, name, strict), name, qp, { strict }));
  const range = topRange(r, qp);
  const p = new Params();
  const count = shouldCount(r.prefs);
  const sql = readStatement(root, p, {
    count,
    range,
    shape: { single: r.media.kind === 'object', stripNulls: r.media.stripNulls, none: r.method === 'HEAD' },
  });
  const res = await run(r, sql, p.values, true);
  if (r.media.kind === 'object' && res.page_total !== 1) throw singularityError(res.page_total);
  const answer = rangedAnswer(range.offset, res, r.media, preferenceApplied({ count: count ? r.prefs.count : undefined }));
  answer.cacheable = true;
  return answer;
}
