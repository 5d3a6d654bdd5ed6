/**
 * SQL for a planned request, shaped like PostgREST's own statements (Query/QueryBuilder.hs,
 * Query/SqlFragment.hs, Query/Statements.hs): one statement that also builds the JSON body with
 * json_agg, so timestamps, numerics and bigints come out exactly as Postgres prints them.
 * Values are always bound parameters ($n, type inferred by Postgres from the column, as PostgREST's
 * "unknown" encoder does); identifiers come from the schema cache or are double-quoted.
 */
import type { Field, Filter, LogicTree, OrderTerm, Range } from './syntax.ts';
import type { Column, Routine } from './schema.ts';
import type { ReadNode, Embed, SelectField } from './plan.ts';
import { ident } from './plan.ts';

export class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

const lit = (s: string) => `'${s.replaceAll('\u0000', '').replace(/'/g, "''")}'`;

export function fieldExpr(qual: string, f: Field, p: Params): string {
  let sql = `${qual}.${ident(f.name)}`;
  for (const op of f.json) sql += `${op.arrow}${p.add(op.key)}${op.idx ? '::int' : ''}`;
  return sql;
}

function selectFieldSql(qual: string, sf: SelectField, p: Params): string {
  if (sf.field.name === '*' && !sf.field.json.length) return `${qual}.*`;
  let expr = fieldExpr(qual, sf.field, p);
  if (sf.cast) expr = `CAST(${expr} AS ${sf.cast})`;
  const lastKey = [...sf.field.json].reverse().find((o) => !o.idx)?.key;
  const name = sf.alias ?? lastKey ?? sf.field.name;
  return `${expr} AS ${ident(name)}`;
}

/** A Postgres array literal from list values, escaped as PostgREST's pgBuildArrayLiteral does. */
function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replaceAll('\u0000', '').replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

function joinCondition(parent: ReadNode, e: Embed): string {
  return e.rel.joins.map(([childCol, parentCol]) => `${e.node.qual}.${ident(childCol)} = ${parent.qual}.${ident(parentCol)}`).join(' AND ');
}

function existsSql(parent: ReadNode, e: Embed, p: Params): string {
  const conds = [joinCondition(parent, e), ...e.node.where.map((t) => treeSql(e.node, t, p))];
  return `EXISTS (SELECT 1 FROM ${e.node.from} WHERE ${conds.join(' AND ')})`;
}

function filterSql(node: ReadNode, f: Filter, p: Params): string {
  const o = f.operation;
  const embed = o.op === 'is' ? node.embeds.find((e) => e.node.key === f.field.name) : undefined;
  if (embed && o.op === 'is') {
    // `embed=is.null` / `embed=not.is.null`: rows whose embedded resource is empty / present.
    const present = existsSql(node, embed, p);
    const wantPresent = (o.value === 'not_null') !== f.not;
    return wantPresent ? present : `NOT ${present}`;
  }
  const lhs = fieldExpr(node.qual, f.field, p);
  let expr: string;
  switch (o.op) {
    case 'in':
      expr = o.values.length === 1 && o.values[0] === '' ? `${lhs} = ANY('{}')` : `${lhs} = ANY(${p.add(arrayLiteral(o.values))})`;
      break;
    case 'is':
      expr = `${lhs} IS ${{ null: 'NULL', not_null: 'NOT NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' }[o.value]}`;
      break;
    case 'isdistinct':
      expr = `${lhs} IS DISTINCT FROM ${p.add(o.value)}`;
      break;
    case 'fts':
      expr = `${lhs} @@ ${o.fn}(${o.lang !== undefined ? `${p.add(o.lang)}::regconfig, ` : ''}${p.add(o.value)})`;
      break;
    case 'simple':
      expr = `${lhs} ${o.sym} ${p.add(o.value)}`;
      break;
    case 'quant': {
      const value = o.like ? o.value.replace(/\*/g, '%') : o.value;
      const param = p.add(value);
      expr = `${lhs} ${o.sym} ${o.quant ? `${o.quant.toUpperCase()}(${param})` : param}`;
      break;
    }
  }
  return f.not ? `NOT ${expr}` : expr;
}

export function treeSql(node: ReadNode, t: LogicTree, p: Params): string {
  if (t.kind === 'stmt') return filterSql(node, t.filter, p);
  const inner = t.children.map((c) => treeSql(node, c, p)).join(t.op === 'and' ? ' AND ' : ' OR ');
  return `${t.not ? 'NOT ' : ''}(${inner})`;
}

function orderSql(node: ReadNode, terms: OrderTerm[], p: Params): string {
  return terms
    .map((t) => {
      let expr: string;
      if (t.relation) {
        const e = node.embeds.find((x) => x.node.key === t.relation)!;
        expr = `(SELECT ${fieldExpr(e.node.qual, t.field, p)} FROM ${e.node.from} WHERE ${joinCondition(node, e)} LIMIT 1)`;
      } else expr = fieldExpr(node.qual, t.field, p);
      return `${expr}${t.dir ? ` ${t.dir.toUpperCase()}` : ''}${t.nulls ? ` NULLS ${t.nulls.toUpperCase()}` : ''}`;
    })
    .join(', ');
}

function limitOffset(r: Range | undefined): string {
  if (!r) return '';
  return `${r.limit !== undefined ? ` LIMIT ${Math.trunc(r.limit)}` : ''}${r.offset ? ` OFFSET ${Math.trunc(r.offset)}` : ''}`;
}

function embedSql(parent: ReadNode, e: Embed, p: Params): string {
  const inner = nodeSql(e.node, p, joinCondition(parent, e));
  const a = e.node.qual;
  return e.toOne
    ? `(SELECT row_to_json(${a}.*)::jsonb FROM (${inner}) AS ${a}) AS ${ident(e.node.key)}`
    : `COALESCE((SELECT json_agg(${a})::jsonb FROM (${inner}) AS ${a}), '[]') AS ${ident(e.node.key)}`;
}

/** SELECT for one node of the read tree; `join` ties an embedded node to its parent row. */
export function nodeSql(node: ReadNode, p: Params, join?: string, range: Range | undefined = node.range): string {
  const selects = [...node.fields.map((f) => selectFieldSql(node.qual, f, p)), ...node.embeds.map((e) => embedSql(node, e, p))];
  const conds = [...(join ? [join] : []), ...node.where.map((t) => treeSql(node, t, p)), ...node.embeds.filter((e) => e.inner).map((e) => existsSql(node, e, p))];
  let sql = `SELECT ${selects.join(', ')} FROM ${node.from}`;
  if (conds.length) sql += ` WHERE ${conds.join(' AND ')}`;
  if (node.order.length) sql += ` ORDER BY ${orderSql(node, node.order, p)}`;
  return sql + limitOffset(range);
}

/** The rows a read would return without its range: for `Prefer: count=exact`. */
export function countSql(node: ReadNode, p: Params): string {
  const conds = [...node.where.map((t) => treeSql(node, t, p)), ...node.embeds.filter((e) => e.inner).map((e) => existsSql(node, e, p))];
  return `SELECT 1 FROM ${node.from}${conds.length ? ` WHERE ${conds.join(' AND ')}` : ''}`;
}

export interface BodyShape {
  single: boolean;
  stripNulls: boolean;
  /** HEAD: the body is never sent, so it is not built. */
  none?: boolean;
  /** Function results that are a bare value per row. */
  scalar?: boolean;
}

function bodyExpr(shape: BodyShape): string {
  if (shape.none) return `''::text`;
  const col = shape.scalar ? '_postgrest_t.pgrst_scalar' : '_postgrest_t';
  const strip = (s: string) => (shape.stripNulls ? `json_strip_nulls(${s})` : s);
  return shape.single ? `coalesce((${strip(`json_agg(${col})->0`)})::text, 'null')` : `coalesce(${strip(`json_agg(${col})`)}, '[]')::text`;
}

export interface ReadResult {
  total: number | null;
  page_total: number;
  body: string;
  inserted?: number | null;
  /** `return=headers-only` on an insert: the new row's primary key as `key=eq.value` pairs. */
  location?: string[] | null;
  /** The transaction ended in a rollback (query.ts, `Prefer: tx=rollback`). */
  rolledBack?: boolean;
}

/** The whole read: rows (with their range), page count, optional exact count, JSON body. */
export interface ReadOptions {
  count: boolean;
  range?: Range;
  shape: BodyShape;
  /** The statement a function call reads from (`pgrst_source`). */
  source?: string;
  /** Counts no further (`count=estimated`: max-rows + 1). */
  countLimit?: number;
}

export function readStatement(root: ReadNode, p: Params, opts: ReadOptions): string {
  const main = nodeSql(root, p, undefined, opts.range);
  const separateCount = opts.count && ((!!opts.range && (opts.range.offset > 0 || opts.range.limit !== undefined)) || opts.countLimit !== undefined);
  const limit = opts.countLimit !== undefined ? ` LIMIT ${Math.trunc(opts.countLimit)}` : '';
  const count = !opts.count ? 'null::bigint' : separateCount ? `(SELECT pg_catalog.count(*) FROM (${countSql(root, p)}${limit}) _postgrest_c)` : 'pg_catalog.count(_postgrest_t)';
  const withSource = opts.source ? `WITH pgrst_source AS (${opts.source}) ` : '';
  return `${withSource}SELECT ${count} AS total, pg_catalog.count(_postgrest_t) AS page_total, ${bodyExpr(opts.shape)} AS body FROM (${main}) _postgrest_t`;
}

// ---------------------------------------------------------------- writes
const INSERTED = (add: boolean) =>
  `set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) ${add ? '+' : '-'} 1)::text, true) <> '${add ? '0' : '-1'}'`;

/**
 * The FROM items that turn a JSON body into typed rows (`pgrst_body`), as PostgREST's fromJsonBodyF
 * builds them. With `Prefer: missing=default` every row is first merged over an object of the
 * columns' DEFAULT expressions (schema.ts: identity columns as nextval of their sequence), so a key
 * absent from a row takes its default rather than NULL.
 */
function bodyRows(columns: Column[], body: string, isObject: boolean, missingDefault: boolean, limitOne: boolean, p: Params): string {
  const names = columns.map((c) => ident(c.name)).join(', ');
  const typed = columns.map((c) => `${ident(c.name)} ${c.type}`).join(', ');
  const limit = limitOne ? ' LIMIT 1' : '';
  if (!missingDefault) {
    return (
      `(SELECT ${p.add(body)}::json AS json_data) pgrst_payload, ` +
      `LATERAL (SELECT ${names} FROM ${isObject ? 'json_to_record' : 'json_to_recordset'}(pgrst_payload.json_data) AS _(${typed})${limit}) pgrst_body`
    );
  }
  const defaults = columns.filter((c) => c.default !== null).map((c) => `${lit(c.name)}, ${c.default}`);
  const obj = `jsonb_build_object(${defaults.join(', ')})`;
  const merged = isObject
    ? `LATERAL (SELECT ${obj} || pgrst_payload.json_data AS val) pgrst_json_defs`
    : `LATERAL (SELECT jsonb_agg(${obj} || elem) AS val FROM jsonb_array_elements(pgrst_payload.json_data) elem) pgrst_json_defs`;
  return (
    `(SELECT ${p.add(body)}::jsonb AS json_data) pgrst_payload, ${merged}, ` +
    `LATERAL (SELECT ${names} FROM ${isObject ? 'jsonb_to_record' : 'jsonb_to_recordset'}(pgrst_json_defs.val) AS _(${typed})${limit}) pgrst_body`
  );
}

export interface InsertSpec {
  table: string;
  columns: Column[];
  body: string;
  isObject: boolean;
  /** `Prefer: missing=default`: keys absent from a row take the column DEFAULT. */
  missingDefault: boolean;
  onConflict?: { columns: string[]; resolution: 'merge-duplicates' | 'ignore-duplicates' };
  /** The inserted rows themselves (a representation, or the key for a Location), or a 1 per row. */
  returnRows: boolean;
}

export function insertSql(s: InsertSpec, p: Params): string {
  const target = `"public".${ident(s.table)}`;
  const names = s.columns.map((c) => ident(c.name)).join(', ');
  let sql: string;
  if (!s.columns.length) {
    sql = s.isObject ? `INSERT INTO ${target} SELECT FROM (values(1)) _` : `INSERT INTO ${target} SELECT FROM json_array_elements(${p.add(s.body)}::json) _`;
  } else {
    sql =
      `INSERT INTO ${target}(${names}) SELECT ${s.columns.map((c) => `pgrst_body.${ident(c.name)}`).join(', ')} ` +
      `FROM ${bodyRows(s.columns, s.body, s.isObject, s.missingDefault, false, p)}`;
  }
  const merge = s.onConflict?.resolution === 'merge-duplicates';
  if (merge) sql += ` WHERE ${INSERTED(true)}`;
  if (s.onConflict?.columns.length) {
    sql += ` ON CONFLICT(${s.onConflict.columns.map(ident).join(', ')}) `;
    sql += !merge || !s.columns.length ? 'DO NOTHING' : `DO UPDATE SET ${s.columns.map((c) => `${ident(c.name)} = EXCLUDED.${ident(c.name)}`).join(', ')} WHERE ${INSERTED(false)}`;
  }
  return `${sql} RETURNING ${s.returnRows ? `${target}.*` : '1'}`;
}

export interface UpdateSpec {
  table: string;
  columns: Column[];
  body: string;
  isObject: boolean;
  /** `Prefer: missing=default` with `columns=`: a named column absent from the body is set to its DEFAULT. */
  missingDefault: boolean;
  where: ReadNode;
  range?: Range;
  returnRows: boolean;
}

/** WHERE for UPDATE/DELETE; a limit/offset narrows the rows by ctid as PostgREST's limited updates do. */
function mutationWhere(node: ReadNode, range: Range | undefined, p: Params): string {
  const conds = node.where.map((t) => treeSql(node, t, p));
  if (range && (range.limit !== undefined || range.offset)) {
    const order = node.order.length ? ` ORDER BY ${orderSql(node, node.order, p)}` : '';
    return ` WHERE ${node.qual}.ctid = ANY(ARRAY(SELECT ${node.qual}.ctid FROM ${node.from}${conds.length ? ` WHERE ${conds.join(' AND ')}` : ''}${order}${limitOffset(range)}))`;
  }
  return conds.length ? ` WHERE ${conds.join(' AND ')}` : '';
}

export function updateSql(s: UpdateSpec, p: Params): string {
  const target = `"public".${ident(s.table)}`;
  const returning = ` RETURNING ${s.returnRows ? `${target}.*` : '1'}`;
  if (!s.columns.length) return `SELECT ${s.returnRows ? `${target}.*` : '1'} FROM ${target} WHERE false`;
  return (
    `UPDATE ${target} SET ${s.columns.map((c) => `${ident(c.name)} = pgrst_body.${ident(c.name)}`).join(', ')} ` +
    `FROM ${bodyRows(s.columns, s.body, s.isObject, s.missingDefault, true, p)}` +
    mutationWhere(s.where, s.range, p) +
    returning
  );
}

export function deleteSql(s: { table: string; where: ReadNode; range?: Range; returnRows: boolean }, p: Params): string {
  const target = `"public".${ident(s.table)}`;
  return `DELETE FROM ${target}${mutationWhere(s.where, s.range, p)} RETURNING ${s.returnRows ? `${target}.*` : '1'}`;
}

/**
 * Wraps a mutation: how many rows it touched, the representation (if asked), the inserted count, and
 * for `return=headers-only` the `key=eq.value` pairs of the one row inserted (SqlFragment.hs locationF).
 */
export function mutationStatement(mutation: string, read: ReadNode | null, p: Params, shape: BodyShape, locationKeys?: string[]): string {
  const body = read ? bodyExpr(shape) : 'null::text';
  const from = read ? nodeSql(read, p) : 'SELECT 1 FROM pgrst_source';
  const location = locationKeys?.length
    ? `CASE WHEN pg_catalog.count(_postgrest_t) = 1 THEN (SELECT array_agg(pgrst_kv.key || '=' || coalesce('eq.' || pgrst_kv.value, 'is.null')) ` +
      `FROM (SELECT row_to_json(_) AS row FROM pgrst_source AS _ LIMIT 1) pgrst_row CROSS JOIN json_each_text(pgrst_row.row) AS pgrst_kv ` +
      `WHERE pgrst_kv.key IN (${locationKeys.map(lit).join(', ')})) END`
    : 'null::text[]';
  return (
    `WITH pgrst_source AS (${mutation}) SELECT null::bigint AS total, pg_catalog.count(_postgrest_t) AS page_total, ${body} AS body, ` +
    `nullif(current_setting('pgrst.inserted', true), '')::int AS inserted, ${location} AS location FROM (${from}) _postgrest_t`
  );
}

// ---------------------------------------------------------------- functions
export type CallArgs =
  /** POST: the JSON object body, spread over named parameters by json_to_record. */
  | { mode: 'json'; body: string; names: Set<string> }
  /** GET: query-string values cast to each parameter's type. */
  | { mode: 'direct'; values: Map<string, string> }
  /** A function with one unnamed json/jsonb parameter gets the whole body. */
  | { mode: 'single'; body: string };

/** The call as a FROM item / select: `pgrst_scalar` for scalar results, the row's columns otherwise. */
export function callSql(r: Routine, args: CallArgs, p: Params): string {
  const fn = `"public".${ident(r.name)}`;
  let argList: string;
  let from = '';
  if (args.mode === 'single') {
    argList = `${p.add(args.body)}::${r.params[0].type}`;
  } else {
    const used = r.params.filter((prm) => (args.mode === 'json' ? args.names.has(prm.name) : args.values.has(prm.name)));
    if (args.mode === 'json' && used.length) {
      from = `json_to_record(${p.add(args.body)}::json) AS pgrst_body(${used.map((prm) => `${ident(prm.name)} ${prm.type}`).join(', ')})`;
    }
    argList = used
      .map((prm) => {
        const value = args.mode === 'json' ? `pgrst_body.${ident(prm.name)}` : `${p.add(args.values.get(prm.name))}::${prm.type}`;
        return `${prm.variadic ? 'VARIADIC ' : ''}${ident(prm.name)} := ${value}`;
      })
      .join(', ');
  }
  if (r.returns === 'composite') {
    return from ? `SELECT pgrst_call.* FROM ${from}, LATERAL ${fn}(${argList}) pgrst_call` : `SELECT pgrst_call.* FROM ${fn}(${argList}) pgrst_call`;
  }
  return `SELECT ${fn}(${argList}) AS pgrst_scalar${from ? ` FROM ${from}` : ''}`;
}
