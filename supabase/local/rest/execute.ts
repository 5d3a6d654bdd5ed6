/**
 * The one step every request ends in: a planner (read.ts, mutate.ts, call.ts) has turned the parsed
 * request into a Plan; execute checks strict `Prefer`, runs the statement as the caller (query.ts) with
 * the plan's checks, and shapes the answer (response.ts). Nothing here knows which action it runs.
 */
import type { ApiError } from './errors.ts';
import { checkStrict } from './prefer.ts';
import { run, type RunOptions } from './query.ts';
import type { ApiRequest } from './request.ts';
import { respond, type Answer, type Shape } from './response.ts';
import type { ReadResult } from './sql.ts';

/** What a planner hands to execute: the statement, what must hold of it, and how its result is answered. */
export interface Plan {
  sql: string;
  params: unknown[];
  checks: Checks;
  shape: Shape;
}

export interface Checks {
  /** GET and HEAD run read-only, as in PostgREST: a function that writes fails there (25006 → 405). */
  readOnly: boolean;
  /** Refused once strict `Prefer` has passed, before anything runs (max-affected on a single value). */
  refuse?: ApiError;
  /** Checks of the result inside the transaction (singular, max-affected): throwing rolls it back. */
  result: ((row: ReadResult) => void)[];
  /** `count=planned|estimated` on a table read: the count query whose plan estimates the total. */
  estimate?: RunOptions['estimate'];
}

export async function execute(r: ApiRequest, plan: Plan): Promise<Answer> {
  checkStrict(r.prefs);
  const { checks } = plan;
  if (checks.refuse) throw checks.refuse;
  const res = await run(r, plan.sql, plan.params, {
    readOnly: checks.readOnly,
    check: (row) => {
      for (const check of checks.result) check(row);
    },
    estimate: checks.estimate,
  });
  return respond(plan.shape, res, r.media, r.prefs);
}
