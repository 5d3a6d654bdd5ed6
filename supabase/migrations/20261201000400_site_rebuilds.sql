-- Ratings follow the data (issue #23): the prerendered pages carry each product's reviews, its
-- average and count, and the AggregateRating structured data, read at build time. When a review or a
-- reply becomes public, changes or goes, the pages that show it must be built again, or they keep
-- saying what is no longer true (and search engines see structured data that disagrees with the page).
--
--   * site_rebuild_requests: one row per product slug whose pages are out of date, with when it was
--     first and last asked for. Triggers on reviews and review_replies write it, for changes the
--     public can see (an approved review, or one being approved or unapproved);
--   * site_rebuild_claim(quiet, max_wait): what the site-rebuild function calls on a schedule (pg_cron
--     on hosted, the local stack's timer here). Debounced: it hands out every waiting slug, and clears
--     them, once nothing was asked for `quiet` seconds, or once the oldest has waited `max_wait`
--     (moderating a dozen reviews is one rebuild, and a steady trickle still gets one). Else nothing;
--   * site_rebuild_request(slugs): the function puts slugs back when the static host's deploy hook
--     could not be reached, so the next run tries again.
--
-- Only the service role reaches any of it (the function, and server code managing tables as with every
-- other one); visitors and signed-in users have no privileges and no policies.
--
-- Written to be re-runnable, like every migration of this project.

create table if not exists public.site_rebuild_requests (
  product_slug text primary key,
  first_requested_at timestamptz not null default now(),
  last_requested_at timestamptz not null default now()
);
comment on table public.site_rebuild_requests is
  'Product slugs whose prerendered pages are out of date (reviews or replies changed); claimed by the site-rebuild function.';

alter table public.site_rebuild_requests enable row level security;
-- As in 20261123000100_data_api_grants.sql: take back what the defaults leave, then grant the least.
revoke all on table public.site_rebuild_requests from public, anon, authenticated, service_role;
grant select, insert, update, delete on table public.site_rebuild_requests to service_role;

-- Asks for a rebuild of the pages of these slugs (nulls and repeats ignored).
create or replace function public.site_rebuild_request(p_slugs text[])
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.site_rebuild_requests as r (product_slug)
  select distinct s from unnest(p_slugs) as s where s is not null
  order by 1
  on conflict (product_slug) do update set last_requested_at = now()
$$;

-- The waiting slugs once they are due (and clears them), else an empty list.
create or replace function public.site_rebuild_claim(p_quiet_seconds integer, p_max_wait_seconds integer)
returns text[]
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_slugs text[];
begin
  if not exists (
    select 1 from public.site_rebuild_requests
    having max(last_requested_at) <= now() - make_interval(secs => p_quiet_seconds)
        or min(first_requested_at) <= now() - make_interval(secs => p_max_wait_seconds)
  ) then
    return '{}';
  end if;
  with claimed as (delete from public.site_rebuild_requests returning product_slug)
  select coalesce(array_agg(product_slug order by product_slug), '{}') into v_slugs from claimed;
  return v_slugs;
end
$$;

revoke all on function public.site_rebuild_request(text[]) from public, anon, authenticated, service_role;
revoke all on function public.site_rebuild_claim(integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.site_rebuild_request(text[]) to service_role;
grant execute on function public.site_rebuild_claim(integer, integer) to service_role;

-- ---------------------------------------------------------------- what changes the pages
-- A review the public sees (approved before or after the change) that was added, removed, approved,
-- unapproved or edited in anything a page shows. Security definer: the moderators and authors whose
-- statements fire it have no privileges on the requests table.
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
  elsif (old.is_approved or new.is_approved)
    and (old.is_approved, old.product_slug, old.rating, old.title, old.content, old.reviewer_name, old.is_verified_purchase, old.created_at)
        is distinct from
        (new.is_approved, new.product_slug, new.rating, new.title, new.content, new.reviewer_name, new.is_verified_purchase, new.created_at) then
    perform public.site_rebuild_request(array[old.product_slug, new.product_slug]);
  end if;
  return null;
end
$$;

drop trigger if exists reviews_request_site_rebuild on public.reviews;
create trigger reviews_request_site_rebuild
  after insert or update or delete on public.reviews
  for each row execute function public.reviews_request_site_rebuild();

-- A reply is public with its approved review (20261123000600_review_replies.sql). When the review itself
-- is being deleted, the reply goes with it and the review's own trigger has asked already.
create or replace function public.review_replies_request_site_rebuild()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.site_rebuild_request(array_agg(r.product_slug))
     from public.reviews r
    where r.id = case when tg_op = 'DELETE' then old.review_id else new.review_id end
      and r.is_approved;
  return null;
end
$$;

drop trigger if exists review_replies_request_site_rebuild on public.review_replies;
create trigger review_replies_request_site_rebuild
  after insert or update or delete on public.review_replies
  for each row execute function public.review_replies_request_site_rebuild();

-- Trigger functions need no EXECUTE grant.
revoke all on function public.reviews_request_site_rebuild() from public, anon, authenticated, service_role;
revoke all on function public.review_replies_request_site_rebuild() from public, anon, authenticated, service_role;
