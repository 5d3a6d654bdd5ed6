-- One payable checkout per cart, and order numbers only once paid (issue #27; docs/commerce.md#checkout,
-- #never-lost-never-doubled).
--
--   * A browser's cart has an id (a UUID kept with the cart in local storage, shared by its tabs, and in
--     the member's `carts` row, so another device holds the same id). `checkout_carts` holds, per cart,
--     its current checkout: the one order whose Checkout Session may be paid. Its row is the per-cart
--     lock: checkout_cart_begin decides under it whether a press reuses that checkout, must first expire
--     its session at Stripe, or opens a new one; order_payment_session attaches a session under it, and
--     refuses a payment that is no longer the cart's current one (two presses with different lines that
--     interleave: the loser's session is expired at Stripe by the function, never handed out).
--   * Every checkout of a cart stays an order (orders.cart_id, orders.cart_key: which cart, which lines),
--     with its payments and history: the audit trail of each attempt. Unpaid ones have no number.
--   * orders.number is null until the order's first payment reaches processing or paid; a trigger then
--     gives it the next number of orders_number_seq, so a customer never sees a gap made by abandoned
--     presses. The sequence goes on after the highest number given so far.
--
-- Written to be re-runnable.

-- ---------------------------------------------------------------- order numbers on payment
do $$
begin
  if exists (select 1 from information_schema.columns
              where table_schema = 'public' and table_name = 'orders' and column_name = 'number' and is_identity = 'YES') then
    alter table public.orders alter column number drop identity;
  end if;
end
$$;
alter table public.orders alter column number drop not null;
create sequence if not exists public.orders_number_seq as bigint minvalue 1001 start with 1001;
alter sequence public.orders_number_seq owned by public.orders.number;
comment on column public.orders.number is 'Shown as KYB-<number>; null until the first payment reaches processing or paid (orders_number_on_payment).';

-- An order that never reached a payment keeps no number (none was ever shown in an e-mail: those go
-- after payment). A failed payment had been processing first (a bank debit), so it keeps its number.
update public.orders o
   set number = null
 where number is not null
   and not exists (select 1 from public.order_payments p where p.order_id = o.id and p.status in ('processing', 'paid', 'failed'))
   and o.paid_cents = 0;
select setval('public.orders_number_seq', greatest(coalesce((select max(number) from public.orders), 1000), 1000) + 1, false);

create or replace function public.orders_number_on_payment()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.orders
     set number = nextval('public.orders_number_seq')
   where id = new.order_id and number is null;
  return null;
end
$$;
comment on function public.orders_number_on_payment() is 'Gives an order its number when its first payment reaches processing or paid.';

drop trigger if exists orders_number_on_payment on public.order_payments;
create trigger orders_number_on_payment
  after insert or update of status on public.order_payments
  for each row when (new.status in ('processing', 'paid'))
  execute function public.orders_number_on_payment();

-- ---------------------------------------------------------------- carts and their checkouts
alter table public.carts add column if not exists cart_id uuid;
comment on column public.carts.cart_id is 'The cart''s id (the browser''s, kept with the lines): checkout keeps one payable session per cart id.';

alter table public.orders add column if not exists cart_id uuid;
-- The lines as checkout priced them, in one canonical form (the checkout function's cartKey): a press
-- with the same key reuses the order's session.
alter table public.orders add column if not exists cart_key text check (char_length(cart_key) <= 20000);
create index if not exists orders_cart_idx on public.orders (cart_id, created_at) where cart_id is not null;

create table if not exists public.checkout_carts (
  cart_id uuid primary key,
  -- The cart's current checkout: the only one of its orders whose session may be handed out or attached.
  order_id uuid references public.orders (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.checkout_carts is 'Per cart id, its current checkout (one payable Stripe session per cart); the row is the per-cart lock.';
alter table public.checkout_carts enable row level security;

-- One checkout's order, items, first payment and first history entry, in one transaction, as before;
-- now also the cart it came from and its lines' key (p_order.cart_id, p_order.cart_key).
create or replace function public.order_create(p_order jsonb, p_items jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_order public.orders;
  v_payment public.order_payments;
  v_item jsonb;
  v_pos integer := 0;
  v_attempt uuid := nullif(p_order ->> 'checkout_attempt', '')::uuid;
begin
  insert into public.orders (user_id, email, subtotal_cents, shipping_cents, total_cents, due_at_checkout_cents, needs_shipping,
                             kit_terms_version, kit_terms_accepted_at, checkout_attempt, cart_id, cart_key)
  values (nullif(p_order ->> 'user_id', '')::uuid, nullif(lower(btrim(p_order ->> 'email')), ''),
          (p_order ->> 'subtotal_cents')::integer, (p_order ->> 'shipping_cents')::integer, (p_order ->> 'total_cents')::integer,
          (p_order ->> 'due_at_checkout_cents')::integer, (p_order ->> 'needs_shipping')::boolean,
          nullif(p_order ->> 'kit_terms_version', ''), case when nullif(p_order ->> 'kit_terms_version', '') is not null then now() end,
          v_attempt, nullif(p_order ->> 'cart_id', '')::uuid, nullif(p_order ->> 'cart_key', ''))
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

-- A press of Checkout for cart p_cart whose lines have key p_key (p_order, p_items: order_create's,
-- p_order.checkout_attempt the press). Decides under the cart's lock, and answers one action:
--   paid     a checkout of this cart was paid (or its bank debit is processing): {order_id, token}
--   changed  this press (its attempt) already opened a checkout for other lines, or another cart
--   reuse    the current checkout has these lines and a session with more than a minute left: {url}
--   expire   the current checkout must be closed at Stripe first ({session}); then call again
--   open     a payment to open a session for: the current one while it has no session yet (a double
--            tap, Stripe unreachable before), else a new order made current now
-- A current payment without a session that is not reused is closed here: no session exists at Stripe
-- for it (one being made for it meanwhile cannot be attached: order_payment_session).
create or replace function public.checkout_cart_begin(p_cart uuid, p_key text, p_order jsonb, p_items jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_cart public.checkout_carts;
  v_cur public.orders;
  v_pay public.order_payments;
  v_attempt uuid := nullif(p_order ->> 'checkout_attempt', '')::uuid;
  v_created jsonb;
begin
  if p_cart is null or nullif(p_key, '') is null then
    raise exception 'a checkout needs its cart and its lines' using errcode = '22023';
  end if;
  insert into public.checkout_carts (cart_id) values (p_cart) on conflict (cart_id) do nothing;
  select * into v_cart from public.checkout_carts where cart_id = p_cart for update;

  -- A cart pays once: any of its checkouts paid, or on its way (a bank debit), answers that order.
  select o.* into v_cur from public.orders o
   where o.cart_id = p_cart
     and exists (select 1 from public.order_payments p where p.order_id = o.id and p.kind in ('full', 'deposit') and p.status in ('processing', 'paid'))
   order by o.created_at limit 1;
  if found then
    return jsonb_build_object('action', 'paid', 'order_id', v_cur.id, 'token', v_cur.access_token);
  end if;

  if v_attempt is not null then
    select * into v_cur from public.orders where checkout_attempt = v_attempt;
    if found and (v_cur.cart_id is distinct from p_cart or v_cur.cart_key is distinct from p_key) then
      return jsonb_build_object('action', 'changed');
    end if;
  end if;

  select * into v_cur from public.orders where id = v_cart.order_id;
  if found then
    select * into v_pay from public.order_payments
     where order_id = v_cur.id and kind in ('full', 'deposit') order by created_at limit 1;
    if v_pay.status = 'open' then
      if v_cur.cart_key = p_key and v_pay.checkout_url is not null and v_pay.expires_at > now() + interval '1 minute' then
        return jsonb_build_object('action', 'reuse', 'order_id', v_cur.id, 'url', v_pay.checkout_url);
      end if;
      -- No session yet: another press of these lines is opening it, or Stripe was not reached. The same
      -- payment is asked for again (same idempotency key, same expires_at: the same session) while a
      -- session made now would still end where the first would have (checkout's sessionEnd).
      if v_cur.cart_key = p_key and v_pay.checkout_session_id is null and v_pay.created_at > now() - interval '25 minutes' then
        return jsonb_build_object('action', 'open', 'id', v_cur.id, 'payment_id', v_pay.id, 'payment_created_at', v_pay.created_at);
      end if;
      if v_pay.checkout_session_id is not null then
        return jsonb_build_object('action', 'expire', 'order_id', v_cur.id, 'session', v_pay.checkout_session_id);
      end if;
      -- Never given a session: nothing to expire at Stripe; closed here, with its history.
      update public.order_payments set status = 'expired' where id = v_pay.id;
      if v_cur.status = 'pending' then
        update public.orders set status = 'expired', updated_at = now() where id = v_cur.id;
        insert into public.order_events (order_id, status, note, source)
        values (v_cur.id, 'expired', 'Superseded by a new checkout of the same cart before Stripe opened it', 'checkout');
      end if;
    end if;
  end if;

  v_created := public.order_create(
    p_order || jsonb_build_object('cart_id', p_cart, 'cart_key', p_key,
                                  'checkout_attempt', case when v_attempt is not null and not exists (
                                    select 1 from public.orders where checkout_attempt = v_attempt) then v_attempt end),
    p_items);
  update public.checkout_carts set order_id = (v_created ->> 'id')::uuid, updated_at = now() where cart_id = p_cart;
  return v_created || jsonb_build_object('action', 'open');
end;
$$;
comment on function public.checkout_cart_begin(uuid, text, jsonb, jsonb) is 'checkout: under the cart''s lock, reuse its payable checkout, ask for its session to be expired first, or open a new one.';

-- The Checkout Session Stripe opened for a payment. A first payment of a cart's checkout is attached
-- only while it is still the cart's current one and open, under the cart's lock: a session opened for a
-- press that lost the race is refused here (P0409), and the function expires it at Stripe.
create or replace function public.order_payment_session(p_payment uuid, p_session text, p_url text, p_expires_at timestamptz)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_pay public.order_payments;
  v_cart uuid;
begin
  select p.* into v_pay from public.order_payments p where p.id = p_payment;
  select o.cart_id into v_cart from public.orders o where o.id = v_pay.order_id;
  if v_cart is not null and v_pay.kind in ('full', 'deposit') then
    perform 1 from public.checkout_carts where cart_id = v_cart and order_id = v_pay.order_id for update;
    if not found then
      raise exception 'This checkout is no longer the cart''s current one' using errcode = 'P0409';
    end if;
    select * into v_pay from public.order_payments where id = p_payment for update;
    if v_pay.status <> 'open' or (v_pay.checkout_session_id is not null and v_pay.checkout_session_id <> p_session) then
      raise exception 'This checkout is closed or has another session' using errcode = 'P0409';
    end if;
  end if;
  update public.order_payments
     set checkout_session_id = p_session, checkout_url = p_url, expires_at = p_expires_at
   where id = p_payment and (checkout_session_id is null or checkout_session_id = p_session);
end;
$$;

-- ---------------------------------------------------------------- grants
revoke all on table public.checkout_carts from anon, authenticated, service_role;
grant select, insert, update, delete on table public.checkout_carts to service_role;
revoke all on sequence public.orders_number_seq from anon, authenticated, service_role;

revoke all on function public.checkout_cart_begin(uuid, text, jsonb, jsonb), public.orders_number_on_payment()
  from public, anon, authenticated, service_role;
grant execute on function public.checkout_cart_begin(uuid, text, jsonb, jsonb) to service_role;
