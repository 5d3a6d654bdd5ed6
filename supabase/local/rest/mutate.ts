/**
 * POST (insert / upsert), PATCH and DELETE on a table: the mutate plan (which columns, which rows, what
 * to return), the statement (sql.ts), and PostgREST's statuses and headers for each.
 */
import { columnNotFound, maxAffectedViolation } from './errors.ts';
import { checkStrict, preferenceApplied, shouldCount } from './prefer.ts';
import { planRead, rootFilters, SchemaMiss, ident, type ReadNode } from './plan.ts';
import { lookupTable, planned, run, singularCheck } from './query.ts';
import { parseQuery } from './query-params.ts';
import { readPayload, type Call } from './request.ts';
import { contentRange, mutationHeaders, type Answer } from './response.ts';
import type { Column, SchemaCache, Table } from './schema.ts';
import { Params, insertSql, updateSql, deleteSql, mutationStatement, type ReadResult } from './sql.ts';
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

function whereNode(schema: SchemaCache, table: Table, name: string, qp: QueryParams, strict: boolean): ReadNode {
  const qual = `"public".${ident(name)}`;
  return {
    table,
    key: name,
    from: qual,
    qual,
    fields: [],
    embeds: [],
    where: rootFilters(schema, table, qp, { strict }),
    order: qp.order.filter((o) => o.path.length === 0).flatMap((o) => o.terms),
  };
}

/** PATCH and DELETE under `handling=strict`: more rows than `max-affected` allows refuses the write (PGRST124). */
function maxAffectedCheck(r: Call) {
  const single = singularCheck(r);
  return (row: ReadResult) => {
    single(row);
    if (r.prefs.handling === 'strict' && r.prefs.maxAffected !== undefined && row.page_total > r.prefs.maxAffected) throw maxAffectedViolation(row.page_total);
  };
}

/** http-types' urlEncode for a query string (renderSimpleQuery): unreserved bytes kept, space as +. */
function queryEncode(s: string): string {
  let out = '';
  for (const b of new TextEncoder().encode(s)) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9._~-]/.test(c) ? c : b === 0x20 ? '+' : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

// ---------------------------------------------------------------- POST: insert / upsert
export async function insert(r: Call, name: string): Promise<Answer> {
  const qp = parseQuery(r.url.search);
  // The table must exist before the body is read (unknown table is 404 whatever the body).
  await planned(r.st, (schema, strict) => lookupTable(schema, name, strict));
  const payload = await readPayload(r, qp);
  const full = r.prefs.return === 'representation';
  const headersOnly = r.prefs.return === 'headers-only';
  const { sql, params, pk } = await planned(r.st, (schema, strict) => {
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
        missingDefault: r.prefs.missing === 'default',
        onConflict: r.prefs.resolution && conflictCols.length ? { columns: conflictCols, resolution: r.prefs.resolution } : undefined,
        // headers-only answers with a Location built from the row's primary key.
        returnRows: full || (headersOnly && table.pk.length > 0),
      },
      p,
    );
    const stmt = mutationStatement(mutation, read, p, { single: r.media.kind === 'object', stripNulls: r.media.stripNulls }, headersOnly ? table.pk : undefined);
    return { sql: stmt, params: p.values, pk: table.pk };
  });
  checkStrict(r.prefs);
  const res = await run(r, sql, params, { readOnly: false, check: singularCheck(r) });
  const merge = r.prefs.resolution === 'merge-duplicates';
  const status = merge && (res.inserted ?? 0) <= 0 && res.page_total > 0 ? 200 : 201;
  const headers = mutationHeaders(
    r.media,
    contentRange(1, 0, shouldCount(r.prefs) ? res.page_total : null),
    // Preference-Applied reports a resolution only where one could apply (a key or on_conflict).
    preferenceApplied(r.prefs, 'insert', { resolution: pk.length > 0 || qp.onConflict !== undefined }),
    full,
  );
  if (res.location?.length)
    headers.Location = `/${name}?${res.location
      .map((kv) => kv.split('='))
      .map(([k, ...v]) => `${queryEncode(k)}=${queryEncode(v.join('='))}`)
      .join('&')}`;
  return { status, headers, body: full ? res.body : null, rolledBack: res.rolledBack };
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
    const where = whereNode(schema, table, name, qp, strict);
    const read = full ? representation(schema, table, name, qp, strict) : null;
    const p = new Params();
    const mutation = updateSql(
      { table: name, columns, body: payload.text, isObject: payload.isObject, missingDefault: r.prefs.missing === 'default', where, range: qp.ranges.get(''), returnRows: full },
      p,
    );
    return { sql: mutationStatement(mutation, read, p, { single: r.media.kind === 'object', stripNulls: r.media.stripNulls }), params: p.values };
  });
  checkStrict(r.prefs);
  const res = await run(r, sql, params, { readOnly: false, check: maxAffectedCheck(r) });
  const headers = mutationHeaders(r.media, contentRange(0, res.page_total - 1, shouldCount(r.prefs) ? res.page_total : null), preferenceApplied(r.prefs, 'update'), full);
  return { status: full ? 200 : 204, headers, body: full ? res.body : null, rolledBack: res.rolledBack };
}

// ---------------------------------------------------------------- DELETE
export async function remove(r: Call, name: string): Promise<Answer> {
  const qp = parseQuery(r.url.search);
  const full = r.prefs.return === 'representation';
  const { sql, params } = await planned(r.st, (schema, strict) => {
    const table = lookupTable(schema, name, strict);
    const where = whereNode(schema, table, name, qp, strict);
    const read = full ? representation(schema, table, name, qp, strict) : null;
    const p = new Params();
    const mutation = deleteSql({ table: name, where, range: qp.ranges.get(''), returnRows: full }, p);
    return { sql: mutationStatement(mutation, read, p, { single: r.media.kind === 'object', stripNulls: r.media.stripNulls }), params: p.values };
  });
  checkStrict(r.prefs);
  const res = await run(r, sql, params, { readOnly: false, check: maxAffectedCheck(r) });
  const headers = mutationHeaders(r.media, contentRange(1, 0, shouldCount(r.prefs) ? res.page_total : null), preferenceApplied(r.prefs, 'delete'), full);
  return { status: full ? 200 : 204, headers, body: full ? res.body : null, rolledBack: res.rolledBack };
}
