-- review_feed, at a cost that does not grow with the product's review count: the summary and the
-- filtered total come from review_summaries (20261123000300_review_summaries.sql), and a page is read
-- from an index in the page's own order, starting after a cursor (keyset pagination), instead of
-- ranking every approved review on each request.
--
-- The contract of 20250101000500_review_feed.sql stays: same name, parameters and answer, called as GET
-- or POST by anon and signed-in users, security invoker with an explicit is_approved filter, p_limit
-- clamped to 1..50, p_offset to >= 0, an unknown sort meaning newest. New:
-- - p_after: the `next_cursor` of the previous page. The next page then costs the same at any depth.
--   p_offset still skips rows (after the cursor, if one is given), at a cost that grows with it.
-- - next_cursor in the answer: the last review's sort key, "<rating>:<created_at in microseconds since
--   1970>:<id>", or null when no review follows. Within one rating (p_rating) every sort is newest
--   first, so the rating in a cursor matters to the highest and lowest sorts only.
-- A cursor that is not one gets 22023 (PostgREST: 400), never a server error.
-- Left to a later change: with p_with_media, a page costs as many index rows as are read until it is
-- full, so a product where few reviews have files pays for the ones without (none at all costs nothing:
-- the summary says so first).
--
-- Written to be re-runnable.

-- One partial index per order, over approved reviews only, read backwards from the cursor:
-- newest = (created_at, id) descending; highest = (rating, created_at, id) descending, which within one
-- rating is the newest order too (p_rating); lowest = rating ascending, then newest.
create index if not exists reviews_feed_newest_idx on public.reviews (product_slug, created_at, id) where is_approved;
create index if not exists reviews_feed_rating_idx on public.reviews (product_slug, rating, created_at, id) where is_approved;
create index if not exists reviews_feed_lowest_idx on public.reviews (product_slug, rating, created_at desc, id desc) where is_approved;
-- Superseded by reviews_feed_newest_idx.
drop index if exists public.reviews_feed_idx;

drop function if exists public.review_feed(text, text, integer, boolean, integer, integer);

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
  'Approved reviews of one product: {summary{count,average,histogram,with_media}, total, reviews[...media], next_cursor}; p_after = the previous page''s next_cursor.';

-- The product pages' review section, signed out and signed in; the prerender reads it with the anon key.
revoke all on function public.review_feed(text, text, integer, boolean, integer, integer, text) from public, anon, authenticated, service_role;
grant execute on function public.review_feed(text, text, integer, boolean, integer, integer, text) to anon, authenticated;
