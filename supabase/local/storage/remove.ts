/** Remove: many names (`remove([paths])`) or one; rows under RLS first, then their bytes. */
import type { Query } from '../db.ts';
import { json, notifyWrite, type StackContext } from '../http.ts';
import { ERR } from './errors.ts';
import { blobStoreOf } from './blobs.ts';
import { decodeName, readJson, roleOf } from './request.ts';
import { findBucket } from './buckets.ts';

/** Hosted caps a remove at 1000 names. */
const MAX_REMOVE = 1000;

const DELETED_COLUMNS = 'bucket_id, name, owner, owner_id, id, metadata, user_metadata, version, created_at, updated_at, last_accessed_at';

/**
 * `remove([paths])`: deletes the rows the caller may see and delete (RLS), then their bytes. Names the
 * caller may not delete are simply absent from the answer, as on hosted.
 */
export async function removeMany(req: Request, ctx: StackContext, bucketId: string) {
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

export async function removeOne(req: Request, ctx: StackContext, bucketId: string, rawName: string) {
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
