/**
 * The request stage of the storage API: who is calling (role and claims from the JWT), which bucket
 * and object name the URL names (decoded, so an encoded `..%2F` is seen and refused), and the body read
 * under a cap (an oversized body is refused while it is read, never buffered whole).
 */
import { BodyTooLarge, callerOf, readBody, type StackContext } from '../http.ts';
import type { RoleContext } from '../db.ts';
import { ERR, jwtMessage } from './errors.ts';
import { isValidBucketName, isValidKey } from './rules.ts';

/** JSON bodies (remove, list) are small. */
const JSON_BODY_LIMIT = 1024 * 1024;

/** The caller's role and claims from its JWT; a bad or expired token is refused as hosted refuses it. */
export function roleOf(req: Request, ctx: StackContext, readOnly = false): RoleContext & { sub: string | null } {
  const c = callerOf(req, ctx.config, 'storage');
  if (!c.ok) throw ERR.accessDenied(jwtMessage(c.reason, c.token));
  const sub = typeof c.claims.sub === 'string' ? c.claims.sub : null;
  return { role: c.role, claims: c.claims, method: req.method, path: new URL(req.url).pathname, readOnly, sub };
}

export function decodeBucket(raw: string): string {
  let id: string;
  try {
    id = decodeURIComponent(raw);
  } catch {
    throw ERR.noSuchBucket();
  }
  if (!isValidBucketName(id)) throw ERR.noSuchBucket();
  return id;
}

/** The object name from the URL tail (percent-decoded, so an encoded `..%2F` is seen and refused). */
export function decodeName(raw: string): string | null {
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return isValidKey(name) ? name : null;
}

export function mustName(raw: string): string {
  const name = decodeName(raw);
  if (name === null) {
    let shown = raw;
    try {
      shown = decodeURIComponent(raw);
    } catch {}
    throw ERR.invalidKey(shown);
  }
  return name;
}

export async function readCapped(req: Request, limit: number): Promise<Uint8Array> {
  try {
    return await readBody(req, limit);
  } catch (e) {
    if (e instanceof BodyTooLarge) throw ERR.tooLarge();
    throw e;
  }
}

export async function readJson(req: Request): Promise<Record<string, unknown>> {
  const bytes = await readBody(req, JSON_BODY_LIMIT).catch((e) => {
    throw e instanceof BodyTooLarge ? ERR.tooLarge() : e;
  });
  if (bytes.byteLength === 0) return {};
  try {
    const v = JSON.parse(new TextDecoder().decode(bytes));
    if (v && typeof v === 'object' && !Array.isArray(v)) return v;
  } catch {}
  throw ERR.invalidRequest('Body must be a JSON object');
}

export const isUuid = (v: string | null): v is string => !!v && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);
