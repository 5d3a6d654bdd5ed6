-- Money is worded in one place (issue #27, "One lifecycle, stated once"; docs/commerce.md#order-states):
-- the database keeps cents, and the screens and e-mails write them with shared/money.ts.
--
--   * order_events.amount_cents and due_cents: the money a history note is about. A note that carries
--     money stores a short key instead of words, and the amounts beside it; shared/orders.ts historyNote
--     words it with the sentences of shared/messages.ts ORDER_HISTORY_TEXT:
--       balance_requested                    amount_cents: the balance asked for (order_transition, ready)
--       refunded_total                       amount_cents: everything refunded so far (order_apply_refund)
--       amount_differs                       amount_cents: what Stripe took; due_cents: what was asked
--       unexpected_payment:<why>             amount_cents: the payment refunded in full, <why> one of
--                                            checkout_closed, order_cancelled, order_refunded, no_balance
--     A note without amount_cents is shown as it is: the admin's own notes, the words of the others, and
--     the rows written before this migration (their money already in words).
--   * order_transition refuses a shipment while a balance is due with `balance_due` (P0001) and no
--     amount: admin-orders words it (COMMERCE_MESSAGES.balanceStillDue) with the order's balance.
--
-- The functions below are those of migrations orders, fulfilment and payments_accounted, apart from
-- the wording. Written to be re-runnable.

alter table public.order_events add column if not exists amount_cents integer;
alter table public.order_events add column if not exists due_cents integer;
comment on column public.order_events.amount_cents is 'The money the note is about, in cents (shared/orders.ts historyNote words it); null for a note in words.';
comment on column public.order_events.due_cents is 'amount_differs: what the payment asked for, in cents (amount_cents is what Stripe took).';

-- Read as the other columns of the history are (migration orders, "grants").
grant select (amount_cents, due_cents) on table public.order_events to authenticated;

-- ---------------------------------------------------------------- what one order looks like to its customer
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
      select jsonb_agg(jsonb_build_object('status', e.status, 'note', e.note, 'amount_cents', e.amount_cents, 'due_cents', e.due_cents, 'at', e.created_at) order by e.id)
        from public.order_events e where e.order_id = o.id), '[]'::jsonb)
  )
  from public.orders o
  where o.id = p_order
$$;
comment on function public.order_view(uuid) is 'One order as its customer sees it (no token, no ids of other systems).';

-- ---------------------------------------------------------------- writes (service_role: the functions)
-- What Stripe says of a Checkout Session, applied once: p_state is the session's current state as the
-- caller read it from Stripe (open, processing, paid, failed, expired), p_event the event that prompted
-- the read (null from the success page). Runs in one transaction: the event id is recorded with its
-- effect, and a seen event id changes nothing. A payment only moves forward (open → processing →
-- paid | failed | expired), so events read in any order end in the same place; the one way back is
-- Stripe's word that a payment our database had closed was taken after all, which is recorded too.
-- Money the order no longer expects is recorded and flagged `unexpected` (answered as `unexpected`),
-- for the caller to refund; the order's status does not move for it.
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
  v_reopened boolean;
  v_unexpected boolean;
  v_why text;
  v_amount integer;
  v_status text;
  v_note text;
  v_due integer;
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
    if v_unexpected then
      v_note := 'unexpected_payment:' || v_why;
    elsif p_amount_cents is distinct from v_payment.amount_cents then
      -- What Stripe charged is what is recorded as paid; a difference from what was asked is noted.
      v_note := 'amount_differs';
      v_due := v_payment.amount_cents;
    end if;
    update public.orders
       set paid_cents = paid_cents + v_amount,
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
comment on function public.order_apply_session(text, text, text, text, integer, text, jsonb, text) is
  'Applies a Checkout Session''s current state to its payment and order, once per Stripe event; money the order no longer expects is recorded and flagged unexpected.';

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
  insert into public.order_events (order_id, status, note, amount_cents, source, stripe_event_id)
  values (v_order.id, v_status, 'refunded_total', v_total, 'stripe', p_event_id);
  return jsonb_build_object('found', true, 'order_id', v_order.id, 'status', v_status, 'duplicate', false, 'changed', true);
end;
$$;
comment on function public.order_apply_refund(text, text, text, integer) is 'Applies a charge''s refunded amount to its payment and order, once per Stripe event.';

-- Moves an order one step (p_to one of order_next_statuses), as admin p_actor, with a shipment's carrier
-- and tracking number for 'shipped'. Refuses anything else: 23514 with a message the admin screen
-- shows for a step that is not allowed or a shipment without its details; P0001 `balance_due` for a
-- balance due, which admin-orders words with the order's balance (COMMERCE_MESSAGES.balanceStillDue).
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
      raise exception 'balance_due' using errcode = 'P0001';
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
  insert into public.order_events (order_id, status, note, amount_cents, source)
  values (p_order,
          p_to,
          coalesce(v_note, case when p_to = 'ready' and v.balance_due_cents > 0 then 'balance_requested' end),
          case when v_note is null and p_to = 'ready' and v.balance_due_cents > 0 then v.balance_due_cents end,
          'admin');
  return jsonb_build_object('id', p_order, 'from', v.status, 'status', p_to, 'balance_requested', p_to = 'ready' and v.balance_due_cents > 0);
end;
$$;
comment on function public.order_transition(uuid, text, text, text, text, uuid) is 'admin-orders: one step of an order after payment, exactly as the steps allow.';
