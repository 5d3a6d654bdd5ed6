-- Every payment accounted for (issue #27; docs/commerce.md#never-lost-never-doubled): whatever Stripe
-- takes is recorded on its order, and what the order no longer expects is refunded in full at once.
--
--   * order_payments.unexpected: a payment Stripe took that the shop no longer expected (the order was
--     cancelled or refunded, no balance was due any more, or its checkout had been closed). It is
--     recorded like any payment (paid_cents grows) and the fulfilment path (_shared/orders.ts
--     applySession) refunds it through Stripe; the refund comes back through charge.refunded.
--   * order_apply_session records such a payment instead of dropping it, and says so in the history;
--     orders.unexpected_cents keeps it out of the balance due.
--   * order_balance_payment no longer closes an open balance in the database: it answers the sessions
--     the caller must expire at Stripe first (_shared/sessions.ts expireAtStripe).
--   * order_mails gains the e-mails of each payment: the balance receipt and its notice to the business,
--     and the refund of an unexpected payment with its notice.
--
-- Invariant, for every order: the sum over its payments at Stripe of (captured - refunded) equals
-- orders.paid_cents - orders.refunded_cents. Written to be re-runnable.

alter table public.order_payments add column if not exists unexpected boolean not null default false;
comment on column public.order_payments.unexpected is
  'Stripe took it when the order no longer expected it: recorded, then refunded in full (kyb-unexpected-<id>).';

-- What of paid_cents the order never meant to keep (its unexpected payments, refunded at once): the
-- balance still due is reckoned without it, so a refunded unexpected payment never pays a balance.
alter table public.orders add column if not exists unexpected_cents integer not null default 0;
alter table public.orders drop constraint if exists orders_unexpected_cents_check;
alter table public.orders add constraint orders_unexpected_cents_check check (unexpected_cents between 0 and paid_cents);
alter table public.orders drop column if exists balance_due_cents;
alter table public.orders add column balance_due_cents integer generated always as (
  case when paid_cents - unexpected_cents > 0 and status not in ('refunded', 'cancelled')
       then greatest(total_cents - (paid_cents - unexpected_cents), 0) else 0 end) stored;
comment on column public.orders.balance_due_cents is 'What is still owed once something was kept (the balance of a made-to-order line); nothing once refunded or cancelled.';
-- Re-made, so granted again as migration orders granted it (the order screens read it).
grant select (balance_due_cents) on table public.orders to authenticated;

alter table public.order_mails drop constraint if exists order_mails_kind_check;
alter table public.order_mails add constraint order_mails_kind_check check (kind in (
  'confirmation', 'business', 'balance_due', 'shipped', 'refund', 'review_request',
  -- per payment (subject_key: the order_payments id)
  'balance_receipt', 'business_balance', 'unexpected_refund', 'business_unexpected'));

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
  v_money text;
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
    v_why := 'its checkout had been closed';
  end if;
  if p_state = 'paid' and not v_unexpected then
    if v_order.status in ('cancelled', 'refunded') then
      v_unexpected := true;
      v_why := format('the order was %s', v_order.status);
    elsif v_payment.kind = 'balance' and v_order.balance_due_cents < v_payment.amount_cents then
      v_unexpected := true;
      v_why := 'no balance was due any more';
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
    v_money := to_char(v_amount / 100.0, 'FM$999999990.00');
    if v_unexpected then
      v_note := format('Payment of %s received that the order no longer expected (%s): refunded in full', v_money, v_why);
    elsif p_amount_cents is distinct from v_payment.amount_cents then
      -- What Stripe charged is what is recorded as paid; a difference from what was asked is noted.
      v_note := format('Stripe reported $%s paid; $%s was due', to_char(p_amount_cents / 100.0, 'FM999999990.00'), to_char(v_payment.amount_cents / 100.0, 'FM999999990.00'));
    end if;
    update public.orders
       set paid_cents = paid_cents + v_amount,
           unexpected_cents = unexpected_cents + case when v_unexpected then v_amount else 0 end,
           paid_at = coalesce(paid_at, now())
     where id = v_order.id;
  end if;
  if v_status is distinct from v_order.status or v_note is not null or (v_payment.kind = 'balance' and not v_unexpected) then
    update public.orders set status = v_status, updated_at = now() where id = v_order.id;
    insert into public.order_events (order_id, status, note, source, stripe_event_id)
    values (v_order.id, v_status,
            coalesce(v_note, case when v_payment.kind = 'balance' then case p_state
              when 'paid' then 'Balance paid' when 'processing' then 'Balance payment processing'
              when 'failed' then 'Balance payment failed' when 'expired' then 'Balance checkout expired' end end),
            p_source, p_event_id);
  end if;
  return jsonb_build_object('found', true, 'order_id', v_order.id, 'status', v_status, 'duplicate', false, 'changed', true,
    'payment_id', v_payment.id, 'unexpected', v_unexpected);
end;
$$;
comment on function public.order_apply_session(text, text, text, text, integer, text, jsonb, text) is
  'Applies a Checkout Session''s current state to its payment and order, once per Stripe event; money the order no longer expects is recorded and flagged unexpected.';

-- A balance payment for an order that owes one: reuses the open one if its session is still good. An
-- open balance whose session cannot be reused (it ends within two minutes, or asks another amount) is
-- never closed here: its session ids are answered as `close`, the caller expires them at Stripe
-- (expireAtStripe, which records what Stripe says) and asks again. While a balance payment is still
-- settling (a bank debit), `processing` is answered and nothing new is opened.
create or replace function public.order_balance_payment(p_order uuid)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.orders;
  v_payment public.order_payments;
  v_close jsonb;
begin
  select * into v from public.orders where id = p_order for update;
  if not found or v.balance_due_cents <= 0 or v.status not in ('deposit_paid', 'in_production', 'ready') then
    return null;
  end if;
  if exists (select 1 from public.order_payments where order_id = p_order and kind = 'balance' and status = 'processing' and not unexpected) then
    return jsonb_build_object('processing', true, 'number', v.number);
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
    select coalesce(jsonb_agg(checkout_session_id order by created_at), '[]'::jsonb) into v_close
      from public.order_payments
     where order_id = p_order and kind = 'balance' and status = 'open' and checkout_session_id is not null;
    if jsonb_array_length(v_close) > 0 then
      return jsonb_build_object('close', v_close, 'number', v.number);
    end if;
    insert into public.order_payments (order_id, kind, amount_cents) values (p_order, 'balance', v.balance_due_cents) returning * into v_payment;
  end if;
  return jsonb_build_object('payment_id', v_payment.id, 'amount_cents', v_payment.amount_cents, 'checkout_url', v_payment.checkout_url,
    'created_at', v_payment.created_at, 'number', v.number, 'email', v.email, 'user_id', v.user_id);
end;
$$;
comment on function public.order_balance_payment(uuid) is
  'checkout (balance): the open balance payment to reuse, a new one, or the sessions to expire at Stripe first (close).';

revoke all on function public.order_apply_session(text, text, text, text, integer, text, jsonb, text), public.order_balance_payment(uuid)
  from public, anon, authenticated, service_role;
grant execute on function public.order_apply_session(text, text, text, text, integer, text, jsonb, text), public.order_balance_payment(uuid)
  to service_role;
