/**
 * Signed URLs: `POST /object/sign/:bucket/*` makes a link to one object that works without any key for
 * `expiresIn` seconds, and `GET /object/sign/:bucket/*?token=…` serves the object to whoever holds it, as
 * hosted Storage does (supabase/storage: routes/object/getSignedURL.ts, getSignedObject.ts and
 * storage/object.ts signObjectUrl / verifyObjectSignature). The token is an HS256 JWT over
 * `{url: "<bucket>/<name>", scope: "download", iat, exp}`; signing needs the caller to see the object
 * (its RLS), serving needs only a token that names exactly this object and has not expired.
 * Used by the order-status function for the Crown Planner's files (private bucket planner-files).
 */
import type { StackContext } from '../http.ts';
import { signJwt, verifyJwt } from '../jwt.ts';
import { json } from '../http.ts';
import { ERR, jwtMessage, StorageError } from './errors.ts';
import { mustName, readJson, roleOf } from './request.ts';
import { findBucket } from './buckets.ts';
import { objectRow, serveBytes } from './download.ts';

const SCOPE = 'download';

export async function signUrl(req: Request, ctx: StackContext, bucketId: string, rawName: string): Promise<Response> {
  const role = roleOf(req, ctx, true);
  const name = mustName(rawName);
  const body = await readJson(req);
  const expiresIn = body.expiresIn;
  if (typeof expiresIn !== 'number' || !Number.isInteger(expiresIn) || expiresIn < 1) {
    throw ERR.invalidRequest(expiresIn === undefined ? "body must have required property 'expiresIn'" : 'body/expiresIn must be >= 1');
  }
  // The caller must be able to read the object (RLS), or the link would leak it.
  const row = await ctx.db.asRole(role, (q) => q(`select id from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name]));
  if (!row.rows[0]) throw ERR.noSuchKey();
  const iat = Math.floor(Date.now() / 1000);
  const token = signJwt({ url: `${bucketId}/${name}`, scope: SCOPE, iat, exp: iat + expiresIn }, ctx.config.jwtSecret);
  return json({ signedURL: `/object/sign/${bucketId}/${name}?token=${token}` });
}

export async function getSigned(req: Request, ctx: StackContext, bucketId: string, rawName: string): Promise<Response> {
  const token = new URL(req.url).searchParams.get('token');
  if (!token) throw ERR.invalidRequest("querystring must have required property 'token'");
  const v = verifyJwt(token, ctx.config.jwtSecret);
  if (!v.ok) throw new StorageError(400, 'InvalidJWT', jwtMessage(v.reason, token));
  const name = mustName(rawName);
  if (v.claims.scope !== SCOPE) throw new StorageError(400, 'InvalidSignature', `Token is not scoped for ${SCOPE}`);
  if (v.claims.url !== `${bucketId}/${name}`) throw new StorageError(400, 'InvalidSignature', 'Invalid signature');
  // The token is the permission: the object is read as the server, whatever the bucket's policies.
  await findBucket(ctx, bucketId);
  const row = await objectRow(ctx, bucketId, name);
  if (!row) throw ERR.noSuchKey();
  return serveBytes(req, ctx, bucketId, name, row);
}
