/**
 * The fixture of the REST tests (tests/backend/rest*.test.ts): tables, policies and functions created
 * here so the tests do not depend on the project's migrations, a client per role, and raw requests for
 * the wire format. A test file calls useRestFixture() once; the bindings below are set before its tests.
 */
import { beforeAll, afterAll } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { testStack, type TestStack } from './stack.ts';
import { signJwt } from '../../supabase/local/jwt.ts';
import type { StackConfig } from '../../supabase/local/config.ts';

export const ALICE = '11111111-1111-4111-8111-111111111111';
export const BOB = '22222222-2222-4222-8222-222222222222';
export const R1 = 'a0000000-0000-4000-8000-000000000001'; // alice, irie-locs, approved, 2 media
export const R2 = 'a0000000-0000-4000-8000-000000000002'; // bob, irie-locs, approved
export const R3 = 'a0000000-0000-4000-8000-000000000003'; // bob, irie-locs, pending, 1 media
export const R4 = 'a0000000-0000-4000-8000-000000000004'; // alice, crown-butter, approved
export const R5 = 'a0000000-0000-4000-8000-000000000005'; // bob, retired product, approved

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

export let s: TestStack;
// Untyped on purpose: these tests send what the Database type would reject (unknown columns, bad
// filters) to check the server's answers.
export let anon: SupabaseClient;
export let service: SupabaseClient;
export let alice: SupabaseClient;
export let bob: SupabaseClient;
export const writes: string[] = [];

export const tokenFor = (sub: string) => signJwt({ sub, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 }, s.config.jwtSecret);

export function userClient(sub: string): SupabaseClient {
  const token = tokenFor(sub);
  // A user JWT as GoTrue would issue it, sent the way a signed-in client sends it.
  return createClient(s.url, s.config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: s.fetch, headers: { Authorization: `Bearer ${token}` } },
  });
}

/** A raw request as supabase-js would send it, to check statuses, headers and bodies exactly. */
export async function raw(method: string, path: string, opts: { token?: string; headers?: Record<string, string>; body?: unknown } = {}) {
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

/** A stack of its own with the fixture, for a test that needs another configuration; the test closes it. */
export async function fixtureStack(config: Partial<StackConfig> = {}): Promise<TestStack> {
  const stack = await testStack(config);
  await stack.db.exec(FIXTURE);
  return stack;
}

/** Starts a stack with the fixture for the calling test file, and stops it after. */
export function useRestFixture() {
  beforeAll(async () => {
    s = await fixtureStack();
    anon = s.client();
    service = s.client({ serviceRole: true });
    alice = userClient(ALICE);
    bob = userClient(BOB);
    s.ctx.onWrite.add(() => writes.push('write'));
  });
  afterAll(async () => {
    await s?.close();
  });
}
