/**
 * rewards-punches: POST with the service role key → 200 `{punched, taken_back, codes_issued}` | 401 `{error}` | 405 |
 * 500 (docs/rewards.md#punches).
 *
 * The scheduled side of the rewards card: a booking becomes a visit once its appointment has ended, and
 * nothing tells us that moment (Acuity sends no notification when time passes). So every hour this job
 * settles every booking (rewards_settle, migration rewards_visits): it punches each appointment that has
 * ended, was not canceled and is not a no-show, and takes back, with a new history row, any punch whose
 * booking no longer counts. It is idempotent: a second run, or two at once, adds nothing (each booking is
 * settled under its row lock). Then it issues the reward codes the cards have earned and lack
 * (_shared/reward-codes.ts, migration reward_codes): once each, however often it runs.
 *
 * Scheduled hourly: on hosted Supabase by pg_cron and pg_net (README, "Deploy"), in the local stack at
 * start and hourly by supabase/local/functions/jobs.ts.
 */
import type { FunctionEnv } from '../_shared/env.ts';
import { adminClient } from '../_shared/admin.ts';
import { issueRewardCodes } from '../_shared/reward-codes.ts';
import { JOB_UNAUTHORIZED, internalError, json, methodNotAllowed, refuseUnlessServiceRole } from '../_shared/http.ts';

export const UNAUTHORIZED = JOB_UNAUTHORIZED;

export async function handle(req: Request, env: FunctionEnv): Promise<Response> {
  if (req.method !== 'POST') return methodNotAllowed();
  const refused = refuseUnlessServiceRole(req, env);
  if (refused) return refused;
  const db = adminClient(env);
  const { data, error } = await db.rpc('rewards_settle', {});
  if (error) {
    console.error('[rewards-punches] the run failed:', error.message);
    return internalError();
  }
  const report = data as { punched: number; taken_back: number };
  if (report.punched || report.taken_back) console.log(`[rewards-punches] ${report.punched} punch(es) added, ${report.taken_back} taken back`);
  let codes: number;
  try {
    codes = await issueRewardCodes(db);
  } catch (e) {
    console.error('[rewards-punches] issuing reward codes failed:', e instanceof Error ? e.message : e);
    return internalError();
  }
  if (codes) console.log(`[rewards-punches] ${codes} reward code(s) issued`);
  return json({ ...report, codes_issued: codes });
}
