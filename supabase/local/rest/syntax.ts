/**
 * The PostgREST query language, first layer: the shapes a parsed query string takes, and the cursor
 * every grammar in this folder is written with (select.ts, filters.ts, query-params.ts). Grammar and
 * error texts follow PostgREST's QueryParams module (a Parsec parser): a syntax error becomes 400
 * PGRST100 with the same "failed to parse …" message shape, never an exception. Nothing here touches
 * SQL: identifiers and values are checked and bound later (plan.ts, sql.ts).
 */
import { queryParamError } from './errors.ts';

export interface JsonOp {
  arrow: '->' | '->>';
  key: string;
  /** Array index (`->0`) rather than an object key. */
  idx: boolean;
}
export interface Field {
  name: string;
  json: JsonOp[];
}
export type SelectItem =
  | { kind: 'field'; field: Field; alias?: string; cast?: string }
  | { kind: 'embed'; name: string; alias?: string; hint?: string; inner: boolean; spread: boolean; children: SelectItem[] };

export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';
export type Operation =
  | { op: 'in'; values: string[] }
  | { op: 'is'; value: IsValue }
  | { op: 'isdistinct'; value: string }
  | { op: 'fts'; fn: 'to_tsquery' | 'plainto_tsquery' | 'phraseto_tsquery' | 'websearch_to_tsquery'; lang?: string; value: string }
  | { op: 'simple'; sym: string; value: string }
  | { op: 'quant'; sym: string; like: boolean; quant?: 'any' | 'all'; value: string };
export interface Filter {
  field: Field;
  not: boolean;
  operation: Operation;
}
export type LogicTree = { kind: 'stmt'; filter: Filter } | { kind: 'expr'; not: boolean; op: 'and' | 'or'; children: LogicTree[] };
export interface OrderTerm {
  field: Field;
  /** `order=rel(col)`: ordering by a to-one embedded resource's column. */
  relation?: string;
  dir?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}
export interface Range {
  offset: number;
  limit?: number;
}

export interface QueryParams {
  select: SelectItem[];
  /** Filters, each under the embed path it applies to ([] = the requested table). */
  filters: { path: string[]; filter: Filter }[];
  logic: { path: string[]; tree: LogicTree }[];
  order: { path: string[]; terms: OrderTerm[] }[];
  /** Keyed by the embed path joined with '.' ('' = top level). */
  ranges: Map<string, Range>;
  columns?: string[];
  onConflict?: string[];
  /**
   * A function read (GET/HEAD /rpc/fn): every pair that is not select, order, a range or and/or, in
   * order, with its reading as a filter where it has one. Which are arguments depends on the function's
   * parameter names, so the call plan decides (call.ts `callArgs`); the table plans never see these.
   */
  rpcPairs: RpcPair[];
}

/** A pair of a function read's query string: an argument, or a filter on the function's result. */
export interface RpcPair {
  key: string;
  value: string;
  /** The key as a tree path (`a.b->c`), or why it is none (thrown only if the pair is no argument). */
  path: { path: string[]; field: Field } | { error: unknown };
  /** The value as a filter (`eq.5`); undefined when it reads as none, so the pair is an argument. */
  filter?: { not: boolean; operation: Operation };
}

// ---------------------------------------------------------------- cursor + Parsec-like errors
export class Fail {
  constructor(
    readonly pos: number,
    readonly expecting: string,
  ) {}
}

export class Cursor {
  i = 0;
  constructor(readonly s: string) {}
  get eof() {
    return this.i >= this.s.length;
  }
  peek(n = 0) {
    return this.s[this.i + n];
  }
  at(t: string) {
    return this.s.startsWith(t, this.i);
  }
  eat(t: string) {
    if (!this.at(t)) return false;
    this.i += t.length;
    return true;
  }
  expect(t: string, expecting = `"${t}"`) {
    if (!this.eat(t)) this.fail(expecting);
  }
  ws() {
    while (this.peek() === ' ' || this.peek() === '\t') this.i++;
  }
  fail(expecting: string): never {
    throw new Fail(this.i, expecting);
  }
  /** Runs p; on failure restores the position (Parsec's `try`) and returns undefined. */
  try<T>(p: () => T): T | undefined {
    const save = this.i;
    try {
      return p();
    } catch (e) {
      if (!(e instanceof Fail)) throw e;
      this.i = save;
      return undefined;
    }
  }
}

/** Runs a grammar over the whole input; a failure becomes PostgREST's 400 "failed to parse" error. */
export function run<T>(label: string, input: string, p: (c: Cursor) => T): T {
  const c = new Cursor(input);
  try {
    return p(c);
  } catch (e) {
    if (!(e instanceof Fail)) throw e;
    const ch = input[e.pos];
    const unexpected = ch === undefined ? 'end of input' : JSON.stringify(ch);
    throw queryParamError(`"failed to parse ${label} (${input})" (line 1, column ${e.pos + 1})`, `unexpected ${unexpected} expecting ${e.expecting}`);
  }
}

// ---------------------------------------------------------------- names and JSON paths
export const IDENT = /[\p{L}\p{N}_ $]/u;
export const FIELD_EXPECT = 'field name (* or [a..z0..9_$])';

export function quoted(c: Cursor): string {
  c.expect('"');
  let out = '';
  for (;;) {
    const ch = c.peek();
    if (ch === undefined) c.fail('"\\"" closing the quoted name');
    c.i++;
    if (ch === '"') return out;
    if (ch === '\\') {
      const next = c.peek();
      if (next === undefined) c.fail('escaped character');
      out += next;
      c.i++;
    } else out += ch;
  }
}

/** Identifier parts joined by '-' (a '-' that starts '->' ends the name). */
function sepByDash(c: Cursor, isChar: (ch: string) => boolean, expecting: string): string {
  const parts: string[] = [];
  for (;;) {
    const start = c.i;
    while (!c.eof && isChar(c.peek()!)) c.i++;
    if (c.i === start) c.fail(expecting);
    parts.push(c.s.slice(start, c.i).trim());
    if (c.peek() === '-' && c.peek(1) !== '>') {
      c.i++;
      continue;
    }
    return parts.join('-');
  }
}

export function fieldName(c: Cursor): string {
  if (c.peek() === '"') return quoted(c);
  return sepByDash(c, (ch) => IDENT.test(ch), FIELD_EXPECT);
}

export function jsonPath(c: Cursor): JsonOp[] {
  const ops: JsonOp[] = [];
  while (c.at('->')) {
    const arrow = c.at('->>') ? '->>' : '->';
    c.i += arrow.length;
    const m = /^-?\d+/.exec(c.s.slice(c.i));
    const after = m ? c.s.slice(c.i + m[0].length) : '';
    if (m && (after === '' || after.startsWith('->') || after.startsWith('::') || after.startsWith('.') || after.startsWith(','))) {
      c.i += m[0].length;
      ops.push({ arrow, key: m[0], idx: true });
      continue;
    }
    const key = c.peek() === '"' ? quoted(c) : sepByDash(c, (ch) => !'(-:.,>)'.includes(ch), 'any non reserved character different from: .,>()');
    ops.push({ arrow, key, idx: false });
  }
  return ops;
}

export function field(c: Cursor): Field {
  c.ws();
  const name = fieldName(c);
  const json = jsonPath(c);
  c.ws();
  return { name, json };
}

/** A cast or identifier: letters, digits, '_', ' ', '$' (pIdentifier). */
export function identifier(c: Cursor): string {
  const start = c.i;
  while (!c.eof && IDENT.test(c.peek()!)) c.i++;
  if (c.i === start) c.fail('letter or digit');
  return c.s.slice(start, c.i).trim();
}

/**
 * A cast target: a type name as Postgres spells one (`text`, `int4`, `public.mood`, `double precision`,
 * `numeric(10,2)`, `text[]`), and nothing else. PostgREST reads any identifier characters there; a cast
 * is the one piece of a request that ends up in the SQL text itself, so it is held to this grammar.
 */
const TYPE_NAME = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?(?: [A-Za-z_][A-Za-z0-9_]*)*(?:\(\d{1,4}(?:, ?\d{1,4})?\))?(?:\[\])*/;
export function typeName(c: Cursor): string {
  const m = TYPE_NAME.exec(c.s.slice(c.i));
  if (!m) c.fail('type name');
  c.i += m[0].length;
  return m[0];
}

/**
 * `a.b.c`: names joined by dots, the one shape of a key that points into embedded resources (filters,
 * `and`/`or`, `order`, `limit`/`offset`).
 */
export function dottedNames(c: Cursor): string[] {
  const names = [fieldName(c)];
  while (c.eat('.')) names.push(fieldName(c));
  return names;
}

/** A whole key that is only a dotted path (`and`/`or` keys, the embed in front of `.limit`). */
export function dottedPath(label: string, input: string): string[] {
  return run(label, input, (c) => {
    const names = dottedNames(c);
    if (!c.eof) c.fail('delimiter (.) or end of input');
    return names;
  });
}
