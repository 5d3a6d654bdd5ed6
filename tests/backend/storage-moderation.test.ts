/**
 * Moderation holds in the review-media bucket (issue 9): once a review is approved, or once a
 * review_media row names a file, only an admin may overwrite or delete that file; the review form's
 * submit (and its retry) still works; files no review names are removed after a grace period by the
 * review-media-cleanup job. Also what the storage service does at start-up (staged temp files of
 * interrupted uploads) and the headers it serves user content with.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testStack, adminClient, httpTestStack, signedInClient, stackClient, type TestStack, type TestClient, sqlOn } from '../support/stack.ts';
import { scheduleReviewMediaCleanup } from '../../supabase/local/storage/cleanup.ts';
import { submitReview } from '../../widgets/reviews/submit.ts';

const BUCKET = 'review-media';

let s: TestStack;
let admin: TestClient;
let author: { client: TestClient; id: string };

const sql = sqlOn(() => s);

function png(fill: number, bytes = 40): File {
  return new File([new Uint8Array(bytes).fill(fill)], 'p.png', { type: 'image/png' });
}

/** The bytes the public URL serves (what every visitor sees). */
async function served(path: string): Promise<{ status: number; bytes: number[] }> {
  const r = await s.fetch(`${s.url}/storage/v1/object/public/${BUCKET}/${path}`);
  return { status: r.status, bytes: r.ok ? [...new Uint8Array(await r.arrayBuffer())] : [] };
}

const objectRow = (path: string) => sql(`select name from storage.objects where bucket_id = $1 and name = $2`, [BUCKET, path]);

function refused(r: { error: unknown }, statusCode = '403') {
  expect(r.error, 'refused').not.toBeNull();
  expect((r.error as { statusCode?: string }).statusCode).toBe(statusCode);
}

/** A pending review of the author with one file uploaded at `<author>/<review>/0.png`; named by a row when asked. */
async function reviewWithFile(opts: { named: boolean; approved?: boolean }) {
  const id = randomUUID();
  const ins = await author.client.from('reviews').insert({
    id,
    user_id: author.id,
    product_slug: 'irie-locs',
    rating: 5,
    title: 'Photo',
    content: 'Look at them.',
    reviewer_name: 'Ada',
  });
  if (ins.error) throw ins.error;
  const path = `${author.id}/${id}/0.png`;
  const up = await author.client.storage.from(BUCKET).upload(path, png(1));
  if (up.error) throw up.error;
  if (opts.named) {
    const m = await author.client.from('review_media').insert({ review_id: id, file_path: path, file_type: 'image/png', file_size: 40 });
    if (m.error) throw m.error;
  }
  if (opts.approved) {
    const a = await admin.from('reviews').update({ is_approved: true }).eq('id', id).select('id');
    if (a.error || a.data?.length !== 1) throw a.error ?? new Error('not approved');
  }
  return { id, path };
}

beforeAll(async () => {
  s = await testStack({ autoconfirm: true });
  admin = await adminClient(s);
  author = await signedInClient(s);
});
afterAll(async () => {
  await s?.close();
});

describe('review-media: an approved review’s files are settled', () => {
  it('refuses the author’s swap (upsert and update) of an approved photo, and keeps serving the approved bytes', async () => {
    const { path } = await reviewWithFile({ named: true, approved: true });
    refused(await author.client.storage.from(BUCKET).upload(path, png(9), { upsert: true }));
    refused(await author.client.storage.from(BUCKET).update(path, png(9)));
    expect(await served(path)).toEqual({ status: 200, bytes: Array(40).fill(1) });
  });

  it('refuses the author’s delete of an approved photo: the row and the file stay', async () => {
    const { id, path } = await reviewWithFile({ named: true, approved: true });
    const rm = await author.client.storage.from(BUCKET).remove([path]);
    // Storage leaves out of its answer the names the caller may not delete.
    expect(rm).toMatchObject({ error: null, data: [] });
    expect(await objectRow(path)).toEqual([{ name: path }]);
    expect(await sql(`select file_path from public.review_media where review_id = $1`, [id])).toEqual([{ file_path: path }]);
    expect((await served(path)).status).toBe(200);
  });

  it('refuses a new file in an approved review’s folder', async () => {
    const { id } = await reviewWithFile({ named: true, approved: true });
    refused(await author.client.storage.from(BUCKET).upload(`${author.id}/${id}/1.png`, png(9)));
    expect(await objectRow(`${author.id}/${id}/1.png`)).toEqual([]);
  });

  it('lets an admin replace and delete an approved review’s file', async () => {
    const { path } = await reviewWithFile({ named: true, approved: true });
    expect((await admin.storage.from(BUCKET).upload(path, png(5), { upsert: true })).error).toBeNull();
    expect(await served(path)).toEqual({ status: 200, bytes: Array(40).fill(5) });
    expect((await admin.storage.from(BUCKET).remove([path])).data?.map((o) => o.name)).toEqual([path]);
    expect(await objectRow(path)).toEqual([]);
    expect((await served(path)).status).toBe(400);
  });
});

describe('review-media: a pending review’s files', () => {
  it('refuses the author’s swap of a file a review_media row names, so the moderator approves what they saw', async () => {
    const { path } = await reviewWithFile({ named: true });
    refused(await author.client.storage.from(BUCKET).upload(path, png(9), { upsert: true }));
    expect(await served(path)).toEqual({ status: 200, bytes: Array(40).fill(1) });
  });

  it('lets the author remove a named file once its row is gone, and put no file back under a name a row holds', async () => {
    const { id, path } = await reviewWithFile({ named: true });
    expect((await author.client.storage.from(BUCKET).remove([path])).data).toEqual([]);
    expect(await objectRow(path)).toEqual([{ name: path }]);
    expect((await author.client.from('review_media').delete().eq('review_id', id).select('id')).data).toHaveLength(1);
    expect((await author.client.storage.from(BUCKET).remove([path])).data?.map((o) => o.name)).toEqual([path]);
    expect(await objectRow(path)).toEqual([]);

    // A name a row holds, with no file behind it: only an admin may store one there.
    const other = await reviewWithFile({ named: true });
    await admin.storage.from(BUCKET).remove([other.path]);
    refused(await author.client.storage.from(BUCKET).upload(other.path, png(9)));
    expect((await admin.storage.from(BUCKET).upload(other.path, png(6))).error).toBeNull();
    expect(await served(other.path)).toEqual({ status: 200, bytes: Array(40).fill(6) });
  });

  it('lets the author overwrite and remove a file no row names yet', async () => {
    const { path } = await reviewWithFile({ named: false });
    expect((await author.client.storage.from(BUCKET).upload(path, png(2), { upsert: true })).error).toBeNull();
    expect(await served(path)).toEqual({ status: 200, bytes: Array(40).fill(2) });
    expect((await author.client.storage.from(BUCKET).remove([path])).data?.map((o) => o.name)).toEqual([path]);
    expect(await objectRow(path)).toEqual([]);
  });
});

describe('review form: submitReview (widgets/reviews/submit.ts) under these rules', () => {
  const draft = (files: File[]) => ({
    id: randomUUID(),
    bucket: BUCKET,
    userId: author.id,
    slug: 'irie-locs',
    rating: 4,
    title: 'Two photos',
    content: 'Both angles.',
    reviewerName: 'Ada',
    files,
  });

  it('stores a review with its files and rows', async () => {
    const d = draft([png(3), png(4)]);
    await submitReview(author.client, d);
    const rows = await sql<{ file_path: string }>(`select file_path from public.review_media where review_id = $1 order by file_path`, [d.id]);
    expect(rows.map((r) => r.file_path)).toEqual([`${author.id}/${d.id}/0.png`, `${author.id}/${d.id}/1.png`]);
    expect(await served(rows[1].file_path)).toEqual({ status: 200, bytes: Array(40).fill(4) });
  });

  it('succeeds on a retry after an upload failed half-way, leaving no file of the failed attempt', async () => {
    const d = draft([png(3), png(4)]);
    // A client whose second upload fails at the network, as in the form's own retry test.
    let fail = true;
    const flaky = stackClient(s.config, (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (fail && url.includes(`/object/${BUCKET}/`) && url.endsWith('/1.png')) {
        fail = false;
        throw new TypeError('fetch failed');
      }
      return s.fetch(input, init);
    }) as typeof fetch);
    const { data: session } = await author.client.auth.getSession();
    await flaky.auth.setSession({ access_token: session.session!.access_token, refresh_token: session.session!.refresh_token });
    const progress = { reviewStored: false };
    await expect(submitReview(flaky, d, progress)).rejects.toThrow();
    expect(await objectRow(`${author.id}/${d.id}/0.png`)).toEqual([]);
    await submitReview(flaky, d, progress);
    expect(await sql(`select count(*)::int as n from public.review_media where review_id = $1`, [d.id])).toEqual([{ n: 2 }]);
    expect((await served(`${author.id}/${d.id}/1.png`)).status).toBe(200);
  });

  it('succeeds on a retry after everything was stored but the answer was lost (its files are settled by then)', async () => {
    const d = draft([png(5), png(6)]);
    // The last answer (the media rows' insert) never reaches the client; the rows are in.
    let lose = true;
    const lossy = stackClient(s.config, (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      const res = await s.fetch(input, init);
      if (lose && url.includes('/rest/v1/review_media') && (init?.method ?? 'GET') === 'POST') {
        lose = false;
        throw new TypeError('fetch failed');
      }
      return res;
    }) as typeof fetch);
    const { data: session } = await author.client.auth.getSession();
    await lossy.auth.setSession({ access_token: session.session!.access_token, refresh_token: session.session!.refresh_token });
    const progress = { reviewStored: false };
    await expect(submitReview(lossy, d, progress)).rejects.toThrow();
    expect(await sql(`select count(*)::int as n from public.review_media where review_id = $1`, [d.id])).toEqual([{ n: 2 }]);
    await submitReview(lossy, d, progress);
    expect(await sql(`select count(*)::int as n from public.review_media where review_id = $1`, [d.id])).toEqual([{ n: 2 }]);
    expect(await served(`${author.id}/${d.id}/1.png`)).toEqual({ status: 200, bytes: Array(40).fill(6) });
  });
});

describe('leftover files: the local stack runs review-media-cleanup at start and then hourly', () => {
  it('removes files no review has named for 24 hours, and keeps fresh and named ones', async () => {
    const service = s.client({ serviceRole: true });
    const old = `${author.id}/${randomUUID()}/0.png`;
    const fresh = `${author.id}/${randomUUID()}/0.png`;
    const named = await reviewWithFile({ named: true });
    for (const path of [old, fresh]) expect((await service.storage.from(BUCKET).upload(path, png(7))).error).toBeNull();
    await sql(
      `update storage.objects set created_at = now() - interval '25 hours', updated_at = now() - interval '25 hours'
        where bucket_id = $1 and name = any($2)`,
      [BUCKET, [old, named.path]],
    );
    const schedule = scheduleReviewMediaCleanup(s, 60_000);
    try {
      expect(await schedule.first).toBe(1);
    } finally {
      await schedule.stop();
    }
    expect(await objectRow(old)).toEqual([]);
    expect((await served(old)).status).toBe(400);
    expect(await objectRow(fresh)).toEqual([{ name: fresh }]);
    expect(await served(named.path)).toEqual({ status: 200, bytes: Array(40).fill(1) });
  });

  it('is scheduled by the server the CLI starts', async () => {
    const http = await httpTestStack();
    try {
      expect(http.cleanup).not.toBeNull();
      // A freshly seeded database holds no leftover: the run at start finds nothing to remove.
      expect(await http.cleanup!.first).toBe(0);
    } finally {
      await http.close();
    }
  });
});

describe('storage downloads of user content', () => {
  it('carry nosniff and a sandboxing Content-Security-Policy, public and authenticated', async () => {
    const { path } = await reviewWithFile({ named: false });
    const pub = await s.fetch(`${s.url}/storage/v1/object/public/${BUCKET}/${path}`);
    const { data: session } = await author.client.auth.getSession();
    const authd = await s.fetch(`${s.url}/storage/v1/object/authenticated/${BUCKET}/${path}`, {
      headers: { apikey: s.config.anonKey, authorization: `Bearer ${session.session!.access_token}` },
    });
    const ranged = await s.fetch(`${s.url}/storage/v1/object/public/${BUCKET}/${path}`, { headers: { range: 'bytes=0-3' } });
    for (const [what, r] of [
      ['public', pub],
      ['authenticated', authd],
      ['range', ranged],
    ] as const) {
      expect(r.ok, what).toBe(true);
      expect(r.headers.get('x-content-type-options'), what).toBe('nosniff');
      expect(r.headers.get('content-security-policy'), what).toBe("default-src 'none'; sandbox");
      await r.arrayBuffer();
    }
  });
});

describe('start-up', () => {
  it('removes the staged temp files an interrupted upload left', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kyb-storage-'));
    try {
      await mkdir(join(dir, '.tmp'), { recursive: true });
      await writeFile(join(dir, '.tmp', randomUUID()), 'half an upload');
      const stack = await testStack({ storageDir: dir });
      try {
        expect(await readdir(join(dir, '.tmp')).catch(() => [])).toEqual([]);
      } finally {
        await stack.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
