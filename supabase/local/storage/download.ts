/**
 * Download (public and authenticated), ranges, conditional requests, and object info. Every file is
 * served as user content: its declared type, no sniffing, a sandboxing CSP.
 */
import type { StackContext } from '../http.ts';
import { ERR } from './errors.ts';
import { blobStoreOf, type Range } from './blobs.ts';
import { decodeName, roleOf } from './request.ts';
import { findBucket } from './buckets.ts';

export interface ObjectRow {
  id: string;
  metadata: Record<string, unknown> | null;
  updated_at: Date | string | null;
}

const OBJECT_COLUMNS = 'id, metadata, updated_at';

export async function download(req: Request, ctx: StackContext, bucketId: string, rawName: string, mode: 'public' | 'rls') {
  // An unusable name cannot exist, so it reads as a missing object (and never reaches the disk).
  const name = decodeName(rawName);
  let row: ObjectRow | undefined;
  if (mode === 'public') {
    // Public buckets are read without auth, as the server; only the bucket's public flag matters.
    await findBucket(ctx, bucketId, true);
    if (name === null) throw ERR.noSuchKey();
    row = await objectRow(ctx, bucketId, name);
  } else {
    const role = roleOf(req, ctx, true);
    if (name === null) throw ERR.noSuchKey();
    row = (await ctx.db.asRole(role, (q) => q<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name]))).rows[0];
  }
  if (!row) throw ERR.noSuchKey();
  return serveBytes(req, ctx, bucketId, name!, row);
}

/** An object's row read as the server (public buckets, signed URLs): no policy applies. */
export async function objectRow(ctx: StackContext, bucketId: string, name: string): Promise<ObjectRow | undefined> {
  return (await ctx.db.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name])).rows[0];
}

function httpDate(v: unknown): string | undefined {
  const d = v instanceof Date ? v : typeof v === 'string' ? new Date(v) : null;
  return d && !Number.isNaN(d.getTime()) ? d.toUTCString() : undefined;
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` (one range; a multi-range asks for the whole file). */
function parseRange(header: string | null, size: number): Range | 'unsatisfiable' | null {
  if (!header) return null;
  const m = header.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    start = Math.max(0, size - n);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

function contentDisposition(param: string, name: string): string {
  const file = param || name.split('/').pop() || 'download';
  const ascii = file.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file)}`;
}

/**
 * Every file is user content served from the API's own origin: the browser must take its declared type
 * (no sniffing an upload into HTML or script), and a file opened directly runs nothing and reaches
 * nothing (a sandboxed, resource-less document). Embedding it as an <img> or <video> is unaffected.
 */
const USER_CONTENT_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
};

export async function serveBytes(req: Request, ctx: StackContext, bucketId: string, name: string, row: ObjectRow) {
  const store = blobStoreOf(ctx);
  const size = await store.size(bucketId, name);
  if (size === null) throw ERR.noSuchKey();
  const meta = row.metadata ?? {};
  const headers: Record<string, string> = {
    ...USER_CONTENT_HEADERS,
    'Content-Type': typeof meta.mimetype === 'string' ? meta.mimetype : 'application/octet-stream',
    'Cache-Control': typeof meta.cacheControl === 'string' ? meta.cacheControl : 'no-cache',
    'Accept-Ranges': 'bytes',
  };
  if (typeof meta.eTag === 'string') headers.ETag = meta.eTag;
  const lastModified = httpDate(meta.lastModified) ?? httpDate(row.updated_at);
  if (lastModified) headers['Last-Modified'] = lastModified;
  const url = new URL(req.url);
  if (url.searchParams.has('download')) headers['Content-Disposition'] = contentDisposition(url.searchParams.get('download') ?? '', name);

  const ifNoneMatch = req.headers.get('if-none-match');
  if (ifNoneMatch && headers.ETag && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === headers.ETag)) {
    return new Response(null, { status: 304, headers });
  }

  const range = parseRange(req.headers.get('range'), size);
  if (range === 'unsatisfiable') {
    return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } });
  }
  const head = req.method === 'HEAD';
  if (range) {
    const body = head ? null : await store.read(bucketId, name, range);
    return new Response(body, {
      status: 206,
      headers: { ...headers, 'Content-Range': `bytes ${range.start}-${range.end}/${size}`, 'Content-Length': String(range.end - range.start + 1) },
    });
  }
  const body = head ? null : await store.read(bucketId, name);
  if (!head && !body) throw ERR.noSuchKey();
  return new Response(body, { status: 200, headers: { ...headers, 'Content-Length': String(size) } });
}

export async function info(req: Request, ctx: StackContext, bucketId: string, rawName: string) {
  const role = roleOf(req, ctx, true);
  const name = decodeName(rawName);
  if (name === null) throw ERR.noSuchKey();
  const r = await ctx.db.asRole(role, (q) =>
    q<{ j: string }>(
      `select json_build_object(
         'id', id, 'name', name, 'version', version, 'bucket_id', bucket_id,
         'size', (metadata->>'size')::bigint, 'content_type', metadata->>'mimetype',
         'cache_control', metadata->>'cacheControl', 'etag', metadata->>'eTag',
         'metadata', user_metadata, 'last_modified', updated_at, 'created_at', created_at)::text as j
       from storage.objects where bucket_id = $1 and name = $2`,
      [bucketId, name],
    ),
  );
  if (!r.rows[0]) throw ERR.noSuchKey();
  return new Response(r.rows[0].j, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}
