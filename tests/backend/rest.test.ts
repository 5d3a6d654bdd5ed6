/**
 * /rest/v1 reads through the real supabase-js client (and raw requests where the wire matters): filters,
 * order, ranges, counts and embedding, RLS per role; and the anon read cache. Writes and RPC:
 * rest-writes.test.ts; the fixture (tables created here, not the project's migrations):
 * tests/support/rest-fixture.ts.
 */
import { describe, it, expect } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { signJwt, tokenClock } from '../../supabase/local/jwt.ts';
import { ALICE, BOB, R1, R2, R3, R4, R5, alice, anon, bob, raw, s, service, tokenFor, useRestFixture } from '../support/rest-fixture.ts';

useRestFixture();

describe('reads', () => {
  it('filters and orders like the product page query, with Content-Range on every read', async () => {
    const { data, error, status } = await anon.from('rt_reviews').select('*').eq('product_slug', 'irie-locs').eq('is_approved', true).order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data!.map((r) => r.id)).toEqual([R1, R2]);
    expect(data![0]).toEqual({
      id: R1,
      user_id: ALICE,
      product_slug: 'irie-locs',
      rating: 5,
      title: 'Love it',
      content: 'Soft locs',
      is_approved: true,
      created_at: '2025-01-03T10:00:00+00:00',
    });

    const res = await raw('GET', '/rt_reviews?select=*&product_slug=eq.irie-locs&is_approved=eq.true&order=created_at.desc');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('0-1/*');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');

    const empty = await raw('GET', '/rt_reviews?product_slug=eq.nothing-here');
    expect(empty.status).toBe(200);
    expect(empty.text).toBe('[]');
    expect(empty.headers.get('content-range')).toBe('*/*');
  });

  it('lets row-level security decide what each role sees', async () => {
    const ids = async (c: SupabaseClient) => (await c.from('rt_reviews').select('id').order('id')).data!.map((r) => r.id);
    expect(await ids(anon)).toEqual([R1, R2, R4, R5]);
    expect(await ids(bob)).toEqual([R1, R2, R3, R4, R5]);
    expect(await ids(alice)).toEqual([R1, R2, R4, R5]);
    const products = await service.from('rt_products').select('slug').order('slug');
    expect(products.data!.map((p) => p.slug)).toEqual(['crown-butter', 'irie-locs', 'retired', 'scalp-tonic']);
  });

  it('supports the comparison, pattern, null, list, negation and logic operators', async () => {
    const titles = async (q: PromiseLike<{ data: { title: string }[] | null; error: unknown }>) => {
      const { data, error } = await q;
      expect(error).toBeNull();
      return data!.map((r) => r.title).sort();
    };
    const base = () => anon.from('rt_reviews').select('title');
    expect(await titles(base().neq('rating', 5))).toEqual(['Gone', 'Good', 'Okay, fine']);
    expect(await titles(base().gt('rating', 3))).toEqual(['Good', 'Love it']);
    expect(await titles(base().gte('rating', 4))).toEqual(['Good', 'Love it']);
    expect(await titles(base().lt('rating', 3))).toEqual(['Gone']);
    expect(await titles(base().lte('rating', 3))).toEqual(['Gone', 'Okay, fine']);
    expect(await titles(base().like('title', '%ove%'))).toEqual(['Love it']);
    expect(await titles(base().ilike('title', 'GO%'))).toEqual(['Gone', 'Good']);
    expect(await titles(base().is('content', null))).toEqual(['Gone', 'Good']);
    expect(await titles(base().not('content', 'is', null))).toEqual(['Love it', 'Okay, fine']);
    expect(await titles(base().is('is_approved', true))).toEqual(['Gone', 'Good', 'Love it', 'Okay, fine']);
    expect(await titles(base().in('title', ['Okay, fine', 'Good']))).toEqual(['Good', 'Okay, fine']);
    expect(await titles(base().not('title', 'in', '("Okay, fine",Good)'))).toEqual(['Gone', 'Love it']);
    expect(await titles(base().not('rating', 'eq', 5).lt('rating', 4))).toEqual(['Gone', 'Okay, fine']);
    expect(await titles(base().or('rating.eq.5,rating.eq.1'))).toEqual(['Gone', 'Love it']);
    expect(await titles(base().or('and(rating.gte.4,product_slug.eq.irie-locs),title.eq."Okay, fine"'))).toEqual(['Good', 'Love it', 'Okay, fine']);
    expect(await titles(base().or('rating.eq.4,rating.eq.5').not('title', 'like', 'L*'))).toEqual(['Good']);

    const products = await anon.from('rt_products').select('slug').contains('tags', ['oil']);
    expect(products.data).toEqual([{ slug: 'irie-locs' }]);
    const bySize = await anon.from('rt_products').select('slug').filter('meta->>size', 'eq', '200ml');
    expect(bySize.data).toEqual([{ slug: 'crown-butter' }]);
  });

  it('orders by several columns with nulls first or last', async () => {
    const first = await anon.from('rt_products').select('slug').order('sort_key', { ascending: true, nullsFirst: true }).order('name');
    expect(first.data!.map((p) => p.slug)).toEqual(['crown-butter', 'scalp-tonic', 'irie-locs']);
    const last = await anon.from('rt_products').select('slug').order('sort_key', { ascending: false, nullsFirst: false });
    expect(last.data!.map((p) => p.slug)).toEqual(['irie-locs', 'scalp-tonic', 'crown-butter']);
    const mixed = await anon.from('rt_reviews').select('rating,title').order('product_slug').order('rating', { ascending: false });
    expect(mixed.data!.map((r) => r.title)).toEqual(['Okay, fine', 'Love it', 'Good', 'Gone']);
  });

  it('counts exactly and answers 206 when a range cut the result', async () => {
    const page = await anon.from('rt_reviews').select('id', { count: 'exact' }).order('created_at').range(0, 1);
    expect(page.status).toBe(206);
    expect(page.count).toBe(4);
    expect(page.data).toHaveLength(2);

    const all = await anon.from('rt_reviews').select('id', { count: 'exact' });
    expect(all.status).toBe(200);
    expect(all.count).toBe(4);

    const head = await anon.from('rt_reviews').select('*', { count: 'exact', head: true }).eq('product_slug', 'irie-locs');
    expect(head.status).toBe(200);
    expect(head.count).toBe(2);
    expect(head.data).toBeNull();

    const r = await raw('GET', '/rt_reviews?select=id&order=created_at&offset=1&limit=2', { headers: { Prefer: 'count=exact' } });
    expect(r.status).toBe(206);
    expect(r.headers.get('content-range')).toBe('1-2/4');
    expect(r.headers.get('preference-applied')).toBe('count=exact');

    const none = await raw('HEAD', '/rt_reviews?select=*&product_slug=eq.nothing', { headers: { Prefer: 'count=exact' } });
    expect(none.status).toBe(200);
    expect(none.headers.get('content-range')).toBe('*/0');
    expect(none.text).toBe('');

    const beyond = await raw('GET', '/rt_reviews?offset=10', { headers: { Prefer: 'count=exact' } });
    expect(beyond.status).toBe(416);
    expect(beyond.json).toEqual({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'An offset of 10 was requested, but there are only 4 rows.',
      hint: null,
    });

    const ranged = await raw('GET', '/rt_reviews?select=title&order=created_at.desc', { headers: { Range: '1-2' } });
    expect(ranged.json).toEqual([{ title: 'Good' }, { title: 'Okay, fine' }]);
    expect(ranged.headers.get('content-range')).toBe('1-2/*');
  });

  it('returns a bare object for single() and PostgREST’s 406 when there is not exactly one row', async () => {
    const one = await anon.from('rt_products').select('slug, price').eq('slug', 'irie-locs').single();
    expect(one.error).toBeNull();
    expect(one.data).toEqual({ slug: 'irie-locs', price: 24.5 });

    const res = await raw('GET', '/rt_products?select=slug&slug=eq.irie-locs', { headers: { Accept: 'application/vnd.pgrst.object+json' } });
    expect(res.text).toBe('{"slug":"irie-locs"}');
    expect(res.headers.get('content-type')).toBe('application/vnd.pgrst.object+json; charset=utf-8');

    const none = await anon.from('rt_products').select('*').eq('slug', 'missing').single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 0 rows',
      hint: null,
    });
    const many = await anon.from('rt_products').select('*').single();
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 3 rows' });

    const maybe = await anon.from('rt_products').select('*').eq('slug', 'missing').maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
  });

  it('embeds one-to-many as arrays and many-to-one as objects (null when hidden)', async () => {
    const { data, error } = await anon.from('rt_reviews').select('id, title, rt_media(file_path, position), rt_products(name)').order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: R1,
        title: 'Love it',
        rt_media: [
          { file_path: 'alice/r1/0.jpg', position: 0 },
          { file_path: 'alice/r1/1.mp4', position: 1 },
        ],
        rt_products: { name: 'Irie Locs Oil' },
      },
      { id: R2, title: 'Good', rt_media: [], rt_products: { name: 'Irie Locs Oil' } },
      { id: R4, title: 'Okay, fine', rt_media: [], rt_products: { name: 'Crown Butter' } },
      // The retired product is hidden from anon by RLS, so the embed is null.
      { id: R5, title: 'Gone', rt_media: [], rt_products: null },
    ]);

    const star = await anon.from('rt_reviews').select('*, review_media:rt_media(*)').eq('id', R1).single();
    expect(star.data!.title).toBe('Love it');
    expect(star.data!.review_media).toHaveLength(2);
    expect(Object.keys(star.data!.review_media[0]).sort()).toEqual(['file_path', 'id', 'position', 'review_id']);

    const parent = await anon.from('rt_products').select('slug, rt_reviews(title)').eq('slug', 'irie-locs').single();
    expect(parent.data!.rt_reviews.map((r: { title: string }) => r.title).sort()).toEqual(['Good', 'Love it']);
  });

  it('filters, orders and inner-joins embedded resources', async () => {
    const filtered = await anon.from('rt_reviews').select('id, rt_media(file_path)').eq('id', R1).eq('rt_media.position', 1).single();
    expect(filtered.data!.rt_media).toEqual([{ file_path: 'alice/r1/1.mp4' }]);

    const ordered = await anon.from('rt_reviews').select('id, rt_media(position)').eq('id', R1).order('position', { referencedTable: 'rt_media', ascending: false }).single();
    expect(ordered.data!.rt_media).toEqual([{ position: 1 }, { position: 0 }]);

    const withMedia = await anon.from('rt_reviews').select('id, rt_media!inner(id)');
    expect(withMedia.data!.map((r) => r.id)).toEqual([R1]);

    const noRel = await anon.from('rt_reviews').select('*, rt_canary(*)');
    expect(noRel.status).toBe(400);
    expect(noRel.error).toMatchObject({
      code: 'PGRST200',
      message: "Could not find a relationship between 'rt_reviews' and 'rt_canary' in the schema cache",
    });
  });

  it('strips null values when asked (Accept …;nulls=stripped)', async () => {
    const list = await anon.from('rt_reviews').select('title, content').eq('id', R2).stripNulls();
    expect(list.error).toBeNull();
    expect(list.data).toEqual([{ title: 'Good' }]);
    const one = await anon.from('rt_reviews').select('title, content').eq('id', R2).single().stripNulls();
    expect(one.data).toEqual({ title: 'Good' });
  });

  it('renames, casts and reads JSON paths in select', async () => {
    const { data, error } = await anon.from('rt_products').select('label:name, price::text, country:meta->origin->>country, meta->>size').eq('slug', 'irie-locs').single();
    expect(error).toBeNull();
    expect(data).toEqual({ label: 'Irie Locs Oil', price: '24.50', country: 'JM', size: '100ml' });
  });

  it('picks up tables and columns created after the schema cache was loaded', async () => {
    await anon.from('rt_products').select('slug').limit(1);
    await s.db.exec(`
      create table rt_late (id int primary key, note text);
      alter table rt_late enable row level security;
      create policy "late is public" on rt_late for select using (true);
      grant select on rt_late to anon;
      insert into rt_late values (1, 'hello');
      alter table rt_products add column subtitle text default 'new';`);
    const late = await anon.from('rt_late').select('*');
    expect(late.data).toEqual([{ id: 1, note: 'hello' }]);
    const col = await service.from('rt_products').select('subtitle').eq('slug', 'irie-locs').single();
    expect(col.data).toEqual({ subtitle: 'new' });
  });
});

describe('anon read cache', () => {
  it('serves identical anon reads from memory until a write through the stack; signed-in reads are never cached', async () => {
    const read = () => anon.from('rt_products').select('slug, name').eq('slug', 'scalp-tonic').single();
    expect((await read()).data!.name).toBe('Scalp Tonic');
    // A change behind the API's back: the anon answer is the remembered one…
    await s.db.exec(`update rt_products set name = 'Scalp Tonic (direct)' where slug = 'scalp-tonic'`);
    expect((await read()).data!.name).toBe('Scalp Tonic');
    // …while a signed-in caller always reads the database.
    const fresh = await alice.from('rt_products').select('slug, name').eq('slug', 'scalp-tonic').single();
    expect(fresh.data!.name).toBe('Scalp Tonic (direct)');
    // Any write through the stack empties the cache.
    await service.from('rt_products').update({ price: 13.5 }).eq('slug', 'scalp-tonic');
    expect((await read()).data!.name).toBe('Scalp Tonic (direct)');
  });

  it('runs concurrent identical anon reads as one query, and every signed-in read on its own', async () => {
    const db = s.db as { asRole: typeof s.db.asRole };
    const original = db.asRole;
    let queries = 0;
    db.asRole = <T>(ctx: Parameters<typeof original>[0], fn: (q: Parameters<Parameters<typeof original>[1]>[0]) => Promise<T>) => {
      queries++;
      return original.call(s.db, ctx, fn) as Promise<T>;
    };
    try {
      s.ctx.onWrite.forEach((cb) => cb()); // start from an empty cache
      const url = '/rt_reviews?select=id,title&product_slug=eq.irie-locs&order=created_at.desc';
      const anonAnswers = await Promise.all(Array.from({ length: 10 }, () => raw('GET', url)));
      expect(new Set(anonAnswers.map((a) => a.text)).size).toBe(1);
      expect(anonAnswers.every((a) => a.status === 200)).toBe(true);
      expect(queries).toBe(1);
      queries = 0;
      await Promise.all(Array.from({ length: 10 }, () => raw('GET', url, { token: tokenFor(BOB) })));
      expect(queries).toBe(10);
    } finally {
      db.asRole = original;
    }
  });

  it('does not serve a cached answer to an expired anon token', async () => {
    // The stack's token clock, held at one whole second and then set past the token's exp: still inside
    // the cache's 2 s TTL, so only the token's own expiry can turn the hit away.
    const t = Math.floor(Date.now() / 1000);
    try {
      tokenClock.set(t * 1000);
      const expiring = signJwt({ role: 'anon', exp: t + 1 }, s.config.jwtSecret);
      const first = await raw('GET', '/rt_products?select=slug&slug=eq.irie-locs', { token: expiring });
      expect(first.status).toBe(200);
      tokenClock.set((t + 1) * 1000 + 1);
      const later = await raw('GET', '/rt_products?select=slug&slug=eq.irie-locs', { token: expiring });
      expect(later.status).toBe(401);
      expect(later.json.code).toBe('PGRST303');
    } finally {
      tokenClock.reset();
    }
  });
});
