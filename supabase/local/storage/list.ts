/** List: the entries one level below a prefix, as storage.search returns them. */
import { json, type StackContext } from '../http.ts';
import { readJson, roleOf } from './request.ts';
import { findBucket } from './buckets.ts';

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
export async function list(req: Request, ctx: StackContext, bucketId: string) {
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
