-- One review shape, from column to card (issue #30, item 2).
--
-- A review card (the product page's snapshot, the kyb-reviews element, moderation's preview) shows one
-- row of the view review_cards: the review's public columns, the brand's reply and the media. review_feed
-- picks and orders the ids as before and returns each card as that row, whole (to_jsonb). So a new field
-- on the cards is one column added at the end of the view below (`create or replace view` may append),
-- not another full restatement of review_feed, which this is the last of.
--
-- The view runs as its caller (security_invoker): row-level security of reviews, review_replies and
-- review_media applies to whoever reads it, exactly as when review_feed read the tables itself.
--
-- The rebuild triggers (migration site_rebuilds) compared a hand-written column tuple, so an edit to a
-- column added later would not rebuild the pages. They now compare the whole row, and a change to an
-- approved review's media asks for a rebuild as a reply's change does.
--
-- Written to be re-runnable.

create or replace view public.review_cards
with (security_invoker = true)
as
select
  r.id,
  r.product_slug,
  r.rating,
  r.title,
  r.content,
  r.reviewer_name,
  r.is_verified_purchase,
  r.created_at,
  -- The brand's public reply, or null: the element needs no second request for it.
  (select jsonb_build_object('content', x.content, 'created_at', x.created_at, 'updated_at', x.updated_at)
     from public.review_replies x
    where x.review_id = r.id) as reply,
  coalesce((
    select jsonb_agg(jsonb_build_object('id', m.id, 'file_path', m.file_path, 'file_type', m.file_type, 'file_size', m.file_size)
                     order by m.file_path, m.id)
      from public.review_media m
     where m.review_id = r.id
  ), '[]'::jsonb) as media
from public.reviews r;

comment on view public.review_cards is
  'One row per review card (the keys review_feed returns for each review); reads as its caller, under the tables'' row-level security.';

-- review_feed reads the view as its caller, signed out or in; nothing else is granted.
revoke all on table public.review_cards from public, anon, authenticated, service_role;
grant select on table public.review_cards to anon, authenticated;

-- ---------------------------------------------------------------- review_feed, drawing the view's rows
-- The function of 20261123000600_review_replies.sql, unchanged but for its last query. Same signature,
-- so its grants carry over.

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

  -- Each card is a row of review_cards, whole: a key added there reaches every page without a line here.
  select coalesce(jsonb_agg(to_jsonb(c) order by p.pos), '[]'::jsonb),
         max(c.rating::text || ':' || (extract(epoch from c.created_at) * 1000000)::bigint::text || ':' || c.id::text)
           filter (where p.pos = v_limit and cardinality(v_ids) > v_limit)
  into v_reviews, v_next
  from unnest(v_ids[1:v_limit]) with ordinality as p (id, pos)
  join public.review_cards c on c.id = p.id;

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
  'Approved reviews of one product: {summary{count,average,histogram,with_media}, total, reviews[review_cards rows], next_cursor}; p_after = the previous page''s next_cursor.';

-- ---------------------------------------------------------------- what changes the pages
-- Whole rows: any column a page may show, today's or one added later. A review nobody but its author and
-- the admins can see (not approved before nor after) changes no page.
create or replace function public.reviews_request_site_rebuild()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.is_approved then perform public.site_rebuild_request(array[new.product_slug]); end if;
  elsif tg_op = 'DELETE' then
    if old.is_approved then perform public.site_rebuild_request(array[old.product_slug]); end if;
  elsif (old.is_approved or new.is_approved) and to_jsonb(old) is distinct from to_jsonb(new) then
    perform public.site_rebuild_request(array[old.product_slug, new.product_slug]);
  end if;
  return null;
end
$$;

-- A reply is compared whole too, minus updated_at, which its stamp trigger moves on every write.
create or replace function public.review_replies_request_site_rebuild()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and (to_jsonb(old) - 'updated_at') is not distinct from (to_jsonb(new) - 'updated_at') then
    return null;
  end if;
  perform public.site_rebuild_request(array_agg(r.product_slug))
     from public.reviews r
    where r.id = case when tg_op = 'DELETE' then old.review_id else new.review_id end
      and r.is_approved;
  return null;
end
$$;

-- The cards show an approved review's files: adding or removing one changes its pages. When the review
-- itself is being deleted, its files go with it and the review's own trigger has asked already.
create or replace function public.review_media_request_site_rebuild()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and to_jsonb(old) is not distinct from to_jsonb(new) then
    return null;
  end if;
  perform public.site_rebuild_request(array_agg(r.product_slug))
     from public.reviews r
    where r.id in (case when tg_op = 'INSERT' then null else old.review_id end,
                   case when tg_op = 'DELETE' then null else new.review_id end)
      and r.is_approved;
  return null;
end
$$;

drop trigger if exists review_media_request_site_rebuild on public.review_media;
create trigger review_media_request_site_rebuild
  after insert or update or delete on public.review_media
  for each row execute function public.review_media_request_site_rebuild();

-- Trigger functions need no EXECUTE grant.
revoke all on function public.review_media_request_site_rebuild() from public, anon, authenticated, service_role;
