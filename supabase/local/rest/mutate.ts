/**
 * POST (insert / upsert), PATCH and DELETE on a table: the mutate plan (which columns, which rows, what
 * to return), the statement (sql.ts), and PostgREST's statuses and headers for each.
 */
import { columnNotFound } from './errors.ts';
import { shouldCount } from './headers.ts';
import { planRead, rootFilters, SchemaMiss, ident, type ReadNode } from './plan.ts';
import { lookupTable, planned, run, singularCheck } from './query.ts';
import { parseQuery } from './query-params.ts';
import { readPayload, type Call } from './request.ts';
import { contentRange, mutationHeaders, type Answer } from './response.ts';
import type { Column, SchemaCache, Table } from './schema.ts';
import { Params, insertSql, updateSql, deleteSql, mutationStatement } from './sql.ts';
import type { QueryParams } from './syntax.ts';

function payloadColumns(table: Table, keys: string[], strict: boolean): Column[] {
  return keys.map((k) => {
    const c = table.columns.get(k);
    if (c) return c;
    if (strict) throw new SchemaMiss(k);
    throw columnNotFound(table.name, k);
  });
}

/** The representation read over the mutated rows (`pgrst_source`), with any embeds. */
function representation(schema: SchemaCache, table: Table, name: string, qp: QueryParams, strict: boolean): ReadNode {
  const node = planRead(
    schema,
    table,
    name,
    { ...qp, ranges: new Map([...qp.ranges].filter(([k]) => k !== '')) },
    {
      strict,
      from: `pgrst_source AS ${ident(name)}`,
      qual: ident(name),
      skipRootFilters: true,
    },
  );
  return node;
}

function whereNode(table: Table, name: string, qp: QueryParams, strict: boolean): ReadNode {
  const qual = `"public".${ident(name)}`;
  return {
    table,
    key: name,
    from: qual,
    qual,
    fields: [],
    embeds: [],
    where: rootFilters(table, qp, { strict }),
    order: qp.order.filter((o) => o.path.length === 0).flatMap((o) => o.terms),
  };
}

// ---------------------------------------------------------------- POST: insert / upsert
export async function insert(r: Call, name: string): Promise<Answer> {
  const qp = parseQuery(r.url.search);
  // The table must exist before the body is read (unknown table is 404 whatever the body).
  await planned(r.st, (schema, strict) => lookupTable(schema, name, strict));
  const payload = await readPayload(r, qp);
  const full = r.prefs.return === 'representation';
  const { sql, params, upsertCols } = await planned(r.st, (schema, strict) => {
    const table = lookupTable(schema, name, strict);
    const columns = payloadColumns(table, payload.keys, strict);
    const read = full ? representation(schema, table, name, qp, strict) : null;
    const conflictCols = r.prefs.resolution ? (qp.onConflict ?? table.pk) : [];
    const p = new Params();
    const mutation = insertSql(
      {
        table: name,
        columns,
        body: payload.text,
        isObject: payload.isObject,
        missingDefault: !!qp.columns && r.prefs.missing === 'default',
        onConflict: r.prefs.resolution && conflictCols.length ? { columns: conflictCols, resolution: r.prefs.resolution } : undefined,
        returnRows: full,
      },
      p,
    );
    const stmt = mutationStatement(mutation, read, p, { single: r.media.kind === 'object', stripNulls: r.media.stripNulls });
    return { sql: stmt, params: p.values, upsertCols: conflictCols };
  });
  const res = await run(r, sql, params, false, singularCheck(r));
  const merge = r.prefs.resolution === 'merge-duplicates';
  const status = merge && (res.inserted ?? 0) <= 0 && res.page_total > 0 ? 200 : 201;
  const count = shouldCount(r.prefs);
  const headers = mutationHeaders(
    r.media,
    contentRange(1, 0, count ? res.page_total : null),
    {
      resolution: upsertCols.length ? r.prefs.resolution : undefined,
      missing: r.prefs.missing,
      return: r.prefs.return,
      count: count ? r.prefs.count : undefined,
    },
    full,
  );
  return { status, headers, body: full ? res.body : null };
}

// ---------------------------------------------------------------- PATCH
export async function update(r: Call, name: string): Promise<Answer> {
  const qp = parseQuery(r.url.search);
  await planned(r.st, (schema, strict) => lookupTable(schema, name, strict));
  const payload = await readPayload(r, qp);
  const full = r.prefs.return === 'representation';
  const { sql, params } = await planned(r.st, (schema, strict) => {
    const table = lookupTable(schema, name, strict);
    const columns = payloadColumns(table, payload.keys, strict);
    const where = whereNode(table, name, qp, strict);
    const read = full ? representation(schema, table, name, qp, strict) : null;
    const p = new Params();
    const mutation = updateSql({ table: name, columns, body: payload.text, isObject: payload.isObject, where, range: qp.ranges.get(''), returnRows: full }, p);
    return { sql: mutationStatement(mutation, read, p, { single: r.media.kind === 'object', stripNulls: r.media.stripNulls }), params: p.values };
  });
  const res = await run(r, sql, params, false, singularCheck(r));
  const count = shouldCount(r.prefs);
  const headers = mutationHeaders(
    r.media,
    contentRange(0, res.page_total - 1, count ? res.page_total : null),
    { missing: r.prefs.missing, return: r.prefs.return, count: count ? r.prefs.count : undefined },
    full,
  );
  return { status: full ? 200 : 204, headers, body: full ? res.body : null };
}

// ---------------------------------------------------------------- DELETE
export async function remove(r: Call, name: string): Promise<Answer> {
  const qp = parseQuery(r.url.search);
  const full = r.prefs.return === 'representation';
  const { sql, params } = await planned(r.st, (schema, strict) => {
    const table = lookupTable(schema, name, strict);
    const where = whereNode(table, name, qp, strict);
    const read = full ? representation(schema, table, name, qp, strict) : null;
    const p = new Params();
    const mutation = deleteSql({ table: name, where, range: qp.ranges.get(''), returnRows: full }, p);
    return { sql: mutationStatement(mutation, read, p, { single: r.media.kind === 'object', stripNulls: r.media.stripNulls }), params: p.values };
  });
  const res = await run(r, sql, params, false, singularCheck(r));
  const count = shouldCount(r.prefs);
  const headers = mutationHeaders(r.media, contentRange(1, 0, count ? res.page_total : null), { return: r.prefs.return, count: count ? r.prefs.count : undefined }, full);
  return { status: full ? 200 : 204, headers, body: full ? res.body : null };
}
