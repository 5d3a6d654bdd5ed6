/**
 * POST (insert / upsert), PATCH and DELETE on a table: the mutate plans (which columns, which rows, what
 * to return) as one statement each (sql.ts), with the shape of PostgREST's answer for each.
 */
import { columnNotFound } from './errors.ts';
import type { Plan } from './execute.ts';
import { planRead, rootFilters, SchemaMiss, ident, type ReadNode } from './plan.ts';
import { lookupTable, maxAffectedCheck, planned, singularCheck } from './query.ts';
import { readPayload, type ApiRequest } from './request.ts';
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

const bodyShape = (r: ApiRequest) => ({ single: r.media.kind === 'object', stripNulls: r.media.stripNulls });

// ---------------------------------------------------------------- POST: insert / upsert
export async function insertPlan(r: ApiRequest, name: string): Promise<Plan> {
  const qp = r.query;
  // The table must exist before the body is read (unknown table is 404 whatever the body).
  await planned(r.st, (schema, strict) => lookupTable(schema, name, strict));
  const payload = await readPayload(r);
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
    const stmt = mutationStatement(mutation, read, p, bodyShape(r), headersOnly ? table.pk : undefined);
    return { sql: stmt, params: p.values, pk: table.pk };
  });
  return {
    sql,
    params,
    checks: { readOnly: false, result: [singularCheck(r)] },
    // Preference-Applied reports a resolution only where one could apply (a key or on_conflict).
    shape: { kind: 'write', answer: 'insert', withBody: full, resolvable: pk.length > 0 || qp.onConflict !== undefined, location: name },
  };
}

// ---------------------------------------------------------------- PATCH
export async function updatePlan(r: ApiRequest, name: string): Promise<Plan> {
  const qp = r.query;
  await planned(r.st, (schema, strict) => lookupTable(schema, name, strict));
  const payload = await readPayload(r);
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
    return { sql: mutationStatement(mutation, read, p, bodyShape(r)), params: p.values };
  });
  return { sql, params, checks: { readOnly: false, result: [singularCheck(r), maxAffectedCheck(r)] }, shape: { kind: 'write', answer: 'update', withBody: full } };
}

// ---------------------------------------------------------------- DELETE
export async function deletePlan(r: ApiRequest, name: string): Promise<Plan> {
  const qp = r.query;
  const full = r.prefs.return === 'representation';
  const { sql, params } = await planned(r.st, (schema, strict) => {
    const table = lookupTable(schema, name, strict);
    const where = whereNode(schema, table, name, qp, strict);
    const read = full ? representation(schema, table, name, qp, strict) : null;
    const p = new Params();
    const mutation = deleteSql({ table: name, where, range: qp.ranges.get(''), returnRows: full }, p);
    return { sql: mutationStatement(mutation, read, p, bodyShape(r)), params: p.values };
  });
  return { sql, params, checks: { readOnly: false, result: [singularCheck(r), maxAffectedCheck(r)] }, shape: { kind: 'write', answer: 'delete', withBody: full } };
}
