/**
 * Reading a request, for the two sides that answer HTTP: the Edge Functions (supabase/functions, Deno)
 * and the local stack (supabase/local, Node). Web-standard `Request` only, so it runs in both; it is
 * here so that neither side imports the other (ARCHITECTURE.md).
 */

/**
 * How one service reads the Authorization header. Each rule is the service's own, read from its source;
 * the local stack follows it exactly, so a header hosted Supabase refuses is refused here too
 * (tests/backend/authorization-header.test.ts, one block per service):
 *
 * - `gotrue` (supabase/auth internal/api/api.go `bearerRegexp`, `(?i)^bearer (\S+$)`, since v2.187.0): the
 *   scheme in any case, exactly one space, one token of no whitespace (Go's `\S` is not tab, newline,
 *   form feed, return or space). Anything else is no token: 401 `no_authorization`.
 * - `postgrest` (PostgREST ApiRequest.hs `userBearerAuth`, wai-extra's `extractBearerAuth`): the word
 *   before the first blank is the scheme, in any case; the rest, its leading blanks dropped, is the token,
 *   which may be empty or hold blanks (the JWT check then refuses it: 401 PGRST301). Another scheme is
 *   no token: the anonymous role.
 * - `storage` (supabase/storage src/http/plugins/jwt.ts): `^Bearer\s+` in any case is cut from the front
 *   and whatever remains is the token; a header without that prefix is itself the token (so another
 *   scheme, or `Bearer` alone, fails the JWT check: 403 `AccessDenied`).
 * - `functions-gateway` (the Edge Functions gateway in front of a function with `verify_jwt = true`, as
 *   the Supabase CLI's serve template reproduces it: `authorization.split(" ")`, the first part exactly
 *   `Bearer`, the second the token): the scheme as written, one space; after it, up to the next space,
 *   the token (empty for `Bearer` alone or two spaces). A function with `verify_jwt = false` is reached
 *   without the gateway reading the header at all (supabase/local/app.ts).
 * - `ours`: what this project's own code takes (the functions' callers and jobs, and the local
 *   stand-ins for Stripe and Resend, whose servers are not public): GoTrue's rule, since a caller's
 *   token is checked by GoTrue in the end, so a header the auth server would refuse is no token here.
 *
 * What the API gateway does before a service reads the header (the apikey when no header is sent) is
 * the local stack's (supabase/local/http.ts `callerOf`), not a rule here.
 */
export type AuthorizationRule = 'gotrue' | 'postgrest' | 'storage' | 'functions-gateway' | 'ours';

/**
 * The header as a service reads it: no header; a bearer token (under `postgrest` possibly empty or with
 * blanks, under `storage` whatever followed the scheme); or a value the rule does not read as bearer.
 */
export type Authorization = { kind: 'none' } | { kind: 'bearer'; token: string } | { kind: 'other'; value: string };

const GOTRUE_BEARER = /^bearer ([^\t\n\f\r ]+)$/i;
const BEARER_RULES: Record<AuthorizationRule, RegExp> = {
  gotrue: GOTRUE_BEARER,
  // Blanks as wai-extra's isSpace (Data.Word8): space, tab to return, and no-break space, as JavaScript's \s
  // within the bytes a header can hold.
  postgrest: /^bearer(?:\s+([\s\S]*))?$/i,
  storage: /^bearer\s+([\s\S]*)$/i,
  'functions-gateway': /^Bearer(?: ([^ ]*)[\s\S]*)?$/,
  ours: GOTRUE_BEARER,
};

/** The one parser of the Authorization header (a header's outer blanks are already trimmed by `Headers`). */
export function readAuthorization(req: Request, rule: AuthorizationRule): Authorization {
  const value = req.headers.get('authorization');
  if (value === null) return { kind: 'none' };
  const m = BEARER_RULES[rule].exec(value);
  return m ? { kind: 'bearer', token: m[1] ?? '' } : { kind: 'other', value };
}

/** The bearer token under `rule`, or null when there is none (an empty token is none). */
export function bearerToken(req: Request, rule: AuthorizationRule): string | null {
  const a = readAuthorization(req, rule);
  return a.kind === 'bearer' && a.token !== '' ? a.token : null;
}

/**
 * A request body read with a hard cap, or null when it is larger: a client cannot make a function or
 * the local stack buffer without limit. The declared length is checked first, and
 * the stream is cut off as soon as it passes the cap, whatever it declared.
 */
export async function readCapped(req: Request, limit: number): Promise<Uint8Array | null> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > limit) return null;
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let off = 0;
  for (const c of chunks) {
    out.set(c, off);
    off += c.byteLength;
  }
  return out;
}

/**
 * Deepest JSON nesting anything here accepts. Postgres parses json recursively, and on the embedded
 * database a few thousand levels overflow its stack and leave it broken for every later query (issue 9);
 * no form or table of this project nests more than a few levels.
 */
export const MAX_JSON_DEPTH = 64;

export type JsonTextProblem = 'depth' | 'nul';

/**
 * What in JSON text must not reach Postgres: nesting deeper than `maxDepth`, or a `\u0000` escape (a
 * NUL, which Postgres text and jsonb cannot hold). One pass over the characters and no recursion, so it
 * is safe on input of any depth; it runs before JSON.parse. Malformed text is left to the parser.
 */
export function jsonTextProblem(text: string, maxDepth = MAX_JSON_DEPTH): JsonTextProblem | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x22) inString = false;
      else if (c === 0x5c) {
        if (text[i + 1] === 'u' && text.slice(i + 2, i + 6) === '0000') return 'nul';
        i++;
      } else if (c === 0) return 'nul';
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return 'depth';
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return null;
}

/**
 * What a function handler gets from its runtime: Deno's environment on hosted Supabase (index.ts),
 * the local stack's config in Node (supabase/local/functions). Handlers never read globals for it, so
 * the same handler runs, and is tested, in both. It is here, not in supabase/functions, because it is
 * the contract between the two: the local stack implements it and imports nothing of the functions.
 */
export interface FunctionEnv {
  /** The project URL (SUPABASE_URL on hosted). */
  supabaseUrl: string;
  /** SUPABASE_SERVICE_ROLE_KEY: the handler's database access bypasses RLS, so it validates everything itself. */
  serviceRoleKey: string;
  /** Other settings and secrets (BETA_PASSWORD_SHA256, …). */
  get(name: string): string | undefined;
  /** The fetch the service client uses (the local stack passes its in-process fetch). */
  fetch?: typeof fetch;
  /**
   * Local stack only: a named point in a handler where the stack's crash tests may stop the process
   * (`KYB_CRASH_AT=<name>`, supabase/local/functions). Unset on hosted Supabase: a no-op there.
   */
  checkpoint?(name: string): void;
}
