/**
 * Idempotency keys, as Stripe (`Idempotency-Key` on every POST) and Resend (`POST /emails`) keep them:
 * the first request with a key runs and its answer is stored with a fingerprint of the request; the same
 * key with the same request within 24 hours gets that stored answer again, without running anything;
 * the same key with another request is refused.
 *
 * Claim, work and record happen in one transaction of the caller's: a request that fails (or a stack
 * killed half-way) leaves neither its effect nor its key behind, and a concurrent request with the same
 * key waits on the key's row until the first commits, then replays its answer. So "in progress" is never
 * observable and the stand-ins never answer 409 for it. Each service keeps its keys in its own private
 * schema (keyTableSql).
 */
import type { Query } from './db.ts';

/** Keys are forgotten after a day (both Stripe and Resend). */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** The key table of one service: `scope` separates callers (Stripe scopes keys per API key). */
export const keyTableSql = (table: string) =>
  `create table if not exists ${table} (
     scope text not null,
     key text not null,
     fingerprint text not null,
     status int not null,
     body text not null,
     created_at timestamptz not null default now(),
     primary key (scope, key)
   )`;

export type KeyState = { kind: 'new' } | { kind: 'replay'; status: number; body: string } | { kind: 'mismatch'; fingerprint: string };

/**
 * Takes the key inside the caller's transaction. `new`: run the request, then recordKey in the same
 * transaction. The row is written with a placeholder answer at once, so a concurrent claim of the same
 * key blocks on it (PostgreSQL) or runs after it (PGlite runs one transaction at a time).
 */
export async function claimKey(q: Query, table: string, scope: string, key: string, fingerprint: string): Promise<KeyState> {
  await q(`delete from ${table} where scope = $1 and key = $2 and created_at < now() - make_interval(secs => $3)`, [scope, key, IDEMPOTENCY_TTL_SECONDS]);
  const inserted = await q(`insert into ${table} (scope, key, fingerprint, status, body) values ($1, $2, $3, 0, '') on conflict do nothing returning key`, [
    scope,
    key,
    fingerprint,
  ]);
  if (inserted.rows.length) return { kind: 'new' };
  const row = (await q<{ fingerprint: string; status: number; body: string }>(`select fingerprint, status, body from ${table} where scope = $1 and key = $2`, [scope, key]))
    .rows[0];
  if (row.fingerprint !== fingerprint) return { kind: 'mismatch', fingerprint: row.fingerprint };
  return { kind: 'replay', status: row.status, body: row.body };
}

/** Forgets keys older than a day (run now and then: every POST the Stripe SDK sends carries a key). */
export async function pruneKeys(q: Query, table: string): Promise<void> {
  await q(`delete from ${table} where created_at < now() - make_interval(secs => $1)`, [IDEMPOTENCY_TTL_SECONDS]);
}

/** The answer that later requests with the key replay. */
export async function recordKey(q: Query, table: string, scope: string, key: string, status: number, body: string): Promise<void> {
  await q(`update ${table} set status = $3, body = $4 where scope = $1 and key = $2`, [scope, key, status, body]);
}
