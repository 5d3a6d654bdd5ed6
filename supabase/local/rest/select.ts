/** The `select` parameter's grammar: fields, casts, aliases, embeds and spreads (syntax.ts). */
import { aggregatesNotAllowed, selectTooWide } from './errors.ts';
import { IDENT, field, fieldName, run, typeName, type Cursor, type SelectItem } from './syntax.ts';

/**
 * Most columns one select list may name, embeds included. PostgREST has no such cap (Postgres stops at
 * 1664 target entries); it is here so that no request can make the embedded database plan an
 * arbitrarily large statement (issue 9). The widest select of this project names about twenty.
 */
export const MAX_SELECT_ITEMS = 200;

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
