-- Rewards, part three (issue #31, item 3; docs/rewards.md#at-checkout): a reward code pays part of an
-- order at checkout.
--
--   * orders.reward_code_id: the member's code the checkout was opened with (the checkout function
--     checks that it is theirs and unused, and sets it before Stripe is asked for the session).
--   * orders.discount_cents: what Stripe took off, on Stripe's word (the session's
--     total_details.amount_discount, applied by order_apply_session with the payment); paid_cents stays
--     what Stripe charged, so Stripe's net is still paid_cents - refunded_cents.
--   * balance_due_cents: the balance of a made-to-order line is reckoned after the discount.
--   * order_apply_session takes the discount (a new last parameter): a discounted checkout is not
--     "amount_differs" when Stripe charged the payment less its discount.
--   * reward_codes follow their order (orders_reward_code_status): `used` (order_id, used_at) when its
--     checkout is paid, `returned` (returned_at) when that order is refunded in full. Both happen in the
--     transaction that applies Stripe's word (order_apply_session, order_apply_refund), so an event
--     applied once moves the code once.
--
-- Written to be re-runnable, like every migration of this project.

alter table public.orders add column if not exists discount_cents integer not null default 0;
alter table public.orders drop constraint if exists orders_discount_cents_check;
alter table public.orders add constraint orders_discount_cents_check check (discount_cents >= 0);
comment on column public.orders.discount_cents is 'What Stripe took off at checkout (a reward code), from the session''s total_details.amount_discount.';
alter table public.orders add column if not exists reward_code_id bigint references public.reward_codes (id) on delete restrict;
comment on column public.orders.reward_code_id is 'The reward code the checkout was opened with (docs/rewards.md#at-checkout).';
create index if not exists orders_reward_code on public.orders (reward_code_id) where reward_code_id is not null;

alter table public.orders drop column if exists balance_due_cents;
alter table public.orders add column balance_due_cents integer generated always as (
  case when paid_cents - unexpected_cents > 0 and status not in ('refunded', 'cancelled')
       then greatest(total_cents - discount_cents - (paid_cents - unexpected_cents), 0) else 0 end) stored;
comment on column public.orders.balance_due_cents is 'What is still owed once something was kept (the balance of a made-to-order line), after any discount; nothing once refunded or cancelled.';

-- The old signature goes: a second overload would make PostgREST's call by name ambiguous.
drop function if exists public.order_apply_session(text, text, text, text, integer, text, jsonb, text);
create or replace function public.order_apply_session(
  p_event_id text,
  p_event_type text,
  p_session_id text,
  p_state text,
  p_amount_cents integer,
  p_payment_intent text,
  p_customer jsonb,
  p_source text,
  p_discount_cents integer
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_payment public.order_payments;
  v_order public.orders;
  v_rank_old integer;
  v_rank_new integer;
  v_reopened boolean;
  v_unexpected boolean;
  v_why text;
  v_amount integer;
  v_status text;
  v_note text;
  v_due integer;
  v_discount integer := 0;
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
      return jsonb_build_object('found', true, 'order_id', v_order.id, 'status', v_order.status, 'duplicate', true, 'changed', false,
        'payment_id', v_payment.id, 'unexpected', v_payment.unexpected);
    end if;
  end if;

  -- Stripe took money on a payment our database had closed (an older release expired balances in the
  -- database only) or had seen fail: its word wins, and the money is recorded.
  v_reopened := (v_payment.status = 'expired' and p_state in ('processing', 'paid')) or (v_payment.status = 'failed' and p_state = 'paid');
  v_rank_old := case v_payment.status when 'open' then 0 when 'processing' then 1 else 2 end;
  v_rank_new := case p_state when 'open' then 0 when 'processing' then 1 else 2 end;
  if v_rank_new <= v_rank_old and not v_reopened then
    return jsonb_build_object('found', true, 'order_id', v_order.id, 'status', v_order.status, 'duplicate', false, 'changed', false,
      'payment_id', v_payment.id, 'unexpected', v_payment.unexpected);
  end if;

  -- Does the order still expect this money? Decided when Stripe says it is paid, from the order as it
  -- stands now; a payment whose checkout we had closed never is.
  v_unexpected := v_payment.unexpected or (v_payment.status = 'expired' and v_reopened);
  if v_unexpected then
    v_why := 'checkout_closed';
  end if;
  if p_state = 'paid' and not v_unexpected then
    if v_order.status in ('cancelled', 'refunded') then
      v_unexpected := true;
      v_why := 'order_' || v_order.status;
    elsif v_payment.kind = 'balance' and v_order.balance_due_cents < v_payment.amount_cents then
      v_unexpected := true;
      v_why := 'no_balance';
    end if;
  end if;

  update public.order_payments
     set status = p_state,
         unexpected = v_unexpected,
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
  if not v_unexpected and v_payment.kind in ('full', 'deposit') and v_order.status in ('pending', 'processing', 'payment_failed') then
    v_status := case p_state
      when 'processing' then 'processing'
      when 'paid' then case when v_payment.kind = 'deposit' then 'deposit_paid' else 'paid' end
      when 'failed' then 'payment_failed'
      when 'expired' then case when v_order.status = 'pending' then 'expired' else v_order.status end
      else v_order.status end;
  end if;
  if p_state = 'paid' then
    v_amount := coalesce(p_amount_cents, v_payment.amount_cents);
    -- Stripe's word on the discount it applied (the session's total_details.amount_discount), counted
    -- only for the checkout of an order that carries a reward code: what Stripe charged is then the
    -- payment less that discount.
    if not v_unexpected and v_payment.kind <> 'balance' and v_order.reward_code_id is not null then
      v_discount := greatest(coalesce(p_discount_cents, 0), 0);
    end if;
    if v_unexpected then
      v_note := 'unexpected_payment:' || v_why;
    elsif p_amount_cents is distinct from v_payment.amount_cents - v_discount then
      -- What Stripe charged is what is recorded as paid; a difference from what was asked is noted.
      v_note := 'amount_differs';
      v_due := v_payment.amount_cents - v_discount;
    end if;
    update public.orders
       set paid_cents = paid_cents + v_amount,
           discount_cents = discount_cents + v_discount,
           unexpected_cents = unexpected_cents + case when v_unexpected then v_amount else 0 end,
           paid_at = coalesce(paid_at, now())
     where id = v_order.id;
  end if;
  if v_status is distinct from v_order.status or v_note is not null or (v_payment.kind = 'balance' and not v_unexpected) then
    update public.orders set status = v_status, updated_at = now() where id = v_order.id;
    insert into public.order_events (order_id, status, note, amount_cents, due_cents, source, stripe_event_id)
    values (v_order.id, v_status,
            coalesce(v_note, case when v_payment.kind = 'balance' then case p_state
              when 'paid' then 'Balance paid' when 'processing' then 'Balance payment processing'
              when 'failed' then 'Balance payment failed' when 'expired' then 'Balance checkout expired' end end),
            case when v_note is not null then v_amount end, v_due,
            p_source, p_event_id);
  end if;
  return jsonb_build_object('found', true, 'order_id', v_order.id, 'status', v_status, 'duplicate', false, 'changed', true,
    'payment_id', v_payment.id, 'unexpected', v_unexpected);
end;
$$;

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
    'discount_cents', o.discount_cents,
    'reward_code', (select c.code from public.reward_codes c where c.id = o.reward_code_id),
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
      select jsonb_agg(jsonb_build_object('status', e.status, 'note', e.note, 'amount_cents', e.amount_cents, 'due_cents', e.due_cents, 'at', e.created_at) order by e.id)
        from public.order_events e where e.order_id = o.id), '[]'::jsonb)
  )
  from public.orders o
  where o.id = p_order
$$;

-- A reward code follows the order that used it.
create or replace function public.orders_reward_code_status()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.reward_code_id is null or new.status is not distinct from old.status then
    return null;
  end if;
  if new.status in ('paid', 'deposit_paid') and old.status in ('pending', 'processing', 'payment_failed', 'expired') then
    update public.reward_codes
       set status = 'used', order_id = new.id, used_at = now()
     where id = new.reward_code_id and status in ('issued', 'returned');
  elsif new.status = 'refunded' then
    -- Only the order that used it gives it back (a code returned and used again belongs to the later order).
    update public.reward_codes
       set status = 'returned', returned_at = now()
     where id = new.reward_code_id and status = 'used' and order_id = new.id;
  end if;
  return null;
end;
$$;
comment on function public.orders_reward_code_status() is 'Marks an order''s reward code used when its checkout is paid, returned when the order is refunded in full.';
drop trigger if exists orders_reward_code_status on public.orders;
create trigger orders_reward_code_status
  after update of status on public.orders
  for each row execute function public.orders_reward_code_status();

-- As in 20261123000100_data_api_grants.sql: take back what the defaults leave, then grant the least.
revoke all on function public.order_apply_session(text, text, text, text, integer, text, jsonb, text, integer), public.orders_reward_code_status()
  from public, anon, authenticated, service_role;
grant execute on function public.order_apply_session(text, text, text, text, integer, text, jsonb, text, integer) to service_role;
-- Re-made, so granted again (the order screens read it); the discount is on the receipt.
grant select (balance_due_cents, discount_cents) on table public.orders to authenticated;
