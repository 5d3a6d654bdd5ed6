-- Reconciliation (issue #27 §9; docs/commerce.md#reconciliation): Stripe's advice for webhooks that never
-- arrive. Every hour the stripe-reconcile function lists the last three days of Stripe's events of the
-- types the shop handles, applies those the shop has not recorded (stripe_events) through the same
-- fulfilment path as the webhook, and records the run here:
--
--   * stripe_reconcile_runs: one row per run: when it started and finished, how many events it saw, how
--     many it had to apply because no webhook had ([{event, type, order_id}] in repairs), and the error
--     of a run that failed. /admin/orders shows the latest.
--
-- Admins read it (RLS and column grants); only the service role (the function) writes it.
--
-- Written to be re-runnable, like every migration of this project.

create table if not exists public.stripe_reconcile_runs (
  id bigint generated always as identity primary key,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  events_seen integer not null default 0,
  repaired integer not null default 0,
  repairs jsonb not null default '[]' /* [{event, type, order_id}] */,
  error text
);
comment on table public.stripe_reconcile_runs is
  'Each run of the stripe-reconcile job: the Stripe events it saw, and those it applied because no webhook had (repairs).';

alter table public.stripe_reconcile_runs enable row level security;

drop policy if exists "Admins read the reconcile runs" on public.stripe_reconcile_runs;
create policy "Admins read the reconcile runs"
  on public.stripe_reconcile_runs for select to authenticated
  using ((select public.is_admin()));

-- As in 20261123000100_data_api_grants.sql: take back what the defaults leave, then grant the least.
revoke all on table public.stripe_reconcile_runs from public, anon, authenticated, service_role;
-- The identity's sequence too: an insert takes its next value without any privilege on it.
revoke all on sequence public.stripe_reconcile_runs_id_seq from public, anon, authenticated, service_role;
grant select (id, started_at, finished_at, events_seen, repaired, repairs, error) on table public.stripe_reconcile_runs to authenticated;
grant select, insert, update, delete on table public.stripe_reconcile_runs to service_role;
