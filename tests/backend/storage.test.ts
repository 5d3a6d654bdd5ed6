/**
 * /storage/v1 as supabase-js 2.109 drives it (upload, public URL, upsert, remove, list, buckets),
 * against the local stack with real Postgres row-level security on storage.objects, with objects in
 * memory and on disk. Over a real HTTP server: storage-http.test.ts; the test buckets:
 * tests/support/storage-fixture.ts.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testStack, type TestStack } from '../support/stack.ts';
import { FIXTURE_SQL, LIMIT, MEDIA, type User, accessToken, clientWithToken, fileOf, newUser, objectRows, png } from '../support/storage-fixture.ts';
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
    if (dir)
      expect((await readdir(dir)).filter((f) => !['.tmp', MEDIA, 'test-gallery', 'test-private', 'review-media', 'planner-gallery', 'planner-files'].includes(f))).toEqual([]);
  });

  it('answers a bad or expired JWT with 403 in the body', async () => {
    const forged = clientWithToken(s, accessToken(s, alice.id, { secret: 'not-the-secret-not-the-secret-not-the-secret' }));
    const r1 = await forged.storage.from(MEDIA).upload(`${alice.id}/f.png`, fileOf(png(4), 'f.png', 'image/png'));
    expect(r1.error).toMatchObject({ status: 400, statusCode: '403', message: 'signature verification failed' });
    const expired = clientWithToken(s, accessToken(s, alice.id, { exp: Math.floor(Date.now() / 1000) - 10 }));
    const r2 = await expired.storage.from(MEDIA).remove([`${alice.id}/r1/0.png`]);
    expect(r2.error).toMatchObject({ statusCode: '403', message: '"exp" claim timestamp check failed' });
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
