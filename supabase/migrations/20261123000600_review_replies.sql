-- review_replies: the brand's public reply to a review (issue #10, item 3). One reply per review,
-- written, edited and removed by admins in /admin/reviews (widgets/review-moderation/); shown under the
-- review on product pages, in the kyb-reviews element and in the prerendered snapshot. review_feed
-- returns it with each review, so the element needs no extra request.
--
-- Readable with the review it answers: anon and signed-in visitors see the replies of approved reviews
-- (the policy reads reviews under the caller's own row-level security, and also requires is_approved,
-- so an author does not see a reply to a pending review of theirs before it is public); admins read all.
-- Only admins write. Limits mirror shared/rules/reviews.ts (REVIEW_REPLY_MAX);
-- tests/backend/schema.test.ts checks the two agree. An empty reply is not stored: the moderation
-- element deletes the row instead, and the check refuses a blank one from any other client (23514, 400).
--
-- Written to be re-runnable.

create table if not exists public.review_replies (
  review_id uuid primary key references public.reviews (id) on delete cascade,
  content text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint review_replies_content_check check (char_length(content) <= 1000 and content ~ '[^[:space:]]')
);

comment on table public.review_replies is
  'The brand''s public reply to a review; visible with the approved review, written by admins only.';

alter table public.review_replies enable row level security;

drop policy if exists "Anyone can read replies to approved reviews" on public.review_replies;
create policy "Anyone can read replies to approved reviews"
  on public.review_replies for select to anon, authenticated
  using (exists (select 1 from public.reviews r where r.id = review_replies.review_id and r.is_approved));

drop policy if exists "Admins can read every reply" on public.review_replies;
create policy "Admins can read every reply"
  on public.review_replies for select to authenticated
  using ((select public.is_admin()));

drop policy if exists "Admins can write replies" on public.review_replies;
create policy "Admins can write replies"
  on public.review_replies for insert to authenticated
  with check ((select public.is_admin()));

drop policy if exists "Admins can edit replies" on public.review_replies;
create policy "Admins can edit replies"
  on public.review_replies for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

drop policy if exists "Admins can remove replies" on public.review_replies;
create policy "Admins can remove replies"
  on public.review_replies for delete to authenticated
  using ((select public.is_admin()));

-- The dates are the database's: a reply's date is when it was first written, updated_at when it last
-- changed (what the product page shows), whatever a client sends. The review it answers never changes.
create or replace function public.review_replies_stamp()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.created_at := now();
  else
    new.review_id := old.review_id;
    new.created_at := old.created_at;
  end if;
  new.updated_at := now();
  return new;
end
$$;

drop trigger if exists review_replies_stamp on public.review_replies;
create trigger review_replies_stamp
  before insert or update on public.review_replies
  for each row execute function public.review_replies_stamp();

-- ---------------------------------------------------------------- review_feed, with the reply
-- The function of 20261123000400_review_feed_keyset.sql, unchanged but for each review's `reply`
-- ({content, created_at, updated_at} or null). Same signature, so its grants carry over; restated below.

create or replace function public.review_feed(
  p_slug text,
  p_sort text default 'newest',
  p_rating integer default null,
  p_with_media boolean default false,
  p_limit integer default 10,
  p_offset integer default 0,
  p_after text default null
)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
-- Each branch below has one good plan whatever the arguments: the generic plan, made once per
-- session, instead of planning every call anew.
set plan_cache_mode = force_generic_plan
as $$
declare
  v_limit integer := least(greatest(coalesce(p_limit, 10), 1), 50);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_media boolean := coalesce(p_with_media, false);
  v_sort text := case when p_sort in ('highest', 'lowest') then p_sort else 'newest' end;
  v_cursor text[];
  -- Without a cursor, a position before every review in each order. (Plain values, not coalesce() in
  -- the queries: under row-level security only leakproof conditions can bound an index scan.)
  v_rating integer := case when p_sort = 'lowest' then 0 else 6 end;
  v_at timestamptz := 'infinity';
  v_id uuid := 'ffffffff-ffff-ffff-ffff-ffffffffffff';
  v_ids uuid[];
  v_stars integer[];
  v_media_stars integer[];
  v_count integer;
  v_total integer;
  v_reviews jsonb;
  v_next text;
begin
  if p_after is not null then
    v_cursor := regexp_match(p_after, '^([1-5]):(-?[0-9]{1,16}):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$');
    if v_cursor is null then
      raise exception 'p_after is not a cursor of review_feed'
        using errcode = 'invalid_parameter_value', hint = 'Pass the next_cursor of the previous page unchanged.';
    end if;
    v_rating := v_cursor[1]::integer;
    v_at := timestamptz 'epoch' + v_cursor[2]::bigint * interval '1 microsecond';
    v_id := v_cursor[3]::uuid;
  end if;

  select array[s.stars_1, s.stars_2, s.stars_3, s.stars_4, s.stars_5],
         array[s.media_stars_1, s.media_stars_2, s.media_stars_3, s.media_stars_4, s.media_stars_5]
  into v_stars, v_media_stars
  from public.review_summaries s
  where s.product_slug = p_slug;
  v_stars := coalesce(v_stars, array[0, 0, 0, 0, 0]);
  v_media_stars := coalesce(v_media_stars, array[0, 0, 0, 0, 0]);
  v_count := v_stars[1] + v_stars[2] + v_stars[3] + v_stars[4] + v_stars[5];
  v_total := case
    when p_rating is null and v_media then v_media_stars[1] + v_media_stars[2] + v_media_stars[3] + v_media_stars[4] + v_media_stars[5]
    when p_rating is null then v_count
    when v_media then coalesce(v_media_stars[p_rating], 0)
    else coalesce(v_stars[p_rating], 0)
  end;

  -- One more row than the page, to know whether another page follows. Each branch is a plain query
  -- whose order is its index's, so its plan does not depend on the arguments. The file check is a
  -- lookup per candidate row: written as exists(), PostgreSQL may hash every file of the table first.
  if v_total = 0 then
    -- Nothing matches: no index to walk (a filter that matches nothing would otherwise read them all).
    v_ids := '{}';
  elsif p_rating is not null then
    v_ids := array(
      select r.id from public.reviews r
      where r.product_slug = p_slug and r.is_approved and r.rating = p_rating
        and (r.created_at, r.id) < (v_at, v_id)
        and (not v_media or (select true from public.review_media m where m.review_id = r.id limit 1))
      order by r.created_at desc, r.id desc
      limit v_limit + 1 offset v_offset);
  elsif v_sort = 'highest' then
    v_ids := array(
      select r.id from public.reviews r
      where r.product_slug = p_slug and r.is_approved
        and (r.rating, r.created_at, r.id) < (v_rating, v_at, v_id)
        and (not v_media or (select true from public.review_media m where m.review_id = r.id limit 1))
      order by r.rating desc, r.created_at desc, r.id desc
      limit v_limit + 1 offset v_offset);
  elsif v_sort = 'lowest' then
    -- Rating ascending but dates descending: no single row comparison, so the rest of the cursor's
    -- rating and the higher ratings are read as two index ranges and merged.
    v_ids := array(
      select u.id from (
        (select r.id, r.rating, r.created_at from public.reviews r
         where r.product_slug = p_slug and r.is_approved and r.rating = v_rating
           and (r.created_at, r.id) < (v_at, v_id)
           and (not v_media or (select true from public.review_media m where m.review_id = r.id limit 1))
         order by r.created_at desc, r.id desc
         limit v_offset + v_limit + 1)
        union all
        (select r.id, r.rating, r.created_at from public.reviews r
         where r.product_slug = p_slug and r.is_approved and r.rating > v_rating
           and (not v_media or (select true from public.review_media m where m.review_id = r.id limit 1))
         order by r.rating, r.created_at desc, r.id desc
         limit v_offset + v_limit + 1)
      ) u
      order by u.rating, u.created_at desc, u.id desc
      limit v_limit + 1 offset v_offset);
  else
    v_ids := array(
      select r.id from public.reviews r
      where r.product_slug = p_slug and r.is_approved
        and (r.created_at, r.id) < (v_at, v_id)
        and (not v_media or (select true from public.review_media m where m.review_id = r.id limit 1))
      order by r.created_at desc, r.id desc
      limit v_limit + 1 offset v_offset);
  end if;

  select coalesce(jsonb_agg(
           jsonb_build_object(
             'id', r.id,
             'product_slug', r.product_slug,
             'rating', r.rating,
             'title', r.title,
             'content', r.content,
             'reviewer_name', r.reviewer_name,
             'is_verified_purchase', r.is_verified_purchase,
             'created_at', r.created_at,
             -- The brand's public reply, or null: the element needs no second request for it.
             'reply', (
               select jsonb_build_object('content', x.content, 'created_at', x.created_at, 'updated_at', x.updated_at)
               from public.review_replies x
               where x.review_id = r.id
             ),
             'media', coalesce((
               select jsonb_agg(
                 jsonb_build_object('id', m.id, 'file_path', m.file_path, 'file_type', m.file_type, 'file_size', m.file_size)
                 order by m.file_path, m.id
               )
               from public.review_media m
               where m.review_id = r.id
             ), '[]'::jsonb)
           )
           order by p.pos
         ), '[]'::jsonb),
         max(r.rating::text || ':' || (extract(epoch from r.created_at) * 1000000)::bigint::text || ':' || r.id::text)
           filter (where p.pos = v_limit and cardinality(v_ids) > v_limit)
  into v_reviews, v_next
  from unnest(v_ids[1:v_limit]) with ordinality as p (id, pos)
  join public.reviews r on r.id = p.id;

  return jsonb_build_object(
    'summary', jsonb_build_object(
      'count', v_count,
      'average', case when v_count > 0
                   then round((v_stars[1] + 2 * v_stars[2] + 3 * v_stars[3] + 4 * v_stars[4] + 5 * v_stars[5])::numeric / v_count, 1)
                 end,
      'histogram', jsonb_build_object('1', v_stars[1], '2', v_stars[2], '3', v_stars[3], '4', v_stars[4], '5', v_stars[5]),
      'with_media', v_media_stars[1] + v_media_stars[2] + v_media_stars[3] + v_media_stars[4] + v_media_stars[5]
    ),
    'total', v_total,
    'reviews', v_reviews,
    'next_cursor', v_next
  );
end
$$;

comment on function public.review_feed(text, text, integer, boolean, integer, integer, text) is
  'Approved reviews of one product: {summary{count,average,histogram,with_media}, total, reviews[...media, reply], next_cursor}; p_after = the previous page''s next_cursor.';

-- ---------------------------------------------------------------- Data API exposure
-- As in 20261123000100_data_api_grants.sql: take back what the defaults leave, then grant the least.
revoke all on table public.review_replies from anon, authenticated, service_role;
-- review_feed runs as its caller and reads the replies of the reviews it lists.
grant select on table public.review_replies to anon;
-- Admins write, edit and remove replies in /admin/reviews (RLS keeps everyone else to reading).
grant select, insert, update, delete on table public.review_replies to authenticated;
-- Server code manages every table of the project with all four commands.
grant select, insert, update, delete on table public.review_replies to service_role;
revoke all on function public.review_replies_stamp() from public, anon, authenticated, service_role;

revoke all on function public.review_feed(text, text, integer, boolean, integer, integer, text) from public, anon, authenticated, service_role;
grant execute on function public.review_feed(text, text, integer, boolean, integer, integer, text) to anon, authenticated;
