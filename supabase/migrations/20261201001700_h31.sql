-- Issue #31, the walk of a refund that gives a reward code back (docs/rewards.md#at-checkout): a paid
-- checkout that used a reward code kept, on its payment, what checkout had asked (the amount before the
-- discount), while Stripe charged that less the discount. What is left to refund of a payment is its
-- amount less what was refunded, so the admin's Refund offered more than Stripe held (Stripe refused it,
-- "amount_too_large"), and Cancel order with Refund what was paid failed the same way.
--
--   * order_apply_session: when Stripe's discount is counted, the payment's amount becomes what Stripe
--     charged (the order keeps the discount in discount_cents). The rest is as in
--     20261201001200_reward_code_checkout.sql.
--   * The payments already paid that way are corrected once: the order's one expected checkout payment
--     (full or deposit) still holding what checkout asked, when the order carries a reward code and a
--     discount.

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
    -- The payment is what Stripe charged: what checkout asked less the discount. So what is left to
    -- refund of it (amount − refunded, the admin's Refund and Cancel with refund) is what Stripe holds.
    if v_discount > 0 then
      update public.order_payments set amount_cents = amount_cents - v_discount where id = v_payment.id;
    end if;
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

update public.order_payments p
   set amount_cents = p.amount_cents - o.discount_cents
  from public.orders o
 where o.id = p.order_id
   and o.reward_code_id is not null
   and o.discount_cents > 0
   and p.kind in ('full', 'deposit')
   and p.status = 'paid'
   and not p.unexpected
   and p.amount_cents - o.discount_cents >= p.refunded_cents
   and (select count(*) from public.order_payments x
         where x.order_id = o.id and x.kind in ('full', 'deposit') and x.status = 'paid' and not x.unexpected) = 1
   and p.amount_cents = o.due_at_checkout_cents;
