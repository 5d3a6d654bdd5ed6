/**
 * `/storage/v1`: the part of Supabase Storage's HTTP API the site uses (upload, public and
 * authenticated download, remove, list, bucket lookup), with hosted Storage's semantics:
 * - every object row is written and read in a transaction under the caller's role and JWT claims, so
 *   the storage.objects policies of the migrations decide who may upload, overwrite, see and delete;
 * - bucket limits (size, MIME types) are checked before anything is stored, and an oversized body is
 *   refused while it is read, never buffered whole;
 * - errors are answered the hosted way (HTTP 400, real status in the body; see errors.ts).
 * Bytes live outside the database (blobs.ts); the row commits only once the bytes are in place.
 */
import { randomUUID, createHash } from 'node:crypto';
import { BodyTooLarge, callerOf, json, notifyWrite, readBody, type Service, type StackContext } from '../http.ts';
import type { Query, RoleContext } from '../db.ts';
import { ERR, JWT_MESSAGES, StorageError, fromDbError } from './errors.ts';
import { effectiveLimit, isValidBucketName, isValidKey, mimeAllowed } from './rules.ts';
import { blobStoreOf, UnsafePath, type Range } from './blobs.ts';

/** Room for multipart boundaries and the small text fields beside the file part. */
const MULTIPART_SLACK = 64 * 1024;
/** JSON bodies (remove, list) are small; hosted caps a remove at 1000 names. */
const JSON_BODY_LIMIT = 1024 * 1024;
const MAX_REMOVE = 1000;

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

// ---------------------------------------------------------------- request helpers

/** The caller's role and claims from its JWT; a bad or expired token is refused as hosted refuses it. */
function roleOf(req: Request, ctx: StackContext, readOnly = false): RoleContext & { sub: string | null } {
  const c = callerOf(req, ctx.config);
  if (!c.ok) throw ERR.accessDenied(JWT_MESSAGES[c.reason] ?? 'invalid token');
  const sub = typeof c.claims.sub === 'string' ? c.claims.sub : null;
  return { role: c.role, claims: c.claims, method: req.method, path: new URL(req.url).pathname, readOnly, sub };
}

function decodeBucket(raw: string): string {
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
function decodeName(raw: string): string | null {
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return isValidKey(name) ? name : null;
}

function mustName(raw: string): string {
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

interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: unknown;
  allowed_mime_types: string[] | null;
}

/** Bucket settings are read as the server (hosted does too): a client need not see storage.buckets. */
async function findBucket(ctx: StackContext, id: string, publicOnly = false): Promise<BucketRow> {
  const r = await ctx.db.query<BucketRow>(
    `select id, public, file_size_limit::float8 as file_size_limit, allowed_mime_types
       from storage.buckets where id = $1 ${publicOnly ? 'and public' : ''}`,
    [id],
  );
  if (!r.rows[0]) throw ERR.noSuchBucket();
  return r.rows[0];
}

async function readCapped(req: Request, limit: number): Promise<Uint8Array> {
  try {
    return await readBody(req, limit);
  } catch (e) {
    if (e instanceof BodyTooLarge) throw ERR.tooLarge();
    throw e;
  }
}

async function readJson(req: Request): Promise<Record<string, unknown>> {
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

const isUuid = (v: string | null): v is string => !!v && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

// ---------------------------------------------------------------- upload

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

async function upload(req: Request, ctx: StackContext, bucketId: string, rawName: string, upsert: boolean) {
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

// ---------------------------------------------------------------- download

interface ObjectRow {
  id: string;
  metadata: Record<string, unknown> | null;
  updated_at: Date | string | null;
}

const OBJECT_COLUMNS = 'id, metadata, updated_at';

async function download(req: Request, ctx: StackContext, bucketId: string, rawName: string, mode: 'public' | 'rls') {
  // An unusable name cannot exist, so it reads as a missing object (and never reaches the disk).
  const name = decodeName(rawName);
  let row: ObjectRow | undefined;
  if (mode === 'public') {
    // Public buckets are read without auth, as the server; only the bucket's public flag matters.
    await findBucket(ctx, bucketId, true);
    if (name === null) throw ERR.noSuchKey();
    row = (await ctx.db.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name])).rows[0];
  } else {
    const role = roleOf(req, ctx, true);
    if (name === null) throw ERR.noSuchKey();
    row = (await ctx.db.asRole(role, (q) => q<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name]))).rows[0];
  }
  if (!row) throw ERR.noSuchKey();
  return serveBytes(req, ctx, bucketId, name!, row);
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

async function serveBytes(req: Request, ctx: StackContext, bucketId: string, name: string, row: ObjectRow) {
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

async function info(req: Request, ctx: StackContext, bucketId: string, rawName: string) {
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

// ---------------------------------------------------------------- remove

const DELETED_COLUMNS = 'bucket_id, name, owner, owner_id, id, metadata, user_metadata, version, created_at, updated_at, last_accessed_at';

/**
 * `remove([paths])`: deletes the rows the caller may see and delete (RLS), then their bytes. Names the
 * caller may not delete are simply absent from the answer, as on hosted.
 */
async function removeMany(req: Request, ctx: StackContext, bucketId: string) {
  const role = roleOf(req, ctx);
  await findBucket(ctx, bucketId);
  const body = await readJson(req);
  const prefixes = body.prefixes;
  if (!Array.isArray(prefixes) || prefixes.length === 0 || !prefixes.every((p) => typeof p === 'string')) {
    throw ERR.invalidRequest('body/prefixes must be a non-empty array of strings');
  }
  if (prefixes.length > MAX_REMOVE) throw ERR.invalidRequest(`body/prefixes must NOT have more than ${MAX_REMOVE} items`);
  const r = await ctx.db.asRole(role, async (q) => {
    await allowDelete(q);
    return q<{ j: string }>(
      `with d as (
         delete from storage.objects
          where bucket_id = $1 and name in (select jsonb_array_elements_text($2::jsonb))
         returning ${DELETED_COLUMNS})
       select coalesce(json_agg(d), '[]'::json)::text as j from d`,
      [bucketId, JSON.stringify(prefixes)],
    );
  });
  const text = r.rows[0]?.j ?? '[]';
  const deleted = JSON.parse(text) as { name: string }[];
  const store = blobStoreOf(ctx);
  await Promise.all(deleted.map((d) => store.remove(bucketId, d.name).catch((e) => console.error('[storage] byte removal failed', d.name, e))));
  if (deleted.length) notifyWrite(ctx);
  return new Response(text, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}

/** Hosted's storage schema refuses deletes from SQL (base.sql, storage.protect_delete) unless the
 * Storage API allows them for its own transaction, as it does here because it removes the bytes too. */
async function allowDelete(q: Query) {
  await q(`select set_config('storage.allow_delete_query', 'true', true)`);
}

async function removeOne(req: Request, ctx: StackContext, bucketId: string, rawName: string) {
  const role = roleOf(req, ctx);
  const name = decodeName(rawName);
  if (name === null) throw ERR.noSuchKey();
  await findBucket(ctx, bucketId);
  const r = await ctx.db.asRole(role, async (q) => {
    await allowDelete(q);
    return q(`delete from storage.objects where bucket_id = $1 and name = $2 returning id`, [bucketId, name]);
  });
  if (!r.rows.length) throw ERR.noSuchKey();
  await blobStoreOf(ctx).remove(bucketId, name);
  notifyWrite(ctx);
  return json({ message: 'Successfully deleted' });
}

// ---------------------------------------------------------------- list

const SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const;

interface ListRow {
  name: string;
  id: string;
  updated_at: Date | string | null;
  created_at: Date | string | null;
  last_accessed_at: Date | string | null;
  metadata: unknown;
}

/**
 * `list(prefix, {limit, offset, sortBy, search})`: the entries one level below the prefix, as
 * storage.search returns them: files with their row, sub-folders as entries whose id is null.
 */
async function list(req: Request, ctx: StackContext, bucketId: string) {
  const role = roleOf(req, ctx, true);
  await findBucket(ctx, bucketId);
  const body = await readJson(req);
  const rawPrefix = typeof body.prefix === 'string' ? body.prefix.replace(/^\/+/, '') : '';
  const prefix = rawPrefix && !rawPrefix.endsWith('/') ? `${rawPrefix}/` : rawPrefix;
  const limit = Math.min(Math.max(Number.isInteger(body.limit) ? (body.limit as number) : 100, 0), 1000);
  const offset = Math.max(Number.isInteger(body.offset) ? (body.offset as number) : 0, 0);
  const search = typeof body.search === 'string' ? body.search.toLowerCase() : '';
  const sortBy = (body.sortBy ?? {}) as { column?: string; order?: string };
  const column = (SORT_COLUMNS as readonly string[]).includes(sortBy.column ?? '') ? (sortBy.column as (typeof SORT_COLUMNS)[number]) : 'name';
  const desc = String(sortBy.order ?? 'asc').toLowerCase() === 'desc';

  const r = await ctx.db.asRole(role, (q) =>
    q<ListRow>(
      `select name, id, updated_at, created_at, last_accessed_at, metadata
         from storage.objects where bucket_id = $1 and starts_with(name, $2)`,
      [bucketId, prefix],
    ),
  );
  const entries = new Map<string, ListRow | { name: string; id: null; updated_at: null; created_at: null; last_accessed_at: null; metadata: null }>();
  for (const row of r.rows) {
    const rest = row.name.slice(prefix.length);
    const slash = rest.indexOf('/');
    const entryName = slash === -1 ? rest : rest.slice(0, slash);
    if (!entryName.toLowerCase().startsWith(search)) continue;
    if (slash === -1) entries.set(`f:${entryName}`, { ...row, name: entryName });
    else if (!entries.has(`d:${entryName}`)) {
      entries.set(`d:${entryName}`, { name: entryName, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
    }
  }
  const key = (v: unknown) => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? '' : String(v));
  const sorted = [...entries.values()].sort((a, b) => {
    const x = key(a[column]);
    const y = key(b[column]);
    const c = x < y ? -1 : x > y ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
    return desc ? -c : c;
  });
  return json(sorted.slice(offset, offset + limit));
}

// ---------------------------------------------------------------- buckets

const BUCKET_COLUMNS = `id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types, type, created_at, updated_at`;

/** Bucket listing goes through RLS like hosted: the service role sees all, other roles what policies allow. */
async function listBuckets(req: Request, ctx: StackContext) {
  const role = roleOf(req, ctx, true);
  const r = await ctx.db.asRole(role, (q) =>
    q<{ j: string }>(`select coalesce(json_agg(b order by b.name), '[]'::json)::text as j from (select ${BUCKET_COLUMNS} from storage.buckets) b`),
  );
  return new Response(r.rows[0].j, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}

async function getBucket(req: Request, ctx: StackContext, id: string) {
  const role = roleOf(req, ctx, true);
  const r = await ctx.db.asRole(role, (q) => q<{ j: string }>(`select row_to_json(b)::text as j from (select ${BUCKET_COLUMNS} from storage.buckets where id = $1) b`, [id]));
  if (!r.rows[0]) throw ERR.noSuchBucket();
  return new Response(r.rows[0].j, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}
