/**
 * The PostgREST query language: `select`, filters, `order`, `limit`/`offset`, `and`/`or`, `columns`,
 * `on_conflict`, plus the Prefer / Accept / Range headers. Grammar and error texts follow
 * PostgREST/postgrest src/library/PostgREST/ApiRequest/QueryParams.hs (a Parsec parser); a syntax error
 * becomes 400 PGRST100 with the same "failed to parse …" message shape, never an exception.
 * Nothing here touches SQL: identifiers and values are checked and bound later (plan.ts, sql.ts).
 */
import { MAX_JSON_DEPTH } from '../../functions/_shared/http.ts';
import { queryParamError, aggregatesNotAllowed, invalidRange, invalidPreferences, nulInQuery, queryTooDeep, selectTooWide } from './errors.ts';

/**
 * Most columns one select list may name, embeds included. PostgREST has no such cap (Postgres stops at
 * 1664 target entries); it is here so that no request can make the embedded database plan an
 * arbitrarily large statement (issue 9). The widest select of this project names about twenty.
 */
export const MAX_SELECT_ITEMS = 200;

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
export type LogicTree =
  | { kind: 'stmt'; filter: Filter }
  | { kind: 'expr'; not: boolean; op: 'and' | 'or'; children: LogicTree[] };
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
  /** RPC read (GET/HEAD /rpc/fn): query parameters that are the function's arguments. */
  rpcArgs: [string, string][];
}

// ---------------------------------------------------------------- cursor + Parsec-like errors
class Fail {
  constructor(
    readonly pos: number,
    readonly expecting: string,
  ) {}
}

class Cursor {
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

function run<T>(label: string, input: string, p: (c: Cursor) => T): T {
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
const IDENT = /[\p{L}\p{N}_ $]/u;
const FIELD_EXPECT = 'field name (* or [a..z0..9_$])';

function quoted(c: Cursor): string {
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

function fieldName(c: Cursor): string {
  if (c.peek() === '"') return quoted(c);
  return sepByDash(c, (ch) => IDENT.test(ch), FIELD_EXPECT);
}

function jsonPath(c: Cursor): JsonOp[] {
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

function field(c: Cursor): Field {
  c.ws();
  const name = fieldName(c);
  const json = jsonPath(c);
  c.ws();
  return { name, json };
}

/** A cast or identifier: letters, digits, '_', ' ', '$' (pIdentifier). */
function identifier(c: Cursor): string {
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
function typeName(c: Cursor): string {
  const m = TYPE_NAME.exec(c.s.slice(c.i));
  if (!m) c.fail('type name');
  c.i += m[0].length;
  return m[0];
}

// ---------------------------------------------------------------- select
function aliasPrefix(c: Cursor): string | undefined {
  return c.try(() => {
    const name = fieldName(c);
    if (c.peek() !== ':' || c.peek(1) === ':') c.fail('":"');
    c.i++;
    return name;
  });
}

function embedParams(c: Cursor): { hint?: string; inner: boolean } {
  let hint: string | undefined;
  let inner = false;
  for (let k = 0; k < 2 && c.peek() === '!'; k++) {
    c.i++;
    if (c.at('left') && !IDENT.test(c.peek(4) ?? '')) c.i += 4;
    else if (c.at('inner') && !IDENT.test(c.peek(5) ?? '')) {
      c.i += 5;
      inner = true;
    } else hint = fieldName(c);
  }
  return { hint, inner };
}

function selectEnd(c: Cursor) {
  if (!(c.eof || c.peek() === ')' || c.peek() === ',')) c.fail('")", "," or end of input');
}

function selectTree(c: Cursor): SelectItem {
  c.ws();
  if (c.at('...')) {
    c.i += 3;
    const name = fieldName(c);
    const { hint, inner } = embedParams(c);
    c.expect('(');
    const children = selectForest(c);
    c.expect(')', '")"');
    c.ws();
    return { kind: 'embed', name, hint, inner, spread: true, children };
  }
  const rel = c.try(() => {
    const alias = aliasPrefix(c);
    const name = fieldName(c);
    if (name === 'count') c.fail('relation');
    const { hint, inner } = embedParams(c);
    if (c.peek() !== '(') c.fail('"("');
    return { alias, name, hint, inner };
  });
  if (rel) {
    c.i++;
    const children = selectForest(c);
    c.expect(')', '")"');
    c.ws();
    return { kind: 'embed', ...rel, spread: false, children };
  }
  if (c.peek() === '*') {
    c.i++;
    c.ws();
    selectEnd(c);
    return { kind: 'field', field: { name: '*', json: [] } };
  }
  const alias = aliasPrefix(c);
  if (c.at('count()')) throw aggregatesNotAllowed();
  const f = field(c);
  let cast: string | undefined;
  if (c.eat('::')) cast = typeName(c);
  if (c.peek() === '.' && /^\.(sum|avg|count|max|min)\(\)/.test(c.s.slice(c.i))) throw aggregatesNotAllowed();
  c.ws();
  if (!(c.eof || c.peek() === ')' || c.peek() === ',')) {
    c.fail(cast ? '"::", ".", ")", "," or end of input' : 'letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input');
  }
  return { kind: 'field', field: f, alias, cast };
}

function selectForest(c: Cursor): SelectItem[] {
  c.ws();
  if (c.eof || c.peek() === ')') return [];
  const items: SelectItem[] = [selectTree(c)];
  for (;;) {
    c.ws();
    if (!c.eat(',')) return items;
    items.push(selectTree(c));
  }
}

export function parseSelect(s: string): SelectItem[] {
  const items = run('select parameter', s, (c) => {
    const items = selectForest(c);
    if (!c.eof) c.fail('",", end of input');
    return items;
  });
  const count = (list: SelectItem[]): number => list.reduce((n, i) => n + 1 + (i.kind === 'embed' ? count(i.children) : 0), 0);
  const n = count(items);
  if (n > MAX_SELECT_ITEMS) throw selectTooWide(n, MAX_SELECT_ITEMS);
  return items;
}

// ---------------------------------------------------------------- filters
const OP_EXPECT = '"not" or operator (eq, gt, ...)';
const SIMPLE: Record<string, string> = { neq: '<>', cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-' };
const QUANT: [string, string][] = [
  ['eq', '='], ['gte', '>='], ['gt', '>'], ['lte', '<='], ['lt', '<'], ['like', 'like'], ['ilike', 'ilike'], ['match', '~'], ['imatch', '~*'],
];
const FTS: [string, Extract<Operation, { op: 'fts' }>['fn']][] = [
  ['plfts', 'plainto_tsquery'], ['phfts', 'phraseto_tsquery'], ['wfts', 'websearch_to_tsquery'], ['fts', 'to_tsquery'],
];

function listValue(c: Cursor): string[] {
  c.ws();
  c.expect('(');
  c.ws();
  const values: string[] = [];
  for (;;) {
    const q = c.try(() => {
      const v = quoted(c);
      if (!(c.peek() === ',' || c.peek() === ')')) c.fail('"," or ")"');
      return v;
    });
    if (q !== undefined) values.push(q);
    else {
      const start = c.i;
      while (!c.eof && c.peek() !== ',' && c.peek() !== ')') c.i++;
      values.push(c.s.slice(start, c.i));
    }
    if (!c.eat(',')) break;
  }
  c.ws();
  c.expect(')', '"," or ")"');
  c.ws();
  return values;
}

function opExpr(c: Cursor, singleVal: (c: Cursor) => string): { not: boolean; operation: Operation } {
  const not = c.at('not.');
  if (not) c.i += 4;
  if (c.at('in.')) {
    c.i += 3;
    return { not, operation: { op: 'in', values: listValue(c) } };
  }
  if (c.at('is.')) {
    c.i += 3;
    const m = /^(null|not_null|true|false|unknown)/i.exec(c.s.slice(c.i));
    if (!m) c.fail('null or trilean value (unknown, true, false)');
    c.i += m[0].length;
    return { not, operation: { op: 'is', value: m[0].toLowerCase() as IsValue } };
  }
  if (c.at('isdistinct.')) {
    c.i += 11;
    return { not, operation: { op: 'isdistinct', value: singleVal(c) } };
  }
  for (const [name, fn] of FTS) {
    if (!c.at(name)) continue;
    const save = c.i;
    c.i += name.length;
    let lang: string | undefined;
    if (c.peek() === '(') {
      const l = c.try(() => {
        c.i++;
        const id = identifier(c);
        c.expect(')');
        return id;
      });
      if (l === undefined) {
        c.i = save;
        break;
      }
      lang = l;
    }
    if (!c.eat('.')) {
      c.i = save;
      break;
    }
    return { not, operation: { op: 'fts', fn, lang, value: singleVal(c) } };
  }
  for (const [name, sym] of Object.entries(SIMPLE)) {
    if (c.at(`${name}.`)) {
      c.i += name.length + 1;
      return { not, operation: { op: 'simple', sym, value: singleVal(c) } };
    }
  }
  for (const [name, sym] of QUANT) {
    if (!c.at(name)) continue;
    const save = c.i;
    c.i += name.length;
    let quant: 'any' | 'all' | undefined;
    if (c.at('(any)')) quant = 'any';
    else if (c.at('(all)')) quant = 'all';
    if (quant) c.i += 5;
    if (!c.eat('.')) {
      c.i = save;
      continue;
    }
    return { not, operation: { op: 'quant', sym, like: name === 'like' || name === 'ilike', quant, value: singleVal(c) } };
  }
  c.fail(not ? 'operator (eq, gt, ...)' : OP_EXPECT);
}

const restOfInput = (c: Cursor) => {
  const v = c.s.slice(c.i);
  c.i = c.s.length;
  return v;
};

export function parseFilterValue(value: string): { not: boolean; operation: Operation } {
  return run('filter', value, (c) => opExpr(c, restOfInput));
}

function treePath(key: string): { path: string[]; field: Field } {
  return run('tree path', key, (c) => {
    const names = [fieldName(c)];
    while (c.eat('.')) names.push(fieldName(c));
    const json = jsonPath(c);
    if (!c.eof) c.fail('"->>", "->", delimiter (.) or end of input');
    return { path: names.slice(0, -1), field: { name: names[names.length - 1], json } };
  });
}

// ---------------------------------------------------------------- order
function orderTerms(c: Cursor): OrderTerm[] {
  const terms: OrderTerm[] = [];
  for (;;) {
    c.ws();
    const rel = c.try(() => {
      const relation = fieldName(c);
      c.expect('(');
      const f = field(c);
      c.expect(')');
      return { relation, field: f };
    });
    const term: OrderTerm = rel ?? { field: field(c) };
    if (c.at('.asc') && !/[\p{L}\p{N}_]/u.test(c.peek(4) ?? '')) {
      c.i += 4;
      term.dir = 'asc';
    } else if (c.at('.desc') && !/[\p{L}\p{N}_]/u.test(c.peek(5) ?? '')) {
      c.i += 5;
      term.dir = 'desc';
    }
    if (c.at('.nullsfirst')) {
      c.i += 11;
      term.nulls = 'first';
    } else if (c.at('.nullslast')) {
      c.i += 10;
      term.nulls = 'last';
    }
    c.ws();
    if (c.peek() === '.') {
      c.i++;
      c.fail(term.dir ? '"nullsfirst" or "nullslast"' : '"asc", "desc", "nullsfirst" or "nullslast"');
    }
    if (!(c.eof || c.peek() === ',')) c.fail('delimiter (.), "," or end of input');
    terms.push(term);
    if (!c.eat(',')) return terms;
  }
}

export function parseOrder(value: string): OrderTerm[] {
  return run('order', value, orderTerms);
}

// ---------------------------------------------------------------- and / or
function logicSingleVal(c: Cursor): string {
  const q = c.try(() => {
    const v = quoted(c);
    if (!(c.eof || c.peek() === ',' || c.peek() === ')')) c.fail('"," or ")"');
    return v;
  });
  if (q !== undefined) return q;
  if (c.peek() === '{') {
    const end = c.s.indexOf('}', c.i);
    const inner = end < 0 ? '' : c.s.slice(c.i + 1, end);
    if (end >= 0 && !/[{}]/.test(inner)) {
      const v = c.s.slice(c.i, end + 1);
      c.i = end + 1;
      return v;
    }
  }
  const start = c.i;
  while (!c.eof && c.peek() !== ',' && c.peek() !== ')') c.i++;
  return c.s.slice(start, c.i);
}

function logicTree(c: Cursor): LogicTree {
  c.ws();
  const stmt = c.try(() => {
    const f = field(c);
    c.expect('.', 'delimiter (.)');
    const { not, operation } = opExpr(c, logicSingleVal);
    return { field: f, not, operation };
  });
  if (stmt) return { kind: 'stmt', filter: stmt };
  const not = c.at('not.');
  if (not) c.i += 4;
  let op: 'and' | 'or';
  if (c.eat('and')) op = 'and';
  else if (c.eat('or')) op = 'or';
  else c.fail(not ? 'logic operator (and, or)' : `${FIELD_EXPECT}, negation operator (not) or logic operator (and, or)`);
  c.ws();
  c.expect('(');
  const children = [logicTree(c)];
  for (;;) {
    c.ws();
    if (!c.eat(',')) break;
    children.push(logicTree(c));
  }
  c.ws();
  c.expect(')', '"," or ")"');
  c.ws();
  return { kind: 'expr', not, op, children };
}

function logicParam(key: string, value: string): { path: string[]; tree: LogicTree } {
  const names = run('logic path', key, (c) => {
    const out = [fieldName(c)];
    while (c.eat('.')) out.push(fieldName(c));
    if (!c.eof) c.fail('delimiter (.) or end of input');
    return out;
  });
  const op = names[names.length - 1];
  const negated = names.slice(0, -1).includes('not');
  const path = names.slice(0, -1).filter((n) => n !== 'not');
  const tree = run('logic tree', `${negated ? 'not.' : ''}${op}${value}`, (c) => {
    const t = logicTree(c);
    if (!c.eof) c.fail('end of input');
    return t;
  });
  return { path, tree };
}

// ---------------------------------------------------------------- columns / on_conflict
function columnList(label: string, value: string): string[] {
  return run(label, value, (c) => {
    const out: string[] = [];
    for (;;) {
      c.ws();
      out.push(fieldName(c));
      c.ws();
      if (!c.eat(',')) break;
    }
    if (!c.eof) c.fail('",", end of input');
    return out;
  });
}

// ---------------------------------------------------------------- the whole query string
function decode(s: string): string {
  const plus = s.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(plus);
  } catch {
    return plus;
  }
}

/** `a=1&b&c=` → [[a,'1'],[c,'']]: a key without '=' carries no value and is dropped, as in PostgREST. */
export function queryPairs(search: string): [string, string][] {
  const q = search.startsWith('?') ? search.slice(1) : search;
  const out: [string, string][] = [];
  if (!q) return out;
  for (const part of q.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    out.push([decode(part.slice(0, eq)), decode(part.slice(eq + 1))]);
  }
  return out;
}

const lastSegment = (k: string) => k.slice(k.lastIndexOf('.') + 1);

/** `review_media` / `a.b` in front of `.order`, `.limit`, `.offset`: the embed path. */
function embedPath(prefix: string): string[] {
  if (!prefix) return [];
  return run('tree path', prefix, (c) => {
    const names = [fieldName(c)];
    while (c.eat('.')) names.push(fieldName(c));
    if (!c.eof) c.fail('delimiter (.) or end of input');
    return names;
  });
}

/**
 * @param rpcRead GET/HEAD on a function: `isArg(name)` tells which names are its parameters; a
 *   parameter that is not an argument and has no operator is an argument too (PostgREST NoOpExpr).
 */
/**
 * Refuses, before anything is parsed, what must not reach Postgres from a query string: a NUL (which
 * Postgres refuses as 22021 once it arrives) and brackets nested deeper than JSON may be (a filter value
 * can be a json or array literal that Postgres parses recursively).
 */
function guardQuery(pairs: [string, string][]) {
  for (const [k, v] of pairs) {
    if (k.includes('\u0000') || v.includes('\u0000')) throw nulInQuery();
    let depth = 0;
    for (let i = 0; i < v.length; i++) {
      const ch = v[i];
      if (ch === '(' || ch === '[' || ch === '{') {
        if (++depth > MAX_JSON_DEPTH) throw queryTooDeep(k, MAX_JSON_DEPTH);
      } else if (ch === ')' || ch === ']' || ch === '}') depth--;
    }
  }
}

export function parseQuery(search: string, rpcRead?: { isArg: (name: string) => boolean }): QueryParams {
  const pairs = queryPairs(search);
  guardQuery(pairs);
  const qp: QueryParams = { select: [], filters: [], logic: [], order: [], ranges: new Map(), rpcArgs: [] };
  const get = (k: string) => pairs.find(([key]) => key === k)?.[1];
  qp.select = parseSelect(get('select') ?? '*');
  const cols = get('columns');
  if (cols !== undefined) qp.columns = columnList('columns parameter', cols);
  const onc = get('on_conflict');
  if (onc !== undefined) qp.onConflict = columnList('on_conflict parameter', onc);

  const limits = new Map<string, number>();
  const offsets = new Map<string, number>();
  for (const [k, v] of pairs) {
    if (k === 'select' || k === 'columns' || k === 'on_conflict') continue;
    const last = lastSegment(k);
    const prefix = k.includes('.') ? k.slice(0, k.lastIndexOf('.')) : '';
    if (last === 'order') {
      if (v === '') continue;
      qp.order.push({ path: embedPath(prefix), terms: parseOrder(v) });
    } else if (last === 'limit' || last === 'offset') {
      if (!/^\s*-?\d+\s*$/.test(v)) continue; // Haskell readMaybe: anything else is ignored
      (last === 'limit' ? limits : offsets).set(embedPath(prefix).join('.'), Number(v));
    } else if (last === 'and' || last === 'or') {
      if (v === '') continue;
      qp.logic.push(logicParam(k, v));
    } else if (rpcRead?.isArg(k)) {
      qp.rpcArgs.push([k, v]);
    } else {
      const { path, field } = treePath(k);
      if (rpcRead) {
        let parsed: { not: boolean; operation: Operation } | undefined;
        try {
          parsed = parseFilterValue(v);
        } catch {
          parsed = undefined;
        }
        if (!parsed) {
          qp.rpcArgs.push([k, v]);
          continue;
        }
        qp.filters.push({ path, filter: { field, ...parsed } });
      } else {
        qp.filters.push({ path, filter: { field, ...parseFilterValue(v) } });
      }
    }
  }
  for (const key of new Set([...limits.keys(), ...offsets.keys()])) {
    const limit = limits.get(key);
    if (limit !== undefined && limit < 0) throw invalidRange('Limit should be greater than or equal to zero.');
    qp.ranges.set(key, { offset: offsets.get(key) ?? 0, limit });
  }
  return qp;
}

// ---------------------------------------------------------------- headers
export interface Preferences {
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  return?: 'representation' | 'minimal' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  missing?: 'default' | 'null';
  tx?: 'commit' | 'rollback';
  handling?: 'strict' | 'lenient';
  timezone?: string;
  maxAffected?: number;
  invalid: string[];
}

/** Preferences.hs fromHeaders: comma-separated, first occurrence of each kind wins. */
export function parsePrefer(header: string | null): Preferences {
  const prefs: Preferences = { invalid: [] };
  if (!header) return prefs;
  for (const raw of header.split(',')) {
    const p = raw.trim();
    if (!p) continue;
    const [k, v] = [p.slice(0, p.indexOf('=') < 0 ? p.length : p.indexOf('=')), p.slice(p.indexOf('=') + 1)];
    const known =
      (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) ||
      (k === 'return' && (v === 'representation' || v === 'minimal' || v === 'headers-only')) ||
      (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) ||
      (k === 'missing' && (v === 'default' || v === 'null')) ||
      (k === 'tx' && (v === 'commit' || v === 'rollback')) ||
      (k === 'handling' && (v === 'strict' || v === 'lenient')) ||
      (k === 'timezone' && p.includes('=')) ||
      (k === 'max-affected' && /^\d+$/.test(v));
    if (!known) {
      prefs.invalid.push(p);
      continue;
    }
    const key = k === 'max-affected' ? 'maxAffected' : (k as keyof Preferences);
    if (prefs[key] !== undefined) continue;
    (prefs as unknown as Record<string, unknown>)[key] = k === 'max-affected' ? Number(v) : v;
  }
  if (prefs.handling === 'strict' && prefs.invalid.length) throw invalidPreferences(prefs.invalid);
  return prefs;
}

/** The Preference-Applied value for the preferences a response honoured (prefAppliedHeader order). */
export function preferenceApplied(p: Partial<Preferences>): string | null {
  const vals = [
    p.resolution && `resolution=${p.resolution}`,
    p.missing && `missing=${p.missing}`,
    p.return && `return=${p.return}`,
    p.count && `count=${p.count}`,
    p.tx && `tx=${p.tx}`,
    p.handling && `handling=${p.handling}`,
    p.timezone && `timezone=${p.timezone}`,
  ].filter(Boolean);
  return vals.length ? vals.join(', ') : null;
}

export type Media = { kind: 'array' | 'object'; stripNulls: boolean };

/**
 * Accept negotiation: JSON array (default), `application/vnd.pgrst.object+json` (single object),
 * `;nulls=stripped` variants. Anything else the client insists on gives 406 PGRST107.
 */
export function negotiate(accept: string | null): Media | { unacceptable: string[] } {
  if (!accept) return { kind: 'array', stripNulls: false };
  const ranges = accept
    .split(',')
    .map((r, i) => {
      const [type, ...params] = r.split(';').map((x) => x.trim());
      const q = params.find((x) => x.startsWith('q='));
      return { type: type.toLowerCase(), params, q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((r) => r.type && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const r of ranges) {
    const stripNulls = r.params.some((x) => x.replace(/\s/g, '') === 'nulls=stripped');
    if (r.type === 'application/vnd.pgrst.object+json' || r.type === 'application/vnd.pgrst.object') return { kind: 'object', stripNulls };
    if (r.type === 'application/json' || r.type === 'application/vnd.pgrst.array+json' || r.type === 'application/vnd.pgrst.array')
      return { kind: 'array', stripNulls };
    if (r.type === '*/*' || r.type === 'application/*') return { kind: 'array', stripNulls: false };
  }
  return { unacceptable: ranges.map((r) => r.type) };
}

/** `Range: 0-9` (items); undefined when absent or not an items range. */
export function parseRangeHeader(header: string | null): Range | undefined {
  if (!header) return undefined;
  const m = /^(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(header.trim());
  if (!m) return undefined;
  const lower = Number(m[1]);
  if (m[2] === '') return { offset: lower };
  const upper = Number(m[2]);
  if (lower > upper) throw invalidRange('The lower boundary must be lower than or equal to the upper boundary in the Range header.');
  return { offset: lower, limit: upper - lower + 1 };
}

/** Intersection of two ranges (the Range header narrows limit/offset and vice versa). */
export function intersectRange(a: Range | undefined, b: Range | undefined): Range | undefined {
  if (!a) return b;
  if (!b) return a;
  const lower = Math.max(a.offset, b.offset);
  const ends = [a, b].filter((r) => r.limit !== undefined).map((r) => r.offset + r.limit! - 1);
  if (!ends.length) return { offset: lower };
  const upper = Math.min(...ends);
  return { offset: lower, limit: Math.max(0, upper - lower + 1) };
}
