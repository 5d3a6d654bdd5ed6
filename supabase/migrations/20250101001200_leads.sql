-- Form submissions the spec leaves unsent (partnership inquiry, beta requests, notify-me, Vault and
-- merchandise opt-ins: docs/data.md#calls), stored by the lead-capture function (service_role) after it has
-- validated the payload against shared/contracts.ts. No anon/authenticated access.

create table public.leads (
  id uuid primary key default gen_random_uuid(),
  -- Mirrors leadKinds in shared/contracts.ts.
  kind text not null check (kind in ('partnership', 'beta_request', 'access_beta', 'notify', 'vault_optin', 'merch_notify')),
  email text not null check (email = lower(btrim(email)) and char_length(email) between 3 and 254),
  payload jsonb not null check (jsonb_typeof(payload) = 'object'),
  source_page text check (char_length(source_page) <= 300),
  created_at timestamptz not null default now()
);
comment on table public.leads is 'Validated form submissions captured by the lead-capture function; payload holds the form fields.';
create index leads_kind_created_at_idx on public.leads (kind, created_at desc);
create index leads_email_idx on public.leads (email);

alter table public.leads enable row level security;
revoke all on table public.leads from anon, authenticated;
