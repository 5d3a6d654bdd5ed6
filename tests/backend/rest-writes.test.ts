/**
 * /rest/v1 writes through the real supabase-js client (and raw requests where the wire matters):
 * inserts, upserts, updates and deletes with PostgREST's statuses, and RPC. Fixture:
 * tests/support/rest-fixture.ts.
 */
import { describe, it, expect } from 'vitest';
import { ALICE, BOB, R1, R4, alice, anon, bob, raw, s, service, tokenFor, useRestFixture, writes } from '../support/rest-fixture.ts';

useRestFixture();

describe('writes', () => {
  it('inserts with return=minimal by default: 201 and an empty body', async () => {
    const { data, error, status } = await alice.from('rt_reviews').insert({ product_slug: 'scalp-tonic', rating: 4, title: 'Nice tonic' });
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();

    const res = await raw('POST', '/rt_reviews', {
      token: tokenFor(ALICE),
      headers: { 'Content-Profile': 'public' },
      body: { product_slug: 'scalp-tonic', rating: 3, title: 'Raw insert' },
    });
    expect(res.status).toBe(201);
    expect(res.text).toBe('');
    expect(res.headers.get('content-range')).toBe('*/*');
    const mine = await alice.from('rt_reviews').select('title, user_id, is_approved').eq('product_slug', 'scalp-tonic').order('title');
    expect(mine.data).toEqual([
      { title: 'Nice tonic', user_id: ALICE, is_approved: false },
      { title: 'Raw insert', user_id: ALICE, is_approved: false },
    ]);
  });

  it('returns the inserted row with column defaults for insert([…]).select().single()', async () => {
    const { data, error, status } = await alice
      .from('rt_reviews')
      .insert([{ product_slug: 'irie-locs', rating: 5, title: 'Second bottle', content: 'Still great, really (yes)' }])
      .select()
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toMatchObject({ product_slug: 'irie-locs', rating: 5, user_id: ALICE, is_approved: false, content: 'Still great, really (yes)' });
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data!.created_at).toMatch(/^\d{4}-\d\d-\d\dT.*\+00:00$/);

    const rows = await alice
      .from('rt_reviews')
      .insert([
        { product_slug: 'irie-locs', rating: 4, title: 'A' },
        { product_slug: 'irie-locs', rating: 3, title: 'B' },
      ])
      .select('title, rating');
    expect(rows.status).toBe(201);
    expect(rows.data).toEqual([
      { title: 'A', rating: 4 },
      { title: 'B', rating: 3 },
    ]);
  });

  it('rolls a singular insert back when it would create more than one row', async () => {
    const two = await alice
      .from('rt_reviews')
      .insert([
        { product_slug: 'irie-locs', rating: 4, title: 'Twin 1' },
        { product_slug: 'irie-locs', rating: 4, title: 'Twin 2' },
      ])
      .select()
      .single();
    expect(two.status).toBe(406);
    expect(two.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
    expect((await service.from('rt_reviews').select('id').like('title', 'Twin*')).data).toEqual([]);
  });

  it('fills keys missing from some rows with NULL, or with the DEFAULT when defaultToNull is false', async () => {
    const nulls = await service.from('rt_products').insert([
      { slug: 'dn-1', name: 'One', is_active: true },
      { slug: 'dn-2', name: 'Two' },
    ]);
    expect(nulls.status).toBe(400);
    expect(nulls.error).toMatchObject({ code: '23502', message: 'null value in column "is_active" of relation "rt_products" violates not-null constraint' });

    const defaults = await service
      .from('rt_products')
      .insert(
        [
          { slug: 'dd-1', name: 'One', is_active: false },
          { slug: 'dd-2', name: 'Two' },
        ],
        { defaultToNull: false },
      )
      .select('slug, is_active, tags');
    expect(defaults.error).toBeNull();
    expect(defaults.data).toEqual([
      { slug: 'dd-1', is_active: false, tags: [] },
      { slug: 'dd-2', is_active: true, tags: [] },
    ]);
  });

  it('upserts: merge updates the payload columns (200 when nothing new), ignore leaves rows alone', async () => {
    const merged = await service.from('rt_products').upsert({ slug: 'crown-butter', name: 'Crown Butter XL' }, { onConflict: 'slug' }).select('slug, name, price');
    expect(merged.error).toBeNull();
    expect(merged.status).toBe(200);
    expect(merged.data).toEqual([{ slug: 'crown-butter', name: 'Crown Butter XL', price: 18 }]);

    const created = await service
      .from('rt_products')
      .upsert([{ slug: 'up-new', name: 'Fresh' }], { onConflict: 'slug' })
      .select('slug');
    expect(created.status).toBe(201);
    expect(created.data).toEqual([{ slug: 'up-new' }]);

    const ignored = await service.from('rt_products').upsert({ slug: 'crown-butter', name: 'Ignored' }, { onConflict: 'slug', ignoreDuplicates: true }).select();
    expect(ignored.status).toBe(201);
    expect(ignored.data).toEqual([]);
    const after = await service.from('rt_products').select('name').eq('slug', 'crown-butter').single();
    expect(after.data!.name).toBe('Crown Butter XL');

    const res = await raw('POST', '/rt_products?on_conflict=slug&select=slug', {
      token: s.config.serviceRoleKey,
      headers: { Prefer: 'resolution=merge-duplicates, return=representation' },
      body: { slug: 'crown-butter', name: 'Crown Butter' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('preference-applied')).toBe('resolution=merge-duplicates, return=representation');
    expect(res.json).toEqual([{ slug: 'crown-butter' }]);
  });

  it('answers a retried insert of the same id with 409 23505', async () => {
    const id = 'b0000000-0000-4000-8000-000000000001';
    const row = { id, product_slug: 'irie-locs', rating: 5, title: 'Once' };
    expect((await alice.from('rt_reviews').insert(row)).status).toBe(201);
    const again = await alice.from('rt_reviews').insert(row);
    expect(again.status).toBe(409);
    // Postgres leaves the key out of DETAIL when row-level security applies to the caller…
    expect(again.error).toEqual({
      code: '23505',
      message: 'duplicate key value violates unique constraint "rt_reviews_pkey"',
      details: null,
      hint: null,
    });
    // …and shows it to a role that bypasses RLS.
    const asService = await service.from('rt_reviews').insert({ ...row, user_id: ALICE });
    expect(asService.status).toBe(409);
    expect(asService.error!.details).toBe(`Key (id)=(${id}) already exists.`);
  });

  it('maps RLS and constraint failures to PostgREST statuses', async () => {
    const asAnon = await raw('POST', '/rt_reviews', { body: { product_slug: 'irie-locs', rating: 5, title: 'anon', user_id: ALICE } });
    expect(asAnon.status).toBe(401);
    expect(asAnon.headers.get('www-authenticate')).toBe('Bearer');
    expect(asAnon.json).toEqual({ code: '42501', message: 'new row violates row-level security policy for table "rt_reviews"', details: null, hint: null });

    const forBob = await alice.from('rt_reviews').insert({ product_slug: 'irie-locs', rating: 5, title: 'as bob', user_id: BOB });
    expect(forBob.status).toBe(403);
    expect(forBob.error!.code).toBe('42501');

    const check = await alice.from('rt_reviews').insert({ product_slug: 'irie-locs', rating: 9, title: 'too high' });
    expect(check.status).toBe(400);
    expect(check.error).toMatchObject({ code: '23514', message: 'new row for relation "rt_reviews" violates check constraint "rt_reviews_rating_check"' });

    const notNull = await alice.from('rt_reviews').insert({ product_slug: 'irie-locs', rating: 3 });
    expect(notNull.status).toBe(400);
    expect(notNull.error!.code).toBe('23502');

    const fk = await alice.from('rt_reviews').insert({ product_slug: 'no-such-product', rating: 3, title: 'fk' });
    expect(fk.status).toBe(409);
    expect(fk.error!.code).toBe('23503');

    const badUuid = await anon.from('rt_reviews').select('*').eq('id', 'not-a-uuid');
    expect(badUuid.status).toBe(400);
    expect(badUuid.error).toMatchObject({ code: '22P02', message: 'invalid input syntax for type uuid: "not-a-uuid"' });
  });

  it('updates with filters: 204 without representation, rows with select(), nothing for rows RLS hides', async () => {
    const res = await raw('PATCH', `/rt_reviews?id=eq.${R4}`, { token: tokenFor(ALICE), body: { content: 'Edited' } });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers.get('content-range')).toBe('0-0/*');

    const sel = await alice.from('rt_reviews').update({ title: 'Okay, fine!' }).eq('id', R4).select('title, content');
    expect(sel.status).toBe(200);
    expect(sel.data).toEqual([{ title: 'Okay, fine!', content: 'Edited' }]);

    const hidden = await bob.from('rt_reviews').update({ title: 'hacked' }).eq('id', R4).select();
    expect(hidden.status).toBe(200);
    expect(hidden.data).toEqual([]);
    const none = await raw('PATCH', `/rt_reviews?id=eq.${R4}`, { token: tokenFor(BOB), body: { title: 'hacked' } });
    expect(none.status).toBe(204);
    expect(none.headers.get('content-range')).toBe('*/*');
    const still = await service.from('rt_reviews').select('title').eq('id', R4).single();
    expect(still.data!.title).toBe('Okay, fine!');
  });

  it('deletes with filters: 204, or 200 with the deleted rows', async () => {
    const mk = await alice.from('rt_reviews').insert({ product_slug: 'irie-locs', rating: 1, title: 'to delete' }).select('id').single();
    const id = mk.data!.id as string;
    const media = await alice.from('rt_media').insert({ review_id: id, file_path: `${ALICE}/${id}/0.jpg` });
    expect(media.status).toBe(201);

    const del = await alice.from('rt_reviews').delete().eq('id', id).select('id, title');
    expect(del.status).toBe(200);
    expect(del.data).toEqual([{ id, title: 'to delete' }]);
    expect((await service.from('rt_media').select('id').eq('review_id', id)).data).toEqual([]);

    const mk2 = await alice.from('rt_reviews').insert({ product_slug: 'irie-locs', rating: 1, title: 'to delete 2' }).select('id').single();
    const res = await raw('DELETE', `/rt_reviews?id=eq.${mk2.data!.id}`, { token: tokenFor(ALICE), headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('content-range')).toBe('*/*');

    const notMine = await bob.from('rt_reviews').delete().eq('id', R1);
    expect(notMine.status).toBe(204);
    expect((await anon.from('rt_reviews').select('id').eq('id', R1)).data).toEqual([{ id: R1 }]);
  });

  it('tells ctx.onWrite about successful writes only', async () => {
    writes.length = 0;
    await anon.from('rt_products').select('slug');
    expect(writes).toEqual([]);
    await alice.from('rt_reviews').insert({ product_slug: 'irie-locs', rating: 9, title: 'rejected' });
    expect(writes).toEqual([]);
    await service.from('rt_products').update({ sort_key: 7 }).eq('slug', 'scalp-tonic');
    expect(writes).toHaveLength(1);
    await service.rpc('rt_add', { a: 1 });
    expect(writes).toHaveLength(2);
  });
});

describe('rpc', () => {
  it('calls functions with named arguments over POST and GET', async () => {
    const post = await anon.rpc('rt_add', { a: 2 });
    expect(post.error).toBeNull();
    expect(post.data).toBe(12);
    const get = await anon.rpc('rt_add', { a: 2, b: 3 }, { get: true });
    expect(get.data).toBe(5);
    const head = await anon.rpc('rt_add', { a: 1 }, { head: true });
    expect(head.status).toBe(200);
    expect(head.data).toBeNull();

    const res = await raw('GET', '/rpc/rt_add?a=40&b=2');
    expect(res.status).toBe(200);
    expect(res.text).toBe('42');
  });

  it('returns json results as JSON and set-returning functions as filterable rows', async () => {
    const feed = await anon.rpc('rt_feed', { p_slug: 'irie-locs' }, { get: true });
    expect(feed.error).toBeNull();
    expect(feed.data).toEqual({ count: 2, average: 4.5, titles: ['Love it', 'Good'] });

    const rows = await anon.rpc('rt_reviews_min', { p_min: 4 }).select('title, rating').eq('product_slug', 'irie-locs').order('rating');
    expect(rows.error).toBeNull();
    expect(rows.data).toEqual([
      { title: 'Good', rating: 4 },
      { title: 'Love it', rating: 5 },
    ]);

    const counted = await anon.rpc('rt_reviews_min', { p_min: 1 }, { get: true, count: 'exact' }).range(0, 0);
    expect(counted.status).toBe(206);
    expect(counted.data).toHaveLength(1);
    expect(counted.count).toBeGreaterThan(1);
  });

  it('answers 204 for void functions and PostgREST errors for raise and missing functions', async () => {
    const pendingId = (await service.from('rt_reviews').insert({ product_slug: 'irie-locs', rating: 4, title: 'approve me', user_id: BOB }).select('id').single()).data!.id;
    expect((await anon.from('rt_reviews').select('id').eq('id', pendingId)).data).toEqual([]);
    const v = await anon.rpc('rt_approve', { p_id: pendingId });
    expect(v.status).toBe(204);
    expect(v.error).toBeNull();
    expect((await anon.from('rt_reviews').select('id').eq('id', pendingId)).data).toEqual([{ id: pendingId }]);

    const raised = await anon.rpc('rt_fail', { p_message: 'Display name is too long' });
    expect(raised.status).toBe(400);
    expect(raised.error).toEqual({ code: 'P0001', message: 'Display name is too long', details: null, hint: 'Pick a shorter name.' });

    const missing = await anon.rpc('rt_nope', { x: 1 });
    expect(missing.status).toBe(404);
    expect(missing.error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.rt_nope(x) in the schema cache',
      details: 'Searched for the function public.rt_nope with parameter x or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: null,
    });
    const wrongArgs = await anon.rpc('rt_add', { z: 1 });
    expect(wrongArgs.status).toBe(404);
    expect(wrongArgs.error!.hint).toBe('Perhaps you meant to call the function public.rt_add(a, b)');
  });
});
