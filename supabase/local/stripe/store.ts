/**
 * The stand-in's state, in the stack's own database under a private schema (`local_stripe`) that it
 * creates itself: not a migration (hosted Supabase has no such schema; Stripe keeps this state), with no
 * privilege for the API roles, so PostgREST never exposes it. Works the same on PGlite and PostgreSQL.
 *
 *   objects      every Stripe object as the API renders it (`data`, ids unexpanded) plus what Stripe keeps
 *                but does not show (`private`: a session's line items and the payment intent's settings)
 *   deliveries   the webhook queue: one row per (event, attempt series), with its next attempt time
 *   attempts     each HTTP attempt of a delivery, with its answer
 *   settlements  async payments (US bank account) waiting to succeed or fail
 *   idempotency_keys   see ../idempotency.ts
 *
 * Times the queue uses are milliseconds since the epoch, from the stand-in's clock (double precision:
 * both drivers return it as a number).
 */
import type { Db, Query } from '../db.ts';
import { keyTableSql } from '../idempotency.ts';

export const SCHEMA = 'local_stripe';
export const KEYS_TABLE = `${SCHEMA}.idempotency_keys`;

const SCHEMA_SQL = `
  create schema if not exists ${SCHEMA};
  revoke all on schema ${SCHEMA} from public;
  create table if not exists ${SCHEMA}.objects (
    id text primary key,
    kind text not null,
    session_id text,
    data json not null,
    private json not null default '{}'::json,
    seq integer generated always as identity
  );
  create index if not exists objects_session_idx on ${SCHEMA}.objects (session_id, seq);
  create index if not exists objects_kind_idx on ${SCHEMA}.objects (kind, seq);
  create table if not exists ${SCHEMA}.deliveries (
    id integer generated always as identity primary key,
    event_id text not null,
    url text not null,
    state text not null default 'pending' check (state in ('pending', 'delivered', 'failed')),
    manual boolean not null default false,
    attempts integer not null default 0,
    max_attempts integer not null,
    next_attempt_ms double precision not null,
    leased_until_ms double precision,
    created_ms double precision not null
  );
  create index if not exists deliveries_due_idx on ${SCHEMA}.deliveries (state, next_attempt_ms);
  create index if not exists deliveries_event_idx on ${SCHEMA}.deliveries (event_id);
  create table if not exists ${SCHEMA}.attempts (
    id integer generated always as identity primary key,
    delivery_id integer not null,
    event_id text not null,
    attempt integer not null,
    started_ms double precision not null,
    duration_ms double precision not null,
    status integer,
    error text,
    response text
  );
  create index if not exists attempts_event_idx on ${SCHEMA}.attempts (event_id, id);
  create table if not exists ${SCHEMA}.settlements (
    payment_intent text primary key,
    outcome text not null,
    due_ms double precision not null
  );
  ${keyTableSql(KEYS_TABLE)};
`;

export async function ensureSchema(db: Db) {
  await db.exec(SCHEMA_SQL);
}

export interface Stored<T> {
  id: string;
  kind: string;
  session_id: string | null;
  data: T;
  // biome-ignore lint/suspicious/noExplicitAny: private state differs per kind (see objects.ts)
  private: any;
}

/** One object by id (optionally of one kind), locked for update inside a transaction when asked. */
export async function load<T>(q: Query, id: string, kind?: string, forUpdate = false): Promise<Stored<T> | null> {
  const r = await q<Stored<T>>(
    `select id, kind, session_id, data, private from ${SCHEMA}.objects where id = $1 ${kind ? 'and kind = $2' : ''} ${forUpdate ? 'for update' : ''}`,
    kind ? [id, kind] : [id],
  );
  return r.rows[0] ?? null;
}

export async function save(q: Query, kind: string, data: { id: string }, opts: { sessionId?: string | null; private?: unknown } = {}) {
  await q(
    `insert into ${SCHEMA}.objects (id, kind, session_id, data, private) values ($1, $2, $3, $4::json, $5::json)
     on conflict (id) do update set data = excluded.data, private = case when $6 then excluded.private else ${SCHEMA}.objects.private end,
       session_id = coalesce(excluded.session_id, ${SCHEMA}.objects.session_id)`,
    [data.id, kind, opts.sessionId ?? null, JSON.stringify(data), JSON.stringify(opts.private ?? {}), opts.private !== undefined],
  );
}

/** Objects of one session (its payment intent, charges, refunds, events), oldest first. */
export async function bySession<T>(q: Query, sessionId: string, kind: string): Promise<Stored<T>[]> {
  return (await q<Stored<T>>(`select id, kind, session_id, data, private from ${SCHEMA}.objects where session_id = $1 and kind = $2 order by seq`, [sessionId, kind])).rows;
}

export async function recent<T>(q: Query, kind: string, limit: number): Promise<Stored<T>[]> {
  return (await q<Stored<T>>(`select id, kind, session_id, data, private from ${SCHEMA}.objects where kind = $1 order by seq desc limit $2`, [kind, limit])).rows;
}
