-- Rewards, part two (issue #31, item 3; docs/rewards.md#reward-codes): a card that reaches a marker earns
-- its client a single-use code.
--
--   * reward_codes: one row per reward earned, keyed by the address and the visit count it was earned at
--     (5, 10, 15, 20, ...: the card starts again after its last marker). The rule that says which visit
--     counts earn what is REWARDS_CARD in shared/catalog.ts, and nowhere else: the rewards-punches job and
--     the acuity-webhook function work out what a card has earned and call reward_codes_issue with it.
--     status: `issued` (usable), `used` (an order paid with it: order_id, used_at), `returned` (that
--     order was refunded: usable again, returned_at). stripe_promotion_code is the Stripe promotion
--     code the shop's checkout applies (created with the checkout part, docs/rewards.md).
--   * reward_codes_issue(email, earned): issues what is missing, under the same per-address lock as an
--     admin's correction (rewards_adjust), and never for a visit count the card no longer holds (a punch
--     taken back between the job's read and this call). Idempotent: (email, earned_at_visit) is unique.
--
-- A punch taken back after its reward was issued leaves the code as it is (docs/rewards.md says why).
--
-- RLS: a member reads their own codes (their confirmed address, private.my_confirmed_email(), as for
-- bookings and punches); an admin reads all; nobody writes from a client.
--
-- Written to be re-runnable, like every migration of this project.

create table if not exists public.reward_codes (
  id bigint generated always as identity primary key,
  -- What the member types at checkout: KYB- and 12 hexadecimal characters, upper-case.
  code text not null unique check (code ~ '^KYB-[0-9A-F]{12}$'),
  email text not null check (email = lower(email)),
  -- The visit count the card reached when this was earned (a marker's visit, on this card or a later one).
  earned_at_visit integer not null check (earned_at_visit > 0),
  percent_off smallint not null check (percent_off between 1 and 100),
  status text not null default 'issued' check (status in ('issued', 'used', 'returned')),
  stripe_promotion_code text unique,
  order_id uuid references public.orders (id) on delete restrict,
  issued_at timestamptz not null default now(),
  used_at timestamptz,
  returned_at timestamptz,
  unique (email, earned_at_visit),
  check (status <> 'used' or (order_id is not null and used_at is not null)),
  check (status <> 'returned' or returned_at is not null)
);
comment on table public.reward_codes is
  'Single-use reward codes, one per marker a card reached (REWARDS_CARD, shared/catalog.ts): issued, used by an order, or returned by its refund.';
create index if not exists reward_codes_order on public.reward_codes (order_id);

alter table public.reward_codes enable row level security;

drop policy if exists "Members read their own reward codes and admins read all" on public.reward_codes;
create policy "Members read their own reward codes and admins read all"
  on public.reward_codes for select to authenticated
  using (email = (select private.my_confirmed_email()) or (select public.is_admin()));

-- ---------------------------------------------------------------- issuing what a card earned
-- p_earned: [{visit, percent_off}], every reward the card has earned by the rule (shared/catalog.ts
-- rewardsEarned). Returns how many codes were issued now.
create or replace function public.reward_codes_issue(p_email text, p_earned jsonb)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_email text := lower(btrim(p_email));
  v_visits integer;
  v_issued integer;
begin
  if jsonb_typeof(p_earned) is distinct from 'array' then
    raise exception 'The rewards earned are a list' using errcode = '22023';
  end if;
  -- The lock rewards_adjust takes: the card's count cannot change under this call.
  perform pg_advisory_xact_lock(hashtext('rewards:' || v_email));
  v_visits := coalesce((select sum(x.change) from public.punches x where x.email = v_email), 0);
  insert into public.reward_codes (code, email, earned_at_visit, percent_off)
  select 'KYB-' || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)), v_email, (e ->> 'visit')::integer, (e ->> 'percent_off')::smallint
    from jsonb_array_elements(p_earned) e
   where (e ->> 'visit')::integer <= v_visits
  on conflict (email, earned_at_visit) do nothing;
  get diagnostics v_issued = row_count;
  return v_issued;
end;
$$;

-- As in 20261123000100_data_api_grants.sql: take back what the defaults leave, then grant the least.
revoke all on table public.reward_codes from public, anon, authenticated, service_role;
revoke all on sequence public.reward_codes_id_seq from public, anon, authenticated, service_role;
revoke execute on function public.reward_codes_issue(text, jsonb) from public, anon, authenticated, service_role;

-- What /account shows a member: their codes, what each is worth and where it stands.
grant select (id, code, email, earned_at_visit, percent_off, status, order_id, issued_at, used_at, returned_at) on table public.reward_codes to authenticated;
-- The job and the webhook issue; checkout, the Stripe webhook and refunds move a code's status.
grant select, insert, update on table public.reward_codes to service_role;
grant execute on function public.reward_codes_issue(text, jsonb) to service_role;
