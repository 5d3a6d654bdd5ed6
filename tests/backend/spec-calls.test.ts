/**
 * Every database and storage call of docs/data.md#calls, made the way the widgets make them (real
 * supabase-js against the local stack, the project's migrations and seed), answering what hosted
 * Supabase would: status, row shape, order, and the RPC contract of review_feed (helpers-brief).
 * Expected values come from the database itself (as the superuser), never from the code under test.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import { testStack, adminClient, signedInClient, type TestStack, type TestClient, untyped, sqlOn } from '../support/stack.ts';
import { REVIEW_FILE_EXTENSIONS } from '../../shared/rules/reviews.ts';
import { displayNameFor } from '../../shared/rules/accounts.ts';
import { galleryFileType } from '../../shared/rules/gallery.ts';

// Seeded rows (supabase/seed.sql).
const AMARA = { id: '5eed0000-0000-4000-8000-000000000011', email: 'amara.johnson@example.com', password: 'kyb-customer-2025' };
const REVIEW_WITH_TWO_FILES = '5eed0001-0000-4000-8000-000000000001'; // handmade-locs, approved, by Amara

let s: TestStack;
let anon: TestClient;
let admin: TestClient;

beforeAll(async () => {
  s = await testStack({ autoconfirm: true });
  anon = s.client();
  admin = await adminClient(s);
});
afterAll(async () => {
  await s?.close();
});

/** Runs SQL as the superuser (bypasses RLS): the ground truth the answers are compared with. */
const sql = sqlOn(() => s);

function png(bytes = 64): File {
  const data = new Uint8Array(bytes);
  data.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([data], 'photo.png', { type: 'image/png' });
}

describe('profiles (docs/data.md#calls upsert on sign-in, docs/data.md#calls account page)', () => {
  it('upserts {id, display_name, avatar_url} on id and returns the row, first as a create, then as an update', async () => {
    const u = await signedInClient(s);
    const { data: auth } = await u.client.auth.getUser();
    const row = { id: u.id, display_name: displayNameFor(auth.user!), avatar_url: null };
    // The sign-up trigger already made the row, so the first upsert is an update: PostgREST answers 200.
    const first = await u.client.from('profiles').upsert(row, { onConflict: 'id' }).select();
    expect(first.error).toBeNull();
    expect([200, 201]).toContain(first.status);
    expect(first.data).toEqual([expect.objectContaining({ ...row, created_at: expect.any(String), updated_at: expect.any(String) })]);

    // A user whose profile row is missing (e.g. created before the trigger existed): the upsert creates it.
    await sql('delete from public.profiles where id = $1', [u.id]);
    const created = await u.client
      .from('profiles')
      .upsert({ ...row, avatar_url: 'https://example.com/a.png' }, { onConflict: 'id' })
      .select();
    expect(created.error).toBeNull();
    expect(created.status).toBe(201);
    expect(created.data![0]).toMatchObject({ id: u.id, avatar_url: 'https://example.com/a.png' });
    expect(await sql('select display_name, avatar_url from public.profiles where id = $1', [u.id])).toEqual([
      { display_name: row.display_name, avatar_url: 'https://example.com/a.png' },
    ]);
  });

  it('reads the own row with maybeSingle, and null (no error) when there is none', async () => {
    const u = await signedInClient(s);
    const got = await u.client.from('profiles').select('*').eq('id', u.id).maybeSingle();
    expect(got.error).toBeNull();
    expect(got.data).toMatchObject({ id: u.id, display_name: u.email.split('@')[0], avatar_url: null });

    await sql('delete from public.profiles where id = $1', [u.id]);
    const none = await u.client.from('profiles').select('*').eq('id', u.id).maybeSingle();
    expect(none).toMatchObject({ data: null, error: null, status: 200 });
  });

  it('updates display_name and avatar_url by id (trimmed empty fields saved as null)', async () => {
    const u = await signedInClient(s);
    const upd = await u.client.from('profiles').update({ display_name: 'Ada Lovelace', avatar_url: 'https://images.example.com/ada.webp' }).eq('id', u.id);
    expect(upd.error).toBeNull();
    expect(upd.status).toBe(204);
    const cleared = await u.client.from('profiles').update({ display_name: null, avatar_url: null }).eq('id', u.id).select();
    expect(cleared.error).toBeNull();
    expect(cleared.data).toEqual([expect.objectContaining({ id: u.id, display_name: null, avatar_url: null })]);
  });

  it('refuses an avatar that is not a web address, and a display name over 80 characters, with 400 23514', async () => {
    const u = await signedInClient(s);
    for (const patch of [{ avatar_url: 'javascript:alert(1)' }, { avatar_url: 'not a url' }, { display_name: 'x'.repeat(81) }]) {
      const r = await u.client.from('profiles').update(patch).eq('id', u.id);
      expect(r.status, JSON.stringify(patch)).toBe(400);
      expect(r.error).toMatchObject({ code: '23514' });
    }
  });
});

describe('reviews (docs/data.md#calls)', () => {
  it('lists the approved reviews of a slug, newest first, for a visitor', async () => {
    for (const slug of ['handmade-locs', 'trinity-locs', 'protective-style-planner']) {
      const { data, error, status } = await anon.from('reviews').select('*').eq('product_slug', slug).eq('is_approved', true).order('created_at', { ascending: false });
      expect(error).toBeNull();
      expect(status).toBe(200);
      const expected = await sql<{ id: string }>(`select id from public.reviews where product_slug = $1 and is_approved order by created_at desc`, [slug]);
      expect(expected.length).toBeGreaterThanOrEqual(3);
      expect(data!.map((r) => r.id)).toEqual(expected.map((r) => r.id));
      expect(Object.keys(data![0]).sort()).toEqual([
        'content',
        'created_at',
        'id',
        'is_approved',
        'is_verified_purchase',
        'product_slug',
        'rating',
        'reviewer_name',
        'title',
        'user_id',
      ]);
    }
  });

  it('inserts {user_id, product_slug, rating, title, content, reviewer_name} and returns the stored row', async () => {
    const u = await signedInClient(s);
    const body = {
      user_id: u.id,
      product_slug: 'irie-locs',
      rating: 4,
      title: 'Light and comfy',
      content: 'Wore them for a month with no tension at all.',
      reviewer_name: 'Ada',
    };
    const { data, error, status } = await u.client.from('reviews').insert(body).select().single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toMatchObject({ ...body, id: expect.any(String), is_approved: false, is_verified_purchase: false });
    // Not listed until approved (docs/reviews.md#feed).
    const listed = await anon.from('reviews').select('id').eq('product_slug', 'irie-locs').eq('is_approved', true);
    expect(listed.data!.map((r) => r.id)).not.toContain(data!.id);
  });

  it('makes a retried submit with the same client-generated id a 409 23505, leaving one row', async () => {
    const u = await signedInClient(s);
    const id = randomUUID();
    const body = { id, user_id: u.id, product_slug: 'jah-locs', rating: 5, title: 'Yes', content: 'Lovely.', reviewer_name: 'Ada' };
    const first = await u.client.from('reviews').insert(body).select().single();
    expect(first.error).toBeNull();
    const again = await u.client.from('reviews').insert(body).select().single();
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: '23505' });
    expect(await sql('select count(*)::int as n from public.reviews where id = $1', [id])).toEqual([{ n: 1 }]);
  });
});

describe('review media: rows and files (docs/data.md#entities, #calls)', () => {
  it('selects the media of a review by review_id', async () => {
    const { data, error } = await anon.from('review_media').select('*').eq('review_id', REVIEW_WITH_TWO_FILES);
    expect(error).toBeNull();
    const expected = await sql<{ id: string }>('select id from public.review_media where review_id = $1 order by id', [REVIEW_WITH_TWO_FILES]);
    expect(expected).toHaveLength(2);
    expect(data!.map((m) => m.id).sort()).toEqual(expected.map((m) => m.id));
    expect(Object.keys(data![0]).sort()).toEqual(['created_at', 'file_path', 'file_size', 'file_type', 'id', 'review_id']);
  });

  it('uploads to {user id}/{review id}/{index}.{ext}, inserts one row per file, and serves the public URL', async () => {
    const u = await signedInClient(s);
    const review = await u.client
      .from('reviews')
      .insert({ user_id: u.id, product_slug: 'handmade-locs', rating: 5, title: 'Photos', content: 'See the pictures.', reviewer_name: 'Ada' })
      .select()
      .single();
    expect(review.error).toBeNull();
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])], 'me.jpg', { type: 'image/jpeg' });
    const files = [jpeg, png(128)];
    for (const [index, file] of files.entries()) {
      const ext = REVIEW_FILE_EXTENSIONS[file.type as keyof typeof REVIEW_FILE_EXTENSIONS];
      const path = `${u.id}/${review.data!.id}/${index}.${ext}`;
      const up = await u.client.storage.from('review-media').upload(path, file);
      expect(up.error).toBeNull();
      expect(up.data).toMatchObject({ path, fullPath: `review-media/${path}` });
      const row = await u.client.from('review_media').insert({ review_id: review.data!.id, file_path: path, file_type: file.type, file_size: file.size });
      expect(row.error).toBeNull();
      expect(row.status).toBe(201);

      const url = u.client.storage.from('review-media').getPublicUrl(path).data.publicUrl;
      expect(url).toBe(`${s.url}/storage/v1/object/public/review-media/${path}`);
      const res = await s.fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(file.type);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array(await file.arrayBuffer()));
    }
    // The author sees the pending review's media; a visitor does not until it is approved.
    const mine = await u.client.from('review_media').select('*').eq('review_id', review.data!.id);
    expect(mine.data).toHaveLength(2);
    const visitor = await anon.from('review_media').select('*').eq('review_id', review.data!.id);
    expect(visitor.data).toEqual([]);
  });
});

describe('planner gallery (docs/data.md#calls)', () => {
  it('lists active items by display_order for everyone, and every item for the admin', async () => {
    const pub = await anon.from('planner_gallery').select('*').eq('is_active', true).order('display_order', { ascending: true });
    expect(pub.error).toBeNull();
    const active = await sql<{ id: string }>('select id from public.planner_gallery where is_active order by display_order');
    expect(active.length).toBe(3);
    expect(pub.data!.map((g) => g.id)).toEqual(active.map((g) => g.id));
    expect(Object.keys(pub.data![0]).sort()).toEqual(['alt_text', 'created_at', 'display_order', 'file_type', 'id', 'image_url', 'is_active']);

    const all = await admin.from('planner_gallery').select('*').order('display_order', { ascending: true });
    expect(all.error).toBeNull();
    const every = await sql<{ id: string }>('select id from public.planner_gallery order by display_order');
    expect(all.data!.map((g) => g.id)).toEqual(every.map((g) => g.id));
  });

  it('lets the admin upload a file, insert its row, update order, status and alt text one at a time, and delete it', async () => {
    const name = `${Date.now()}.mp4`;
    const video = new File([new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70])], 'clip.mp4', { type: 'video/mp4' });
    const up = await admin.storage.from('planner-gallery').upload(name, video);
    expect(up.error).toBeNull();
    const imageUrl = admin.storage.from('planner-gallery').getPublicUrl(name).data.publicUrl;
    expect((await s.fetch(imageUrl)).status).toBe(200);

    const { count } = await admin.from('planner_gallery').select('*', { count: 'exact', head: true });
    expect(count).toBe(4);
    const ins = await admin
      .from('planner_gallery')
      .insert({ image_url: imageUrl, alt_text: '', display_order: count!, is_active: true, file_type: galleryFileType(name) })
      .select()
      .single();
    expect(ins.error).toBeNull();
    expect(ins.status).toBe(201);
    expect(ins.data).toMatchObject({ image_url: imageUrl, alt_text: '', display_order: 4, is_active: true, file_type: 'video' });
    const id = ins.data!.id as string;

    for (const patch of [{ display_order: 7 }, { is_active: false }, { alt_text: 'Planner walkthrough video' }]) {
      const r = await admin.from('planner_gallery').update(patch).eq('id', id);
      expect(r.error, JSON.stringify(patch)).toBeNull();
      expect(r.status).toBe(204);
    }
    expect(await sql('select display_order, is_active, alt_text from public.planner_gallery where id = $1', [id])).toEqual([
      { display_order: 7, is_active: false, alt_text: 'Planner walkthrough video' },
    ]);

    const del = await admin.from('planner_gallery').delete().eq('id', id);
    expect(del.error).toBeNull();
    expect(del.status).toBe(204);
    expect(await sql('select id from public.planner_gallery where id = $1', [id])).toEqual([]);
  });
});

describe('review_feed RPC (helpers-brief contract)', () => {
  type FeedReview = {
    id: string;
    product_slug: string;
    rating: number;
    title: string;
    content: string;
    reviewer_name: string;
    is_verified_purchase: boolean;
    created_at: string;
    media: { id: string; file_path: string; file_type: string; file_size: number }[];
  };
  type Feed = {
    summary: { count: number; average: number | null; histogram: Record<'1' | '2' | '3' | '4' | '5', number>; with_media: number };
    total: number;
    reviews: FeedReview[];
    next_cursor: string | null;
  };
  type Row = { id: string; rating: number; created_at: Date | string; media: number };

  async function feed(client: TestClient, args: Record<string, unknown>, get = true): Promise<Feed> {
    const { data, error, status } = await untyped(client).rpc('review_feed', args, { get });
    expect(error).toBeNull();
    expect(status).toBe(200);
    return data as Feed;
  }

  /** Approved reviews of a slug as the superuser sees them, with their media count. */
  async function approved(slug: string): Promise<Row[]> {
    return sql<Row>(
      `select r.id, r.rating, r.created_at, (select count(*)::int from public.review_media m where m.review_id = r.id) as media
         from public.reviews r where r.product_slug = $1 and r.is_approved`,
      [slug],
    );
  }
  const ms = (r: Row) => new Date(r.created_at).getTime();
  const newest = (a: Row, b: Row) => ms(b) - ms(a) || (a.id < b.id ? 1 : -1);

  it('answers the summary, total and newest page with the exact shape', async () => {
    const rows = await approved('handmade-locs');
    const f = await feed(anon, { p_slug: 'handmade-locs' });
    expect(Object.keys(f).sort()).toEqual(['next_cursor', 'reviews', 'summary', 'total']);
    const hist = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } as Record<string, number>;
    for (const r of rows) hist[String(r.rating)]++;
    const avg = Math.round((rows.reduce((n, r) => n + r.rating, 0) / rows.length) * 10) / 10;
    expect(f.summary).toEqual({ count: rows.length, average: avg, histogram: hist, with_media: rows.filter((r) => r.media > 0).length });
    expect(f.total).toBe(rows.length);
    expect(f.reviews.map((r) => r.id)).toEqual([...rows].sort(newest).map((r) => r.id));

    const withFiles = f.reviews.find((r) => r.id === REVIEW_WITH_TWO_FILES)!;
    expect(Object.keys(withFiles).sort()).toEqual(['content', 'created_at', 'id', 'is_verified_purchase', 'media', 'product_slug', 'rating', 'reply', 'reviewer_name', 'title']);
    expect(withFiles.media).toHaveLength(2);
    for (const m of withFiles.media) {
      expect(Object.keys(m).sort()).toEqual(['file_path', 'file_size', 'file_type', 'id']);
      expect(m.file_path.startsWith(`${AMARA.id}/${REVIEW_WITH_TWO_FILES}/`)).toBe(true);
    }
    expect(new Date(withFiles.created_at).toISOString()).toBe('2025-02-14T15:20:00.000Z');
  });

  it('works with POST as well as GET', async () => {
    expect(await feed(anon, { p_slug: 'jah-locs', p_sort: 'highest' }, false)).toEqual(await feed(anon, { p_slug: 'jah-locs', p_sort: 'highest' }, true));
  });

  it('sorts by newest, highest and lowest (ties newest first); an unknown sort means newest', async () => {
    const rows = await approved('holistic-haircare');
    const highest = [...rows].sort((a, b) => b.rating - a.rating || newest(a, b)).map((r) => r.id);
    const lowest = [...rows].sort((a, b) => a.rating - b.rating || newest(a, b)).map((r) => r.id);
    const byNewest = [...rows].sort(newest).map((r) => r.id);
    expect((await feed(anon, { p_slug: 'holistic-haircare', p_sort: 'highest' })).reviews.map((r) => r.id)).toEqual(highest);
    expect((await feed(anon, { p_slug: 'holistic-haircare', p_sort: 'lowest' })).reviews.map((r) => r.id)).toEqual(lowest);
    expect((await feed(anon, { p_slug: 'holistic-haircare', p_sort: 'newest' })).reviews.map((r) => r.id)).toEqual(byNewest);
    expect((await feed(anon, { p_slug: 'holistic-haircare', p_sort: 'random; drop table' })).reviews.map((r) => r.id)).toEqual(byNewest);
    expect(highest).not.toEqual(byNewest); // the seed makes the sorts distinguishable
  });

  it('filters by rating and by media, keeping the summary of the whole product', async () => {
    const rows = await approved('handmade-locs');
    const fives = await feed(anon, { p_slug: 'handmade-locs', p_rating: 5 });
    expect(fives.total).toBe(rows.filter((r) => r.rating === 5).length);
    expect(fives.reviews.every((r) => r.rating === 5)).toBe(true);
    expect(fives.summary.count).toBe(rows.length);

    const media = await feed(anon, { p_slug: 'handmade-locs', p_with_media: true });
    expect(media.total).toBe(rows.filter((r) => r.media > 0).length);
    expect(media.total).toBeGreaterThan(0);
    expect(media.reviews.every((r) => r.media.length > 0)).toBe(true);

    const none = await feed(anon, { p_slug: 'handmade-locs', p_rating: 1 });
    expect(none).toMatchObject({ total: 0, reviews: [] });
  });

  it('pages with limit and offset', async () => {
    const all = (await feed(anon, { p_slug: 'handmade-locs', p_limit: 50 })).reviews.map((r) => r.id);
    const page1 = await feed(anon, { p_slug: 'handmade-locs', p_limit: 2, p_offset: 0 });
    const page2 = await feed(anon, { p_slug: 'handmade-locs', p_limit: 2, p_offset: 2 });
    expect(page1.reviews.map((r) => r.id)).toEqual(all.slice(0, 2));
    expect(page2.reviews.map((r) => r.id)).toEqual(all.slice(2, 4));
    expect(page2.total).toBe(all.length);
    expect((await feed(anon, { p_slug: 'handmade-locs', p_offset: 1000 })).reviews).toEqual([]);
  });

  it('lists approved reviews only, even for their author and for the admin', async () => {
    const pending = await sql<{ id: string }>(`select id from public.reviews where product_slug = 'handmade-locs' and not is_approved`);
    expect(pending.length).toBeGreaterThan(0);
    const author = s.client();
    await author.auth.signInWithPassword({ email: 'marcus.reid@example.com', password: 'kyb-customer-2025' });
    for (const c of [author, admin]) {
      const f = await feed(c, { p_slug: 'handmade-locs', p_limit: 50 });
      expect(f.reviews.map((r) => r.id)).not.toContain(pending[0].id);
      expect(f.summary.count).toBe((await approved('handmade-locs')).length);
    }
  });

  it('answers an empty product with a null average', async () => {
    await sql(`delete from public.reviews where product_slug = 'diy-kit'`);
    expect(await feed(anon, { p_slug: 'diy-kit' })).toEqual({
      summary: { count: 0, average: null, histogram: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }, with_media: 0 },
      total: 0,
      reviews: [],
      next_cursor: null,
    });
  });

  it('clamps the page size to 1..50 and a negative offset to 0', async () => {
    await sql(
      `insert into public.reviews (user_id, product_slug, rating, title, content, reviewer_name, is_approved, created_at)
       select $1, 'lock-kit', 1 + n % 5, 'Title ' || n, 'Content ' || n, 'Reviewer ' || n, true, timestamptz '2025-06-01' + n * interval '1 hour'
       from generate_series(1, 60) n`,
      [AMARA.id],
    );
    const total = (await approved('lock-kit')).length;
    expect(total).toBeGreaterThan(60);
    expect((await feed(anon, { p_slug: 'lock-kit', p_limit: 1000 })).reviews).toHaveLength(50);
    expect((await feed(anon, { p_slug: 'lock-kit', p_limit: 0 })).reviews).toHaveLength(1);
    expect((await feed(anon, { p_slug: 'lock-kit', p_limit: -5 })).reviews).toHaveLength(1);
    expect((await feed(anon, { p_slug: 'lock-kit' })).reviews).toHaveLength(10);
    const neg = await feed(anon, { p_slug: 'lock-kit', p_offset: -3, p_limit: 3 });
    const first = await feed(anon, { p_slug: 'lock-kit', p_offset: 0, p_limit: 3 });
    expect(neg.reviews.map((r) => r.id)).toEqual(first.reviews.map((r) => r.id));
    expect(neg.total).toBe(total);
  });
});
