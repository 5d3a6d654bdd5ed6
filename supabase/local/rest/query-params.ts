/**
 * The whole query string of a request: its pairs, split into select, filters, logic trees, order,
 * ranges, `columns`, `on_conflict` and (GET on a function) arguments, as PostgREST's QueryParams does.
 */
import { MAX_JSON_DEPTH } from '../../../shared/http.ts';
import { invalidRange, nulInQuery, queryTooDeep } from './errors.ts';
import { parseFilterValue, parseOrder, logicParam, treePath } from './filters.ts';
import { parseSelect } from './select.ts';
import { dottedPath, fieldName, run, type QueryParams } from './syntax.ts';

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
  return prefix ? dottedPath('tree path', prefix) : [];
}

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

/**
 * The query string, parsed once by the request stage (request.ts).
 * @param rpcRead GET/HEAD on a function: the pairs that could be its arguments are kept whole in
 *   `rpcPairs`, for the call plan to split by the function's parameter names (a pair with a parameter's
 *   name, or with no operator, is an argument: PostgREST's NoOpExpr).
 */
export function parseQuery(search: string, rpcRead = false): QueryParams {
  const pairs = queryPairs(search);
  guardQuery(pairs);
  const qp: QueryParams = { select: [], filters: [], logic: [], order: [], ranges: new Map(), rpcPairs: [] };
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
    } else if (rpcRead) {
      qp.rpcPairs.push({ key: k, value: v, path: attempt(() => treePath(k)), filter: orUndefined(() => parseFilterValue(v)) });
    } else {
      const { path, field } = treePath(k);
      qp.filters.push({ path, filter: { field, ...parseFilterValue(v) } });
    }
  }
  for (const key of new Set([...limits.keys(), ...offsets.keys()])) {
    const limit = limits.get(key);
    if (limit !== undefined && limit < 0) throw invalidRange('Limit should be greater than or equal to zero.');
    qp.ranges.set(key, { offset: offsets.get(key) ?? 0, limit });
  }
  return qp;
}

function attempt<T>(parse: () => T): T | { error: unknown } {
  try {
    return parse();
  } catch (error) {
    return { error };
  }
}

function orUndefined<T>(parse: () => T): T | undefined {
  try {
    return parse();
  } catch {
    return undefined;
  }
}
