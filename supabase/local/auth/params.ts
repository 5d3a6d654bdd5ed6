/**
 * Request bodies decoded the way GoTrue's `retrieveRequestParams` does (Go's encoding/json into a typed
 * struct): unknown fields are ignored, `null` leaves a field at its zero value, a value of the wrong type
 * is a 400 `bad_json` rather than something that blows up later in a handler.
 */
import { readBody, BodyTooLarge } from '../http.ts';
import type { StackContext } from '../http.ts';
import { AuthError, badRequest } from './errors.ts';
import { MAX_JSON_DEPTH, jsonTextProblem } from '../../../shared/http.ts';

/** Auth bodies are a few hundred bytes; metadata is the only thing that can grow. */
const AUTH_BODY_LIMIT = 1024 * 1024;

type FieldKind = 'string' | 'bool' | 'object' | 'optstring';
export type Spec = Record<string, FieldKind>;

type Decoded<S extends Spec> = {
  [K in keyof S]: S[K] extends 'string' ? string : S[K] extends 'bool' ? boolean : S[K] extends 'optstring' ? string | null : Record<string, unknown> | null;
};

const goType: Record<FieldKind, string> = { string: 'string', optstring: '*string', bool: 'bool', object: 'map[string]interface {}' };

function jsonKind(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  if (typeof v === 'object') return 'object';
  return typeof v === 'boolean' ? 'bool' : typeof v;
}

export async function rawBody(req: Request, ctx: StackContext): Promise<string> {
  try {
    const bytes = await readBody(req, Math.min(AUTH_BODY_LIMIT, ctx.config.maxBodyBytes));
    return new TextDecoder().decode(bytes);
  } catch (e) {
    if (e instanceof BodyTooLarge) throw new AuthError(413, 'validation_failed', 'Request body is too large');
    throw badRequest('validation_failed', 'Could not read the request body');
  }
}

/** Parses JSON text into the fields of `spec`; `struct` names the Go type in error messages. */
export function decode<S extends Spec>(text: string, spec: S, struct: string): Decoded<S> {
  // Checked before parsing: Postgres' recursive json parser must never see deep nesting, and its
  // text and jsonb cannot hold a NUL (GoTrue would fail on those later, in the database).
  const problem = jsonTextProblem(text);
  if (problem === 'depth') throw badRequest('bad_json', `Could not parse request body as JSON: nested deeper than ${MAX_JSON_DEPTH} levels`);
  if (problem === 'nul') throw badRequest('bad_json', 'Could not parse request body as JSON: a string holds a NUL character (\\u0000)');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const detail = text.trim() === '' ? 'unexpected end of JSON input' : (e as Error).message;
    throw badRequest('bad_json', `Could not parse request body as JSON: ${detail}`);
  }
  if (value !== null && jsonKind(value) !== 'object') {
    throw badRequest('bad_json', `Could not parse request body as JSON: json: cannot unmarshal ${jsonKind(value)} into Go value of type api.${struct}`);
  }
  const src = (value ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [field, kind] of Object.entries(spec)) {
    const v = src[field];
    const fail = () =>
      badRequest('bad_json', `Could not parse request body as JSON: json: cannot unmarshal ${jsonKind(v)} into Go struct field ${struct}.${field} of type ${goType[kind]}`);
    if (v === undefined || v === null) {
      out[field] = kind === 'string' ? '' : kind === 'bool' ? false : null;
      continue;
    }
    if (kind === 'string' || kind === 'optstring') {
      if (typeof v !== 'string') throw fail();
    } else if (kind === 'bool') {
      if (typeof v !== 'boolean') throw fail();
    } else if (jsonKind(v) !== 'object') {
      throw fail();
    }
    out[field] = v;
  }
  return out as Decoded<S>;
}

export async function readParams<S extends Spec>(req: Request, ctx: StackContext, spec: S, struct: string): Promise<Decoded<S>> {
  return decode(await rawBody(req, ctx), spec, struct);
}
