-- Newsletter and DIY-kit waiting-list subscriptions, with an append-only consent ledger.
-- Written only by the newsletter-signup / newsletter-unsubscribe functions (service_role) through the
-- two functions below; anon and authenticated have no privileges and no policies.

create table public.subscribers (
  id uuid primary key default gen_random_uuid(),
  -- Stored normalised, so one address is one subscription whatever its capitalisation.
  email text not null check (email = lower(btrim(email)) and char_length(email) between 3 and 254),
  list text not null check (list in ('newsletter', 'diy-kit-waitlist')),
  name text not null check (char_length(name) between 1 and 100),
  status text not null default 'subscribed' check (status in ('subscribed', 'unsubscribed')),
  -- 244 random bits (two v4 UUIDs): the only credential an unsubscribe link carries.
  unsubscribe_token text not null unique default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
  source_page text check (char_length(source_page) <= 300),
  consent_text_version text not null,
  subscribed_at timestamptz not null default now(),
  unsubscribed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (email, list)
);
comment on table public.subscribers is 'One row per address and list (newsletter, diy-kit-waitlist); status follows the latest consent or unsubscribe.';

alter table public.subscribers enable row level security;
revoke all on table public.subscribers from anon, authenticated;

-- Every consent and every unsubscribe, as it happened: when, where, and which consent wording.
create table public.subscriber_consents (
  id bigint generated always as identity primary key,
  subscriber_id uuid not null references public.subscribers (id) on delete cascade,
  action text not null check (action in ('subscribe', 'unsubscribe')),
  consent_text_version text check (action = 'unsubscribe' or consent_text_version is not null),
  source_page text check (char_length(source_page) <= 300),
  created_at timestamptz not null default now()
);
comment on table public.subscriber_consents is 'Append-only ledger of consents given and withdrawn.';
create index subscriber_consents_subscriber_idx on public.subscriber_consents (subscriber_id, created_at);

alter table public.subscriber_consents enable row level security;
revoke all on table public.subscriber_consents from anon, authenticated;
-- A ledger is not edited; rows go only with their subscriber (erasure request).
revoke update, truncate on table public.subscriber_consents from service_role;

-- Subscribe (or re-subscribe) an address and record the consent, in one transaction. The answer is
-- the same whether the address was new, already subscribed or unsubscribed before, so the caller
-- cannot learn which.
create function public.newsletter_subscribe(
  p_email text,
  p_name text,
  p_list text,
  p_source_page text,
  p_consent_text_version text
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
begin
  insert into public.subscribers as s (email, list, name, source_page, consent_text_version)
  values (lower(btrim(p_email)), p_list, btrim(p_name), p_source_page, p_consent_text_version)
  on conflict (email, list) do update
     set status = 'subscribed',
         -- A repeat sign-up does not rename an active subscription (anyone can type any address);
         -- a returning subscriber starts afresh.
         name = case when s.status = 'unsubscribed' then excluded.name else s.name end,
         subscribed_at = case when s.status = 'unsubscribed' then now() else s.subscribed_at end,
         consent_text_version = excluded.consent_text_version,
         unsubscribed_at = null,
         updated_at = now()
  returning s.id into v_id;

  insert into public.subscriber_consents (subscriber_id, action, consent_text_version, source_page)
  values (v_id, 'subscribe', p_consent_text_version, p_source_page);

  return jsonb_build_object('ok', true);
end
$$;

-- Unsubscribe by token. Unknown tokens change nothing and get the same answer.
create function public.newsletter_unsubscribe(p_token text)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
begin
  update public.subscribers
     set status = 'unsubscribed',
         unsubscribed_at = coalesce(unsubscribed_at, now()),
         updated_at = now()
   where unsubscribe_token = p_token
  returning id into v_id;

  if v_id is not null then
    insert into public.subscriber_consents (subscriber_id, action) values (v_id, 'unsubscribe');
  end if;

  return jsonb_build_object('ok', true);
end
$$;

revoke all on function public.newsletter_subscribe(text, text, text, text, text) from public, anon, authenticated;
revoke all on function public.newsletter_unsubscribe(text) from public, anon, authenticated;
grant execute on function public.newsletter_subscribe(text, text, text, text, text) to service_role;
grant execute on function public.newsletter_unsubscribe(text) to service_role;
