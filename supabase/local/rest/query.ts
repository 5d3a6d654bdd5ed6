/**
 * The query stage: every statement runs in one transaction as the caller's Postgres role with the JWT
 * claims set (ctx.db.asRole), so row-level security is what decides; the JSON answer is built by
 * Postgres (sql.ts). Plans are built against the schema cache, reloaded once on a miss.
 */
import type { Query, RoleContext } from '../db.ts';
import { fuzzyHint, maxAffectedViolation, singularityError, tableNotFound } from './errors.ts';
import { SchemaMiss } from './plan.ts';
import type { SchemaCache, Table } from './schema.ts';
import type { ReadResult } from './sql.ts';
import type { ApiRequest, RestState } from './request.ts';

/**
 * Plans against the cache; a name the cache does not know reloads it once and plans again, this
 * time answering "not found" for real.
 */
export async function planned<T>(st: RestState, build: (schema: SchemaCache, strict: boolean) => T): Promise<T> {
  const schema = await st.schema.get();
  try {
    return build(schema, true);
  } catch (e) {
    if (!(e instanceof SchemaMiss)) throw e;
  }
  return build(await st.schema.reload(), false);
}

export function lookupTable(schema: SchemaCache, name: string, strict: boolean): Table {
  const t = schema.tables.get(name);
  if (t) return t;
  if (strict) throw new SchemaMiss(name);
  const hint = fuzzyHint(name, schema.tables.keys());
  throw tableNotFound(name, hint ? `Perhaps you meant the table 'public.${hint}'` : null);
}

function roleContext(r: ApiRequest, readOnly: boolean): RoleContext {
  const headers: Record<string, string> = {};
  r.req.headers.forEach((v, k) => {
    headers[k] = v;
  });
  return { role: r.caller.role, claims: r.caller.claims, method: r.method, path: r.path, headers, readOnly };
}

/** Thrown inside the transaction to end it in a rollback while keeping the answer. */
class RolledBack {
  constructor(readonly result: ReadResult) {}
}

export interface RunOptions {
  readOnly: boolean;
  /** Refuses the result (singular, max-affected): throwing rolls everything back. */
  check?: (row: ReadResult) => void;
  /**
   * `Prefer: count=planned|estimated` on a table read: the count query (without its range), whose
   * planner estimate (EXPLAIN's "Plan Rows") becomes the total as PostgREST's MainTx decides.
   */
  estimate?: { sql: string; params: unknown[]; maxRows: number };
}

/**
 * One statement in one transaction as the caller. The preferences that act on the transaction
 * itself are applied here: `timezone` is set before the statement, and the transaction ends in a
 * rollback when db-tx-end says so or `Prefer: tx=rollback` may and does override it (the answer is
 * still the statement's, as PostgREST sends it; `SET CONSTRAINTS ALL IMMEDIATE` first, so a deferred
 * constraint still refuses the write).
 */
export async function run(r: ApiRequest, sql: string, params: unknown[], opts: RunOptions): Promise<ReadResult> {
  const end = r.ctx.config.dbTxEnd;
  const rollback = r.prefs.tx === 'rollback' || (end.startsWith('rollback') && r.prefs.tx !== 'commit');
  try {
    return await r.ctx.db.asRole(roleContext(r, opts.readOnly), async (q) => {
      if (r.prefs.timezone) await q(`select set_config('timezone', $1, true)`, [r.prefs.timezone]);
      const row = (await q<ReadResult>(sql, params)).rows[0];
      const out: ReadResult = {
        total: row.total === null || row.total === undefined ? null : Number(row.total),
        page_total: Number(row.page_total),
        body: row.body,
        inserted: row.inserted === null || row.inserted === undefined ? null : Number(row.inserted),
        location: Array.isArray(row.location) ? row.location.map(String) : null,
      };
      opts.check?.(out);
      if (opts.estimate) out.total = await estimatedTotal(q, r.prefs.count, out.total, opts.estimate);
      if (rollback) {
        await q('SET CONSTRAINTS ALL IMMEDIATE');
        throw new RolledBack(out);
      }
      return out;
    });
  } catch (e) {
    if (e instanceof RolledBack) return { ...e.result, rolledBack: true };
    throw e;
  }
}

/** planned: the estimate alone; estimated: the exact count up to max-rows, beyond it the larger of both. */
async function estimatedTotal(q: Query, count: ApiRequest['prefs']['count'], exact: number | null, est: NonNullable<RunOptions['estimate']>): Promise<number | null> {
  if (count === 'estimated' && (exact === null || exact <= est.maxRows)) return exact;
  const { rows } = await q<Record<string, unknown>>(`EXPLAIN (FORMAT JSON) ${est.sql}`, est.params);
  const plan = Object.values(rows[0] ?? {})[0];
  const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const planRows = (parsed as { Plan?: { 'Plan Rows'?: unknown } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  const estimate = typeof planRows === 'number' ? Math.round(planRows) : null;
  if (count === 'planned') return estimate;
  return estimate === null || exact === null ? null : Math.max(exact, estimate);
}

/** A singular request (Accept: vnd.pgrst.object) that matched other than one row rolls back. */
export function singularCheck(r: ApiRequest) {
  return (row: ReadResult) => {
    if (r.media.kind === 'object' && row.page_total !== 1) throw singularityError(row.page_total);
  };
}

/** `max-affected` under `handling=strict`: a write or set that touches more rows is refused (PGRST124) and rolls back. */
export function maxAffectedCheck(r: ApiRequest) {
  return (row: ReadResult) => {
    if (r.prefs.handling === 'strict' && r.prefs.maxAffected !== undefined && row.page_total > r.prefs.maxAffected) throw maxAffectedViolation(row.page_total);
  };
}
