/**
 * Reading a request, for the two sides that answer HTTP: the Edge Functions (supabase/functions, Deno)
 * and the local stack (supabase/local, Node). Web-standard `Request` only, so it runs in both; it is
 * here so that neither side imports the other (ARCHITECTURE.md).
 */

/**
 * The bearer token of the Authorization header, or null: `Bearer <token>`, the scheme in any case,
 * one token without spaces (a header's outer blanks are trimmed by `Headers`). The one reading of it
 * for both sides: the local stack's rest, auth, storage callers, inbox and Stripe, and the functions'
 * caller and job guard (supabase/functions/_shared). GoTrue itself takes only `Bearer` or `bearer` and
 * one space; the local auth is that much more lenient.
 */
export function bearerToken(req: Request): string | null {
  return req.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;
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
