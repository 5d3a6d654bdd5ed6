/**
 * Upload (POST, and PUT / `x-upsert` as an upsert): the file is read as hosted's uploader reads it,
 * checked against the bucket's limits, staged on disk, and put in place inside the transaction that
 * writes its row under the caller's role, so the storage.objects policies decide and a failure leaves
 * neither row nor bytes.
 */
import { randomUUID, createHash } from 'node:crypto';
import { json, notifyWrite, type StackContext } from '../http.ts';
import { ERR } from './errors.ts';
import { effectiveLimit, mimeAllowed } from './rules.ts';
import { blobStoreOf } from './blobs.ts';
import { isUuid, mustName, readCapped, roleOf } from './request.ts';
import { findBucket, type BucketRow } from './buckets.ts';

/** Room for multipart boundaries and the small text fields beside the file part. */
const MULTIPART_SLACK = 64 * 1024;

interface Incoming {
  bytes: Uint8Array;
  mime: string;
  cacheControl: string;
  userMetadata: unknown;
}

/**
 * The file from the request, as hosted's uploader reads it: a multipart body (what a browser File
 * gives) takes the MIME type from the file part; any other body is the file itself, typed by the
 * Content-Type header. The size cap applies while reading.
 */
async function incomingFile(req: Request, bucket: BucketRow, limit: number): Promise<Incoming> {
  const contentType = req.headers.get('content-type') ?? '';
  if (contentType.toLowerCase().startsWith('multipart/form-data')) {
    const body = await readCapped(req, limit + MULTIPART_SLACK);
    let form: FormData;
    try {
      form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } }).formData();
    } catch {
      throw ERR.invalidRequest('Unexpected empty file received');
    }
    let file: File | undefined;
    for (const v of form.values()) {
      if (typeof v !== 'string') {
        file = v as File;
        break;
      }
    }
    if (!file) throw ERR.invalidRequest('No file provided');
    if (file.size > limit) throw ERR.tooLarge();
    const field = (k: string) => {
      const v = form.get(k);
      return typeof v === 'string' && v.trim() ? v.trim() : undefined;
    };
    const mime = field('contentType') ?? (file.type || 'application/octet-stream');
    if (!mimeAllowed(mime, bucket.allowed_mime_types)) throw ERR.mime(mime);
    const cache = field('cacheControl');
    return {
      bytes: new Uint8Array(await file.arrayBuffer()),
      mime,
      cacheControl: cache ? `max-age=${cache}` : 'no-cache',
      userMetadata: parseMetadata(field('metadata')),
    };
  }
  const mime = contentType.trim() || 'application/octet-stream';
  // Known from the headers: refuse before reading a byte of the body.
  if (!mimeAllowed(mime, bucket.allowed_mime_types)) throw ERR.mime(mime);
  const bytes = await readCapped(req, limit);
  const xMeta = req.headers.get('x-metadata');
  return {
    bytes,
    mime,
    cacheControl: req.headers.get('cache-control') ?? 'no-cache',
    userMetadata: xMeta ? parseMetadata(Buffer.from(xMeta, 'base64').toString('utf8')) : null,
  };
}

function parseMetadata(text: string | undefined): unknown {
  if (!text) return null;
  try {
    const v = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : null;
  } catch {
    throw ERR.invalidRequest('Invalid metadata: must be a JSON object');
  }
}

export async function upload(req: Request, ctx: StackContext, bucketId: string, rawName: string, upsert: boolean) {
  const role = roleOf(req, ctx);
  const name = mustName(rawName);
  const bucket = await findBucket(ctx, bucketId);
  const file = await incomingFile(req, bucket, effectiveLimit(bucket.file_size_limit));

  const now = new Date().toISOString();
  const metadata = {
    eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
    size: file.bytes.byteLength,
    mimetype: file.mime,
    cacheControl: file.cacheControl,
    lastModified: now,
    contentLength: file.bytes.byteLength,
    httpStatusCode: 200,
  };
  const owner = isUuid(role.sub) ? role.sub : null;
  const params = [randomUUID(), bucket.id, name, owner, role.sub, JSON.stringify(metadata), file.userMetadata === null ? null : JSON.stringify(file.userMetadata), randomUUID()];

  const staged = await blobStoreOf(ctx).stage(bucket.id, name, file.bytes);
  let id: string;
  try {
    id = await ctx.db.asRole(role, async (q) => {
      let rowId = params[0] as string;
      if (upsert) {
        // Needs INSERT, SELECT and UPDATE policies, as on hosted (uploader.ts canUpload).
        const r = await q<{ id: string }>(
          `insert into storage.objects as o (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)
           on conflict (bucket_id, name) do update
             set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
                 user_metadata = excluded.user_metadata, version = excluded.version,
                 updated_at = now(), last_accessed_at = now()
           returning id`,
          params,
        );
        rowId = r.rows[0].id;
      } else {
        // No RETURNING: a plain upload needs only an INSERT policy (RETURNING would also demand SELECT).
        await q(
          `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`,
          params,
        );
      }
      // Inside the transaction: if the bytes cannot be put in place, the row is rolled back with them.
      await staged.commit().catch((e: NodeJS.ErrnoException) => {
        // e.g. `a` is stored as a file and `a/b` is asked for: the disk layout cannot hold both.
        if (e?.code === 'ENOTDIR' || e?.code === 'EISDIR' || e?.code === 'EEXIST') throw ERR.invalidKey(name);
        throw e;
      });
      return rowId;
    });
  } catch (e) {
    await staged.discard().catch(() => {});
    throw e;
  }
  notifyWrite(ctx);
  return json({ Id: id, Key: `${bucket.id}/${name}` });
}
