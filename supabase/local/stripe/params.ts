/**
 * Request parameters as Stripe's v1 API reads them, and the tables that say which ones each endpoint
 * takes.
 *
 * Encoding: `application/x-www-form-urlencoded` bodies (and query strings for GET), nested with brackets
 * the way the SDK writes them (utils.js queryStringifyRequestData): `line_items[0][price_data][currency]=usd`,
 * arrays indexed (`expand[0]=…`) or appended (`expand[]=…`), every leaf a string, `''` meaning "unset".
 *
 * Tables: a Rule per parameter, typed by the SDK's own parameter types (Fields<T> below), so a table
 * lists *every* key the pinned SDK version defines for the endpoint, each either implemented (with its
 * rule) or NO (Stripe has it, the stand-in refuses it with a 400 that says so), and marks `required`
 * exactly the keys the SDK marks required. A key not in the table is not a Stripe parameter: 400
 * parameter_unknown, as Stripe answers. Upgrading the SDK makes the type check fail until each new key
 * is decided.
 */
import type Stripe from 'stripe';
import { invalidRequest, missingParameter, notImplemented, unknownParameters } from './errors.ts';

/** A decoded request: nested objects, string leaves (arrays still as objects keyed '0', '1', …). */
export interface Params {
  [key: string]: Param;
}
export type Param = string | Params;

const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

/** Decodes a form body or query string into nested Params, without prototype keys. */
export function decodeForm(text: string): Params {
  const root: Params = Object.create(null);
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const decode = (s: string) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, ' '));
      } catch {
        throw invalidRequest(`Invalid request: could not decode \`${s}\`.`);
      }
    };
    const rawKey = decode(eq < 0 ? pair : pair.slice(0, eq));
    const value = decode(eq < 0 ? '' : pair.slice(eq + 1));
    const m = KEY.exec(rawKey);
    const path = m ? [m[1], ...[...m[2].matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1])] : [rawKey];
    let node: Params = root;
    for (let i = 0; i < path.length; i++) {
      let seg = path[i];
      if (seg === '') seg = String(Object.keys(node).length); // `a[]=x` appends
      if (i === path.length - 1) {
        if (typeof node[seg] === 'object') throw invalidRequest(`Invalid request: \`${rawKey}\` is given both as a value and as a hash.`, rawKey);
        node[seg] = value;
      } else {
        const next = node[seg];
        if (typeof next === 'string') throw invalidRequest(`Invalid request: \`${rawKey}\` is given both as a value and as a hash.`, rawKey);
        node = next ?? (node[seg] = Object.create(null) as Params);
      }
    }
  }
  return root;
}

// ------------------------------------------------------------------ rules

interface Base {
  required?: boolean;
  /** `''` is accepted and means "unset" (the SDK's Emptyable<T>). */
  emptyable?: boolean;
}
export interface StrRule extends Base {
  t: 'string';
  max?: number;
  oneOf?: readonly string[];
  /** Further checks (a URL, an e-mail address); throw a StripeError to refuse. */
  check?: (value: string, param: string) => void;
}
export interface IntRule extends Base {
  t: 'int';
  min?: number;
  max?: number;
}
export interface BoolRule extends Base {
  t: 'bool';
}
/** Stripe's metadata hash: at most 50 keys of 40 characters, values of 500. */
export interface MetadataRule extends Base {
  t: 'metadata';
}
export interface ArrRule<E> extends Base {
  t: 'array';
  of: RuleFor<E>;
  max?: number;
}
export interface ObjRule<T> extends Base {
  t: 'object';
  fields: Fields<T>;
}
/**
 * A list's `created` (the SDK's `RangeQueryParam | number`): one unix time (`created=…`), or bounds
 * (`created[gte]=…&created[lt]=…`).
 */
export interface RangeRule extends Base {
  t: 'range';
}
/** A checked range: what `created` and the other timestamp filters compare with. */
export type Range = Stripe.RangeQueryParam;
export const NO = { t: 'unimplemented' } as const;
export type No = typeof NO;
/** A rule of any shape, once its table's types are checked (compared member by member, never through `any`). */
export type AnyRule = StrRule | IntRule | BoolRule | MetadataRule | RangeRule | AnyArrRule | AnyObjRule | No;
interface AnyArrRule extends Base {
  t: 'array';
  of: AnyRule;
  max?: number;
}
interface AnyObjRule extends Base {
  t: 'object';
  fields: Record<string, AnyRule>;
}

type Clean<V> = Exclude<NonNullable<V>, ''>;
/** The rule a parameter of SDK type V takes. */
export type RuleFor<V> = [Clean<V>] extends [readonly (infer E)[]]
  ? ArrRule<E>
  : [Clean<V>] extends [string]
    ? StrRule
    : [Clean<V>] extends [number]
      ? IntRule
      : [Clean<V>] extends [boolean]
        ? BoolRule
        : string extends keyof Clean<V>
          ? MetadataRule
          : [Clean<V>] extends [Range | number]
            ? RangeRule
            : ObjRule<Clean<V>>;
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];
/** Every key of T: implemented (required where T requires it) or NO. */
export type Fields<T> = {
  [K in keyof T]-?: K extends OptionalKeys<T> ? RuleFor<T[K]> | No : (RuleFor<T[K]> & { required: true }) | No;
};

export const str = (o: Omit<StrRule, 't'> = {}): StrRule => ({ t: 'string', ...o });
export const int = (o: Omit<IntRule, 't'> = {}): IntRule => ({ t: 'int', ...o });
export const bool = (o: Omit<BoolRule, 't'> = {}): BoolRule => ({ t: 'bool', ...o });
export const metadata = (o: Omit<MetadataRule, 't'> = {}): MetadataRule => ({ t: 'metadata', ...o });
export const range = (o: Omit<RangeRule, 't'> = {}): RangeRule => ({ t: 'range', ...o });
export const arr = <E>(of: RuleFor<E>, o: Omit<ArrRule<E>, 't' | 'of'> = {}): ArrRule<E> => ({ t: 'array', of, ...o });
export const obj = <T>(fields: Fields<T>, o: Omit<ObjRule<T>, 't' | 'fields'> = {}): ObjRule<T> => ({ t: 'object', fields, ...o });
/** The same rule, required. */
export const req = <R extends AnyRule>(r: R): R & { required: true } => ({ ...r, required: true });

// ------------------------------------------------------------------ validation

const isParams = (v: Param | undefined): v is Params => typeof v === 'object' && v !== null;

/** Arrays arrive as objects keyed by index; anything else in an array's place is refused. */
function asArray(v: Params, param: string): Param[] {
  const keys = Object.keys(v);
  if (!keys.every((k) => /^\d+$/.test(k))) throw invalidRequest(`Invalid array: ${param} must be an array.`, param, 'parameter_invalid_array');
  return keys.sort((a, b) => Number(a) - Number(b)).map((k) => v[k]);
}

/**
 * Checks `value` against `rule` and returns it typed: integers as numbers, booleans as booleans, arrays
 * as arrays, `''` as null where the parameter may be unset. Throws Stripe's error for the first problem:
 * unknown keys of an object before anything inside it.
 */
export function check(rule: AnyRule, value: Param | undefined, param: string): unknown {
  if (value === undefined) {
    if ('required' in rule && rule.required) throw missingParameter(param);
    return undefined;
  }
  if (rule.t === 'unimplemented') throw notImplemented(param);
  if (value === '') {
    if (rule.emptyable) return null;
    throw invalidRequest(
      `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
      param,
      'parameter_invalid_empty',
    );
  }
  switch (rule.t) {
    case 'string': {
      if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${param} must be a string.`, param, 'parameter_invalid_string');
      if (rule.max !== undefined && value.length > rule.max) {
        throw invalidRequest(`Invalid string: ${param} must be at most ${rule.max} characters.`, param, 'parameter_invalid_string');
      }
      if (rule.oneOf && !rule.oneOf.includes(value)) throw invalidRequest(`Invalid ${param}: must be one of ${rule.oneOf.join(', ')}`, param);
      rule.check?.(value, param);
      return value;
    }
    case 'int': {
      if (typeof value !== 'string' || !/^-?\d{1,15}$/.test(value))
        throw invalidRequest(`Invalid integer: ${typeof value === 'string' ? value : param}`, param, 'parameter_invalid_integer');
      const n = Number(value);
      if (rule.min !== undefined && n < rule.min) throw invalidRequest(`This value must be greater than or equal to ${rule.min}.`, param);
      if (rule.max !== undefined && n > rule.max) throw invalidRequest(`This value must be less than or equal to ${rule.max}.`, param);
      return n;
    }
    case 'bool': {
      if (value !== 'true' && value !== 'false') throw invalidRequest(`Invalid boolean: ${typeof value === 'string' ? value : param}`, param);
      return value === 'true';
    }
    case 'metadata': {
      if (!isParams(value)) throw invalidRequest(`Invalid object: ${param} must be a hash.`, param, 'parameter_invalid_object');
      const out: Record<string, string> = {};
      const keys = Object.keys(value);
      if (keys.length > 50) throw invalidRequest('Invalid metadata: metadata can have at most 50 keys.', param);
      for (const k of keys) {
        const v = value[k];
        if (typeof v !== 'string') throw invalidRequest(`Invalid metadata: the value of \`${k}\` must be a string.`, `${param}[${k}]`);
        if (k.length > 40) throw invalidRequest(`Invalid metadata: keys must be at most 40 characters (\`${k}\`).`, `${param}[${k}]`);
        if (v.length > 500) throw invalidRequest(`Invalid metadata: values must be at most 500 characters (\`${k}\`).`, `${param}[${k}]`);
        if (v !== '') out[k] = v;
      }
      return out;
    }
    case 'range': {
      if (!isParams(value)) return { gte: check(int(), value, param), lte: check(int(), value, param) } as Range;
      return checkFields(RANGE_FIELDS, value, (k) => `${param}[${k}]`) as Range;
    }
    case 'array': {
      if (!isParams(value)) throw invalidRequest(`Invalid array: ${param} must be an array.`, param, 'parameter_invalid_array');
      const items = asArray(value, param);
      if (rule.max !== undefined && items.length > rule.max) throw invalidRequest(`Invalid array: ${param} can have at most ${rule.max} items.`, param);
      return items.map((item, i) => check(rule.of as AnyRule, item, `${param}[${i}]`));
    }
    case 'object': {
      if (!isParams(value)) throw invalidRequest(`Invalid object: ${param} must be a hash.`, param, 'parameter_invalid_object');
      return checkFields(rule.fields as Record<string, AnyRule>, value, (k) => `${param}[${k}]`);
    }
  }
}

const RANGE_FIELDS: Record<keyof Range, IntRule> = { gt: int(), gte: int(), lt: int(), lte: int() };

function checkFields(fields: Record<string, AnyRule>, value: Params, name: (k: string) => string): Record<string, unknown> {
  const unknown = Object.keys(value).filter((k) => !Object.hasOwn(fields, k));
  if (unknown.length) throw unknownParameters(unknown.map(name));
  const out: Record<string, unknown> = {};
  for (const [k, rule] of Object.entries(fields)) {
    const v = check(rule, value[k], name(k));
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** An endpoint's whole request, checked against its table. */
export function checkParams<T>(table: Fields<T>, params: Params): T {
  return checkFields(table as Record<string, AnyRule>, params, (k) => k) as T;
}
