/**
 * Buckets: their settings as the server reads them for every operation (size and MIME limits, public
 * flag), and `listBuckets` / `getBucket`, which a client sees through RLS.
 */
import type { StackContext } from '../http.ts';
import { ERR } from './errors.ts';
import { roleOf } from './request.ts';

export interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: unknown;
  allowed_mime_types: string[] | null;
}

/** Bucket settings are read as the server (hosted does too): a client need not see storage.buckets. */
export async function findBucket(ctx: StackContext, id: string, publicOnly = false): Promise<BucketRow> {
  const r = await ctx.db.query<BucketRow>(
    `select id, public, file_size_limit::float8 as file_size_limit, allowed_mime_types
       from storage.buckets where id = $1 ${publicOnly ? 'and public' : ''}`,
    [id],
  );
  if (!r.rows[0]) throw ERR.noSuchBucket();
  return r.rows[0];
}

const BUCKET_COLUMNS = `id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types, type, created_at, updated_at`;

/** Bucket listing goes through RLS like hosted: the service role sees all, other roles what policies allow. */
export async function listBuckets(req: Request, ctx: StackContext) {
  const role = roleOf(req, ctx, true);
  const r = await ctx.db.asRole(role, (q) =>
    q<{ j: string }>(`select coalesce(json_agg(b order by b.name), '[]'::json)::text as j from (select ${BUCKET_COLUMNS} from storage.buckets) b`),
  );
  return new Response(r.rows[0].j, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}

export async function getBucket(req: Request, ctx: StackContext, id: string) {
  const role = roleOf(req, ctx, true);
  const r = await ctx.db.asRole(role, (q) => q<{ j: string }>(`select row_to_json(b)::text as j from (select ${BUCKET_COLUMNS} from storage.buckets where id = $1) b`, [id]));
  if (!r.rows[0]) throw ERR.noSuchBucket();
  return new Response(r.rows[0].j, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}
