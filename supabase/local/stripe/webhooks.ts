/**
 * Webhook delivery, as Stripe does it: each event POSTed as pretty-printed JSON to the endpoint, signed
 * with `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the whsec_
 * string>` (the scheme the SDK's webhooks.ts verifies), a fresh timestamp on every attempt. A 2xx
 * answer delivers it; anything else, a redirect, a network error or no answer within
 * deliveryTimeoutMs fails the attempt, and the next one is scheduled with exponential backoff
 * (retryBaseMs, doubling, at most retryMaxMs apart) until maxAttempts.
 *
 * The queue is the `deliveries` table (store.ts): it survives a restart and a kill -9. An attempt leases
 * its row first; a stack that dies mid-attempt leaves the lease behind, and the next start clears
 * leases (only one stack runs on a database) and sends it again: at least once, as Stripe promises.
 *
 * The same loop expires sessions past their expires_at and settles async payments that are due.
 */
import { createHmac } from 'node:crypto';
import type { Db } from '../db.ts';
import type { StripeConfig } from '../config.ts';
import { pruneKeys } from '../idempotency.ts';
import { KEYS_TABLE, SCHEMA, load } from './store.ts';
import { dueForExpiry, dueSettlements, expireSession, settle, type FlowEnv } from './flows.ts';
import { nowSeconds, type StripeEvent } from './objects.ts';

/** The signature header Stripe sends, for a body and a unix time. */
export function signatureHeader(body: string, secret: string, t = nowSeconds()): string {
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');
  return `t=${t},v1=${v1}`;
}

/** The delay before attempt `n + 1` after `n` failed attempts. */
export const backoffMs = (config: StripeConfig, failedAttempts: number) => Math.min(config.retryBaseMs * 2 ** (failedAttempts - 1), config.retryMaxMs);

interface DeliveryRow {
  id: number;
  event_id: string;
  url: string;
  attempts: number;
  max_attempts: number;
}

export interface Attempt {
  delivery_id: number;
  event_id: string;
  attempt: number;
  started_ms: number;
  duration_ms: number;
  status: number | null;
  error: string | null;
  response: string | null;
}

export interface Delivery {
  id: number;
  event_id: string;
  url: string;
  state: 'pending' | 'delivered' | 'failed';
  manual: boolean;
  attempts: number;
  max_attempts: number;
  next_attempt_ms: number;
}

export class Scheduler {
  paused = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private readonly inflight = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly env: FlowEnv,
    /** fetch for the endpoint: in-process for the stack's own URLs, the network otherwise. */
    private readonly fetchFor: (url: string) => typeof fetch,
  ) {}

  /** At start: leases of a stack that died are void (one stack per database). */
  async start() {
    await this.db.query(`update ${SCHEMA}.deliveries set leased_until_ms = null where state = 'pending' and leased_until_ms is not null`);
    this.kick();
  }

  private lastPrune = 0;

  /** Runs due work now (and again after the current run, if one is going). */
  kick() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.loop().finally(() => {
      this.running = undefined;
      this.scheduleNext().catch((e) => console.error('[stripe] scheduling failed', e));
    });
  }

  private async loop() {
    do {
      this.again = false;
      try {
        for (const id of await dueForExpiry(this.db.query, nowSeconds())) {
          await this.db.tx((q) => expireSession(q, this.env, id)).catch((e) => console.error('[stripe] expiry failed', id, e));
        }
        for (const pi of await dueSettlements(this.db.query, Date.now())) {
          await this.db.tx((q) => settle(q, this.env, pi)).catch((e) => console.error('[stripe] settlement failed', pi, e));
        }
        if (!this.paused) await this.sendDue();
        if (Date.now() - this.lastPrune > 60 * 60_000) {
          this.lastPrune = Date.now();
          await pruneKeys(this.db.query, KEYS_TABLE);
        }
      } catch (e) {
        if (!this.stopped) console.error('[stripe] scheduler', e);
      }
    } while (this.again && !this.stopped);
  }

  private async scheduleNext() {
    if (this.stopped || this.running) return;
    const r = await this.db.query<{ next: number | null }>(
      `select least(
         (select min(greatest(next_attempt_ms, coalesce(leased_until_ms, 0))) from ${SCHEMA}.deliveries where state = 'pending' and not $1),
         (select min(due_ms) from ${SCHEMA}.settlements)
       ) as next`,
      [this.paused],
    );
    if (this.stopped || this.running) return;
    const next = r.rows[0]?.next;
    const delay = Math.max(0, Math.min(next === null || next === undefined ? Number.POSITIVE_INFINITY : next - Date.now(), this.env.config.expirySweepMs));
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.kick(), delay + 5);
    this.timer.unref();
  }

  /** Leases every due delivery and sends them all at once. */
  private async sendDue(eventId?: string) {
    const now = Date.now();
    const rows = await this.db.tx(
      async (q) =>
        (
          await q<DeliveryRow>(
            `update ${SCHEMA}.deliveries d set attempts = d.attempts + 1, leased_until_ms = $1
              where d.id in (select id from ${SCHEMA}.deliveries
                              where state = 'pending' and next_attempt_ms <= $2 and (leased_until_ms is null or leased_until_ms < $4)
                                and ($3::text is null or event_id = $3)
                              order by id limit 50 for update skip locked)
              returning d.id, d.event_id, d.url, d.attempts, d.max_attempts`,
            // deliverNow (an event id given) sends that event's pending deliveries whenever they were due.
            [now + this.env.config.deliveryTimeoutMs + 5_000, eventId ? Number.MAX_SAFE_INTEGER : now, eventId ?? null, now],
          )
        ).rows,
    );
    const sends = rows.map((row) => this.track(this.attempt(row)));
    if (eventId) await Promise.all(sends);
  }

  private track(p: Promise<void>): Promise<void> {
    const t = p
      .catch((e) => console.error('[stripe] delivery failed', e))
      .finally(() => {
        this.inflight.delete(t);
        this.kick();
      });
    this.inflight.add(t);
    return t;
  }

  private async attempt(row: DeliveryRow) {
    const event = (await load<StripeEvent>(this.db.query, row.event_id, 'event'))?.data;
    const started = Date.now();
    let status: number | null = null;
    let error: string | null = null;
    let response: string | null = null;
    if (!event) error = 'event missing';
    else {
      const body = JSON.stringify(event, null, 2);
      const abort = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, fail) => {
        timer = setTimeout(() => {
          abort.abort();
          fail(new Error(`timed out after ${this.env.config.deliveryTimeoutMs} ms`));
        }, this.env.config.deliveryTimeoutMs);
      });
      try {
        const res = await Promise.race([
          this.fetchFor(row.url)(row.url, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json; charset=utf-8',
              'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
              Accept: '*/*; q=0.5, application/xml',
              'Cache-Control': 'no-cache',
              'Stripe-Signature': signatureHeader(body, this.env.config.webhookSecret),
            },
            body,
            redirect: 'manual',
            signal: abort.signal,
          }),
          timeout,
        ]);
        status = res.status;
        response = (await Promise.race([res.text(), timeout])).slice(0, 2000);
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      } finally {
        clearTimeout(timer);
      }
    }
    const ok = status !== null && status >= 200 && status < 300;
    const duration = Date.now() - started;
    await this.db.tx(async (q) => {
      await q(`insert into ${SCHEMA}.attempts (delivery_id, event_id, attempt, started_ms, duration_ms, status, error, response) values ($1, $2, $3, $4, $5, $6, $7, $8)`, [
        row.id,
        row.event_id,
        row.attempts,
        started,
        duration,
        status,
        error,
        response,
      ]);
      const state = ok ? 'delivered' : row.attempts >= row.max_attempts ? 'failed' : 'pending';
      await q(`update ${SCHEMA}.deliveries set state = $2, leased_until_ms = null, next_attempt_ms = $3 where id = $1`, [
        row.id,
        state,
        state === 'pending' ? Date.now() + backoffMs(this.env.config, row.attempts) : Date.now(),
      ]);
    });
  }

  /** Queues `times` extra deliveries of an event (the dashboard's "Resend"), sent together, not retried. */
  async redeliver(eventId: string, times = 1) {
    const now = Date.now();
    for (let i = 0; i < times; i++) {
      await this.db.query(`insert into ${SCHEMA}.deliveries (event_id, url, manual, max_attempts, next_attempt_ms, created_ms) values ($1, $2, true, 1, $3, $3)`, [
        eventId,
        this.env.config.webhookUrl,
        now,
      ]);
    }
    if (!this.paused) this.kick();
  }

  /** Sends an event's pending deliveries now, paused or not, and waits for their answers. */
  async deliverNow(eventId: string) {
    await this.sendDue(eventId);
  }

  pause() {
    this.paused = true;
  }

  resume() {
    this.paused = false;
    this.kick();
  }

  /**
   * Resolves once nothing runs and the queue is drained: every delivery delivered or given up (while
   * paused, held deliveries don't count) and no settlement due now. Waits through scheduled retries.
   */
  async idle(timeoutMs = 15_000) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      await this.running;
      await Promise.all([...this.inflight]);
      const due = await this.db.query<{ n: number }>(
        `select ((select count(*) from ${SCHEMA}.deliveries where state = 'pending' and not $2)
               + (select count(*) from ${SCHEMA}.settlements where due_ms <= $1))::int as n`,
        [Date.now(), this.paused],
      );
      if (!due.rows[0].n && !this.running && !this.inflight.size) return;
      if (Date.now() > until) throw new Error('the Stripe stand-in did not settle in time');
      await new Promise((ok) => setTimeout(ok, 10));
    }
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await Promise.all([...this.inflight]);
  }
}
