/**
 * Storage errors as hosted Supabase Storage renders them: the body carries the "real" status as a
 * string, while the HTTP status is 400 for every error that is not a 500
 * (supabase/storage src/internal/errors/storage-error.ts `render`, src/http/error-handler.ts).
 * supabase-js reads `statusCode` from the body, so the site branches on that, never on the HTTP status.
 */
import { json } from '../http.ts';
import { isPgError } from '../db.ts';

export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The legacy `error` field; hosted falls back to the code when an error has none. */
    readonly legacy: string = code,
  ) {
    super(message);
  }

  render(): Response {
    return json({ statusCode: String(this.status), code: this.code, error: this.legacy, message: this.message }, this.status === 500 ? 500 : 400);
  }
}

// The catalogue, worded as supabase/storage src/internal/errors/codes.ts words it.
export const ERR = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  tooLarge: () => new StorageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large'),
  mime: (mime: string) => new StorageError(415, 'InvalidMimeType', `mime type ${mime} is not supported`, 'invalid_mime_type'),
  accessDenied: (message: string) => new StorageError(403, 'AccessDenied', message || 'Access denied', 'Unauthorized'),
  duplicate: () => new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  relatedNotFound: () => new StorageError(404, 'InvalidRequest', 'The related resource does not exist'),
  routeNotFound: (method: string, path: string) => new StorageError(404, 'InvalidRequest', `Route ${method}:${path} not found`, 'Not Found'),
  internal: () => new StorageError(500, 'InternalError', 'Internal server error', 'Internal'),
};

/**
 * What a failed JWT check says: the messages of jose, the JWT library hosted Storage verifies with
 * (supabase/storage src/internal/auth/jwt.ts `verifyJWT`). A token that is not three dot-separated parts
 * (an empty one, `Bearer` alone, another scheme, a token with a blank in it) is 'Invalid Compact JWS'.
 */
export function jwtMessage(reason: 'empty' | 'malformed' | 'signature' | 'expired' | 'alg' | 'role', token: string): string {
  switch (reason) {
    case 'expired':
      return '"exp" claim timestamp check failed';
    case 'signature':
      return 'signature verification failed';
    case 'alg':
      return '"alg" (Algorithm) Header Parameter value not allowed';
    case 'role':
      return 'invalid role';
    default:
      return token.split('.').length !== 3 ? 'Invalid Compact JWS' : 'JWS Protected Header is invalid';
  }
}

/** Postgres errors mapped as supabase/storage src/storage/database/errors.ts `fromDBError` does. */
export function fromDbError(e: unknown): StorageError | null {
  if (!isPgError(e)) return null;
  switch (e.code) {
    case '42501':
      return ERR.accessDenied(e.message.includes('row-level security') ? 'new row violates row-level security policy' : e.message);
    case '23505':
      return ERR.duplicate();
    case '23503':
      return ERR.relatedNotFound();
    default:
      return new StorageError(500, 'DatabaseError', `database error, code: ${e.code}`);
  }
}
