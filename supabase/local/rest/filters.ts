/** Filter values, `order` and the `and` / `or` trees (syntax.ts for the shared layer). */
import {
  FIELD_EXPECT,
  dottedNames,
  dottedPath,
  field,
  fieldName,
  identifier,
  jsonPath,
  quoted,
  run,
  type Cursor,
  type IsValue,
  type Field,
  type LogicTree,
  type Operation,
  type OrderTerm,
} from './syntax.ts';

const OP_EXPECT = '"not" or operator (eq, gt, ...)';
const SIMPLE: Record<string, string> = { neq: '<>', cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-' };
const QUANT: [string, string][] = [
  ['eq', '='],
  ['gte', '>='],
  ['gt', '>'],
  ['lte', '<='],
  ['lt', '<'],
  ['like', 'like'],
  ['ilike', 'ilike'],
  ['match', '~'],
  ['imatch', '~*'],
];
const FTS: [string, Extract<Operation, { op: 'fts' }>['fn']][] = [
  ['plfts', 'plainto_tsquery'],
  ['phfts', 'phraseto_tsquery'],
  ['wfts', 'websearch_to_tsquery'],
  ['fts', 'to_tsquery'],
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

/** A filter's key: the embed path, then the column with its JSON path. */
export function treePath(key: string): { path: string[]; field: Field } {
  return run('tree path', key, (c) => {
    const names = dottedNames(c);
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

export function logicParam(key: string, value: string): { path: string[]; tree: LogicTree } {
  const names = dottedPath('logic path', key);
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
