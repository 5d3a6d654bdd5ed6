/**
 * /storage/v1 as supabase-js 2.109 drives it (upload, public URL, upsert, remove, list, buckets),
 * against the local stack with real Postgres row-level security on storage.objects.
 * The test buckets and their policies are built here (same shape as review-media) so this file does
 * not depend on the project's own bucket migrations.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { httpTestStack, testStack, type TestStack, type TestClient } from '../support/stack.ts';
import { signJwt } from '../../supabase/local/jwt.ts';
import type { Database } from '../../supabase/types/database.ts';

const LIMIT = 64 * 1024;
const MEDIA = 'test-media';

/** Buckets shaped like review-media (public, size limit, MIME list, writes only under `<uid>/`). */
const FIXTURE_SQL = `
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('${MEDIA}', '${MEDIA}', true, ${LIMIT}, array['image/jpeg','image/png','image/webp','video/mp4','video/quicktime']),
  ('test-private', 'test-private', false, null, null),
  ('test-gallery', 'test-gallery', true, null, array['image/*']);
create policy "test: users add files under their own folder" on storage.objects for insert to authenticated
  with check (bucket_id in ('${MEDIA}', 'test-private', 'test-gallery') and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "test: users see their own files" on storage.objects for select to authenticated
  using (bucket_id in ('${MEDIA}', 'test-private', 'test-gallery') and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "test: users replace their own files" on storage.objects for update to authenticated
  using (bucket_id in ('${MEDIA}', 'test-private', 'test-gallery') and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id in ('${MEDIA}', 'test-private', 'test-gallery') and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "test: users delete their own files" on storage.objects for delete to authenticated
  using (bucket_id in ('${MEDIA}', 'test-private', 'test-gallery') and (storage.foldername(name))[1] = (select auth.uid())::text);
`;

interface User {
  id: string;
  client: TestClient;
  token: string;
}

function accessToken(s: TestStack, sub: string, opts: { secret?: string; exp?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(
    {
      aud: 'authenticated',
      exp: opts.exp ?? now + 3600,
      iat: now,
      sub,
      email: `${sub.slice(0, 8)}@example.com`,
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      aal: 'aal1',
      session_id: randomUUID(),
      is_anonymous: false,
    },
    opts.secret ?? s.config.jwtSecret,
  );
}

/** A real supabase-js client carrying a user's access token (as GoTrue would issue it). */
function clientWithToken(s: TestStack, token: string) {
  return createClient<Database>(s.url, s.config.anonKey, {
    accessToken: async () => token,
    global: { fetch: s.fetch },
  });
}

async function newUser(s: TestStack): Promise<User> {
  const id = randomUUID();
  await s.db.query(`insert into auth.users (id, email, email_confirmed_at) values ($1, $2, now())`, [id, `${id.slice(0, 8)}@example.com`]);
  const token = accessToken(s, id);
  return { id, token, client: clientWithToken(s, token) };
}

const png = (n = 32, fill = 7) => new Uint8Array(n).fill(fill);
const fileOf = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => new File([bytes], name, { type });

async function objectRows(s: TestStack, bucket: string, name: string) {
  return (
    await s.db.query<{ id: string; owner: string; metadata: Record<string, unknown> }>('select id, owner, metadata from storage.objects where bucket_id = $1 and name = $2', [
      bucket,
      name,
    ])
  ).rows;
}

describe.each([
  ['in memory', false],
  ['on disk', true],
] as const)('storage (%s)', (_label, onDisk) => {
  let s: TestStack;
  let dir: string | undefined;
  let alice: User;
  let bob: User;
  let writes = 0;

  beforeAll(async () => {
    dir = onDisk ? await mkdtemp(join(tmpdir(), 'kyb-storage-')) : undefined;
    s = await testStack({ storageDir: dir });
    await s.db.exec(FIXTURE_SQL);
    alice = await newUser(s);
    bob = await newUser(s);
    s.ctx.onWrite.add(() => writes++);
  });
  afterAll(async () => {
    await s?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('uploads a browser File as multipart, owned by the caller, and serves it at its public URL', async () => {
    const path = `${alice.id}/r1/0.png`;
    const before = writes;
    const bytes = png(40);
    const { data, error } = await alice.client.storage.from(MEDIA).upload(path, fileOf(bytes, 'photo.png', 'image/png'));
    expect(error).toBeNull();
    expect(data).toMatchObject({ path, fullPath: `${MEDIA}/${path}` });
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(writes).toBe(before + 1);

    const [row] = await objectRows(s, MEDIA, path);
    expect(row.id).toBe(data!.id);
    expect(row.owner).toBe(alice.id);
    expect(row.metadata).toMatchObject({ mimetype: 'image/png', size: 40, contentLength: 40, cacheControl: 'max-age=3600', httpStatusCode: 200 });
    expect(row.metadata.eTag).toMatch(/^"[0-9a-f]{32}"$/);

    const url = s.client().storage.from(MEDIA).getPublicUrl(path).data.publicUrl;
    expect(url).toBe(`${s.url}/storage/v1/object/public/${MEDIA}/${path}`);
    const res = await s.fetch(url); // no apikey, no token: public buckets are open to read
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('max-age=3600');
    expect(res.headers.get('content-length')).toBe('40');
    expect(res.headers.get('etag')).toBe(row.metadata.eTag);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);

    const head = await s.fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('40');
    expect(await head.text()).toBe('');

    if (dir) expect(await readFile(join(dir, MEDIA, alice.id, 'r1', '0.png'))).toEqual(Buffer.from(bytes));
  });

  it('uploads an ArrayBuffer as a raw body typed by contentType, with ranges and revalidation', async () => {
    const path = `${alice.id}/r1/1.jpg`;
    const bytes = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const { error } = await alice.client.storage.from(MEDIA).upload(path, bytes.buffer, { contentType: 'image/jpeg', cacheControl: '60' });
    expect(error).toBeNull();
    const url = s.client().storage.from(MEDIA).getPublicUrl(path).data.publicUrl;
    const res = await s.fetch(url);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('max-age=60');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);

    // Videos in Safari need byte ranges.
    const part = await s.fetch(url, { headers: { range: 'bytes=2-4' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-4/10');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(new Uint8Array([3, 4, 5]));
    const tail = await s.fetch(url, { headers: { range: 'bytes=-2' } });
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(new Uint8Array([9, 10]));
    const beyond = await s.fetch(url, { headers: { range: 'bytes=50-' } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */10');

    const again = await s.fetch(url, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('refuses a second upload to the same name (409 in the body) and keeps the first bytes', async () => {
    const path = `${alice.id}/dup.png`;
    expect((await alice.client.storage.from(MEDIA).upload(path, fileOf(png(8, 1), 'a.png', 'image/png'))).error).toBeNull();
    const { data, error } = await alice.client.storage.from(MEDIA).upload(path, fileOf(png(9, 2), 'b.png', 'image/png'));
    expect(data).toBeNull();
    expect(error).toMatchObject({ name: 'StorageApiError', status: 400, statusCode: '409', message: 'The resource already exists' });
    const res = await s.fetch(s.client().storage.from(MEDIA).getPublicUrl(path).data.publicUrl);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(png(8, 1));
  });

  it('replaces an object with upsert (same row, new bytes and type)', async () => {
    const path = `${alice.id}/up.png`;
    const first = await alice.client.storage.from(MEDIA).upload(path, fileOf(png(8, 1), 'a.png', 'image/png'));
    const second = await alice.client.storage.from(MEDIA).upload(path, fileOf(png(12, 3), 'a.webp', 'image/webp'), { upsert: true });
    expect(second.error).toBeNull();
    expect(second.data!.id).toBe(first.data!.id);
    expect(await objectRows(s, MEDIA, path)).toHaveLength(1);
    const res = await s.fetch(s.client().storage.from(MEDIA).getPublicUrl(path).data.publicUrl);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(png(12, 3));
    // update() is the PUT form of the same thing.
    const upd = await alice.client.storage.from(MEDIA).update(path, fileOf(png(5, 4), 'c.png', 'image/png'));
    expect(upd.error).toBeNull();
    const res2 = await s.fetch(s.client().storage.from(MEDIA).getPublicUrl(path).data.publicUrl);
    expect(new Uint8Array(await res2.arrayBuffer())).toEqual(png(5, 4));
  });

  it('refuses a file over the bucket limit (413) as a File, an ArrayBuffer, and an endless stream', async () => {
    const path = `${alice.id}/big.png`;
    const big = png(LIMIT + 1);
    const asFile = await alice.client.storage.from(MEDIA).upload(path, fileOf(big, 'big.png', 'image/png'));
    expect(asFile.error).toMatchObject({ status: 400, statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    const asBuffer = await alice.client.storage.from(MEDIA).upload(path, big.buffer, { contentType: 'image/png' });
    expect(asBuffer.error).toMatchObject({ statusCode: '413' });

    // The server stops reading once the cap is passed: it never pulls the whole body.
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(c) {
        if (pulled > 100 * LIMIT) return c.close();
        pulled += 4096;
        c.enqueue(new Uint8Array(4096));
      },
    });
    const asStream = await alice.client.storage.from(MEDIA).upload(path, endless, { contentType: 'image/png' });
    expect(asStream.error).toMatchObject({ statusCode: '413' });
    expect(pulled).toBeLessThan(2 * LIMIT);
    expect(await objectRows(s, MEDIA, path)).toHaveLength(0);

    // Exactly at the limit is fine.
    const atLimit = await alice.client.storage.from(MEDIA).upload(path, fileOf(png(LIMIT), 'ok.png', 'image/png'));
    expect(atLimit.error).toBeNull();
  });

  it('refuses a MIME type the bucket does not allow (415), and honours image/* wildcards', async () => {
    const gif = await alice.client.storage.from(MEDIA).upload(`${alice.id}/a.gif`, fileOf(png(4), 'a.gif', 'image/gif'));
    expect(gif.error).toMatchObject({ status: 400, statusCode: '415', message: 'mime type image/gif is not supported' });
    const text = await alice.client.storage.from(MEDIA).upload(`${alice.id}/a.txt`, 'hello');
    expect(text.error).toMatchObject({ statusCode: '415', message: 'mime type text/plain;charset=UTF-8 is not supported' });

    expect((await alice.client.storage.from('test-gallery').upload(`${alice.id}/a.gif`, fileOf(png(4), 'a.gif', 'image/gif'))).error).toBeNull();
    const video = await alice.client.storage.from('test-gallery').upload(`${alice.id}/a.mp4`, fileOf(png(4), 'a.mp4', 'video/mp4'));
    expect(video.error).toMatchObject({ statusCode: '415', message: 'mime type video/mp4 is not supported' });
  });

  it("lets row-level security refuse uploads outside the caller's folder and from anonymous callers", async () => {
    const other = await alice.client.storage.from(MEDIA).upload(`${bob.id}/x.png`, fileOf(png(4), 'x.png', 'image/png'));
    expect(other.error).toMatchObject({ status: 400, statusCode: '403', message: 'new row violates row-level security policy' });
    const anon = await s
      .client()
      .storage.from(MEDIA)
      .upload(`${alice.id}/anon.png`, fileOf(png(4), 'x.png', 'image/png'));
    expect(anon.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    // Bob may not overwrite Alice's file by upsert either.
    await alice.client.storage.from(MEDIA).upload(`${alice.id}/mine.png`, fileOf(png(4, 1), 'x.png', 'image/png'));
    const hijack = await bob.client.storage.from(MEDIA).upload(`${alice.id}/mine.png`, fileOf(png(4, 9), 'x.png', 'image/png'), { upsert: true });
    expect(hijack.error).toMatchObject({ statusCode: '403' });
    const res = await s.fetch(s.client().storage.from(MEDIA).getPublicUrl(`${alice.id}/mine.png`).data.publicUrl);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(png(4, 1));
    expect(await objectRows(s, MEDIA, `${bob.id}/x.png`)).toHaveLength(0);
  });

  it('removes only what the caller may delete, then the bytes', async () => {
    const path = `${alice.id}/gone.png`;
    await alice.client.storage.from(MEDIA).upload(path, fileOf(png(4), 'g.png', 'image/png'));
    const url = s.client().storage.from(MEDIA).getPublicUrl(path).data.publicUrl;

    const byBob = await bob.client.storage.from(MEDIA).remove([path]);
    expect(byBob).toEqual({ data: [], error: null });
    expect((await s.fetch(url)).status).toBe(200);

    const before = writes;
    const byAlice = await alice.client.storage.from(MEDIA).remove([path, `${alice.id}/never-existed.png`]);
    expect(byAlice.error).toBeNull();
    expect(byAlice.data).toHaveLength(1);
    expect(byAlice.data![0]).toMatchObject({ name: path, bucket_id: MEDIA, owner: alice.id });
    expect(writes).toBe(before + 1);

    const res = await s.fetch(url);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' });
    if (dir) await expect(stat(join(dir, MEDIA, alice.id, 'gone.png'))).rejects.toThrow(/ENOENT/);
  });

  it('refuses names that could escape the bucket or are not valid keys', async () => {
    const bad = [
      `${alice.id}/..%2F..%2Fescape.png`, // encoded slashes: decoded server-side to ../../
      `${alice.id}/%2e%2e%2fescape.png`,
      `${alice.id}/a\u0001b.png`,
      `${alice.id}/back%5Cslash.png`, // a raw backslash would be turned into `/` by the URL parser
      `${alice.id}/${'x'.repeat(1100)}.png`,
    ];
    for (const name of bad) {
      const { error } = await alice.client.storage.from(MEDIA).upload(name, fileOf(png(4), 'x.png', 'image/png'));
      expect(error, name).toMatchObject({ status: 400, statusCode: '400' });
      expect(error!.message, name).toMatch(/^Invalid key: /);
    }
    // Empty segment / leading slash, sent raw (supabase-js would have cleaned them).
    for (const tail of [`${alice.id}//x.png`, `/${alice.id}/x.png`]) {
      const res = await s.fetch(`${s.url}/storage/v1/object/${MEDIA}/${tail}`, {
        method: 'POST',
        headers: { apikey: s.config.anonKey, authorization: `Bearer ${alice.token}`, 'content-type': 'image/png' },
        body: png(4),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    }
    // Reads of such names never reach the disk.
    for (const tail of ['..%2F..%2F..%2Fetc%2Fpasswd', '%2E%2E%2F%2E%2E%2Fx', `${alice.id}%2F..%2F..%2Fpackage.json`]) {
      const res = await s.fetch(`${s.url}/storage/v1/object/public/${MEDIA}/${tail}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: '404' });
    }
    expect((await s.db.query(`select count(*)::int as n from storage.objects where name like '%..%'`)).rows[0]).toEqual({ n: 0 });
    if (dir) expect((await readdir(dir)).sort()).toEqual(expect.arrayContaining([MEDIA]));
    // Only bucket folders exist at the top (the seed's own buckets hold their placeholder images).
    if (dir) expect((await readdir(dir)).filter((f) => !['.tmp', MEDIA, 'test-gallery', 'test-private', 'review-media', 'planner-gallery'].includes(f))).toEqual([]);
  });

  it('answers a bad or expired JWT with 403 in the body', async () => {
    const forged = clientWithToken(s, accessToken(s, alice.id, { secret: 'not-the-secret-not-the-secret-not-the-secret' }));
    const r1 = await forged.storage.from(MEDIA).upload(`${alice.id}/f.png`, fileOf(png(4), 'f.png', 'image/png'));
    expect(r1.error).toMatchObject({ status: 400, statusCode: '403', message: 'invalid signature' });
    const expired = clientWithToken(s, accessToken(s, alice.id, { exp: Math.floor(Date.now() / 1000) - 10 }));
    const r2 = await expired.storage.from(MEDIA).remove([`${alice.id}/r1/0.png`]);
    expect(r2.error).toMatchObject({ statusCode: '403', message: 'jwt expired' });
    expect(await objectRows(s, MEDIA, `${alice.id}/r1/0.png`)).toHaveLength(1);
  });

  it('reports a missing bucket as 404 in the body', async () => {
    const { error } = await alice.client.storage.from('no-such-bucket').upload(`${alice.id}/x.png`, fileOf(png(4), 'x.png', 'image/png'));
    expect(error).toMatchObject({ status: 400, statusCode: '404', message: 'Bucket not found' });
  });

  it('serves private buckets only through RLS, never at a public URL', async () => {
    const path = `${alice.id}/secret.png`;
    expect((await alice.client.storage.from('test-private').upload(path, fileOf(png(6, 5), 's.png', 'image/png'))).error).toBeNull();
    const pub = await s.fetch(s.client().storage.from('test-private').getPublicUrl(path).data.publicUrl);
    expect(pub.status).toBe(400);
    expect(await pub.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });

    const mine = await alice.client.storage.from('test-private').download(path);
    expect(mine.error).toBeNull();
    expect(new Uint8Array(await mine.data!.arrayBuffer())).toEqual(png(6, 5));
    const theirs = await bob.client.storage.from('test-private').download(path);
    expect(theirs.data).toBeNull();
    expect(theirs.error).toBeTruthy();
    expect(await bob.client.storage.from('test-private').exists(path)).toMatchObject({ data: false });
    expect(await alice.client.storage.from('test-private').exists(path)).toMatchObject({ data: true });
  });

  it('lists a folder under RLS', async () => {
    await alice.client.storage.from('test-gallery').upload(`${alice.id}/list/b.png`, fileOf(png(3), 'b.png', 'image/png'));
    await alice.client.storage.from('test-gallery').upload(`${alice.id}/list/a.png`, fileOf(png(3), 'a.png', 'image/png'));
    await alice.client.storage.from('test-gallery').upload(`${alice.id}/list/sub/c.png`, fileOf(png(3), 'c.png', 'image/png'));
    const { data, error } = await alice.client.storage.from('test-gallery').list(`${alice.id}/list`);
    expect(error).toBeNull();
    expect(data!.map((e) => [e.name, e.id === null])).toEqual([
      ['a.png', false],
      ['b.png', false],
      ['sub', true],
    ]);
    expect(data![0].metadata).toMatchObject({ mimetype: 'image/png', size: 3 });
    const desc = await alice.client.storage.from('test-gallery').list(`${alice.id}/list`, { sortBy: { column: 'name', order: 'desc' }, limit: 2 });
    expect(desc.data!.map((e) => e.name)).toEqual(['sub', 'b.png']);
    expect((await bob.client.storage.from('test-gallery').list(`${alice.id}/list`)).data).toEqual([]);
  });

  it('shows buckets to the service role and nothing to anon (no bucket policies)', async () => {
    const service = s.client({ serviceRole: true });
    const { data, error } = await service.storage.getBucket(MEDIA);
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: MEDIA, public: true, file_size_limit: LIMIT, allowed_mime_types: expect.arrayContaining(['image/png']) });
    const all = await service.storage.listBuckets();
    expect(all.data!.map((b) => b.id)).toEqual(expect.arrayContaining([MEDIA, 'test-private', 'test-gallery']));
    expect((await s.client().storage.listBuckets()).data).toEqual([]);
    expect((await service.storage.getBucket('nope')).error).toMatchObject({ statusCode: '404' });
  });
});

describe('storage over real HTTP', () => {
  let h: Awaited<ReturnType<typeof httpTestStack>>;
  beforeAll(async () => {
    h = await httpTestStack();
    await h.stack.db.exec(FIXTURE_SQL);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses a large upload promptly, then accepts a good one from a browser origin', async () => {
    const id = randomUUID();
    const now = Math.floor(Date.now() / 1000);
    const token = signJwt({ sub: id, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 600 }, h.stack.config.jwtSecret);
    const c = createClient<Database>(h.url, h.stack.config.anonKey, { accessToken: async () => token, global: { headers: { origin: 'http://127.0.0.1:5173' } } });

    const big = new Uint8Array(8 * 1024 * 1024); // far over the bucket's limit: refused without reading it all
    const t0 = Date.now();
    const refused = await c.storage.from(MEDIA).upload(`${id}/big.png`, new File([big], 'big.png', { type: 'image/png' }));
    expect(refused.error).toMatchObject({ status: 400, statusCode: '413' });
    expect(Date.now() - t0).toBeLessThan(5000);

    const ok = await c.storage.from(MEDIA).upload(`${id}/ok.png`, new File([png(10)], 'ok.png', { type: 'image/png' }));
    expect(ok.error).toBeNull();
    const res = await fetch(c.storage.from(MEDIA).getPublicUrl(`${id}/ok.png`).data.publicUrl, { headers: { origin: 'http://127.0.0.1:5173' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(res.headers.get('access-control-expose-headers')).toMatch(/ETag/);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(png(10));
  });
});
