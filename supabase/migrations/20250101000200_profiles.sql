-- profiles: one row per auth user (docs/data.md#entities). The client upserts {id, display_name, avatar_url} on every
-- sign-in (docs/data.md#calls) and edits it on /account (docs/data.md#calls); a trigger also creates it when the user is
-- created, so a profile exists even before the first sign-in.

create table if not exists public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  display_name text,
  avatar_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_display_name_check check (char_length(display_name) <= 80),
  -- The account page saves an empty field as null (docs/accounts.md#validation); anything else must be a web address.
  constraint profiles_avatar_url_check check (char_length(avatar_url) <= 500 and avatar_url ~* '^https?://[^[:space:]]+$')
);

comment on table public.profiles is 'Public profile of each auth user: display name and avatar.';

alter table public.profiles enable row level security;

-- Several permissive policies per command, one per reason a row is visible or removable, so each reads
-- as a sentence of the rules. The advisor's multiple_permissive_policies warning is accepted: PostgreSQL
-- ORs them, each is an initplan or an indexed lookup, and the tables stay small.
drop policy if exists "Users can view their own profile" on public.profiles;
create policy "Users can view their own profile"
  on public.profiles for select to authenticated
  using (id = (select auth.uid()));

drop policy if exists "Admins can view every profile" on public.profiles;
create policy "Admins can view every profile"
  on public.profiles for select to authenticated
  using ((select public.is_admin()));

drop policy if exists "Users can create their own profile" on public.profiles;
create policy "Users can create their own profile"
  on public.profiles for insert to authenticated
  with check (id = (select auth.uid()));

drop policy if exists "Users can update their own profile" on public.profiles;
create policy "Users can update their own profile"
  on public.profiles for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

-- Clients do not choose the bookkeeping dates: created_at stays what it was, updated_at is now.
create or replace function public.profiles_set_dates()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if current_user in ('anon', 'authenticated') then
      new.created_at := now();
    end if;
  else
    new.created_at := old.created_at;
  end if;
  new.updated_at := now();
  return new;
end
$$;

drop trigger if exists profiles_set_dates on public.profiles;
create trigger profiles_set_dates
  before insert or update on public.profiles
  for each row execute function public.profiles_set_dates();

-- New auth user → profile, with the display-name rule of displayNameFor() in
-- shared/rules/accounts.ts: full_name (trimmed), else the e-mail's local part, else 'User'.
-- It must never make a sign-up fail, so values that would break a CHECK are cut or dropped.
-- security definer: it runs inside GoTrue's insert into auth.users, as whatever role GoTrue uses.
create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_full text;
  v_avatar text;
begin
  if jsonb_typeof(new.raw_user_meta_data -> 'full_name') = 'string' then
    v_full := nullif(regexp_replace(new.raw_user_meta_data ->> 'full_name', '^[[:space:]]+|[[:space:]]+$', '', 'g'), '');
  end if;
  if jsonb_typeof(new.raw_user_meta_data -> 'avatar_url') = 'string' then
    v_avatar := new.raw_user_meta_data ->> 'avatar_url';
    if char_length(v_avatar) > 500 or v_avatar !~* '^https?://[^[:space:]]+$' then
      v_avatar := null;
    end if;
  end if;

  insert into public.profiles (id, display_name, avatar_url)
  values (
    new.id,
    left(coalesce(v_full, nullif(split_part(new.email, '@', 1), ''), 'User'), 80),
    v_avatar
  )
  on conflict (id) do nothing;
  return new;
end
$$;

revoke execute on function public.handle_new_user() from public, anon, authenticated;

drop trigger if exists on_auth_user_created on auth.users;
create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();
