/**
 * Errors and answers in GoTrue's wire format.
 *
 * GoTrue answers `{code, message}` when the request carries `X-Supabase-Api-Version: 2024-01-01` and the
 * legacy `{code: <status>, error_code, msg}` otherwise (supabase/auth internal/api/errors.go). We send one
 * body that satisfies both readers — `code` and `error_code` hold the string code, `message` and `msg` the
 * text — and always echo the version header, so supabase-js maps every error to the right
 * `AuthApiError.code` whether or not a proxy hides headers from it.
 */
import { json } from '../http.ts';

export const API_VERSION = '2024-01-01';
export const VERSION_HEADERS = { 'X-Supabase-Api-Version': API_VERSION };

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra top-level fields, e.g. `weak_password: {reasons}`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** RFC 6749 style error some GoTrue paths still send (`{error, error_description}`, always 400). */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const tooManyRequests = (code: string, message: string) => new AuthError(429, code, message);

export function errorResponse(e: AuthError | OAuthError): Response {
  if (e instanceof OAuthError) {
    return json({ error: e.error, error_description: e.description }, 400, VERSION_HEADERS);
  }
  const body = { code: e.code, error_code: e.code, message: e.message, msg: e.message, ...e.extra };
  return json(body, e.status, { ...VERSION_HEADERS, 'x-sb-error-code': e.code });
}

export function ok(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return json(body, status, { ...VERSION_HEADERS, ...headers });
}

/** GoTrue's password rules (internal/api/password.go): bcrypt's 72-byte limit, then the minimum length. */
export function checkPasswordStrength(password: string, minLength: number): void {
  if (password.length > 72) throw badRequest('validation_failed', 'Password cannot be longer than 72 characters');
  if (password.length < minLength) {
    throw new AuthError(422, 'weak_password', `Password should be at least ${minLength} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
}

const EMAIL_FORMAT = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** GoTrue's validateEmail (checkmail's format check), returning the lower-cased address. */
export function validateEmail(email: string): string {
  if (email === '') throw badRequest('validation_failed', 'An email address is required');
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL_FORMAT.test(email)) throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  return email.toLowerCase();
}
