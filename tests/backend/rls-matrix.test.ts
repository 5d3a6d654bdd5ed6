/**
 * Who may do what, table by table and bucket by bucket, through the real supabase-js client:
 * a visitor (anon), another signed-in user, the owner of the rows, and the seeded admin each try to
 * read, insert, update and delete. A refused write gets the answer hosted Supabase gives (PostgREST
 * 42501 → 401 for anon, 403 otherwise; rows hidden by a policy are simply not touched, 0 rows; Storage
 * "403"), and the database (read as the superuser) shows that nothing changed and nothing leaked.
 *
 * One file over 400 lines on purpose (issue #11): it is a single matrix (table × role × operation) over
 * one fixture, read best whole, and a new table's row of the matrix goes beside the others.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import { testStack, signedInClient, ADMIN, type TestStack, type TestClient, untyped, sqlOn } from '../support/stack.ts';
import { ALT_TEXT_MAX, GALLERY_MAX_ITEMS } from '../../shared/rules/gallery.ts';
import { REVIEW_CONTENT_MAX, REVIEW_MAX_FILES, REVIEW_MAX_FILE_BYTES, REVIEW_NAME_MAX, REVIEW_TITLE_MAX } from '../../shared/rules/reviews.ts';

/** The tables the clients are meant to use (helpers-brief "Database"); every other one is private. */
const CONTRACT_TABLES = ['bookings', 'planner_gallery', 'product_launches', 'profiles', 'punches', 'review_media', 'review_replies', 'review_summaries', 'reviews', 'reward_codes'];
/**
 * What visitors send: written by the functions only, read and triaged by admins in the inbox (migration
 * admin_inbox; tests/backend/admin-inbox.test.ts has the admin's side); and the /links click counts,
 * written by the link-click function only, read by admins in /admin/embed (migration link_clicks;
 * grants.test.ts); and the stripe-reconcile job's runs, written by that job only, read by admins in
 * /admin/orders (migration stripe_reconcile). Below they are held to "only an admin's policy opens
 * them", and every other client is refused like on the private tables.
 */
const ADMIN_TABLES = ['leads', 'link_clicks', 'stripe_reconcile_runs', 'subscriber_consents', 'subscribers'];
/**
 * The shop's tables that customers and admins read under policies of their own (migrations orders and
 * fulfilment): tested in orders-rls.test.ts. Their one private table, stripe_events, is held here.
 */
const SHOP_TABLES = ['carts', 'order_events', 'order_items', 'order_mails', 'order_payments', 'orders'];
const SEEDED_APPROVED = '5eed0001-0000-4000-8000-000000000002'; // handmade-locs, by Keisha

type Result = { error: { code?: string; message?: string } | null; status: number; data?: unknown };
type User = { client: TestClient; id: string };

let s: TestStack;
let anon: TestClient;
let admin: User;
let owner: User;
let other: User;
/** The owner's own rows, made through the API in beforeAll. */
let pending: string; // a pending review
let approved: string; // an approved review (approved by the superuser)
let pendingFile: string; // storage path of a file of the pending review

const sql = sqlOn(() => s);

function refused(r: Result, caller: 'anon' | 'user') {
  expect(r.error, JSON.stringify(r)).toMatchObject({ code: '42501' });
  expect(r.status).toBe(caller === 'anon' ? 401 : 403);
}
function checkViolation(r: Result, message?: string) {
  expect(r.status, JSON.stringify(r)).toBe(400);
  expect(r.error).toMatchObject({ code: '23514', ...(message ? { message } : {}) });
}
function storageRefused(r: { error: unknown }, statusCode = '403') {
  expect(r.error, JSON.stringify(r.error)).not.toBeNull();
  expect((r.error as { statusCode?: string }).statusCode).toBe(statusCode);
}

function file(type: string, bytes = 32, name = 'f'): File {
  return new File([new Uint8Array(bytes).fill(7)], name, { type });
}

const review = (userId: string, extra: Record<string, unknown> = {}) => ({
  user_id: userId,
  product_slug: 'trinity-locs',
  rating: 5,
  title: 'Soft and light',
  content: 'They felt like my own hair from day one.',
  reviewer_name: 'Tester',
  ...extra,
});

beforeAll(async () => {
  s = await testStack({ autoconfirm: true });
  anon = s.client();
  const c = s.client();
  const { data, error } = await c.auth.signInWithPassword(ADMIN);
  if (error) throw error;
  admin = { client: c, id: data.user!.id };
  owner = await signedInClient(s);
  other = await signedInClient(s);

  const p = await owner.client.from('reviews').insert(review(owner.id)).select().single();
  const a = await owner.client
    .from('reviews')
    .insert(review(owner.id, { title: 'Approved one' }))
    .select()
    .single();
  if (p.error || a.error) throw p.error ?? a.error;
  pending = p.data.id;
  approved = a.data.id;
  await sql('update public.reviews set is_approved = true where id = $1', [approved]);
  pendingFile = `${owner.id}/${pending}/0.png`;
  const up = await owner.client.storage.from('review-media').upload(pendingFile, file('image/png'));
  if (up.error) throw up.error;
  const m = await owner.client.from('review_media').insert({ review_id: pending, file_path: pendingFile, file_type: 'image/png', file_size: 32 });
  if (m.error) throw m.error;
  await sql(`insert into public.review_media (review_id, file_path, file_type, file_size) values ($1, $2, 'image/webp', 10)`, [approved, `${owner.id}/${approved}/0.webp`]);
});
afterAll(async () => {
  await s?.close();
});

describe('profiles', () => {
  it('a visitor sees none and changes none', async () => {
    // Visitors hold no grant on profiles at all: every command is refused before any policy runs.
    refused(await anon.from('profiles').select('*'), 'anon');
    refused(await anon.from('profiles').insert({ id: owner.id, display_name: 'Mallory' }), 'anon');
    refused(await anon.from('profiles').update({ display_name: 'Mallory' }).eq('id', owner.id).select(), 'anon');
    refused(await anon.from('profiles').delete().eq('id', owner.id).select(), 'anon');
    expect(await sql('select display_name from public.profiles where id = $1', [owner.id])).toEqual([{ display_name: expect.not.stringMatching('Mallory') }]);
  });

  it("another user can neither read nor write the owner's profile", async () => {
    expect((await other.client.from('profiles').select('*').eq('id', owner.id)).data).toEqual([]);
    refused(await other.client.from('profiles').insert({ id: owner.id, display_name: 'Mallory' }), 'user');
    refused(await other.client.from('profiles').upsert({ id: owner.id, display_name: 'Mallory' }, { onConflict: 'id' }).select(), 'user');
    expect((await other.client.from('profiles').update({ display_name: 'Mallory' }).eq('id', owner.id).select()).data).toEqual([]);
    // Nobody deletes a profile through the API (it goes with its auth user): no delete grant.
    refused(await other.client.from('profiles').delete().eq('id', owner.id).select(), 'user');
    const [row] = await sql<{ display_name: string }>('select display_name from public.profiles where id = $1', [owner.id]);
    expect(row.display_name).not.toBe('Mallory');
  });

  it('the owner reads and updates only their own row, cannot take another id, and cannot delete it', async () => {
    const mine = await owner.client.from('profiles').select('id');
    expect(mine.data).toEqual([{ id: owner.id }]);
    const upd = await owner.client.from('profiles').update({ display_name: 'Owner' }).eq('id', owner.id).select();
    expect(upd.data).toEqual([expect.objectContaining({ id: owner.id, display_name: 'Owner' })]);
    refused(await owner.client.from('profiles').insert({ id: randomUUID(), display_name: 'Ghost' }), 'user');
    refused(await owner.client.from('profiles').update({ id: other.id }).eq('id', owner.id), 'user');
    refused(await owner.client.from('profiles').delete().eq('id', owner.id).select(), 'user');
    expect(await sql('select count(*)::int as n from public.profiles where id = $1', [owner.id])).toEqual([{ n: 1 }]);
  });

  it('the admin reads every profile but edits none', async () => {
    const all = await admin.client.from('profiles').select('id');
    expect(all.data!.length).toBe((await sql('select id from public.profiles')).length);
    expect((await admin.client.from('profiles').update({ display_name: 'Admin was here' }).eq('id', owner.id).select()).data).toEqual([]);
  });
});

describe('reviews', () => {
  it('a visitor reads approved reviews only and writes nothing', async () => {
    const seen = await anon.from('reviews').select('id, is_approved');
    const approvedIds = await sql<{ id: string }>('select id from public.reviews where is_approved order by id');
    expect(seen.data!.map((r) => r.id).sort()).toEqual(approvedIds.map((r) => r.id));
    refused(await anon.from('reviews').insert(review(owner.id)), 'anon');
    refused(await anon.from('reviews').insert({ ...review(owner.id), user_id: undefined }), 'anon');
    refused(await anon.from('reviews').update({ rating: 1 }).eq('id', SEEDED_APPROVED).select(), 'anon');
    refused(await anon.from('reviews').delete().eq('id', SEEDED_APPROVED).select(), 'anon');
    expect(await sql('select rating from public.reviews where id = $1', [SEEDED_APPROVED])).toEqual([{ rating: 5 }]);
  });

  it("another user cannot see the owner's pending review, write as the owner, or change the owner's reviews", async () => {
    expect((await other.client.from('reviews').select('*').eq('id', pending)).data).toEqual([]);
    expect((await other.client.from('reviews').select('id').eq('id', approved)).data).toEqual([{ id: approved }]);
    refused(await other.client.from('reviews').insert(review(owner.id)), 'user');
    for (const id of [pending, approved]) {
      expect((await other.client.from('reviews').update({ title: 'Hijacked' }).eq('id', id).select()).data).toEqual([]);
      expect((await other.client.from('reviews').delete().eq('id', id).select()).data).toEqual([]);
    }
    expect(await sql('select count(*)::int as n from public.reviews where id in ($1, $2) and title <> $3', [pending, approved, 'Hijacked'])).toEqual([{ n: 2 }]);
  });

  it('a review sent as approved, verified and backdated is stored pending, unverified and dated now', async () => {
    const before = Date.now();
    const r = await other.client
      .from('reviews')
      .insert(review(other.id, { is_approved: true, is_verified_purchase: true, created_at: '2020-01-01T00:00:00Z' }))
      .select()
      .single();
    expect(r.error).toBeNull();
    expect(r.data).toMatchObject({ is_approved: false, is_verified_purchase: false });
    const [row] = await sql<{ is_approved: boolean; is_verified_purchase: boolean; created_at: Date }>(
      'select is_approved, is_verified_purchase, created_at from public.reviews where id = $1',
      [r.data!.id],
    );
    expect(row).toMatchObject({ is_approved: false, is_verified_purchase: false });
    expect(new Date(row.created_at).getTime()).toBeGreaterThanOrEqual(before - 60_000);
    // And it is not public.
    expect((await anon.from('reviews').select('id').eq('id', r.data!.id)).data).toEqual([]);
  });

  it('the owner reads their pending review, cannot edit or approve it, deletes it while pending but not once approved', async () => {
    expect((await owner.client.from('reviews').select('id, is_approved').eq('id', pending)).data).toEqual([{ id: pending, is_approved: false }]);
    expect((await owner.client.from('reviews').update({ is_approved: true }).eq('id', pending).select()).data).toEqual([]);
    expect((await owner.client.from('reviews').update({ title: 'Edited' }).eq('id', approved).select()).data).toEqual([]);
    expect((await owner.client.from('reviews').delete().eq('id', approved).select()).data).toEqual([]);
    expect(await sql('select is_approved, title from public.reviews where id = $1', [pending])).toEqual([{ is_approved: false, title: 'Soft and light' }]);

    const extra = await owner.client.from('reviews').insert(review(owner.id)).select().single();
    const del = await owner.client.from('reviews').delete().eq('id', extra.data!.id).select();
    expect(del.data).toEqual([expect.objectContaining({ id: extra.data!.id })]);
    expect(await sql('select id from public.reviews where id = $1', [extra.data!.id])).toEqual([]);
  });

  it('the admin reads pending reviews, approves them (but cannot verify them) and deletes any review', async () => {
    const all = await admin.client.from('reviews').select('id');
    expect(all.data!.length).toBe((await sql('select id from public.reviews')).length);
    const victim = await owner.client.from('reviews').insert(review(owner.id)).select().single();
    // The mark is the orders' (migration verified_purchase): the owner bought nothing, so it stays off.
    const ok = await admin.client.from('reviews').update({ is_approved: true, is_verified_purchase: true }).eq('id', victim.data!.id).select();
    expect(ok.data).toEqual([expect.objectContaining({ is_approved: true, is_verified_purchase: false })]);
    expect((await anon.from('reviews').select('id').eq('id', victim.data!.id)).data).toEqual([{ id: victim.data!.id }]);
    const del = await admin.client.from('reviews').delete().eq('id', victim.data!.id).select('id');
    expect(del.data).toEqual([{ id: victim.data!.id }]);
  });

  it('refuses out-of-range values with 400 23514', async () => {
    for (const bad of [
      { rating: 0 },
      { rating: 6 },
      { title: '' },
      { title: '   ' },
      { title: 'x'.repeat(REVIEW_TITLE_MAX + 1) },
      { content: 'x'.repeat(REVIEW_CONTENT_MAX + 1) },
      { reviewer_name: ' ' },
      { reviewer_name: 'x'.repeat(REVIEW_NAME_MAX + 1) },
      { product_slug: 'not-a-product' },
    ]) {
      checkViolation(await other.client.from('reviews').insert(review(other.id, bad)));
    }
    const atLimit = review(other.id, { title: 'x'.repeat(REVIEW_TITLE_MAX), content: 'y'.repeat(REVIEW_CONTENT_MAX), reviewer_name: 'z'.repeat(REVIEW_NAME_MAX), rating: 1 });
    expect((await other.client.from('reviews').insert(atLimit)).error).toBeNull();
  });
});

describe('review_media', () => {
  const media = (reviewId: string, userId: string, index: number | string, extra: Record<string, unknown> = {}) => ({
    review_id: reviewId,
    file_path: `${userId}/${reviewId}/${index}.png`,
    file_type: 'image/png',
    file_size: 1000,
    ...extra,
  });

  it('is readable exactly when its review is', async () => {
    const publicMedia = await sql<{ id: string }>('select m.id from public.review_media m join public.reviews r on r.id = m.review_id where r.is_approved order by m.id');
    expect((await anon.from('review_media').select('id')).data!.map((m) => m.id).sort()).toEqual(publicMedia.map((m) => m.id));
    expect((await other.client.from('review_media').select('id').eq('review_id', pending)).data).toEqual([]);
    expect((await owner.client.from('review_media').select('file_path').eq('review_id', pending)).data).toEqual([{ file_path: pendingFile }]);
    const all = await admin.client.from('review_media').select('id');
    expect(all.data!.length).toBe((await sql('select id from public.review_media')).length);
  });

  it('only the author attaches files, and only to a pending review', async () => {
    refused(await anon.from('review_media').insert(media(pending, owner.id, 1)), 'anon');
    refused(await other.client.from('review_media').insert(media(pending, owner.id, 1)), 'user');
    refused(await other.client.from('review_media').insert(media(approved, owner.id, 1)), 'user');
    refused(await owner.client.from('review_media').insert(media(approved, owner.id, 1)), 'user');
    refused(await admin.client.from('review_media').insert(media(pending, owner.id, 1)), 'user');
    expect(await sql('select count(*)::int as n from public.review_media where review_id = $1', [pending])).toEqual([{ n: 1 }]);
    refused(await anon.from('review_media').delete().eq('review_id', pending).select(), 'anon');
    expect((await other.client.from('review_media').delete().eq('review_id', pending).select()).data).toEqual([]);
    expect(await sql('select count(*)::int as n from public.review_media where review_id = $1', [pending])).toEqual([{ n: 1 }]);
  });

  it("refuses a path outside the review's folder, a type or size outside the limits, with 400 23514", async () => {
    checkViolation(await owner.client.from('review_media').insert(media(pending, other.id, 1)));
    checkViolation(await owner.client.from('review_media').insert({ ...media(pending, owner.id, 1), file_path: `${owner.id}/${randomUUID()}/1.png` }));
    checkViolation(await owner.client.from('review_media').insert(media(pending, owner.id, 1, { file_type: 'image/gif' })));
    checkViolation(await owner.client.from('review_media').insert(media(pending, owner.id, 1, { file_size: 0 })));
    checkViolation(await owner.client.from('review_media').insert(media(pending, owner.id, 1, { file_size: REVIEW_MAX_FILE_BYTES + 1 })));
    const max = await owner.client
      .from('review_media')
      .insert(media(pending, owner.id, 'max', { file_size: REVIEW_MAX_FILE_BYTES }))
      .select('id')
      .single();
    expect(max.error).toBeNull();
    expect((await owner.client.from('review_media').delete().eq('id', max.data!.id).select('id')).data).toEqual([{ id: max.data!.id }]);
  });

  it(`holds at most ${REVIEW_MAX_FILES} files per review`, async () => {
    const r = await owner.client.from('reviews').insert(review(owner.id)).select().single();
    for (let i = 0; i < REVIEW_MAX_FILES; i++) {
      const ok = await owner.client
        .from('review_media')
        .insert(media(r.data!.id, owner.id, i))
        .select()
        .single();
      expect(ok.error, `file ${i}`).toBeNull();
    }
    checkViolation(await owner.client.from('review_media').insert(media(r.data!.id, owner.id, REVIEW_MAX_FILES)), 'A review can have at most 5 files');
    // Several rows in one request are counted one by one, too.
    await sql('delete from public.review_media where review_id = $1', [r.data!.id]);
    const batch = Array.from({ length: REVIEW_MAX_FILES + 1 }, (_, i) => media(r.data!.id, owner.id, i));
    checkViolation(await owner.client.from('review_media').insert(batch), 'A review can have at most 5 files');
    expect(await sql('select count(*)::int as n from public.review_media where review_id = $1', [r.data!.id])).toEqual([{ n: 0 }]);
  });

  it('the admin removes any file row; the author only those of a pending review', async () => {
    const [approvedMedia] = await sql<{ id: string }>('select id from public.review_media where review_id = $1', [approved]);
    expect((await owner.client.from('review_media').delete().eq('id', approvedMedia.id).select()).data).toEqual([]);
    expect((await admin.client.from('review_media').delete().eq('id', approvedMedia.id).select('id')).data).toEqual([{ id: approvedMedia.id }]);
  });
});

describe('planner_gallery', () => {
  const item = (extra: Record<string, unknown> = {}) => ({
    image_url: 'http://127.0.0.1:54321/storage/v1/object/public/planner-gallery/1.webp',
    alt_text: '',
    display_order: 0,
    is_active: true,
    file_type: 'image',
    ...extra,
  });

  it('visitors and users see active items only and change nothing', async () => {
    const active = await sql<{ id: string }>('select id from public.planner_gallery where is_active order by id');
    const [inactive] = await sql<{ id: string }>('select id from public.planner_gallery where not is_active');
    for (const [c, who] of [
      [anon, 'anon'],
      [other.client, 'user'],
    ] as const) {
      expect((await c.from('planner_gallery').select('id')).data!.map((g) => g.id).sort()).toEqual(active.map((g) => g.id));
      refused(await c.from('planner_gallery').insert(item()), who);
      // Visitors hold only a read grant; a signed-in non-admin holds the grants the admin pages need,
      // and the policies hide every row from them.
      const writes = [
        await c.from('planner_gallery').update({ is_active: true }).eq('id', inactive.id).select(),
        await c.from('planner_gallery').update({ alt_text: 'defaced' }).eq('id', active[0].id).select(),
        await c.from('planner_gallery').delete().eq('id', active[0].id).select(),
      ];
      for (const w of writes)
        if (who === 'anon') refused(w, 'anon');
        else expect(w.data).toEqual([]);
    }
    expect(await sql('select count(*)::int as n, count(*) filter (where is_active)::int as a from public.planner_gallery')).toEqual([{ n: 4, a: 3 }]);
    expect(await sql(`select count(*)::int as n from public.planner_gallery where alt_text = 'defaced'`)).toEqual([{ n: 0 }]);
  });

  it('the admin reads every item and adds, edits and removes them', async () => {
    expect((await admin.client.from('planner_gallery').select('id')).data).toHaveLength(4);
    const ins = await admin.client
      .from('planner_gallery')
      .insert(item({ display_order: 4 }))
      .select()
      .single();
    expect(ins.error).toBeNull();
    const upd = await admin.client.from('planner_gallery').update({ alt_text: 'Cover' }).eq('id', ins.data!.id).select();
    expect(upd.data).toEqual([expect.objectContaining({ alt_text: 'Cover' })]);
    expect((await admin.client.from('planner_gallery').delete().eq('id', ins.data!.id).select('id')).data).toEqual([{ id: ins.data!.id }]);
  });

  it('refuses a negative order, an unknown file type, over-long alt text and a non-web address with 400 23514', async () => {
    for (const bad of [{ display_order: -1 }, { file_type: 'pdf' }, { alt_text: 'x'.repeat(ALT_TEXT_MAX + 1) }, { image_url: 'javascript:alert(1)' }]) {
      checkViolation(await admin.client.from('planner_gallery').insert(item(bad)));
    }
    const [first] = await sql<{ id: string }>('select id from public.planner_gallery order by display_order limit 1');
    checkViolation(await admin.client.from('planner_gallery').update({ display_order: -1 }).eq('id', first.id));
  });

  it(`holds at most ${GALLERY_MAX_ITEMS} items, active or not`, async () => {
    const [{ n }] = await sql<{ n: number }>('select count(*)::int as n from public.planner_gallery');
    for (let i = n; i < GALLERY_MAX_ITEMS; i++) {
      const r = await admin.client.from('planner_gallery').insert(item({ display_order: i, is_active: i % 2 === 0 }));
      expect(r.error, `item ${i}`).toBeNull();
    }
    checkViolation(await admin.client.from('planner_gallery').insert(item({ display_order: GALLERY_MAX_ITEMS })), 'You can only have up to 10 files in the gallery.');
    expect(await sql('select count(*)::int as n from public.planner_gallery')).toEqual([{ n: GALLERY_MAX_ITEMS }]);
    // A non-admin at the limit is still told "not allowed", not "full".
    refused(await other.client.from('planner_gallery').insert(item()), 'user');
  });
});

describe('storage: review-media bucket', () => {
  const bucket = () => 'review-media';

  it('a visitor lists, uploads and deletes nothing', async () => {
    expect((await anon.storage.from(bucket()).list(`${owner.id}/${pending}`)).data).toEqual([]);
    storageRefused(await anon.storage.from(bucket()).upload(`${owner.id}/${pending}/9.png`, file('image/png')));
    storageRefused(await anon.storage.from(bucket()).upload(`anon/9.png`, file('image/png')));
    expect((await anon.storage.from(bucket()).remove([pendingFile])).data).toEqual([]);
    expect(await sql(`select name from storage.objects where name = $1`, [pendingFile])).toEqual([{ name: pendingFile }]);
    expect(await sql(`select name from storage.objects where name like '%/9.png'`)).toEqual([]);
  });

  it("another user cannot write, overwrite, list or delete in the owner's folder", async () => {
    storageRefused(await other.client.storage.from(bucket()).upload(`${owner.id}/${pending}/1.png`, file('image/png')));
    storageRefused(await other.client.storage.from(bucket()).upload(pendingFile, file('image/png', 99), { upsert: true }));
    expect((await other.client.storage.from(bucket()).list(`${owner.id}/${pending}`)).data).toEqual([]);
    const rm = await other.client.storage.from(bucket()).remove([pendingFile]);
    expect(rm.error).toBeNull();
    expect(rm.data).toEqual([]);
    const kept = await s.fetch(owner.client.storage.from(bucket()).getPublicUrl(pendingFile).data.publicUrl);
    expect(kept.status).toBe(200);
    expect((await kept.arrayBuffer()).byteLength).toBe(32);
  });

  it("the admin cannot write in users' review folders, but removes their files when moderating", async () => {
    storageRefused(await admin.client.storage.from(bucket()).upload(`${owner.id}/${pending}/2.png`, file('image/png')));
    const rejected = `${owner.id}/${pending}/9.png`;
    expect((await owner.client.storage.from(bucket()).upload(rejected, file('image/png'))).error).toBeNull();
    expect((await admin.client.storage.from(bucket()).remove([rejected])).data?.map((o) => o.name)).toEqual([rejected]);
    expect(await sql(`select name from storage.objects where bucket_id = 'review-media' and name = $1`, [rejected])).toEqual([]);
  });

  it('the owner writes, overwrites, lists and deletes in their own folder, within type and size limits', async () => {
    const path = `${owner.id}/${pending}/1.webp`;
    expect((await owner.client.storage.from(bucket()).upload(path, file('image/webp'))).error).toBeNull();
    expect((await owner.client.storage.from(bucket()).upload(path, file('image/webp', 64), { upsert: true })).error).toBeNull();
    const listed = await owner.client.storage.from(bucket()).list(`${owner.id}/${pending}`);
    expect(listed.data!.map((o) => o.name).sort()).toEqual(['0.png', '1.webp']);
    storageRefused(await owner.client.storage.from(bucket()).upload(`${owner.id}/${pending}/2.gif`, file('image/gif')), '415');
    storageRefused(await owner.client.storage.from(bucket()).upload(`${owner.id}/${pending}/3.png`, file('image/png', REVIEW_MAX_FILE_BYTES + 1)), '413');
    const rm = await owner.client.storage.from(bucket()).remove([path]);
    expect(rm.data).toHaveLength(1);
    expect(await sql(`select name from storage.objects where bucket_id = 'review-media' and name like $1 order by name`, [`${owner.id}/%`])).toEqual([{ name: pendingFile }]);
  });
});

describe('storage: planner-gallery bucket', () => {
  it('only the admin uploads, overwrites and deletes', async () => {
    storageRefused(await anon.storage.from('planner-gallery').upload('x.webp', file('image/webp')));
    storageRefused(await owner.client.storage.from('planner-gallery').upload('x.webp', file('image/webp')));
    expect((await admin.client.storage.from('planner-gallery').upload('x.webp', file('image/webp'))).error).toBeNull();
    storageRefused(await owner.client.storage.from('planner-gallery').upload('x.webp', file('image/webp', 5), { upsert: true }));
    expect((await owner.client.storage.from('planner-gallery').remove(['x.webp'])).data).toEqual([]);
    expect((await admin.client.storage.from('planner-gallery').upload('x.webp', file('video/mp4', 5), { upsert: true })).error).toBeNull();
    storageRefused(await admin.client.storage.from('planner-gallery').upload('y.pdf', file('application/pdf')), '415');
    expect((await admin.client.storage.from('planner-gallery').remove(['x.webp'])).data).toHaveLength(1);
    expect(await sql(`select name from storage.objects where bucket_id = 'planner-gallery' and name not like 'seed/%'`)).toEqual([]);
  });
});

describe('product_launches (migration kit_launch)', () => {
  // The site's build reads what is on sale with the public key; the switch is the kit-launch function's
  // (service role). Who changed it, and when, stays server-side.
  it('anon reads product and on_sale only; nobody writes it from a client', async () => {
    const read = await anon.from('product_launches').select('product, on_sale');
    expect(read.error).toBeNull();
    expect(read.data).toEqual([{ product: 'diy-kit', on_sale: false }]);
    refused((await anon.from('product_launches').select('changed_by')) as Result, 'anon');
    refused((await owner.client.from('product_launches').select('product')) as Result, 'user');
    refused((await anon.from('product_launches').update({ on_sale: true }).eq('product', 'diy-kit')) as Result, 'anon');
    refused((await admin.client.from('product_launches').update({ on_sale: true }).eq('product', 'diy-kit')) as Result, 'user');
    refused((await admin.client.from('launch_mails').select('status')) as Result, 'user');
    expect((await sql<{ on_sale: boolean }>(`select on_sale from public.product_launches where product = 'diy-kit'`))[0].on_sale).toBe(false);
  });
});

describe('bookings and punches (migration rewards_visits)', () => {
  // The rewards card: a member reads the rows of their own confirmed address, the admin reads all; only
  // the functions write (acuity-webhook, rewards-punches), through booking_apply and rewards_settle.
  it('a member reads only their own, a visitor nothing, and nobody writes from a client', async () => {
    const [{ email }] = await sql<{ email: string }>('select email from auth.users where id = $1', [owner.id]);
    const at = new Date(Date.now() - 3 * 3600_000).toISOString();
    await sql(`select public.booking_apply($1::jsonb, now())`, [
      JSON.stringify({ acuity_id: 77001, email, appointment_type: 'Loc Retwist', starts_at: at, ends_at: new Date(Date.now() - 3600_000).toISOString() }),
    ]);
    await sql('select public.rewards_settle(77001)');
    expect((await owner.client.from('bookings').select('acuity_id')).data).toEqual([{ acuity_id: 77001 }]);
    expect((await owner.client.from('punches').select('booking_id, change, reason')).data).toEqual([{ booking_id: 77001, change: 1, reason: 'visit' }]);
    expect((await other.client.from('bookings').select('acuity_id')).data).toEqual([]);
    expect((await other.client.from('punches').select('id')).data).toEqual([]);
    expect((await admin.client.from('punches').select('booking_id').eq('booking_id', 77001)).data).toEqual([{ booking_id: 77001 }]);
    refused((await anon.from('punches').select('id')) as Result, 'anon');
    refused((await anon.from('bookings').select('acuity_id')) as Result, 'anon');
    for (const [c, who] of [
      [anon, 'anon'],
      [owner.client, 'user'],
      [admin.client, 'user'],
    ] as const) {
      refused((await untyped(c).from('punches').insert({ email, change: 1, reason: 'admin_add', note: 'x' })) as Result, who);
      refused((await untyped(c).from('bookings').update({ canceled: true }).eq('acuity_id', 77001)) as Result, who);
      refused((await untyped(c).from('punches').delete().eq('booking_id', 77001)) as Result, who);
    }
    expect(await sql('select count(*)::int as n from public.punches where booking_id = 77001')).toEqual([{ n: 1 }]);
    expect(await sql('select canceled from public.bookings where acuity_id = 77001')).toEqual([{ canceled: false }]);
  });
});

describe('reward codes (migration reward_codes)', () => {
  // A member reads the codes of their own confirmed address, the admin all; only the functions write
  // (rewards-punches and acuity-webhook issue through reward_codes_issue). tests/backend/reward-codes.test.ts has the rest.
  it('a member reads only their own, a visitor nothing, and nobody writes from a client', async () => {
    const [{ email }] = await sql<{ email: string }>('select email from auth.users where id = $1', [owner.id]);
    await sql(`select public.rewards_adjust($1, 1, 'Visit booked by phone', $2) from generate_series(1, 5)`, [email, admin.id]);
    await sql(`select public.reward_codes_issue($1, '[{"visit": 5, "percent_off": 10}]'::jsonb)`, [email]);
    const [{ code }] = await sql<{ code: string }>('select code from public.reward_codes where email = $1', [email]);
    expect((await owner.client.from('reward_codes').select('code, status')).data).toEqual([{ code, status: 'issued' }]);
    expect((await other.client.from('reward_codes').select('code')).data).toEqual([]);
    expect((await admin.client.from('reward_codes').select('code').eq('code', code)).data).toEqual([{ code }]);
    refused((await anon.from('reward_codes').select('code')) as Result, 'anon');
    for (const [c, who] of [
      [anon, 'anon'],
      [owner.client, 'user'],
      [admin.client, 'user'],
    ] as const) {
      refused((await untyped(c).from('reward_codes').insert({ code: 'KYB-000000000001', email, earned_at_visit: 10, percent_off: 15 })) as Result, who);
      refused((await untyped(c).from('reward_codes').update({ status: 'issued' }).eq('code', code)) as Result, who);
      refused((await untyped(c).from('reward_codes').delete().eq('code', code)) as Result, who);
    }
    expect(await sql('select count(*)::int as n, min(status) as status from public.reward_codes where email = $1', [email])).toEqual([{ n: 1, status: 'issued' }]);
  });
});

describe("private tables (the functions' own data)", () => {
  let privateTables: string[] = [];
  beforeAll(async () => {
    // Give the private tables rows to leak, through the functions that own them (when they answer).
    await anon.functions.invoke('newsletter-signup', { body: { name: 'Leak Probe', email: 'leak.probe@example.com', consentGiven: true } });
    await anon.functions.invoke('lead-capture', {
      body: { kind: 'partnership', payload: { name: 'Leak Probe', email: 'leak.probe@example.com' } },
    });
    privateTables = (await sql<{ tablename: string }>(`select tablename from pg_tables where schemaname = 'public' order by tablename`))
      .map((t) => t.tablename)
      .filter((t) => !CONTRACT_TABLES.includes(t) && !SHOP_TABLES.includes(t));
  });
  const adminOnly = (t: string) => ADMIN_TABLES.includes(t);

  it('exist, hold rows to protect, and no policy opens any of them to anon or authenticated', async () => {
    expect(privateTables.length).toBeGreaterThan(0);
    let rows = 0;
    for (const table of privateTables) rows += (await sql<{ n: number }>(`select count(*)::int as n from public.${table}`))[0].n;
    expect(rows, 'the functions stored nothing: the leak checks below would prove little').toBeGreaterThan(0);
    const policies = await sql<{ tablename: string; policyname: string; qual: string | null; with_check: string | null; roles: string[] }>(
      `select tablename, policyname, qual, with_check, roles::text[] as roles from pg_policies
        where schemaname = 'public' and tablename = any($1)
          and roles && array['public', 'anon', 'authenticated']::name[]`,
      [privateTables],
    );
    // The inbox's tables open to an admin's policy only: signed in, and is_admin() in every clause.
    const open = policies.filter(
      (p) => !(adminOnly(p.tablename) && p.roles.join() === 'authenticated' && [p.qual, p.with_check].every((c) => c === null || /is_admin\(\)/.test(c))),
    );
    expect(open.map((p) => `${p.tablename}: ${p.policyname}`)).toEqual([]);
    expect(new Set(policies.map((p) => p.tablename))).toEqual(new Set(ADMIN_TABLES));
  });

  it('refuse every read and write from a visitor and a signed-in user, over the API', async () => {
    for (const table of privateTables) {
      const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from public.${table}`);
      for (const [c, who] of [
        [anon, 'anon'],
        [other.client, 'user'],
      ] as const) {
        const read = await untyped(c).from(table).select('*');
        if (read.error) refused(read, who);
        else expect(read.data, `${who} read ${table}`).toEqual([]);
        refused(await untyped(c).from(table).insert({}), who);
      }
      expect(await sql(`select count(*)::int as n from public.${table}`)).toEqual([{ n }]);
    }
  });

  it('refuse every statement from the client roles in the database itself', async () => {
    for (const table of privateTables) {
      const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from public.${table}`);
      const [{ col }] = await sql<{ col: string }>(
        `select column_name as col from information_schema.columns where table_schema = 'public' and table_name = $1 and is_identity = 'NO' and is_generated = 'NEVER'
          order by ordinal_position limit 1`,
        [table],
      );
      for (const role of ['anon', 'authenticated']) {
        // Even an admin's token is refused on the functions' own tables; the inbox's tables are an admin's
        // to read and triage (admin-inbox.test.ts), so there a signed-in customer is refused.
        const claims = role === 'anon' ? { role } : adminOnly(table) ? { role, sub: other.id } : { role, sub: other.id, app_metadata: { role: 'admin' } };
        for (const stmt of [
          `select * from public.${table}`,
          `insert into public.${table} default values`,
          `update public.${table} set "${col}" = "${col}"`,
          `delete from public.${table}`,
        ]) {
          const outcome = await s.db
            .asRole({ role, claims }, async (q) => {
              const r = await q(stmt);
              return Math.max(r.rows.length, r.affectedRows);
            })
            .then(
              (rows) => ({ rows }),
              (e: { code?: string }) => ({ code: e.code }),
            );
          // Either refused outright, or (a policy-less table under RLS) nothing visible to touch.
          if ('code' in outcome) expect(outcome.code, `${role}: ${stmt}`).toBe('42501');
          else expect(outcome.rows, `${role}: ${stmt}`).toBe(0);
        }
      }
      expect(await sql(`select count(*)::int as n from public.${table}`)).toEqual([{ n }]);
    }
  });
});
