/**
 * /rest/v1 through the real supabase-js client (and raw requests where the wire matters): reads with
 * filters, order, ranges, counts and embedding; inserts, upserts, updates, deletes; RPC; RLS per role;
 * the anon read cache. Fixture tables are created here so the file does not depend on the project's
 * migrations.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { testStack, type TestStack } from '../support/stack.ts';
import { signJwt } from '../../supabase/local/jwt.ts';

const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';
const R1 = 'a0000000-0000-4000-8000-000000000001'; // alice, irie-locs, approved, 2 media
const R2 = 'a0000000-0000-4000-8000-000000000002'; // bob, irie-locs, approved
const R3 = 'a0000000-0000-4000-8000-000000000003'; // bob, irie-locs, pending, 1 media
const R4 = 'a0000000-0000-4000-8000-000000000004'; // alice, crown-butter, approved
const R5 = 'a0000000-0000-4000-8000-000000000005'; // bob, retired product, approved

const FIXTURE = `
create table rt_products (
  id serial primary key,
  slug text not null unique,
  name text not null,
  price numeric(10,2),
  tags text[] not null default '{}',
  meta jsonb not null default '{}',
  is_active boolean not null default true,
  sort_key int,
  created_at timestamptz not null default now()
);
create table rt_reviews (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid(),
  product_slug text not null references rt_products(slug),
  rating int not null check (rating between 1 and 5),
  title text not null,
  content text,
  is_approved boolean not null default false,
  created_at timestamptz not null default now()
);
create table rt_media (
  id uuid primary key default gen_random_uuid(),
  review_id uuid not null references rt_reviews(id) on delete cascade,
  file_path text not null,
  position int not null default 0,
  unique (review_id, file_path)
);
alter table rt_products enable row level security;
alter table rt_reviews enable row level security;
alter table rt_media enable row level security;
-- As on hosted Supabase, a new table is reachable through the API only once granted.
grant select, insert, update, delete on rt_products, rt_reviews, rt_media to anon, authenticated, service_role;
grant usage on all sequences in schema public to anon, authenticated, service_role;
create policy "active products are public" on rt_products for select using (is_active);
create policy "approved or own reviews" on rt_reviews for select using (is_approved or user_id = auth.uid());
create policy "users add own pending reviews" on rt_reviews for insert to authenticated
  with check (user_id = auth.uid() and not is_approved);
create policy "users edit own reviews" on rt_reviews for update to authenticated
  using (user_id = auth.uid()) with check (user_id = auth.uid());
create policy "users delete own reviews" on rt_reviews for delete to authenticated using (user_id = auth.uid());
create policy "media of visible reviews" on rt_media for select
  using (exists (select 1 from rt_reviews r where r.id = review_id));
create policy "media for own reviews" on rt_media for insert to authenticated
  with check (exists (select 1 from rt_reviews r where r.id = review_id and r.user_id = auth.uid()));

insert into rt_products (slug, name, price, tags, meta, is_active, sort_key) values
  ('irie-locs', 'Irie Locs Oil', 24.50, '{oil,locs}', '{"size": "100ml", "origin": {"country": "JM"}}', true, 2),
  ('crown-butter', 'Crown Butter', 18.00, '{butter}', '{"size": "200ml"}', true, null),
  ('scalp-tonic', 'Scalp Tonic', 12.99, '{tonic,scalp}', '{}', true, 1),
  ('retired', 'Retired Product', 5.00, '{}', '{}', false, 3);
insert into rt_reviews (id, user_id, product_slug, rating, title, content, is_approved, created_at) values
  ('${R1}', '${ALICE}', 'irie-locs', 5, 'Love it', 'Soft locs', true, '2025-01-03T10:00:00Z'),
  ('${R2}', '${BOB}', 'irie-locs', 4, 'Good', null, true, '2025-01-02T10:00:00Z'),
  ('${R3}', '${BOB}', 'irie-locs', 2, 'Pending', 'not approved yet', false, '2025-01-04T10:00:00Z'),
  ('${R4}', '${ALICE}', 'crown-butter', 3, 'Okay, fine', 'Fine (really)', true, '2025-01-01T10:00:00Z'),
  ('${R5}', '${BOB}', 'retired', 1, 'Gone', null, true, '2024-12-31T10:00:00Z');
insert into rt_media (review_id, file_path, position) values
  ('${R1}', 'alice/r1/0.jpg', 0),
  ('${R1}', 'alice/r1/1.mp4', 1),
  ('${R3}', 'bob/r3/0.jpg', 0);

create function rt_add(a int, b int default 10) returns int language sql immutable as $$ select a + b $$;
create function rt_feed(p_slug text, p_limit int default 10) returns jsonb language sql stable as $$
  select jsonb_build_object('count', count(*), 'average', round(avg(rating), 1),
                            'titles', coalesce(jsonb_agg(title order by created_at desc), '[]'))
  from (select * from rt_reviews where product_slug = p_slug and is_approved
        order by created_at desc limit p_limit) r
$$;
create function rt_reviews_min(p_min int) returns setof rt_reviews language sql stable as $$
  select * from rt_reviews where rating >= p_min
$$;
create function rt_approve(p_id uuid) returns void language plpgsql security definer as $$
begin
  update rt_reviews set is_approved = true where id = p_id;
end
$$;
create function rt_fail(p_message text) returns int language plpgsql as $$
begin
  raise exception '%', p_message using hint = 'Pick a shorter name.';
end
$$;
`;

let s: TestStack;
// Untyped on purpose: these tests send what the Database type would reject (unknown columns, bad
// filters) to check the server's answers.
let anon: SupabaseClient;
let service: SupabaseClient;
let alice: SupabaseClient;
let bob: SupabaseClient;
const writes: string[] = [];

const tokenFor = (sub: string) => signJwt({ sub, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 }, s.config.jwtSecret);

function userClient(sub: string): SupabaseClient {
  const token = tokenFor(sub);
  // A user JWT as GoTrue would issue it, sent the way a signed-in client sends it.
  return createClient(s.url, s.config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: s.fetch, headers: { Authorization: `Bearer ${token}` } },
  });
}

/** A raw request as supabase-js would send it, to check statuses, headers and bodies exactly. */
async function raw(method: string, path: string, opts: { token?: string; headers?: Record<string, string>; body?: unknown } = {}) {
  const token = opts.token ?? s.config.anonKey;
  const res = await s.fetch(`${s.url}/rest/v1${path}`, {
    method,
    headers: {
      apikey: s.config.anonKey,
      Authorization: `Bearer ${token}`,
      ...(opts.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
  s = await testStack();
  await s.db.exec(FIXTURE);
  anon = s.client();
  service = s.client({ serviceRole: true });
  alice = userClient(ALICE);
  bob = userClient(BOB);
  s.ctx.onWrite.add(() => writes.push('write'));
});
afterAll(async () => {
  await s?.close();
});

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
    const expiring = signJwt({ role: 'anon', exp: Math.floor(Date.now() / 1000) + 1 }, s.config.jwtSecret);
    const first = await raw('GET', '/rt_products?select=slug&slug=eq.irie-locs', { token: expiring });
    expect(first.status).toBe(200);
    await new Promise((r) => setTimeout(r, 2100));
    const later = await raw('GET', '/rt_products?select=slug&slug=eq.irie-locs', { token: expiring });
    expect(later.status).toBe(401);
    expect(later.json.code).toBe('PGRST303');
  });
});
