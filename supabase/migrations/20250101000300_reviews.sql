-- reviews (docs/reviews.md#reviews-section, docs/data.md#entities, #calls): written by signed-in users for themselves, listed once approved.
-- Limits mirror shared/rules/reviews.ts (REVIEW_SLUGS, RATING_MAX, REVIEW_TITLE_MAX,
-- REVIEW_CONTENT_MAX, REVIEW_NAME_MAX); tests/backend/schema.test.ts checks the two agree.

create table if not exists public.reviews (
  -- Clients may send their own id so a retried submit is idempotent (the retry gets 23505, 409).
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  product_slug text not null,
  rating integer not null,
  title text not null,
  content text not null,
  reviewer_name text not null,
  is_verified_purchase boolean not null default false,
  is_approved boolean not null default false,
  created_at timestamptz not null default now(),
  constraint reviews_rating_check check (rating between 1 and 5),
  constraint reviews_product_slug_check check (product_slug in (
    'handmade-locs', 'holistic-haircare', 'trinity-locs', 'irie-locs', 'jah-locs', 'diy-kit', 'lock-kit',
    'protective-style-planner'
  )),
  -- Text must hold something besides whitespace (spaces, tabs, line breaks).
  constraint reviews_title_check check (char_length(title) <= 120 and title ~ '[^[:space:]]'),
  constraint reviews_content_check check (char_length(content) <= 4000 and content ~ '[^[:space:]]'),
  constraint reviews_reviewer_name_check check (char_length(reviewer_name) <= 80 and reviewer_name ~ '[^[:space:]]')
);

comment on table public.reviews is 'Product reviews; visible to everyone once is_approved, to their author before.';

-- The product-page feed: approved reviews of one slug, newest first (also review_feed's filter).
create index if not exists reviews_feed_idx on public.reviews (product_slug, is_approved, created_at desc);
create index if not exists reviews_user_id_idx on public.reviews (user_id);

alter table public.reviews enable row level security;

-- Several permissive policies per command, one per reason a row is visible or removable, so each reads
-- as a sentence of the rules. The advisor's multiple_permissive_policies warning is accepted: PostgreSQL
-- ORs them, each is an initplan or an indexed lookup, and the tables stay small.
drop policy if exists "Anyone can read approved reviews" on public.reviews;
create policy "Anyone can read approved reviews"
  on public.reviews for select to anon, authenticated
  using (is_approved);

drop policy if exists "Authors can read their own reviews" on public.reviews;
create policy "Authors can read their own reviews"
  on public.reviews for select to authenticated
  using (user_id = (select auth.uid()));

drop policy if exists "Admins can read every review" on public.reviews;
create policy "Admins can read every review"
  on public.reviews for select to authenticated
  using ((select public.is_admin()));

drop policy if exists "Signed-in users can write reviews as themselves" on public.reviews;
create policy "Signed-in users can write reviews as themselves"
  on public.reviews for insert to authenticated
  with check (user_id = (select auth.uid()));

-- Authors get no update policy: an approved text must not change behind the moderator's back.
drop policy if exists "Admins can moderate reviews" on public.reviews;
create policy "Admins can moderate reviews"
  on public.reviews for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

drop policy if exists "Admins can delete any review" on public.reviews;
create policy "Admins can delete any review"
  on public.reviews for delete to authenticated
  using ((select public.is_admin()));

drop policy if exists "Authors can delete their own pending reviews" on public.reviews;
create policy "Authors can delete their own pending reviews"
  on public.reviews for delete to authenticated
  using (user_id = (select auth.uid()) and not is_approved);

-- A client cannot approve, verify or backdate its own review (docs/reviews.md#feed: a review is listed only once
-- approved by moderation). On insert the values are overwritten, not refused, so a client that sends
-- is_approved: true still gets its review stored, as pending. On update (which only admins can reach
-- today) the same columns are refused for anyone else, in case a later policy opens updates to authors.
-- Admins, service_role and the database owner (seed) are trusted.
create or replace function public.reviews_protect_moderation()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and not public.is_admin() then
    if tg_op = 'INSERT' then
      new.is_approved := false;
      new.is_verified_purchase := false;
      new.created_at := now();
    elsif new.is_approved is distinct from old.is_approved
       or new.is_verified_purchase is distinct from old.is_verified_purchase
       or new.user_id is distinct from old.user_id
       or new.created_at is distinct from old.created_at then
      raise exception 'Only a moderator can change the approval, verification, author or date of a review'
        using errcode = 'insufficient_privilege';
    end if;
  end if;
  return new;
end
$$;

drop trigger if exists reviews_protect_moderation on public.reviews;
create trigger reviews_protect_moderation
  before insert or update on public.reviews
  for each row execute function public.reviews_protect_moderation();
