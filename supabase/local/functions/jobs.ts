/**
 * The local stack's schedule for the project's jobs: the requests hosted Supabase's pg_cron sends
 * (README, "Deploy"), sent at start and then every hour to this stack's own functions runtime, so the
 * same code does the same work here as there. A job is a function that answers only the service role
 * key and reports what it did as JSON.
 *
 *   review-media-cleanup  removes review files no review has named for 24 hours (storage/cleanup.ts)
 *   review-requests       sends the review requests that are due and retries owed order e-mails
 *   stripe-reconcile      applies the Stripe events of the last three days that no webhook applied
 *   kit-launch            sends again the kit's launch e-mails that could not be sent (migration kit_launch)
 *   rewards-punches       punches the appointments that have ended, takes back those that no longer count (migration rewards_visits), issues the reward codes earned (migration reward_codes)
 *   acuity-reconcile      applies the Acuity appointments of the last 7 and next 60 days that no webhook brought, as the webhook would have
 */
import type { Stack } from '../app.ts';

export const JOB_EVERY_MS = 60 * 60 * 1000;

export interface JobSchedule<T> {
  /** The run started with the schedule: what it reported, or null when it failed. */
  first: Promise<T | null>;
  /** Stops the timer and waits for a run in progress, so the database can be closed after it. */
  stop(): Promise<void>;
}

/**
 * Runs `name` now and every `everyMs`; `read` turns its JSON answer into the figure a caller wants (null
 * when the answer is not what the job says), and `log` says what a run did.
 */
export function scheduleJob<T>(stack: Stack, name: string, everyMs: number, read: (body: unknown) => T | null, log: (result: T) => void): JobSchedule<T> {
  let running: Promise<T | null> | null = null;
  const run = () => {
    // An overdue run never overlaps a slow one.
    running ??= once(stack, name, read, log).finally(() => {
      running = null;
    });
    return running;
  };
  const first = run();
  const timer = setInterval(run, everyMs);
  // The schedule alone must not keep a process alive.
  timer.unref?.();
  return {
    first,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

async function once<T>(stack: Stack, name: string, read: (body: unknown) => T | null, log: (result: T) => void): Promise<T | null> {
  const key = stack.config.serviceRoleKey;
  try {
    const res = await stack.fetch(`${stack.config.publicUrl}/functions/v1/${name}`, {
      method: 'POST',
      headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const body = await res.json().catch(() => null);
    const result = res.ok ? read(body) : null;
    if (result === null) {
      console.error(`[jobs] ${name} failed`, res.status, body);
      return null;
    }
    log(result);
    return result;
  } catch (e) {
    console.error(`[jobs] ${name} failed`, e);
    return null;
  }
}

/** Reads a job's answer as the counts it names: null unless each one is a number. */
function counts<K extends string>(...keys: K[]): (body: unknown) => Record<K, number> | null {
  return (body) => {
    const b = body as Record<string, unknown> | null;
    if (!b || !keys.every((k) => typeof b[k] === 'number')) return null;
    return Object.fromEntries(keys.map((k) => [k, b[k]])) as Record<K, number>;
  };
}

/** The review-requests job: review request e-mails sent, and owed order e-mails sent again. */
export function scheduleReviewRequests(stack: Stack, everyMs = JOB_EVERY_MS) {
  return scheduleJob(stack, 'review-requests', everyMs, counts('sent', 'retried'), (r) => {
    if (r.sent || r.retried) console.log(`[jobs] review-requests sent ${r.sent} review request(s), ${r.retried} owed order e-mail(s)`);
  });
}

/** The stripe-reconcile job: Stripe's events it saw, and those it had to apply because no webhook had. */
export function scheduleStripeReconcile(stack: Stack, everyMs = JOB_EVERY_MS) {
  return scheduleJob(stack, 'stripe-reconcile', everyMs, counts('events_seen', 'repaired'), (r) => {
    if (r.repaired) console.log(`[jobs] stripe-reconcile applied ${r.repaired} of ${r.events_seen} Stripe event(s) that no webhook had`);
  });
}

/** The kit-launch job: launch e-mails owed (failed, or never sent) sent again, and those that failed again. */
export function scheduleKitLaunch(stack: Stack, everyMs = JOB_EVERY_MS) {
  return scheduleJob(stack, 'kit-launch', everyMs, counts('sent', 'failed'), (r) => {
    if (r.sent || r.failed) console.log(`[jobs] kit-launch sent ${r.sent} owed launch e-mail(s), ${r.failed} failed again`);
  });
}

/** The rewards-punches job: visits punched since the last run, punches taken back, reward codes issued. */
export function scheduleRewardsPunches(stack: Stack, everyMs = JOB_EVERY_MS) {
  return scheduleJob(stack, 'rewards-punches', everyMs, counts('punched', 'taken_back', 'codes_issued'), (r) => {
    if (r.punched || r.taken_back || r.codes_issued)
      console.log(`[jobs] rewards-punches added ${r.punched} punch(es), took back ${r.taken_back}, issued ${r.codes_issued} reward code(s)`);
  });
}

/** The acuity-reconcile job: Acuity's appointments it listed, and those it had to apply because no webhook had. */
export function scheduleAcuityReconcile(stack: Stack, everyMs = JOB_EVERY_MS) {
  return scheduleJob(stack, 'acuity-reconcile', everyMs, counts('appointments_seen', 'repaired'), (r) => {
    if (r.repaired) console.log(`[jobs] acuity-reconcile applied ${r.repaired} of ${r.appointments_seen} Acuity appointment(s) that no webhook had`);
  });
}
