/**
 * The schema cache: what PostgREST knows about schema `public` — relations and their columns, keys,
 * foreign keys (for embedding) and functions (for /rpc). Read from pg_catalog once, and again when a
 * request names something the cache does not know (a table, column, relationship or function created
 * after start), so tests and migrations that add objects later are picked up without a restart.
 */
import type { Db } from '../db.ts';

export interface Column {
  name: string;
  /** format_type(): `text`, `integer`, `timestamp with time zone`, `character varying(20)`, … */
  type: string;
  nullable: boolean;
  /** The DEFAULT expression as Postgres prints it, or null. */
  default: string | null;
  generated: boolean;
}

export interface Table {
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  columnList: Column[];
  pk: string[];
  /** Primary key and unique constraints (one-to-one detection). */
  uniques: string[][];
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface Param {
  name: string;
  type: string;
  hasDefault: boolean;
  variadic: boolean;
}

export interface Routine {
  name: string;
  /** Input parameters in declaration order. */
  params: Param[];
  returnType: string;
  returnsSet: boolean;
  /** void → 204; scalar → the value; composite → row object(s). */
  returns: 'void' | 'scalar' | 'composite';
  volatility: 'volatile' | 'stable' | 'immutable';
}

export interface SchemaCache {
  tables: Map<string, Table>;
  fks: ForeignKey[];
  routines: Map<string, Routine[]>;
}

const RELATIONS_SQL = `
select cl.relname as table, cl.relkind::text as kind, a.attname::text as name,
       format_type(a.atttypid, a.atttypmod) as type, not a.attnotnull as nullable,
       pg_get_expr(d.adbin, d.adrelid) as "default", a.attgenerated::text <> '' as generated
from pg_class cl
join pg_namespace n on n.oid = cl.relnamespace
left join pg_attribute a on a.attrelid = cl.oid and a.attnum > 0 and not a.attisdropped
left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
where n.nspname = 'public' and cl.relkind in ('r', 'p', 'v', 'm', 'f')
order by cl.relname, a.attnum`;

const CONSTRAINTS_SQL = `
select c.conname::text as name, c.contype::text as type, cl.relname::text as table,
       array(select a.attname::text from unnest(c.conkey) with ordinality k(n, o)
             join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.o) as columns,
       rcl.relname::text as ref_table,
       array(select a.attname::text from unnest(coalesce(c.confkey, '{}')) with ordinality k(n, o)
             join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.o) as ref_columns
from pg_constraint c
join pg_class cl on cl.oid = c.conrelid
join pg_namespace n on n.oid = cl.relnamespace
left join pg_class rcl on rcl.oid = c.confrelid
left join pg_namespace rn on rn.oid = rcl.relnamespace
where n.nspname = 'public' and c.contype in ('p', 'u', 'f') and (c.contype <> 'f' or rn.nspname = 'public')
order by c.conname`;

const ROUTINES_SQL = `
select p.proname::text as name, p.provolatile::text as volatility, p.proretset as returns_set,
       format_type(p.prorettype, null) as return_type, t.typtype::text as ret_typtype,
       coalesce(p.proargnames, '{}')::text[] as arg_names,
       coalesce(p.proargmodes::text[], '{}') as arg_modes,
       array(select format_type(x.t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality x(t, o)
             order by x.o) as arg_types,
       p.pronargs as nargs, p.pronargdefaults as ndefaults
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type t on t.oid = p.prorettype
where n.nspname = 'public' and p.prokind = 'f'
  and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)
order by p.proname, p.oid`;

/** PGlite returns text[] as arrays; a real server through `pg` does too. Be lenient either way. */
function arr(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'string' && v.startsWith('{')) {
    const inner = v.slice(1, -1);
    return inner ? inner.split(',').map((x) => x.replace(/^"|"$/g, '')) : [];
  }
  return [];
}

export async function loadSchema(db: Db): Promise<SchemaCache> {
  const [rels, cons, procs] = [
    await db.query<{ table: string; kind: string; name: string | null; type: string; nullable: boolean; default: string | null; generated: boolean }>(RELATIONS_SQL),
    await db.query<{ name: string; type: string; table: string; columns: unknown; ref_table: string | null; ref_columns: unknown }>(CONSTRAINTS_SQL),
    await db.query<{
      name: string;
      volatility: string;
      returns_set: boolean;
      return_type: string;
      ret_typtype: string;
      arg_names: unknown;
      arg_modes: unknown;
      arg_types: unknown;
      nargs: number;
      ndefaults: number;
    }>(ROUTINES_SQL),
  ];

  const tables = new Map<string, Table>();
  for (const r of rels.rows) {
    let t = tables.get(r.table);
    if (!t) {
      t = { name: r.table, kind: r.kind === 'v' || r.kind === 'm' ? 'view' : 'table', columns: new Map(), columnList: [], pk: [], uniques: [] };
      tables.set(r.table, t);
    }
    if (r.name === null) continue;
    const col: Column = { name: r.name, type: r.type, nullable: r.nullable, default: r.default, generated: r.generated };
    t.columns.set(col.name, col);
    t.columnList.push(col);
  }

  const fks: ForeignKey[] = [];
  for (const c of cons.rows) {
    const t = tables.get(c.table);
    if (!t) continue;
    const columns = arr(c.columns);
    if (c.type === 'p') t.pk = columns;
    if (c.type === 'p' || c.type === 'u') t.uniques.push(columns);
    if (c.type === 'f' && c.ref_table && tables.has(c.ref_table)) {
      fks.push({ name: c.name, table: c.table, columns, refTable: c.ref_table, refColumns: arr(c.ref_columns) });
    }
  }

  const routines = new Map<string, Routine[]>();
  for (const p of procs.rows) {
    const names = arr(p.arg_names);
    const modes = arr(p.arg_modes);
    const types = arr(p.arg_types);
    const inputs: Param[] = [];
    let outs = 0;
    types.forEach((type, i) => {
      const mode = modes[i] ?? 'i';
      if (mode === 'o' || mode === 't') {
        outs++;
        return;
      }
      inputs.push({ name: names[i] ?? '', type, hasDefault: false, variadic: mode === 'v' });
    });
    for (let k = inputs.length - Number(p.ndefaults); k < inputs.length; k++) if (k >= 0) inputs[k].hasDefault = true;
    const returns: Routine['returns'] = p.return_type === 'void' ? 'void' : p.ret_typtype === 'c' || (p.return_type === 'record' && outs >= 0) ? 'composite' : 'scalar';
    const r: Routine = {
      name: p.name,
      params: inputs,
      returnType: p.return_type,
      returnsSet: p.returns_set,
      returns,
      volatility: p.volatility === 'i' ? 'immutable' : p.volatility === 's' ? 'stable' : 'volatile',
    };
    const list = routines.get(p.name) ?? [];
    list.push(r);
    routines.set(p.name, list);
  }
  return { tables, fks, routines };
}

/** One cache per stack; concurrent reloads share one catalog read. */
export class SchemaStore {
  private current: SchemaCache | undefined;
  private loading: Promise<SchemaCache> | undefined;
  constructor(private readonly db: Db) {}

  async get(): Promise<SchemaCache> {
    return this.current ?? this.reload();
  }

  /** Reads the catalog again, and, as PostgREST does on a schema reload, the API roles' own settings. */
  reload(): Promise<SchemaCache> {
    if (!this.loading) {
      this.db.reloadRoleSettings();
      this.loading = loadSchema(this.db)
        .then((s) => {
          this.current = s;
          return s;
        })
        .finally(() => {
          this.loading = undefined;
        });
    }
    return this.loading;
  }
}
