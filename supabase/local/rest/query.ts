/**
 * The query stage: every statement runs in one transaction as the caller's Postgres role with the JWT
 * claims set (ctx.db.asRole), so row-level security is what decides; the JSON answer is built by
 * Postgres (sql.ts). Plans are built against the schema cache, reloaded once on a miss.
 */
import type { RoleContext } from '../db.ts';
import { fuzzyHint, singularityError, tableNotFound } from './errors.ts';
import { SchemaMiss } from './plan.ts';
import type { SchemaCache, Table } from './schema.ts';
import type { ReadResult } from './sql.ts';
import type { Call, RestState } from './request.ts';

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

function roleContext(r: Call, readOnly: boolean): RoleContext {
  const headers: Record<string, string> = {};
  r.req.headers.forEach((v, k) => {
    headers[k] = v;
  });
  return { role: r.caller.role, claims: r.caller.claims, method: r.method, path: r.path, headers, readOnly };
}

export async function run(r: Call, sql: string, params: unknown[], readOnly: boolean, check?: (row: ReadResult) => void): Promise<ReadResult> {
  return r.ctx.db.asRole(roleContext(r, readOnly), async (q) => {
    const row = (await q<ReadResult>(sql, params)).rows[0];
    const out: ReadResult = {
      total: row.total === null || row.total === undefined ? null : Number(row.total),
      page_total: Number(row.page_total),
      body: row.body,
      inserted: row.inserted === null || row.inserted === undefined ? null : Number(row.inserted),
    };
    // Throwing here rolls the transaction back (a singular request that matched ≠ 1 row).
    check?.(out);
    return out;
  });
}

/** A singular request (Accept: vnd.pgrst.object) that matched other than one row rolls back. */
export function singularCheck(r: Call) {
  return (row: ReadResult) => {
    if (r.media.kind === 'object' && row.page_total !== 1) throw singularityError(row.page_total);
  };
}
