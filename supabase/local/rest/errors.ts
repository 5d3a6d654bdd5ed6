/**
 * PostgREST's error answers: `{code, message, details, hint}` with the status PostgREST gives each
 * case (PostgREST/postgrest src/library/PostgREST/Error.hs). supabase-js hands the body to the caller
 * as `error`, and the site branches on `error.code`, so the codes and texts are kept verbatim.
 */
import { isPgError } from '../db.ts';

export interface ErrorBody {
  code: string;
  message: string;
  /** A string, or for ambiguous embeddings the list of candidate relationships (as PostgREST). */
  details: unknown;
  hint: string | null;
}

/** An answer that stops the request: thrown anywhere in the service, rendered once in index.ts. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
}

const err = (status: number, code: string, message: string, details: unknown = null, hint: string | null = null, headers?: Record<string, string>) =>
  new ApiError(status, { code, message, details, hint }, headers);

// ---------------------------------------------------------------- request errors (PGRST1xx)
/** Parsec-style parse failure of a query parameter. */
export const queryParamError = (message: string, details: string) => err(400, 'PGRST100', message, details);
export const invalidRpcMethod = (method: string) => err(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
export const invalidBody = (message: string) => err(400, 'PGRST102', message);
export const invalidRange = (details: string) => err(416, 'PGRST103', 'Requested range not satisfiable', details);
export const unacceptableSchema = (schema: string) => err(406, 'PGRST106', `Invalid schema: ${schema}`, null, 'Only the following schemas are exposed: public');
export const mediaTypeError = (types: string[]) => err(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`);
export const notEmbedded = (resource: string) =>
  err(400, 'PGRST108', `'${resource}' is not an embedded resource in this request`, null, `Verify that '${resource}' is included in the 'select' query parameter.`);
export const singularityError = (n: number) => err(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${n} rows`);
export const unsupportedMethod = (method: string) => err(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
export const invalidPreferences = (prefs: string[]) => err(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${prefs.join(', ')}`);
export const aggregatesNotAllowed = () => err(400, 'PGRST123', 'Use of aggregate functions is not allowed');
export const maxAffectedViolation = (n: number) => err(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${n} rows`);
export const invalidResourcePath = () => err(404, 'PGRST125', 'Invalid path specified in request URL');
export const openApiDisabled = () => err(404, 'PGRST126', 'Root endpoint metadata is disabled');
export const notImplemented = (details: string) => err(400, 'PGRST127', 'Feature not implemented', details);
export const maxAffectedRpcViolation = () => err(400, 'PGRST128', 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict');
export const selectTooWide = (n: number, max: number) => err(400, 'PGRST100', `The select list names ${n} columns; at most ${max} are allowed`);
export const queryTooDeep = (key: string, max: number) => err(400, 'PGRST100', `The value of "${key}" nests brackets deeper than ${max} levels`);
export const jsonTooDeep = (max: number) => err(400, 'PGRST102', `JSON nested deeper than ${max} levels`);
/** What Postgres answers for a NUL in json text, sent before Postgres sees it. */
export const nulInJson = () => err(400, '22P05', 'unsupported Unicode escape sequence', '\\u0000 cannot be converted to text.');
/** What Postgres answers for a NUL in a text parameter. */
export const nulInQuery = () => err(400, '22021', 'invalid byte sequence for encoding "UTF8": 0x00');
export const payloadTooLarge = (limit: number) => err(413, 'PGRST413', 'Payload Too Large', `The request body is larger than the ${limit} bytes this server accepts`);

// ---------------------------------------------------------------- schema cache errors (PGRST2xx)
export const noRelBetween = (parent: string, child: string, hint: string | null) =>
  err(
    400,
    'PGRST200',
    `Could not find a relationship between '${parent}' and '${child}' in the schema cache`,
    `Searched for a foreign key relationship between '${parent}' and '${child}'${hint ? ` using the hint '${hint}'` : ''} in the schema 'public', but no matches were found.`,
  );
export const ambiguousRel = (parent: string, child: string, details: unknown, hint: string) =>
  err(300, 'PGRST201', `Could not embed because more than one relationship was found for '${parent}' and '${child}'`, details, hint);
export const noRpc = (name: string, keys: string[], viaPostJson: boolean, hint: string | null) => {
  const prms = keys.join(', ');
  const message = `Could not find the function public.${name}${keys.length ? `(${prms})` : ' without parameters'} in the schema cache`;
  const withParams = keys.length ? ` with parameter${keys.length > 1 ? 's' : ''} ${prms}` : ' without parameters';
  const details = `Searched for the function public.${name}${withParams}${viaPostJson ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`;
  return err(404, 'PGRST202', message, details, hint);
};
export const columnNotFound = (table: string, column: string) => err(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);
export const tableNotFound = (table: string, hint: string | null) => err(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`, null, hint);

// ---------------------------------------------------------------- JWT errors (PGRST3xx)
const invalidToken = (code: string, message: string) =>
  err(401, code, message, null, null, {
    // Haskell `show` of the message: a double-quoted string.
    'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
  });
export function jwtError(reason: 'empty' | 'malformed' | 'signature' | 'expired' | 'alg' | 'role', token: string): ApiError {
  switch (reason) {
    case 'empty':
      // `Authorization: Bearer` with nothing after it (Auth/Jwt.hs parseToken, EmptyAuthHeader).
      return invalidToken('PGRST301', 'Empty JWT is sent in Authorization header');
    case 'expired':
      return invalidToken('PGRST303', 'JWT expired');
    case 'alg':
      return invalidToken('PGRST301', 'Wrong or unsupported encoding algorithm');
    case 'signature':
      return invalidToken('PGRST301', 'JWT cryptographic operation failed');
    case 'role': {
      // PostgREST would switch to the claimed role and Postgres would refuse it (22023 → 401).
      const role = claimedRole(token) ?? 'unknown';
      return err(401, '22023', `role "${role}" does not exist`, null, null, { 'WWW-Authenticate': 'Bearer' });
    }
    default: {
      const parts = token.split('.').length;
      return invalidToken('PGRST301', parts !== 3 ? `Expected 3 parts in JWT; got ${parts}` : "JWT couldn't be decoded");
    }
  }
}

function claimedRole(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
    return typeof payload.role === 'string' ? payload.role : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- Postgres errors
/** Error.hs mapSQLtoHTTP: the HTTP status PostgREST gives a SQLSTATE. */
export function pgStatus(code: string, message: string, authed: boolean): number {
  const p2 = code.slice(0, 2);
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  if (code === '42501') return authed ? 403 : 401;
  if (code === '42883') return message.startsWith('function xmlagg(') ? 406 : 404;
  if (code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === 'P0001') return 400;
  if (code === '53400') return 500;
  if (code === '57P01') return 503;
  if (code.startsWith('PT')) {
    const n = Number(code.slice(2));
    return Number.isInteger(n) && n >= 100 && n <= 599 ? n : 500;
  }
  switch (p2) {
    case '08':
    case '53':
      return 503;
    case '09':
    case '25':
    case '2D':
    case '38':
    case '39':
    case '3B':
    case '40':
    case '54':
    case '55':
    case '57':
    case '58':
    case 'F0':
    case 'HV':
    case 'P0':
    case 'XX':
      return 500;
    case '0L':
    case '0P':
    case '28':
      return 403;
  }
  return 400;
}

/** A thrown Postgres error as PostgREST answers it (RAISE SQLSTATE 'PGRST' gives full control). */
export function fromPgError(e: unknown, authed: boolean): ApiError | null {
  if (!isPgError(e)) return null;
  const code = e.code!;
  const message = e.message;
  if (code === 'PGRST') return fromRaisePgrst(message, e.detail);
  const status = pgStatus(code, message, authed);
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  return new ApiError(status, { code, message, details: e.detail ?? null, hint: e.hint ?? null }, headers);
}

function fromRaisePgrst(message: string, detail: string | undefined): ApiError {
  try {
    const m = JSON.parse(message);
    const d = JSON.parse(detail ?? '');
    if (typeof m?.code !== 'string' || typeof m?.message !== 'string' || typeof d?.status !== 'number') throw new Error();
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(d.headers ?? {})) if (typeof v === 'string') headers[k] = v;
    return new ApiError(d.status, { code: m.code, message: m.message, details: m.details ?? null, hint: m.hint ?? null }, headers);
  } catch {
    return err(
      500,
      'PGRST121',
      'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      `Invalid JSON value for MESSAGE: '${message}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    );
  }
}

export function internalError(e: unknown): ApiError {
  return err(500, 'PGRSTX00', 'Internal server error', e instanceof Error ? e.message : String(e));
}

// ---------------------------------------------------------------- fuzzy hints
/** Closest candidate by trigram similarity (PostgREST uses a fuzzy set with a 0.75 minimum for names). */
export function fuzzyHint(word: string, candidates: Iterable<string>, min = 0.75): string | null {
  let best: string | null = null;
  let bestScore = 0;
  for (const c of candidates) {
    const s = similarity(word, c);
    if (s > bestScore) {
      bestScore = s;
      best = c;
    }
  }
  return bestScore >= min ? best : null;
}

function grams(s: string): Map<string, number> {
  const padded = `-${s.toLowerCase()}-`;
  const m = new Map<string, number>();
  for (let n = 2; n <= 3; n++) {
    for (let i = 0; i + n <= padded.length; i++) {
      const g = padded.slice(i, i + n);
      m.set(g, (m.get(g) ?? 0) + 1);
    }
  }
  return m;
}

function similarity(a: string, b: string): number {
  const ga = grams(a);
  const gb = grams(b);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [g, v] of ga) {
    na += v * v;
    dot += v * (gb.get(g) ?? 0);
  }
  for (const v of gb.values()) nb += v * v;
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}
