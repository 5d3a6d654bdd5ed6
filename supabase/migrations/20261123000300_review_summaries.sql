-- review_summaries: per product, how many approved reviews have each star rating, and how many of
-- those have at least one file. review_feed reads its summary and its filtered total from here (one
-- row by primary key) instead of counting every approved review on each request: any combination of
-- p_rating and p_with_media is one cell or the sum of five. Triggers on reviews and review_media keep
-- the counts; nothing else writes them but server code (service_role).
--
-- Written to be re-runnable: the backfill at the end recounts everything from the two tables.

create table if not exists public.review_summaries (
  product_slug text primary key,
  -- stars_k: approved reviews with k stars; media_stars_k: those of them with a file attached.
  stars_1 integer not null default 0,
  stars_2 integer not null default 0,
  stars_3 integer not null default 0,
  stars_4 integer not null default 0,
  stars_5 integer not null default 0,
  media_stars_1 integer not null default 0,
  media_stars_2 integer not null default 0,
  media_stars_3 integer not null default 0,
  media_stars_4 integer not null default 0,
  media_stars_5 integer not null default 0
);

comment on table public.review_summaries is
  'Approved reviews per product and star rating, with and without files; kept by triggers on reviews and review_media.';

alter table public.review_summaries enable row level security;

-- The counts are what every product page shows anyway; review_feed runs as its caller and reads them.
drop policy if exists "Anyone can read review summaries" on public.review_summaries;
create policy "Anyone can read review summaries"
  on public.review_summaries for select to anon, authenticated
  using (true);

-- Adds signed deltas to the summaries: one row per (slug, rating) change, summed per slug so each
-- summary row is written once per statement (a bulk insert of many reviews is one update, not one per
-- review). Rows are taken in slug order so two statements touching the same products cannot deadlock.
-- The upsert locks the row, and a concurrent writer re-reads it before adding: no count is lost.
create or replace function public.review_summaries_add(p_slugs text[], p_ratings integer[], p_reviews integer[], p_media integer[])
returns void
language sql
security invoker
set search_path = ''
as $$
  insert into public.review_summaries as s (
    product_slug, stars_1, stars_2, stars_3, stars_4, stars_5,
    media_stars_1, media_stars_2, media_stars_3, media_stars_4, media_stars_5
  )
  select d.slug,
         coalesce(sum(d.reviews) filter (where d.rating = 1), 0), coalesce(sum(d.reviews) filter (where d.rating = 2), 0),
         coalesce(sum(d.reviews) filter (where d.rating = 3), 0), coalesce(sum(d.reviews) filter (where d.rating = 4), 0),
         coalesce(sum(d.reviews) filter (where d.rating = 5), 0),
         coalesce(sum(d.media) filter (where d.rating = 1), 0), coalesce(sum(d.media) filter (where d.rating = 2), 0),
         coalesce(sum(d.media) filter (where d.rating = 3), 0), coalesce(sum(d.media) filter (where d.rating = 4), 0),
         coalesce(sum(d.media) filter (where d.rating = 5), 0)
  from unnest(p_slugs, p_ratings, p_reviews, p_media) as d (slug, rating, reviews, media)
  where d.reviews <> 0 or d.media <> 0
  group by d.slug
  order by d.slug
  on conflict (product_slug) do update set
    stars_1 = s.stars_1 + excluded.stars_1,
    stars_2 = s.stars_2 + excluded.stars_2,
    stars_3 = s.stars_3 + excluded.stars_3,
    stars_4 = s.stars_4 + excluded.stars_4,
    stars_5 = s.stars_5 + excluded.stars_5,
    media_stars_1 = s.media_stars_1 + excluded.media_stars_1,
    media_stars_2 = s.media_stars_2 + excluded.media_stars_2,
    media_stars_3 = s.media_stars_3 + excluded.media_stars_3,
    media_stars_4 = s.media_stars_4 + excluded.media_stars_4,
    media_stars_5 = s.media_stars_5 + excluded.media_stars_5
$$;

-- The trigger functions below are security definer: the callers who insert, approve or delete reviews
-- and files (authors, admins) may not write review_summaries, and whether a review has files must be
-- read past the caller's row-level security. They run as the owner (postgres), who bypasses it.

-- Reviews inserted or updated (approval, rating, slug): the statement's old approved rows leave the
-- counts, its new approved rows enter them. Whether a review has files cannot change in the same
-- statement, so it is read once, as it is now. (A trigger may name only the transition tables its event
-- has, hence the branch.)
create or replace function public.reviews_count_in_summary()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_slugs text[];
  v_ratings integer[];
  v_reviews integer[];
  v_media integer[];
begin
  select array_agg(n.product_slug), array_agg(n.rating), array_agg(1),
         array_agg(exists (select 1 from public.review_media m where m.review_id = n.id)::integer)
  into v_slugs, v_ratings, v_reviews, v_media
  from new_rows n where n.is_approved;
  if tg_op = 'UPDATE' then
    select v_slugs || array_agg(o.product_slug), v_ratings || array_agg(o.rating), v_reviews || array_agg(-1),
           v_media || array_agg(-(exists (select 1 from public.review_media m where m.review_id = o.id))::integer)
    into v_slugs, v_ratings, v_reviews, v_media
    from old_rows o where o.is_approved;
  end if;
  perform public.review_summaries_add(v_slugs, v_ratings, v_reviews, v_media);
  return null;
end
$$;

-- A deleted review leaves the counts before its files are deleted with it (the foreign key's cascade
-- runs after the row is gone, when it could no longer be told whether the review had files). Row by
-- row: only moderators and server code delete approved reviews, a few at a time.
create or replace function public.reviews_uncount_from_summary()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.is_approved then
    perform public.review_summaries_add(
      array[old.product_slug], array[old.rating], array[-1],
      array[-(exists (select 1 from public.review_media m where m.review_id = old.id))::integer]
    );
  end if;
  return old;
end
$$;

-- Files attached, removed or moved: a review whose first file arrives, or whose last file goes, moves
-- between "with files" and "without". The review's row is locked first (as an update of the review
-- would lock it), so concurrent statements on the same review take turns, and each reads the files the
-- previous ones committed: two uploads cannot both count as the first, two removals both as the last.
create or replace function public.review_media_count_in_summary()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_added uuid[] := '{}';    -- file rows this statement inserted (or moved: their new version)
  v_gained uuid[] := '{}';   -- reviews it gave file rows to
  v_emptied uuid[] := '{}';  -- reviews it took file rows from
  v_review record;
  v_before boolean;
  v_now boolean;
begin
  if tg_op <> 'DELETE' then
    select coalesce(array_agg(n.id), '{}'), coalesce(array_agg(n.review_id), '{}') into v_added, v_gained from new_rows n;
  end if;
  if tg_op <> 'INSERT' then
    select coalesce(array_agg(o.review_id), '{}') into v_emptied from old_rows o;
  end if;
  for v_review in
    select r.id, r.product_slug, r.rating, r.is_approved
    from public.reviews r
    where r.id = any (v_gained || v_emptied)
    order by r.id
    for no key update
  loop
    -- A review deleted in this transaction is not found: its delete trigger has already uncounted it.
    continue when not v_review.is_approved;
    v_now := exists (select 1 from public.review_media m where m.review_id = v_review.id);
    -- Before this statement: the files there now, less the ones it added, plus the ones it took away.
    v_before := v_review.id = any (v_emptied)
                or exists (select 1 from public.review_media m where m.review_id = v_review.id and not m.id = any (v_added));
    if v_now is distinct from v_before then
      perform public.review_summaries_add(array[v_review.product_slug], array[v_review.rating], array[0], array[v_now::integer - v_before::integer]);
    end if;
  end loop;
  return null;
end
$$;

-- One trigger per event: a trigger with transition tables may name only the tables its event has.
drop trigger if exists reviews_count_inserted on public.reviews;
create trigger reviews_count_inserted
  after insert on public.reviews
  referencing new table as new_rows
  for each statement execute function public.reviews_count_in_summary();

drop trigger if exists reviews_count_updated on public.reviews;
create trigger reviews_count_updated
  after update on public.reviews
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.reviews_count_in_summary();

drop trigger if exists reviews_uncount_deleted on public.reviews;
create trigger reviews_uncount_deleted
  before delete on public.reviews
  for each row execute function public.reviews_uncount_from_summary();

drop trigger if exists review_media_count_inserted on public.review_media;
create trigger review_media_count_inserted
  after insert on public.review_media
  referencing new table as new_rows
  for each statement execute function public.review_media_count_in_summary();

drop trigger if exists review_media_count_updated on public.review_media;
create trigger review_media_count_updated
  after update on public.review_media
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.review_media_count_in_summary();

drop trigger if exists review_media_count_deleted on public.review_media;
create trigger review_media_count_deleted
  after delete on public.review_media
  referencing old table as old_rows
  for each statement execute function public.review_media_count_in_summary();

-- Backfill, and on a re-run a recount: writers wait until the counts match the rows again.
do $$
begin
  lock table public.reviews, public.review_media in share row exclusive mode;
  delete from public.review_summaries;
  insert into public.review_summaries (
    product_slug, stars_1, stars_2, stars_3, stars_4, stars_5,
    media_stars_1, media_stars_2, media_stars_3, media_stars_4, media_stars_5
  )
  select a.product_slug,
         count(*) filter (where a.rating = 1), count(*) filter (where a.rating = 2), count(*) filter (where a.rating = 3),
         count(*) filter (where a.rating = 4), count(*) filter (where a.rating = 5),
         count(*) filter (where a.rating = 1 and a.media), count(*) filter (where a.rating = 2 and a.media),
         count(*) filter (where a.rating = 3 and a.media), count(*) filter (where a.rating = 4 and a.media),
         count(*) filter (where a.rating = 5 and a.media)
  from (
    select r.product_slug, r.rating, exists (select 1 from public.review_media m where m.review_id = r.id) as media
    from public.reviews r
    where r.is_approved
  ) a
  group by a.product_slug;
end
$$;

-- ---------------------------------------------------------------- Data API exposure
-- As in 20261123000100_data_api_grants.sql: take back what the defaults leave, then grant the least.
revoke all on table public.review_summaries from anon, authenticated, service_role;
-- review_feed runs as its caller and reads the summary of the product it lists.
grant select on table public.review_summaries to anon, authenticated;
-- Server code manages every table of the project with all four commands.
grant select, insert, update, delete on table public.review_summaries to service_role;
-- Trigger functions need no EXECUTE grant; the helper is called only by them, as their owner.
revoke all on function public.review_summaries_add(text[], integer[], integer[], integer[]) from public, anon, authenticated, service_role;
revoke all on function public.reviews_count_in_summary() from public, anon, authenticated, service_role;
revoke all on function public.reviews_uncount_from_summary() from public, anon, authenticated, service_role;
revoke all on function public.review_media_count_in_summary() from public, anon, authenticated, service_role;
