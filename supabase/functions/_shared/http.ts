/**
 * Small request/response helpers for the function handlers (web APIs only: Deno and Node alike).
 */
import { corsHeaders } from './cors.ts';
import { FUNCTION_MESSAGES } from '../../../shared/messages.ts';
import { bearerToken, jsonTextProblem, readCapped } from '../../../shared/http.ts';

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json', ...headers },
  });
}

export const methodNotAllowed = () => json({ error: FUNCTION_MESSAGES.methodNotAllowed }, 405, { Allow: 'POST' });

/** A 500 without an `error` field: the widgets treat it like a network failure (docs/errors.md). */
export const internalError = () => json({ code: 'internal_error', message: FUNCTION_MESSAGES.internal }, 500);

export const tooManyRequests = (retryAfterSeconds: number) =>
  json({ error: FUNCTION_MESSAGES.tooManyRequests }, 429, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** Form posts are small; anything bigger is not one of ours. */
export const MAX_BODY_BYTES = 32 * 1024;

export type JsonBody = { ok: true; body: Record<string, unknown> } | { ok: false; response: Response };

/** The request body as a JSON object, read with a cap. */
export async function readJsonObject(req: Request, limit = MAX_BODY_BYTES): Promise<JsonBody> {
  const bytes = await readCapped(req, limit);
  if (!bytes) return { ok: false, response: json({ error: FUNCTION_MESSAGES.bodyTooLarge }, 413) };
  const text = new TextDecoder().decode(bytes);
  if (jsonTextProblem(text)) return { ok: false, response: json({ error: FUNCTION_MESSAGES.badBody }, 400) };
  try {
    const v: unknown = JSON.parse(text);
    if (v && typeof v === 'object' && !Array.isArray(v)) return { ok: true, body: v as Record<string, unknown> };
  } catch {
    // fall through
  }
  return { ok: false, response: json({ error: FUNCTION_MESSAGES.badBody }, 400) };
}

/**
 * Who is asking, for per-client rate limits. `X-Real-IP` is set by the gateway in front of the functions
 * (hosted Supabase's API gateway; the local stack's server.ts) from the connection it accepted,
 * replacing any value the client sent. `X-Forwarded-For` is not: a proxy appends the address it saw to
 * whatever list the client sent, so only its last entry was written by the platform, and its first is
 * whatever the client chose (which is how the limits were bypassed, issue 9).
 */
export function clientAddress(req: Request): string {
  const real = req.headers.get('x-real-ip')?.trim();
  if (real) return real;
  const last = req.headers.get('x-forwarded-for')?.split(',').pop()?.trim();
  return last || 'unknown';
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Compares two strings in time that depends only on their length (no early exit on the first difference). */
export function constantTimeEqual(a: string, b: string): boolean {
  const len = Math.max(a.length, b.length);
  let diff = a.length ^ b.length;
  for (let i = 0; i < len; i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

/** What a scheduled job answers any caller but the scheduler. */
export const JOB_UNAUTHORIZED = 'This job runs with the service role key only.';

/**
 * Whether the request carries the service role key as its bearer token (what pg_cron sends), read as
 * GoTrue reads the header (shared/http.ts, rule `ours`). The
 * gateway's verify_jwt would let any anon-key holder through; only the scheduler holds this key.
 */
export function isServiceRole(req: Request, env: { serviceRoleKey: string }): boolean {
  return !!env.serviceRoleKey && constantTimeEqual(bearerToken(req, 'ours') ?? '', env.serviceRoleKey);
}

/**
 * A scheduled job's handler: POST with the service role key only (405 and 401 `JOB_UNAUTHORIZED`
 * otherwise), then the job, which reads nothing of the request. The jobs (review-requests, review-media-cleanup, stripe-reconcile,
 * site-rebuild) are wrapped in it rather than each checking the key.
 */
export function requireServiceRole<E extends { serviceRoleKey: string }>(job: (env: E) => Promise<Response>) {
  return (req: Request, env: E): Promise<Response> => {
    if (req.method !== 'POST') return Promise.resolve(methodNotAllowed());
    if (!isServiceRole(req, env)) return Promise.resolve(json({ error: JOB_UNAUTHORIZED }, 401));
    return job(env);
  };
}

/** A honeypot field humans never see: any non-blank value means a bot filled the form. */
export const honeypotFilled = (body: Record<string, unknown>) => typeof body.website === 'string' && body.website.trim() !== '';
