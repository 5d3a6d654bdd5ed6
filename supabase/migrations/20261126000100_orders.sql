-- Orders (issue #20; docs/commerce.md): what a customer bought, what Stripe says they paid, and every
-- state the order went through. Written only by the functions (service_role): `checkout` creates an order
-- and its items from prices it computed itself (shared/cart.ts), `stripe-webhook` and the success page's
-- `order-status` record what Stripe reports. Nobody writes an order from a browser.
--
--   * orders / order_items: the order and a snapshot of each line (name, options in words, unit price,
--     quantity), so a later catalog change never rewrites what was sold. Money is integer cents.
--   * order_payments: each Checkout Session of an order (the first payment in full or as a deposit, a
--     balance later), with what Stripe reported: paid, failed, expired, refunded.
--   * order_events: the history of the order's status, for the customer and the admin.
--   * stripe_events: every Stripe event id applied, recorded in the same transaction as its effect, so a
--     redelivered or concurrent duplicate changes nothing more.
--   * order_mails: each e-mail an order sends, claimed before it goes, so it goes once.
--   * carts: a signed-in visitor's cart, so it follows them to another device.
--
-- A customer reads their own orders and items (RLS); a guest reads theirs through the `order-status`
-- function, with the unguessable token of their order link. Admins read all. Written to be re-runnable.

-- ---------------------------------------------------------------- orders
create table if not exists public.orders (
  id uuid primary key default gen_random_uuid(),
  -- Shown as KYB-<number> (shared/rules/commerce.ts orderNumber).
  number bigint generated always as identity (start with 1001) unique,
  user_id uuid references auth.users (id) on delete set null,
  -- The customer's address: the account's at checkout, else the one they gave Stripe.
  email text check (email is null or char_length(email) between 3 and 254),
  customer_name text check (char_length(customer_name) <= 200),
  -- Mirrors ORDER_STATUSES in shared/rules/commerce.ts.
  status text not null default 'pending' check (status in (
    'pending', 'processing', 'paid', 'deposit_paid', 'payment_failed', 'expired',
    'in_production', 'ready', 'shipped', 'delivered', 'cancelled', 'refunded')),
  currency text not null default 'usd' check (currency = 'usd'),
  subtotal_cents integer not null check (subtotal_cents >= 0),
  shipping_cents integer not null check (shipping_cents >= 0),
  total_cents integer not null check (total_cents = subtotal_cents + shipping_cents),
  -- What the first checkout charges: everything, or the deposits plus shipping (docs/commerce.md#deposits).
  due_at_checkout_cents integer not null check (due_at_checkout_cents > 0 and due_at_checkout_cents <= total_cents),
  paid_cents integer not null default 0 check (paid_cents >= 0),
  refunded_cents integer not null default 0 check (refunded_cents >= 0),
  -- What is still owed once something was paid (the balance of a made-to-order line); nothing once the
  -- order is refunded or cancelled.
  balance_due_cents integer generated always as (
    case when paid_cents > 0 and status not in ('refunded', 'cancelled') then greatest(total_cents - paid_cents, 0) else 0 end) stored,
  needs_shipping boolean not null,
  shipping_address jsonb check (shipping_address is null or jsonb_typeof(shipping_address) = 'object'),
  -- The kit terms the customer ticked (shared/rules/commerce.ts KIT_TERMS), when the order holds a kit.
  kit_terms_version text check (char_length(kit_terms_version) <= 40),
  kit_terms_accepted_at timestamptz,
  -- 244 random bits (two v4 UUIDs): the only credential a guest's order link carries.
  access_token text not null unique default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
  -- One press of Checkout in the browser: a double tap finds this order instead of opening another.
  checkout_attempt uuid unique,
  -- The shipment and the dates of fulfilment (migration fulfilment moves them).
  carrier text check (char_length(carrier) <= 60),
  tracking_number text check (char_length(tracking_number) <= 80),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  paid_at timestamptz,
  balance_requested_at timestamptz,
  shipped_at timestamptz,
  delivered_at timestamptz,
  -- A shipped order says how it was shipped.
  constraint orders_shipment_check check (status not in ('shipped', 'delivered') or not needs_shipping or (carrier is not null and tracking_number is not null))
);
comment on table public.orders is 'One order per checkout; money in integer cents; written only by the functions (service_role).';
create index if not exists orders_user_idx on public.orders (user_id, created_at desc);
create index if not exists orders_status_idx on public.orders (status, created_at desc);
create index if not exists orders_email_idx on public.orders (lower(email));
alter table public.orders enable row level security;

create table if not exists public.order_items (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  position smallint not null check (position >= 0),
  -- Mirrors CART_PRODUCTS in shared/cart.ts.
  product text not null check (product in ('trinity-locs', 'irie-locs', 'jah-locs', 'diy-kit', 'lock-kit', 'handmade-locs', 'crown-planner')),
  name text not null check (char_length(name) between 1 and 200),
  options text[] not null default '{}',
  configuration jsonb not null check (jsonb_typeof(configuration) = 'object'),
  unit_cents integer not null check (unit_cents > 0),
  -- Mirrors CART_LIMITS.maxQuantity.
  quantity integer not null check (quantity between 1 and 10),
  line_cents integer not null check (line_cents = unit_cents * quantity),
  due_at_checkout_cents integer not null check (due_at_checkout_cents between 0 and line_cents),
  digital boolean not null,
  unique (order_id, position)
);
comment on table public.order_items is 'What an order holds, as sold: name, options in words, unit price and quantity at checkout.';
alter table public.order_items enable row level security;

create table if not exists public.order_payments (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  kind text not null check (kind in ('full', 'deposit', 'balance')),
  amount_cents integer not null check (amount_cents > 0),
  status text not null default 'open' check (status in ('open', 'processing', 'paid', 'failed', 'expired')),
  checkout_session_id text unique,
  checkout_url text,
  expires_at timestamptz,
  payment_intent_id text unique,
  refunded_cents integer not null default 0 check (refunded_cents >= 0 and refunded_cents <= amount_cents),
  created_at timestamptz not null default now(),
  paid_at timestamptz
);
comment on table public.order_payments is 'Each Checkout Session of an order and what Stripe reported for it.';
create index if not exists order_payments_order_idx on public.order_payments (order_id, created_at);
alter table public.order_payments enable row level security;

create table if not exists public.order_events (
  id bigint generated always as identity primary key,
  order_id uuid not null references public.orders (id) on delete cascade,
  status text not null,
  note text check (char_length(note) <= 500),
  -- Who moved it: checkout, stripe (a webhook event), success-page (the customer's return), admin.
  source text not null check (source in ('checkout', 'stripe', 'success-page', 'admin', 'job')),
  stripe_event_id text,
  created_at timestamptz not null default now()
);
comment on table public.order_events is 'The history of an order: each status it took, when, and what moved it.';
create index if not exists order_events_order_idx on public.order_events (order_id, id);
alter table public.order_events enable row level security;

create table if not exists public.stripe_events (
  id text primary key check (id ~ '^evt_'),
  type text not null,
  order_id uuid references public.orders (id) on delete set null,
  received_at timestamptz not null default now()
);
comment on table public.stripe_events is 'Every Stripe event applied, recorded in the transaction that applied it (redeliveries change nothing).';
alter table public.stripe_events enable row level security;

create table if not exists public.order_mails (
  order_id uuid not null references public.orders (id) on delete cascade,
  kind text not null check (kind in ('confirmation', 'business', 'balance_due', 'shipped', 'refund', 'review_request')),
  -- What the mail is about within its kind (a product for review requests); '' otherwise.
  subject_key text not null default '',
  status text not null default 'sending' check (status in ('sending', 'sent', 'failed', 'skipped')),
  attempts integer not null default 1,
  claimed_at timestamptz not null default now(),
  sent_at timestamptz,
  primary key (order_id, kind, subject_key)
);
comment on table public.order_mails is 'Each e-mail an order sends, claimed before sending so that it goes once.';
alter table public.order_mails enable row level security;

-- ---------------------------------------------------------------- carts
create table if not exists public.carts (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  -- The lines as the browser keeps them ({product, configuration, quantity}); never a price.
  -- Mirrors CART_LIMITS.maxLines.
  lines jsonb not null default '[]' check (jsonb_typeof(lines) = 'array' and jsonb_array_length(lines) <= 20),
  updated_at timestamptz not null default now()
);
comment on table public.carts is 'A signed-in visitor''s cart, so it follows them across devices; prices are never stored.';
alter table public.carts enable row level security;

-- ---------------------------------------------------------------- policies
drop policy if exists "Customers read their own orders, admins all" on public.orders;
create policy "Customers read their own orders, admins all"
  on public.orders for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

drop policy if exists "Customers read their own order items, admins all" on public.order_items;
create policy "Customers read their own order items, admins all"
  on public.order_items for select to authenticated
  using (exists (select 1 from public.orders o where o.id = order_id and (o.user_id = (select auth.uid()) or (select public.is_admin()))));

drop policy if exists "Customers read their own payments, admins all" on public.order_payments;
create policy "Customers read their own payments, admins all"
  on public.order_payments for select to authenticated
  using (exists (select 1 from public.orders o where o.id = order_id and (o.user_id = (select auth.uid()) or (select public.is_admin()))));

drop policy if exists "Customers read their own order history, admins all" on public.order_events;
create policy "Customers read their own order history, admins all"
  on public.order_events for select to authenticated
  using (exists (select 1 from public.orders o where o.id = order_id and (o.user_id = (select auth.uid()) or (select public.is_admin()))));

drop policy if exists "Visitors keep their own cart" on public.carts;
create policy "Visitors keep their own cart"
  on public.carts for all to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- ---------------------------------------------------------------- what one order looks like to its customer
-- The order as the order pages show it: no token, no user id, no Stripe ids. The order-status function
-- answers it to the success page and to a guest's order link; signed-in pages read the tables themselves
-- under RLS.
create or replace function public.order_view(p_order uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', o.id,
    'number', o.number,
    'status', o.status,
    'email', o.email,
    'customer_name', o.customer_name,
    'created_at', o.created_at,
    'paid_at', o.paid_at,
    'subtotal_cents', o.subtotal_cents,
    'shipping_cents', o.shipping_cents,
    'total_cents', o.total_cents,
    'due_at_checkout_cents', o.due_at_checkout_cents,
    'paid_cents', o.paid_cents,
    'refunded_cents', o.refunded_cents,
    'balance_due_cents', o.balance_due_cents,
    'needs_shipping', o.needs_shipping,
    'shipping_address', o.shipping_address,
    'carrier', o.carrier,
    'tracking_number', o.tracking_number,
    'balance_requested_at', o.balance_requested_at,
    'shipped_at', o.shipped_at,
    'delivered_at', o.delivered_at,
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
        'product', i.product, 'configuration', i.configuration, 'name', i.name, 'options', to_jsonb(i.options), 'unit_cents', i.unit_cents,
        'quantity', i.quantity, 'line_cents', i.line_cents, 'due_at_checkout_cents', i.due_at_checkout_cents, 'digital', i.digital
      ) order by i.position)
        from public.order_items i where i.order_id = o.id), '[]'::jsonb),
    'payments', coalesce((
      select jsonb_agg(jsonb_build_object(
        'kind', p.kind, 'amount_cents', p.amount_cents, 'status', p.status, 'refunded_cents', p.refunded_cents,
        'created_at', p.created_at, 'paid_at', p.paid_at
      ) order by p.created_at, p.id)
        from public.order_payments p where p.order_id = o.id), '[]'::jsonb),
    'history', coalesce((
      select jsonb_agg(jsonb_build_object('status', e.status, 'note', e.note, 'at', e.created_at) order by e.id)
        from public.order_events e where e.order_id = o.id), '[]'::jsonb)
  )
  from public.orders o
  where o.id = p_order
$$;
comment on function public.order_view(uuid) is 'One order as its customer sees it (no token, no ids of other systems).';

-- ---------------------------------------------------------------- writes (service_role: the functions)
-- One checkout's order, items, first payment and first history entry, in one transaction. p_order holds
-- the amounts the checkout function computed (shared/cart.ts); p_items the priced lines. With a
-- checkout attempt already seen, the existing order is answered instead (replayed = true).
create or replace function public.order_create(p_order jsonb, p_items jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_order public.orders;
  v_payment public.order_payments;
  v_attempt uuid := nullif(p_order ->> 'checkout_attempt', '')::uuid;
  v_item jsonb;
  v_pos integer := 0;
begin
  -- Two presses of one attempt at the same moment: the first inserts, the other finds its order.
  insert into public.orders (user_id, email, subtotal_cents, shipping_cents, total_cents, due_at_checkout_cents, needs_shipping,
                             kit_terms_version, kit_terms_accepted_at, checkout_attempt)
  values (nullif(p_order ->> 'user_id', '')::uuid, nullif(lower(btrim(p_order ->> 'email')), ''),
          (p_order ->> 'subtotal_cents')::integer, (p_order ->> 'shipping_cents')::integer, (p_order ->> 'total_cents')::integer,
          (p_order ->> 'due_at_checkout_cents')::integer, (p_order ->> 'needs_shipping')::boolean,
          nullif(p_order ->> 'kit_terms_version', ''), case when nullif(p_order ->> 'kit_terms_version', '') is not null then now() end,
          v_attempt)
  on conflict (checkout_attempt) do nothing
  returning * into v_order;

  if not found then
    select * into v_order from public.orders where checkout_attempt = v_attempt;
    select * into v_payment from public.order_payments where order_id = v_order.id order by created_at limit 1;
    return jsonb_build_object('id', v_order.id, 'number', v_order.number, 'status', v_order.status, 'payment_id', v_payment.id,
      'checkout_url', v_payment.checkout_url, 'expires_at', v_payment.expires_at, 'payment_status', v_payment.status,
      'payment_created_at', v_payment.created_at, 'replayed', true);
  end if;

  for v_item in select * from jsonb_array_elements(p_items) loop
    insert into public.order_items (order_id, position, product, name, options, configuration, unit_cents, quantity, line_cents, due_at_checkout_cents, digital)
    values (v_order.id, v_pos, v_item ->> 'product', v_item ->> 'name',
            coalesce((select array_agg(x) from jsonb_array_elements_text(v_item -> 'options') x), '{}'),
            v_item -> 'configuration', (v_item ->> 'unit_cents')::integer, (v_item ->> 'quantity')::integer,
            (v_item ->> 'line_cents')::integer, (v_item ->> 'due_at_checkout_cents')::integer, (v_item ->> 'digital')::boolean);
    v_pos := v_pos + 1;
  end loop;
  if v_pos = 0 then raise exception 'an order needs at least one item' using errcode = '23514'; end if;

  insert into public.order_payments (order_id, kind, amount_cents)
  values (v_order.id, case when v_order.due_at_checkout_cents < v_order.total_cents then 'deposit' else 'full' end, v_order.due_at_checkout_cents)
  returning * into v_payment;
  insert into public.order_events (order_id, status, source) values (v_order.id, 'pending', 'checkout');

  return jsonb_build_object('id', v_order.id, 'number', v_order.number, 'status', v_order.status, 'payment_id', v_payment.id,
    'checkout_url', null, 'expires_at', null, 'payment_status', v_payment.status, 'payment_created_at', v_payment.created_at, 'replayed', false);
end;
$$;
comment on function public.order_create(jsonb, jsonb) is 'checkout: an order, its items, its first payment and history entry, in one transaction (idempotent per checkout attempt).';

-- The Checkout Session Stripe opened for a payment.
create or replace function public.order_payment_session(p_payment uuid, p_session text, p_url text, p_expires_at timestamptz)
returns void
language sql
set search_path = ''
as $$
  update public.order_payments
     set checkout_session_id = p_session, checkout_url = p_url, expires_at = p_expires_at
   where id = p_payment and (checkout_session_id is null or checkout_session_id = p_session)
$$;

-- What Stripe says of a Checkout Session, applied once: p_state is the session's current state as the
-- caller read it from Stripe (open, processing, paid, failed, expired), p_event the event that prompted
-- the read (null from the success page). Runs in one transaction: the event id is recorded with its
-- effect, and a seen event id changes nothing. A payment only moves forward (open → processing →
-- paid | failed | expired), so events read in any order end in the same place.
create or replace function public.order_apply_session(
  p_event_id text,
  p_event_type text,
  p_session_id text,
  p_state text,
  p_amount_cents integer,
  p_payment_intent text,
  p_customer jsonb,
  p_source text
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_payment public.order_payments;
  v_order public.orders;
  v_rank_old integer;
  v_rank_new integer;
  v_status text;
  v_note text;
begin
  if p_state not in ('open', 'processing', 'paid', 'failed', 'expired') then
    raise exception 'unknown session state %', p_state using errcode = '22023';
  end if;
  select * into v_payment from public.order_payments where checkout_session_id = p_session_id for update;
  if not found then
    if p_event_id is not null then
      insert into public.stripe_events (id, type) values (p_event_id, p_event_type) on conflict (id) do nothing;
    end if;
    return jsonb_build_object('found', false);
  end if;
  select * into v_order from public.orders where id = v_payment.order_id for update;

  if p_event_id is not null then
    insert into public.stripe_events (id, type, order_id) values (p_event_id, p_event_type, v_order.id) on conflict (id) do nothing;
    if not found then
      return jsonb_build_object('found', true, 'order_id', v_order.id, 'status', v_order.status, 'duplicate', true, 'changed', false);
    end if;
  end if;

  v_rank_old := case v_payment.status when 'open' then 0 when 'processing' then 1 else 2 end;
  v_rank_new := case p_state when 'open' then 0 when 'processing' then 1 else 2 end;
  if v_rank_new <= v_rank_old then
    return jsonb_build_object('found', true, 'order_id', v_order.id, 'status', v_order.status, 'duplicate', false, 'changed', false);
  end if;

  update public.order_payments
     set status = p_state,
         payment_intent_id = coalesce(payment_intent_id, p_payment_intent),
         paid_at = case when p_state = 'paid' then now() else paid_at end
   where id = v_payment.id;

  -- The customer's details as they gave them to Stripe, where checkout did not know them.
  if p_customer is not null then
    update public.orders
       set email = coalesce(email, nullif(lower(btrim(p_customer ->> 'email')), '')),
           customer_name = coalesce(customer_name, left(nullif(btrim(p_customer ->> 'name'), ''), 200)),
           shipping_address = coalesce(shipping_address, case when jsonb_typeof(p_customer -> 'shipping') = 'object' then p_customer -> 'shipping' end)
     where id = v_order.id;
  end if;

  v_status := v_order.status;
  if v_payment.kind in ('full', 'deposit') and v_order.status in ('pending', 'processing', 'payment_failed') then
    v_status := case p_state
      when 'processing' then 'processing'
      when 'paid' then case when v_payment.kind = 'deposit' then 'deposit_paid' else 'paid' end
      when 'failed' then 'payment_failed'
      when 'expired' then case when v_order.status = 'pending' then 'expired' else v_order.status end
      else v_order.status end;
  end if;
  if p_state = 'paid' then
    -- What Stripe charged is what is recorded as paid; a difference from what was asked is noted.
    if p_amount_cents is distinct from v_payment.amount_cents then
      v_note := format('Stripe reported $%s paid; $%s was due', to_char(p_amount_cents / 100.0, 'FM999999990.00'), to_char(v_payment.amount_cents / 100.0, 'FM999999990.00'));
    end if;
    update public.orders
       set paid_cents = paid_cents + coalesce(p_amount_cents, v_payment.amount_cents),
           paid_at = coalesce(paid_at, now())
     where id = v_order.id;
  end if;
  if v_status is distinct from v_order.status or v_note is not null or v_payment.kind = 'balance' then
    update public.orders set status = v_status, updated_at = now() where id = v_order.id;
    insert into public.order_events (order_id, status, note, source, stripe_event_id)
    values (v_order.id, v_status,
            coalesce(v_note, case when v_payment.kind = 'balance' then case p_state
              when 'paid' then 'Balance paid' when 'processing' then 'Balance payment processing'
              when 'failed' then 'Balance payment failed' when 'expired' then 'Balance checkout expired' end end),
            p_source, p_event_id);
  end if;
  return jsonb_build_object('found', true, 'order_id', v_order.id, 'status', v_status, 'duplicate', false, 'changed', true);
end;
$$;
comment on function public.order_apply_session(text, text, text, text, integer, text, jsonb, text) is 'Applies a Checkout Session''s current state to its payment and order, once per Stripe event.';

-- A refund, as the charge now stands at Stripe (p_refunded_cents is the charge's amount_refunded, not
-- this event's share): applied once per event, and never lowered, so events in any order agree.
create or replace function public.order_apply_refund(p_event_id text, p_event_type text, p_payment_intent text, p_refunded_cents integer)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_payment public.order_payments;
  v_order public.orders;
  v_total integer;
  v_status text;
begin
  select * into v_payment from public.order_payments where payment_intent_id = p_payment_intent for update;
  if not found then
    insert into public.stripe_events (id, type) values (p_event_id, p_event_type) on conflict (id) do nothing;
    return jsonb_build_object('found', false);
  end if;
  select * into v_order from public.orders where id = v_payment.order_id for update;
  insert into public.stripe_events (id, type, order_id) values (p_event_id, p_event_type, v_order.id) on conflict (id) do nothing;
  if not found then
    return jsonb_build_object('found', true, 'order_id', v_order.id, 'status', v_order.status, 'duplicate', true, 'changed', false);
  end if;
  if p_refunded_cents <= v_payment.refunded_cents then
    return jsonb_build_object('found', true, 'order_id', v_order.id, 'status', v_order.status, 'duplicate', false, 'changed', false);
  end if;

  update public.order_payments set refunded_cents = least(p_refunded_cents, amount_cents) where id = v_payment.id;
  select coalesce(sum(refunded_cents), 0) into v_total from public.order_payments where order_id = v_order.id;
  v_status := case when v_total >= v_order.paid_cents and v_order.paid_cents > 0 then 'refunded' else v_order.status end;
  update public.orders set refunded_cents = v_total, status = v_status, updated_at = now() where id = v_order.id;
  insert into public.order_events (order_id, status, note, source, stripe_event_id)
  values (v_order.id, v_status, format('Refunded $%s in all', to_char(v_total / 100.0, 'FM999999990.00')), 'stripe', p_event_id);
  return jsonb_build_object('found', true, 'order_id', v_order.id, 'status', v_status, 'duplicate', false, 'changed', true);
end;
$$;
comment on function public.order_apply_refund(text, text, text, integer) is 'Applies a charge''s refunded amount to its payment and order, once per Stripe event.';

-- Claims an order e-mail before it is sent. Answers whether this caller holds the claim, and the mail's
-- status: exactly one caller gets `claimed`; the others see `sending` (someone holds it), `sent` or
-- `skipped`. A claim left 'sending' by a process that died may be taken again after p_stale_seconds (the
-- e-mail API's idempotency key keeps the second attempt from sending twice); a failed one may be retried.
create or replace function public.order_mail_claim(p_order uuid, p_kind text, p_subject_key text, p_stale_seconds integer)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_status text;
begin
  insert into public.order_mails (order_id, kind, subject_key) values (p_order, p_kind, coalesce(p_subject_key, ''))
  on conflict (order_id, kind, subject_key) do update
     set status = 'sending', attempts = public.order_mails.attempts + 1, claimed_at = now()
   where public.order_mails.status = 'failed'
      or (public.order_mails.status = 'sending' and public.order_mails.claimed_at < now() - make_interval(secs => p_stale_seconds));
  if found then
    return jsonb_build_object('claimed', true, 'status', 'sending');
  end if;
  select status into v_status from public.order_mails where order_id = p_order and kind = p_kind and subject_key = coalesce(p_subject_key, '');
  return jsonb_build_object('claimed', false, 'status', v_status);
end;
$$;

create or replace function public.order_mail_done(p_order uuid, p_kind text, p_subject_key text, p_status text)
returns void
language sql
set search_path = ''
as $$
  update public.order_mails
     set status = p_status, sent_at = case when p_status = 'sent' then now() else sent_at end
   where order_id = p_order and kind = p_kind and subject_key = coalesce(p_subject_key, '')
$$;

-- ---------------------------------------------------------------- grants
-- Customers read their own orders column by column, exactly what the order screens show (shared/orders.ts
-- OrderView): the link token, the checkout attempt and the ids of other systems stay with the functions.
-- Admins read the same columns (RLS lets them see every row). Embedding the items, payments and history
-- joins on their order_id, which is why that column is readable; user_id is what the policies of all four
-- tables compare (a policy's subquery reads as the caller).
-- New tables start with what hosted's default privileges leave the API roles (TRUNCATE, REFERENCES,
-- TRIGGER, MAINTAIN): take everything back, then grant exactly what is used.
revoke all on table public.orders, public.order_items, public.order_payments, public.order_events, public.stripe_events,
  public.order_mails, public.carts
  from anon, authenticated, service_role;
revoke all on sequence public.orders_number_seq, public.order_events_id_seq from anon, authenticated, service_role;

grant select (id, number, user_id, status, email, customer_name, created_at, paid_at, subtotal_cents, shipping_cents, total_cents,
              due_at_checkout_cents, paid_cents, refunded_cents, balance_due_cents, needs_shipping, shipping_address,
              carrier, tracking_number, balance_requested_at, shipped_at, delivered_at)
  on table public.orders to authenticated;
grant select (order_id, position, product, configuration, name, options, unit_cents, quantity, line_cents, due_at_checkout_cents, digital)
  on table public.order_items to authenticated;
grant select (order_id, kind, amount_cents, status, refunded_cents, created_at, paid_at) on table public.order_payments to authenticated;
grant select (id, order_id, status, note, created_at) on table public.order_events to authenticated;
-- The cart follows its owner: read at sign-in, written as it changes, deleted once empty.
grant select, insert, update, delete on table public.carts to authenticated;

grant select, insert, update, delete on table
  public.orders, public.order_items, public.order_payments, public.order_events, public.stripe_events, public.order_mails, public.carts
  to service_role;

-- Functions are executable by PUBLIC when created (PostgreSQL's default): take that back first.
revoke all on function public.order_view(uuid), public.order_create(jsonb, jsonb),
  public.order_payment_session(uuid, text, text, timestamptz),
  public.order_apply_session(text, text, text, text, integer, text, jsonb, text),
  public.order_apply_refund(text, text, text, integer), public.order_mail_claim(uuid, text, text, integer),
  public.order_mail_done(uuid, text, text, text)
  from public, anon, authenticated, service_role;
grant execute on function public.order_view(uuid) to service_role;
grant execute on function public.order_create(jsonb, jsonb) to service_role;
grant execute on function public.order_payment_session(uuid, text, text, timestamptz) to service_role;
grant execute on function public.order_apply_session(text, text, text, text, integer, text, jsonb, text) to service_role;
grant execute on function public.order_apply_refund(text, text, text, integer) to service_role;
grant execute on function public.order_mail_claim(uuid, text, text, integer) to service_role;
grant execute on function public.order_mail_done(uuid, text, text, text) to service_role;
