-- Fulfilment (issue #21; docs/commerce.md#fulfilment): the business moves a paid order through production
-- to delivery, collects the balance of a made-to-order order, delivers the planner's files, and reviews
-- are marked "Verified Purchase" by the orders themselves.
--
--   * order_transition is the only way a status moves after payment, and it allows exactly the steps of the table below
--     (a shipment needs its carrier and tracking number, and nothing ships while a balance is due).
--     The admin-orders function calls it after checking the caller is an admin.
--   * A customer's orders include those placed as a guest with the e-mail address they confirmed.
--   * reviews.is_verified_purchase is computed: a review is verified when its author has a paid order,
--     not refunded or cancelled, that holds the product; it follows the orders as they change.
--   * planner-files: a private bucket with the Crown Planner's files, one folder per tier, written by
--     admins; customers get short-lived signed links from the order-status function.
--   * review_requests_due: the delivered orders whose review request e-mail is due (the review-requests job).
--
-- Written to be re-runnable.

-- ---------------------------------------------------------------- the steps after payment
-- Mirrors ORDER_STEPS in shared/rules/commerce.ts (the admin screen offers exactly these).
create or replace function public.order_next_statuses(p_status text, p_needs_shipping boolean)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select case
    when not p_needs_shipping then case when p_status = 'paid' then array['delivered', 'cancelled'] else array[]::text[] end
    when p_status in ('paid', 'deposit_paid') then array['in_production', 'cancelled']
    when p_status = 'in_production' then array['ready', 'cancelled']
    when p_status = 'ready' then array['shipped', 'cancelled']
    when p_status = 'shipped' then array['delivered']
    else array[]::text[]
  end
$$;

-- Moves an order one step (p_to one of order_next_statuses), as admin p_actor, with a shipment's carrier
-- and tracking number for 'shipped'. Refuses anything else with a message the admin screen shows:
-- 23514 for a step that is not allowed or a shipment without its details, P0001 for a balance due.
create or replace function public.order_transition(p_order uuid, p_to text, p_carrier text, p_tracking text, p_note text, p_actor uuid)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.orders;
  v_note text := nullif(btrim(p_note), '');
begin
  select * into v from public.orders where id = p_order for update;
  if not found then raise exception 'Order not found' using errcode = 'P0002'; end if;
  if not (p_to = any (public.order_next_statuses(v.status, v.needs_shipping))) then
    raise exception 'An order that is % cannot be marked %', replace(v.status, '_', ' '), replace(p_to, '_', ' ') using errcode = '23514';
  end if;
  if p_to = 'shipped' then
    if v.balance_due_cents > 0 then
      raise exception 'The balance of % is still due: it must be paid before the order ships', to_char(v.balance_due_cents / 100.0, 'FM$999999990.00') using errcode = 'P0001';
    end if;
    if nullif(btrim(p_carrier), '') is null or nullif(btrim(p_tracking), '') is null then
      raise exception 'A shipment needs its carrier and tracking number' using errcode = '23514';
    end if;
    v_note := concat_ws(' · ', format('%s %s', btrim(p_carrier), btrim(p_tracking)), v_note);
  end if;
  update public.orders
     set status = p_to,
         carrier = case when p_to = 'shipped' then btrim(p_carrier) else carrier end,
         tracking_number = case when p_to = 'shipped' then btrim(p_tracking) else tracking_number end,
         shipped_at = case when p_to = 'shipped' then now() else shipped_at end,
         delivered_at = case when p_to = 'delivered' then now() else delivered_at end,
         balance_requested_at = case when p_to = 'ready' and v.balance_due_cents > 0 then now() else balance_requested_at end,
         updated_at = now()
   where id = p_order;
  insert into public.order_events (order_id, status, note, source)
  values (p_order,
          p_to,
          coalesce(v_note, case when p_to = 'ready' and v.balance_due_cents > 0 then format('Balance of %s requested', to_char(v.balance_due_cents / 100.0, 'FM$999999990.00')) end),
          'admin');
  return jsonb_build_object('id', p_order, 'from', v.status, 'status', p_to, 'balance_requested', p_to = 'ready' and v.balance_due_cents > 0);
end;
$$;
comment on function public.order_transition(uuid, text, text, text, text, uuid) is 'admin-orders: one step of an order after payment, exactly as the steps allow.';

-- A balance payment for an order that owes one: reuses the open one if its session is still good.
create or replace function public.order_balance_payment(p_order uuid)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.orders;
  v_payment public.order_payments;
begin
  select * into v from public.orders where id = p_order for update;
  if not found or v.balance_due_cents <= 0 or v.status not in ('deposit_paid', 'in_production', 'ready') then
    return null;
  end if;
  -- An open one is reused while its session lasts, or (no session yet: Stripe was not reached) while a
  -- session made now would still end where the first would have (checkout derives expires_at from
  -- created_at, so a retry sends Stripe the same parameters under the same idempotency key).
  select * into v_payment from public.order_payments
   where order_id = p_order and kind = 'balance' and status = 'open' and amount_cents = v.balance_due_cents
     and ((checkout_url is not null and expires_at > now() + interval '2 minutes')
          or (checkout_url is null and created_at > now() - interval '25 minutes'))
   order by created_at desc limit 1;
  if not found then
    -- A balance session that went unpaid is closed for good: its payment can no longer be completed.
    update public.order_payments set status = 'expired' where order_id = p_order and kind = 'balance' and status = 'open';
    insert into public.order_payments (order_id, kind, amount_cents) values (p_order, 'balance', v.balance_due_cents) returning * into v_payment;
  end if;
  return jsonb_build_object('payment_id', v_payment.id, 'amount_cents', v_payment.amount_cents, 'checkout_url', v_payment.checkout_url,
    'created_at', v_payment.created_at, 'number', v.number, 'email', v.email, 'user_id', v.user_id);
end;
$$;

-- ---------------------------------------------------------------- whose orders
-- The signed-in caller's e-mail address, once they confirmed it; null otherwise. security definer: the
-- API roles cannot read auth.users. A guest order placed with that address is theirs.
create or replace function public.my_confirmed_email()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select lower(u.email) from auth.users u where u.id = (select auth.uid()) and u.email_confirmed_at is not null
$$;

create or replace function public.owns_order(p_user_id uuid, p_email text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select p_user_id = (select auth.uid()) or (p_email is not null and lower(p_email) = (select public.my_confirmed_email()))
$$;

drop policy if exists "Customers read their own orders, admins all" on public.orders;
create policy "Customers read their own orders, admins all"
  on public.orders for select to authenticated
  using (public.owns_order(user_id, email) or (select public.is_admin()));

drop policy if exists "Customers read their own order items, admins all" on public.order_items;
create policy "Customers read their own order items, admins all"
  on public.order_items for select to authenticated
  using (exists (select 1 from public.orders o where o.id = order_id and (public.owns_order(o.user_id, o.email) or (select public.is_admin()))));

drop policy if exists "Customers read their own payments, admins all" on public.order_payments;
create policy "Customers read their own payments, admins all"
  on public.order_payments for select to authenticated
  using (exists (select 1 from public.orders o where o.id = order_id and (public.owns_order(o.user_id, o.email) or (select public.is_admin()))));

drop policy if exists "Customers read their own order history, admins all" on public.order_events;
create policy "Customers read their own order history, admins all"
  on public.order_events for select to authenticated
  using (exists (select 1 from public.orders o where o.id = order_id and (public.owns_order(o.user_id, o.email) or (select public.is_admin()))));

drop policy if exists "Admins read order mails" on public.order_mails;
create policy "Admins read order mails"
  on public.order_mails for select to authenticated
  using ((select public.is_admin()));

-- ---------------------------------------------------------------- verified purchases
-- The review slug an order line's product is reviewed under (shared/cart.ts reviewSlugOf).
create or replace function public.review_slug_of(p_product text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_product when 'crown-planner' then 'protective-style-planner' else p_product end
$$;

-- Whether p_user bought p_slug: a paid order of theirs (or placed as a guest with the address they
-- confirmed), neither refunded nor cancelled, holding the product. security definer: a review is
-- written as its author, who may not read every order row this needs (guest ones).
create or replace function public.purchased(p_user uuid, p_slug text)
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

-- On insert the moderation trigger (reviews_protect_moderation, which runs first: triggers fire in name
-- order) has forced the flag false for anyone but an admin; this one sets it from the orders.
create or replace function public.reviews_verify_purchase()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and not public.is_admin() then
    new.is_verified_purchase := public.purchased(new.user_id, new.product_slug);
  end if;
  return new;
end
$$;

drop trigger if exists reviews_verify_purchase on public.reviews;
create trigger reviews_verify_purchase
  before insert on public.reviews
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
     set is_verified_purchase = public.purchased(r.user_id, r.product_slug)
   where r.product_slug in (select public.review_slug_of(i.product) from public.order_items i where i.order_id = new.id)
     and (r.user_id = new.user_id
          or r.user_id in (select u.id from auth.users u where lower(u.email) = lower(new.email) and u.email_confirmed_at is not null))
     and r.is_verified_purchase is distinct from public.purchased(r.user_id, r.product_slug);
  return null;
end
$$;

drop trigger if exists orders_reverify_reviews on public.orders;
create trigger orders_reverify_reviews
  after update of status on public.orders
  for each row when (old.status is distinct from new.status)
  execute function public.orders_reverify_reviews();

-- ---------------------------------------------------------------- review requests
-- Delivered orders whose review request is due (delivered at least p_days ago) and not sent yet, one row
-- per product (its review slug), for the review-requests job.
create or replace function public.review_requests_due(p_days integer, p_limit integer)
returns table (order_id uuid, slug text, product text, name text, email text, number bigint)
language sql
stable
set search_path = ''
as $$
  select distinct on (o.id, public.review_slug_of(i.product))
         o.id, public.review_slug_of(i.product), i.product, i.name, o.email, o.number
    from public.orders o
    join public.order_items i on i.order_id = o.id
   where o.status = 'delivered'
     and o.delivered_at <= now() - make_interval(days => p_days)
     and o.email is not null
     and not exists (
       select 1 from public.order_mails m
        where m.order_id = o.id and m.kind = 'review_request' and m.subject_key = public.review_slug_of(i.product)
          and m.status in ('sent', 'skipped'))
   order by o.id, public.review_slug_of(i.product)
   limit p_limit
$$;

-- ---------------------------------------------------------------- the planner's files
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('planner-files', 'planner-files', false, 104857600, array['application/pdf', 'application/zip', 'image/png', 'image/jpeg'])
on conflict (id) do update set public = false, file_size_limit = excluded.file_size_limit, allowed_mime_types = excluded.allowed_mime_types;

drop policy if exists "Admins can read planner files" on storage.objects;
create policy "Admins can read planner files"
  on storage.objects for select to authenticated
  using (bucket_id = 'planner-files' and (select public.is_admin()));
drop policy if exists "Admins can upload planner files" on storage.objects;
create policy "Admins can upload planner files"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'planner-files' and (select public.is_admin()) and (storage.foldername(name))[1] in ('pdf', 'bundle'));
drop policy if exists "Admins can replace planner files" on storage.objects;
create policy "Admins can replace planner files"
  on storage.objects for update to authenticated
  using (bucket_id = 'planner-files' and (select public.is_admin()))
  with check (bucket_id = 'planner-files' and (select public.is_admin()) and (storage.foldername(name))[1] in ('pdf', 'bundle'));
drop policy if exists "Admins can delete planner files" on storage.objects;
create policy "Admins can delete planner files"
  on storage.objects for delete to authenticated
  using (bucket_id = 'planner-files' and (select public.is_admin()));

-- ---------------------------------------------------------------- grants
revoke all on function public.order_next_statuses(text, boolean), public.order_transition(uuid, text, text, text, text, uuid),
  public.order_balance_payment(uuid), public.my_confirmed_email(), public.owns_order(uuid, text), public.review_slug_of(text),
  public.purchased(uuid, text), public.reviews_verify_purchase(), public.orders_reverify_reviews(), public.review_requests_due(integer, integer)
  from public, anon, authenticated, service_role;

-- The admin's order screen reads the kit terms an order recorded, and which e-mails it sent.
grant select (kit_terms_version, kit_terms_accepted_at) on table public.orders to authenticated;
grant select (kind, subject_key, status, sent_at, order_id) on table public.order_mails to authenticated;

-- Policies call these as the signed-in user.
grant execute on function public.owns_order(uuid, text), public.my_confirmed_email() to authenticated;
-- A review is written as its author: the trigger that verifies it calls purchased() as them.
grant execute on function public.purchased(uuid, text) to authenticated;
-- The functions (service_role): the steps, the balance, the review requests, and what those call.
grant execute on function public.order_transition(uuid, text, text, text, text, uuid), public.order_balance_payment(uuid),
  public.review_requests_due(integer, integer), public.order_next_statuses(text, boolean), public.review_slug_of(text)
  to service_role;
