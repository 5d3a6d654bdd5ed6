/**
 * `/storage/v1`: the part of Supabase Storage's HTTP API the site uses (upload, public and
 * authenticated download, remove, list, bucket lookup), with hosted Storage's semantics:
 * - every object row is written and read in a transaction under the caller's role and JWT claims, so
 *   the storage.objects policies of the migrations decide who may upload, overwrite, see and delete;
 * - bucket limits (size, MIME types) are checked before anything is stored, and an oversized body is
 *   refused while it is read, never buffered whole;
 * - errors are answered the hosted way (HTTP 400, real status in the body; see errors.ts).
 * Bytes live outside the database (blobs.ts); the row commits only once the bytes are in place.
 *
 * This file routes; each stage of a request has its own module (README.md).
 */
import { BodyTooLarge, type Service, type StackContext } from '../http.ts';
import { ERR, StorageError, fromDbError } from './errors.ts';
import { UnsafePath } from './blobs.ts';
import { decodeBucket } from './request.ts';
import { getBucket, listBuckets } from './buckets.ts';
import { upload } from './upload.ts';
import { download, info } from './download.ts';
import { removeMany, removeOne } from './remove.ts';
import { list } from './list.ts';
import { getSigned, signUrl } from './sign.ts';

export const storage: Service = async (req, path, ctx) => {
  try {
    return await route(req, path, ctx);
  } catch (e) {
    if (e instanceof StorageError) return e.render();
    if (e instanceof BodyTooLarge) return ERR.tooLarge().render();
    if (e instanceof UnsafePath) return ERR.invalidKey(e.message).render();
    const fromDb = fromDbError(e);
    if (fromDb) {
      if (fromDb.status === 500) console.error('[storage]', e);
      return fromDb.render();
    }
    console.error('[storage] unhandled', req.method, path, e);
    return ERR.internal().render();
  }
};

async function route(req: Request, path: string, ctx: StackContext): Promise<Response> {
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  let m: RegExpMatchArray | null;

  if (method === 'GET' && /^\/bucket\/?$/.test(path)) return listBuckets(req, ctx);
  if (method === 'GET' && (m = path.match(/^\/bucket\/([^/]+)\/?$/))) return getBucket(req, ctx, decodeBucket(m[1]));

  if (method === 'POST' && (m = path.match(/^\/object\/list\/([^/]+)\/?$/))) return list(req, ctx, decodeBucket(m[1]));
  if (method === 'GET' && (m = path.match(/^\/object\/public\/([^/]+)\/(.+)$/))) return download(req, ctx, decodeBucket(m[1]), m[2], 'public');
  if (method === 'GET' && (m = path.match(/^\/object\/authenticated\/([^/]+)\/(.+)$/))) return download(req, ctx, decodeBucket(m[1]), m[2], 'rls');
  if (method === 'GET' && (m = path.match(/^\/object\/info\/(?:public\/|authenticated\/)?([^/]+)\/(.+)$/))) return info(req, ctx, decodeBucket(m[1]), m[2]);
  if (method === 'DELETE' && (m = path.match(/^\/object\/([^/]+)\/?$/))) return removeMany(req, ctx, decodeBucket(m[1]));
  if (method === 'POST' && (m = path.match(/^\/object\/sign\/([^/]+)\/(.+)$/))) return signUrl(req, ctx, decodeBucket(m[1]), m[2]);
  if (method === 'GET' && (m = path.match(/^\/object\/sign\/([^/]+)\/(.+)$/))) return getSigned(req, ctx, decodeBucket(m[1]), m[2]);

  if ((m = path.match(/^\/object\/([^/]+)\/(.*)$/))) {
    const bucket = decodeBucket(m[1]);
    if (method === 'POST') return upload(req, ctx, bucket, m[2], req.headers.get('x-upsert') === 'true');
    // PUT is supabase-js `update()`: it replaces the object (hosted runs it as an upsert).
    if (method === 'PUT') return upload(req, ctx, bucket, m[2], true);
    if (method === 'GET') return download(req, ctx, bucket, m[2], 'rls');
    if (method === 'DELETE') return removeOne(req, ctx, bucket, m[2]);
  }
  throw ERR.routeNotFound(req.method, `/storage/v1${path}`);
}
