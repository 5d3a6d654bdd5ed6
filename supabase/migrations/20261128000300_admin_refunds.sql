-- Refunds from the admin, abandoned checkouts and the reconcile line (issue #27; docs/admin.md#orders).
--
--   * Refunds and Stripe's ids go through the admin-orders function (service_role), which checks the
--     caller is an admin: no Stripe id becomes readable to a browser here.
--   * order_payments.expires_at becomes readable (under the same row policies as the rest of a payment):
--     the admin's Abandoned checkouts say when each one closed. It names no other system.
--   * stripe_reconcile_runs: one row per run of the stripe-reconcile job (CONTRACTS §5). The job's own
--     migration creates the same table; whichever runs first creates it and the other changes nothing.
--     Admins read it (/admin/orders shows the latest run); only service_role writes.
--
-- Written to be re-runnable.

grant select (expires_at) on table public.order_payments to authenticated;

create table if not exists public.stripe_reconcile_runs (
  id bigint generated always as identity primary key,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  events_seen integer not null default 0,
  repaired integer not null default 0,
  repairs jsonb not null default '[]' /* [{event, type, order_id}] */,
  error text
);
comment on table public.stripe_reconcile_runs is 'Each run of the stripe-reconcile job: what it read from Stripe and what it had to repair.';
create index if not exists stripe_reconcile_runs_started_idx on public.stripe_reconcile_runs (started_at desc);
alter table public.stripe_reconcile_runs enable row level security;

drop policy if exists "Admins read reconcile runs" on public.stripe_reconcile_runs;
create policy "Admins read reconcile runs"
  on public.stripe_reconcile_runs for select to authenticated
  using ((select public.is_admin()));

-- Hosted's default privileges leave the API roles more than is used: take everything back, then grant.
revoke all on table public.stripe_reconcile_runs from anon, authenticated, service_role;
grant select (id, started_at, finished_at, events_seen, repaired, repairs, error) on table public.stripe_reconcile_runs to authenticated;
grant select, insert, update on table public.stripe_reconcile_runs to service_role;
