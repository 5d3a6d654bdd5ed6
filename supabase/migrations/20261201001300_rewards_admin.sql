-- Rewards, part three (issue #31, items 4 and 5; docs/rewards.md#what-the-member-sees,
-- docs/admin.md#rewards): what the member and the business see.
--
--   * rewards_members: one row per address with punches, its visit count (the sum of its punches: the
--     card and the tier read it, shared/catalog.ts) and the first name of its latest booking. The view
--     runs as its caller (security_invoker), so the punches' and bookings' row-level security applies:
--     an admin reads every address (/admin/rewards lists members by visits), a member their own.
--   * reward_codes.admin_seen_at: when the business saw a code issued; null is a new reward, which the
--     admin nav counts (kyb-inbox-count of="rewards") until the admin marks it seen on /admin/rewards.
--     Only the admin-rewards function (service role) sets it.
--
-- The corrections themselves go through rewards_adjust (migration rewards_visits), called by the
-- admin-rewards function with the signed-in admin's id: the row keeps who did it, and nothing is deleted.
--
-- Written to be re-runnable, like every migration of this project.

alter table public.reward_codes add column if not exists admin_seen_at timestamptz;
comment on column public.reward_codes.admin_seen_at is
  'When an admin marked this reward seen on /admin/rewards; null: new (the admin nav counts it).';
create index if not exists reward_codes_unseen on public.reward_codes (issued_at) where admin_seen_at is null;

create or replace view public.rewards_members
with (security_invoker = true)
as
select p.email,
       sum(p.change)::integer as visits,
       max(p.created_at) as last_change_at,
       (select b.first_name from public.bookings b where b.email = p.email order by b.starts_at desc limit 1) as first_name
  from public.punches p
 group by p.email;
comment on view public.rewards_members is
  'Each address with punches and its visit count (the sum of its punches); runs as its caller, so punches'' RLS decides who reads which.';

-- As in 20261123000100_data_api_grants.sql: take back what the defaults leave, then grant the least.
revoke all on table public.rewards_members from public, anon, authenticated, service_role;
grant select on table public.rewards_members to authenticated, service_role;
-- The admin reads which rewards are new (RLS: admins read every code, a member only their own).
grant select (admin_seen_at) on table public.reward_codes to authenticated;
