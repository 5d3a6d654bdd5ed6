-- Verified Purchase only from orders, and the helpers that take a user id out of the API (issue #27,
-- docs/reviews.md#verified-purchase).
--
--   * reviews.is_verified_purchase is the orders' word alone. On every insert and every update from a
--     person's role (anon, authenticated: customers and admins alike) the trigger sets it to what the
--     orders say, whatever was sent: the admin's toggle is gone, and a PATCH of the flag changes nothing.
--     The orders' own trigger (orders_reverify_reviews, as the owner) moves it when an order is paid,
--     refunded or cancelled. The functions (service_role) write no review; the owner (migrations, the
--     seed) is trusted, and tests/backend/seed.test.ts checks every seeded flag against the orders.
--   * purchased(user, slug) and owns_order(user, email) took a user id and were callable by any signed-in
--     user through /rest/v1/rpc: with the public reviews.user_id, purchased() told what each reviewer
--     bought. They move, with my_confirmed_email(), to the schema `private`, which PostgREST does not
--     expose (supabase/config.toml [api] schemas). The policies and the review trigger still call them
--     as the signed-in user, hence USAGE on the schema and EXECUTE on the three for authenticated.
--
-- Written to be re-runnable.

create schema if not exists private;
comment on schema private is 'Helpers the policies and triggers call; never exposed by the Data API (not in [api] schemas).';
revoke all on schema private from public, anon, authenticated, service_role;
grant usage on schema private to authenticated;

-- ---------------------------------------------------------------- whose orders
-- The signed-in caller's e-mail address, once they confirmed it; null otherwise. security definer: the
-- API roles cannot read auth.users. A guest order placed with that address is theirs.
create or replace function private.my_confirmed_email()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select lower(u.email) from auth.users u where u.id = (select auth.uid()) and u.email_confirmed_at is not null
$$;

create or replace function private.owns_order(p_user_id uuid, p_email text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select p_user_id = (select auth.uid()) or (p_email is not null and lower(p_email) = (select private.my_confirmed_email()))
$$;

drop policy if exists "Customers read their own orders and admins read all" on public.orders;
create policy "Customers read their own orders and admins read all"
  on public.orders for select to authenticated
  using (private.owns_order(user_id, email) or (select public.is_admin()));

drop policy if exists "Customers read their own order items and admins read all" on public.order_items;
create policy "Customers read their own order items and admins read all"
  on public.order_items for select to authenticated
  using (exists (select 1 from public.orders o where o.id = order_id and (private.owns_order(o.user_id, o.email) or (select public.is_admin()))));

drop policy if exists "Customers read their own payments and admins read all" on public.order_payments;
create policy "Customers read their own payments and admins read all"
  on public.order_payments for select to authenticated
  using (exists (select 1 from public.orders o where o.id = order_id and (private.owns_order(o.user_id, o.email) or (select public.is_admin()))));

drop policy if exists "Customers read their own order history and admins read all" on public.order_events;
create policy "Customers read their own order history and admins read all"
  on public.order_events for select to authenticated
  using (exists (select 1 from public.orders o where o.id = order_id and (private.owns_order(o.user_id, o.email) or (select public.is_admin()))));

-- ---------------------------------------------------------------- verified purchases
-- Whether p_user bought p_slug: a paid order of theirs (or placed as a guest with the address they
-- confirmed), neither refunded nor cancelled, holding the product. The statuses are PAID_STATUSES of
-- shared/rules/commerce.ts (tests/backend/lifecycle.test.ts compares them). security definer: a review
-- is written as its author, who may not read every order row this needs (guest ones).
create or replace function private.purchased(p_user uuid, p_slug text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
      from public.orders o
      join public.order_items i on i.order_id = o.id
     where o.status in ('paid', 'deposit_paid', 'in_production', 'ready', 'shipped', 'delivered')
       and public.review_slug_of(i.product) = p_slug
       and (o.user_id = p_user
            or lower(o.email) = (select lower(u.email) from auth.users u where u.id = p_user and u.email_confirmed_at is not null))
  )
$$;

-- Runs after reviews_protect_moderation (triggers fire in name order), on insert and on every update
-- from a person's role, admins included: the flag is what the orders say, never what was sent.
create or replace function public.reviews_verify_purchase()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    new.is_verified_purchase := private.purchased(new.user_id, new.product_slug);
  end if;
  return new;
end
$$;

drop trigger if exists reviews_verify_purchase on public.reviews;
create trigger reviews_verify_purchase
  before insert or update on public.reviews
  for each row execute function public.reviews_verify_purchase();

-- When an order is paid, refunded or cancelled, its customer's reviews of its products follow.
create or replace function public.orders_reverify_reviews()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.reviews r
     set is_verified_purchase = private.purchased(r.user_id, r.product_slug)
   where r.product_slug in (select public.review_slug_of(i.product) from public.order_items i where i.order_id = new.id)
     and (r.user_id = new.user_id
          or r.user_id in (select u.id from auth.users u where lower(u.email) = lower(new.email) and u.email_confirmed_at is not null))
     and r.is_verified_purchase is distinct from private.purchased(r.user_id, r.product_slug);
  return null;
end
$$;

-- ---------------------------------------------------------------- out of the API
drop function if exists public.purchased(uuid, text);
drop function if exists public.owns_order(uuid, text);
drop function if exists public.my_confirmed_email();

-- ---------------------------------------------------------------- grants
-- Functions are executable by PUBLIC when created (PostgreSQL's default): take that back first.
revoke all on function private.my_confirmed_email(), private.owns_order(uuid, text), private.purchased(uuid, text)
  from public, anon, authenticated, service_role;
-- Policies call these as the signed-in user.
grant execute on function private.owns_order(uuid, text), private.my_confirmed_email() to authenticated;
-- A review is written (and moderated) as a signed-in user: the trigger that verifies it calls purchased() as them.
grant execute on function private.purchased(uuid, text) to authenticated;
