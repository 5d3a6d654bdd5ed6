/**
 * Turns parsed query parameters into a read tree checked against the schema cache: which table each
 * embed names, through which foreign key, with which filters, order and range. Every identifier that
 * reaches SQL has been looked up here (tables, relationships) or is quoted by sql.ts (columns, so an
 * unknown column yields Postgres' own 42703 text as PostgREST does).
 */
import type { Field, LogicTree, OrderTerm, QueryParams, Range, SelectItem, Filter } from './syntax.ts';
import type { ForeignKey, SchemaCache, Table } from './schema.ts';
import { ambiguousRel, noRelBetween, notEmbedded, notImplemented, ApiError } from './errors.ts';

/** Thrown on the first pass when the cache lacks a name: query.ts `planned` reloads the cache and plans again. */
export class SchemaMiss extends Error {}

export interface Rel {
  cardinality: 'one-to-many' | 'many-to-one' | 'one-to-one';
  fk: ForeignKey;
  /** The embedded table. */
  target: string;
  /** [child column, parent column] pairs: the join condition. */
  joins: [string, string][];
}

export interface SelectField {
  field: Field;
  alias?: string;
  cast?: string;
}

export interface ReadNode {
  /** The relation read (undefined for a function's result). */
  table?: Table;
  /** The embed's key in the parent's JSON (alias or name). */
  key: string;
  /** SQL FROM item and the qualifier its columns are referenced by. */
  from: string;
  qual: string;
  fields: SelectField[];
  embeds: Embed[];
  where: LogicTree[];
  order: OrderTerm[];
  range?: Range;
}

export interface Embed {
  node: ReadNode;
  rel: Rel;
  inner: boolean;
  toOne: boolean;
}

export const ident = (s: string) => `"${s.replaceAll('\u0000', '').replace(/"/g, '""')}"`;

export interface PlanOptions {
  /** First pass: a name unknown to the cache throws SchemaMiss so the cache is reloaded once. */
  strict: boolean;
  /** FROM item and qualifier for the top level (defaults to the table itself). */
  from?: string;
  qual?: string;
  /** Keep top-level filters out of the tree (mutations apply them to the UPDATE/DELETE). */
  skipRootFilters?: boolean;
}

function relationships(schema: SchemaCache, parent: Table, name: string, hint: string | undefined): Rel[] {
  const rels: Rel[] = [];
  const isUnique = (t: Table | undefined, cols: string[]) => !!t && t.uniques.some((u) => u.length === cols.length && u.every((c) => cols.includes(c)));
  const m2o = (fk: ForeignKey): Rel => ({
    cardinality: isUnique(schema.tables.get(fk.table), fk.columns) ? 'one-to-one' : 'many-to-one',
    fk,
    target: fk.refTable,
    joins: fk.refColumns.map((c, i) => [c, fk.columns[i]]),
  });
  const o2m = (fk: ForeignKey): Rel => ({
    cardinality: isUnique(schema.tables.get(fk.table), fk.columns) ? 'one-to-one' : 'one-to-many',
    fk,
    target: fk.table,
    joins: fk.columns.map((c, i) => [c, fk.refColumns[i]]),
  });
  const target = schema.tables.get(name);
  if (target) {
    for (const fk of schema.fks) {
      if (fk.table === parent.name && fk.refTable === name) rels.push(m2o(fk));
      if (fk.refTable === parent.name && fk.table === name) rels.push(o2m(fk));
    }
  } else {
    // Embedding through a foreign key column or constraint name: `author:user_id(*)`, `fk_name(*)`.
    for (const fk of schema.fks) {
      if (fk.table === parent.name && ((fk.columns.length === 1 && fk.columns[0] === name) || fk.name === name)) rels.push(m2o(fk));
      else if (fk.refTable === parent.name && fk.name === name) rels.push(o2m(fk));
    }
  }
  if (!hint) return rels;
  const single = (cols: string[]) => cols.length === 1 && cols[0] === hint;
  return rels.filter((r) => r.fk.name === hint || single(r.fk.columns) || single(r.fk.refColumns));
}

function ambiguity(parent: Table, name: string, rels: Rel[]) {
  const fmt = (cols: string[]) => `(${cols.join(', ')})`;
  const details = rels.map((r) => ({
    cardinality: r.cardinality,
    embedding: `${parent.name} with ${name}`,
    relationship: `${r.fk.name} using ${r.fk.table}${fmt(r.fk.columns)} and ${r.fk.refTable}${fmt(r.fk.refColumns)}`,
  }));
  const hint = `Try changing '${name}' to one of the following: ${rels.map((r) => `'${name}!${r.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`;
  return ambiguousRel(parent.name, name, details, hint);
}

const typeName = (t: string) => t.replace(/^public\./, '').replace(/^"|"$/g, '');

/** A function of the table's row type, which PostgREST reads as a computed field or relationship. */
function rowFunction(schema: SchemaCache, table: Table, name: string) {
  return (schema.routines.get(name) ?? []).find((r) => r.params.length > 0 && typeName(r.params[0].type) === table.name && r.params.slice(1).every((p) => p.hasDefault));
}

/**
 * A name the table does not have: on the first pass the cache reloads; then a computed field (a
 * function of the row, which PostgREST calls) is refused as not implemented, and anything else goes
 * on to Postgres, whose 42703 is PostgREST's answer too.
 */
function checkColumn(schema: SchemaCache, table: Table | undefined, name: string, opts: PlanOptions) {
  if (!table || name === '*' || table.columns.has(name)) return;
  if (opts.strict) throw new SchemaMiss(name);
  if (rowFunction(schema, table, name)) throw notImplemented(`Computed field '${name}' (a function of '${table.name}') is not implemented by the local stack`);
}

/**
 * Why no foreign key joins two relations that PostgREST might still embed: a computed relationship, a
 * many-to-many junction, or a view (whose keys PostgREST follows to its base tables). Those are refused
 * as not implemented rather than answered "no relationship" (PGRST200), which hosted would not say.
 */
function unsupportedEmbed(schema: SchemaCache, parent: Table, name: string): string | null {
  const fn = rowFunction(schema, parent, name);
  if (fn && fn.returns === 'composite') return `Computed relationship '${name}' (a function of '${parent.name}') is not implemented by the local stack`;
  const target = schema.tables.get(name);
  if (!target) return null;
  if (parent.kind === 'view' || target.kind === 'view') return `Embedding '${name}' in '${parent.name}' through a view's keys is not implemented by the local stack`;
  // A junction holds a key to each side, both inside its primary key (SchemaCache.hs addM2MRels).
  const inPk = (fk: ForeignKey) => fk.columns.every((c) => schema.tables.get(fk.table)?.pk.includes(c));
  const junction = schema.fks.find(
    (a) => a.refTable === parent.name && inPk(a) && schema.fks.some((b) => b.table === a.table && b.name !== a.name && b.refTable === name && inPk(b)),
  );
  if (junction) return `Many-to-many embedding of '${name}' in '${parent.name}' through '${junction.table}' is not implemented by the local stack`;
  return null;
}

/**
 * The read tree for `table` (or for a function's result when `table` is undefined and `from`/`qual`
 * are given). Filters, orders and ranges under an embed path land on that embed's node.
 */
export function planRead(schema: SchemaCache, table: Table | undefined, name: string, qp: QueryParams, opts: PlanOptions): ReadNode {
  let counter = 0;
  const byPath = new Map<string, ReadNode>();

  const build = (t: Table | undefined, key: string, items: SelectItem[], from: string, qual: string, path: string[]): ReadNode => {
    const node: ReadNode = { table: t, key, from, qual, fields: [], embeds: [], where: [], order: [] };
    byPath.set(path.join('\u0000'), node);
    for (const item of items) {
      if (item.kind === 'field') {
        checkColumn(schema, t, item.field.name, opts);
        node.fields.push({ field: item.field, alias: item.alias, cast: item.cast });
        continue;
      }
      if (item.spread) throw notImplemented('Spread embedding (...relation) is not implemented by the local stack');
      if (!t) throw noRelBetween(name, item.name, item.hint ?? null);
      const rels = relationships(schema, t, item.name, item.hint);
      if (rels.length === 0) {
        if (opts.strict) throw new SchemaMiss(item.name);
        const unsupported = unsupportedEmbed(schema, t, item.name);
        if (unsupported) throw notImplemented(unsupported);
        throw noRelBetween(t.name, item.name, item.hint ?? null);
      }
      if (rels.length > 1) throw ambiguity(t, item.name, rels);
      const rel = rels[0];
      const child = schema.tables.get(rel.target)!;
      const alias = ident(`${child.name.slice(0, 50)}_${++counter}`);
      const childKey = item.alias ?? item.name;
      const childNode = build(child, childKey, item.children, `"public".${ident(child.name)} AS ${alias}`, alias, [...path, childKey]);
      const toOne = rel.cardinality !== 'one-to-many';
      node.embeds.push({ node: childNode, rel, inner: item.inner, toOne });
    }
    return node;
  };

  const root = build(table, name, qp.select, opts.from ?? `"public".${ident(name)}`, opts.qual ?? `"public".${ident(name)}`, []);

  const nodeAt = (path: string[]): ReadNode => {
    const n = byPath.get(path.join('\u0000'));
    if (!n) throw notEmbedded(path[path.length - 1]);
    return n;
  };
  const checkTree = (n: ReadNode, tree: LogicTree) => {
    if (tree.kind === 'stmt') checkFilterField(n, tree.filter);
    else tree.children.forEach((c) => checkTree(n, c));
  };
  const checkFilterField = (n: ReadNode, f: Filter) => {
    // `embed=not.is.null` filters on the embed, not on a column.
    if (n.embeds.some((e) => e.node.key === f.field.name) && f.operation.op === 'is') return;
    checkColumn(schema, n.table, f.field.name, opts);
  };

  for (const { path, filter } of qp.filters) {
    if (path.length === 0 && opts.skipRootFilters) continue;
    const n = nodeAt(path);
    checkFilterField(n, filter);
    n.where.push({ kind: 'stmt', filter });
  }
  for (const { path, tree } of qp.logic) {
    if (path.length === 0 && opts.skipRootFilters) continue;
    const n = nodeAt(path);
    checkTree(n, tree);
    n.where.push(tree);
  }
  for (const { path, terms } of qp.order) {
    const n = nodeAt(path);
    for (const term of terms) {
      if (term.relation) {
        const e = n.embeds.find((x) => x.node.key === term.relation);
        if (!e) throw notEmbedded(term.relation);
        if (!e.toOne) {
          throw new ApiError(400, {
            code: 'PGRST118',
            message: `A related order on '${term.relation}' is not possible`,
            details: `'${n.key}' and '${term.relation}' do not form a many-to-one or one-to-one relationship`,
            hint: null,
          });
        }
        checkColumn(schema, e.node.table, term.field.name, opts);
      } else checkColumn(schema, n.table, term.field.name, opts);
      n.order.push(term);
    }
  }
  for (const [key, range] of qp.ranges) {
    const n = nodeAt(key ? key.split('.') : []);
    n.range = range;
  }
  return root;
}

/** Top-level filters of a request as logic trees (UPDATE / DELETE WHERE). */
export function rootFilters(schema: SchemaCache, table: Table, qp: QueryParams, opts: PlanOptions): LogicTree[] {
  const out: LogicTree[] = [];
  const check = (t: LogicTree) => {
    if (t.kind === 'stmt') checkColumn(schema, table, t.filter.field.name, opts);
    else t.children.forEach(check);
  };
  for (const { path, filter } of qp.filters) {
    if (path.length) continue;
    const t: LogicTree = { kind: 'stmt', filter };
    check(t);
    out.push(t);
  }
  for (const { path, tree } of qp.logic) {
    if (path.length) continue;
    check(tree);
    out.push(tree);
  }
  return out;
}
