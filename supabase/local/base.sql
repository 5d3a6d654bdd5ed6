-- What a hosted Supabase project already holds before the project's first migration: the platform's
-- roles, the `auth`, `storage` and `extensions` schemas, the helpers policies call, and the privileges
-- hosted hands out. It is NOT a project migration: supabase/migrations must never repeat any of it.
--
-- It models hosted Supabase as it behaves today, read from Supabase's public sources (its Postgres
-- image, auth and storage services) and changelog; what still differs, and why, is the parity table in
-- README.md beside this file. Above all: objects the project creates in `public` get NO privilege for
-- anon, authenticated or service_role. Only the migrations' own grants open them to the Data API.
--
-- Runs once, on a new database, as a superuser (supabase_admin on a real server, PGlite's postgres).
-- Idempotent where a cluster may already hold it (roles are cluster-wide on a real server).

-- ---------------------------------------------------------------- roles
do $$
begin
  -- The platform's own superuser; on a real server the cluster is created with it.
  if not exists (select 1 from pg_roles where rolname = 'supabase_admin') then create role supabase_admin nologin; end if;
  -- The role migrations, the dashboard and `supabase db push` use. On hosted it is not a superuser.
  if not exists (select 1 from pg_roles where rolname = 'postgres') then create role postgres login; end if;
  -- PGlite has a single built-in superuser named postgres, which must stay one to run the stack; on a
  -- real server postgres gets hosted's attributes exactly.
  if current_user <> 'postgres' then
    alter role postgres nosuperuser login createdb createrole replication bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'anon') then create role anon nologin; end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then create role authenticated nologin; end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then create role service_role nologin bypassrls; end if;
  -- PostgREST, Storage and GoTrue log in as these.
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then create role authenticator login noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then create role supabase_auth_admin login noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then create role supabase_storage_admin login noinherit createrole; end if;
  if not exists (select 1 from pg_roles where rolname = 'dashboard_user') then create role dashboard_user nologin createdb createrole replication; end if;
end $$;

grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;

-- Hosted caps every API request's statements: 3 s for anon, 8 s signed in. PostgREST applies the
-- impersonated role's settings in each request's transaction; the local REST service does the same
-- (db.ts, setRole).
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';
alter role supabase_auth_admin set search_path = auth;
alter role supabase_storage_admin set search_path = storage;

-- ---------------------------------------------------------------- extensions
create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
grant all on schema extensions to postgres, dashboard_user;

-- ---------------------------------------------------------------- public
-- The project's schema. postgres creates in it; the API roles may look up names in it but get nothing
-- else until a migration grants it.
grant usage on schema public to postgres, anon, authenticated, service_role;
grant all on schema public to postgres;
-- Objects the platform itself creates in public (as supabase_admin) still come with every privilege for
-- the API roles.
alter default privileges for role supabase_admin in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on functions to postgres, anon, authenticated, service_role;
-- Objects postgres creates (every migration) used to get the same; since Supabase stopped exposing new
-- tables to the Data API, a new project takes back the four commands the API uses, sequence reads and
-- function grants. What that leaves is modelled exactly: TRUNCATE, REFERENCES, TRIGGER (and MAINTAIN)
-- on tables and UPDATE on sequences, which the API cannot use, and EXECUTE on functions through PUBLIC,
-- PostgreSQL's own default, which a migration must revoke itself.
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke select, insert, update, delete on tables from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke usage, select on sequences from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke execute on functions from anon, authenticated, service_role;

-- ---------------------------------------------------------------- auth (GoTrue's schema)
-- Owned by supabase_auth_admin, the role GoTrue logs in as. postgres may read and write it (seed, triggers
-- on auth.users); service_role may not touch it: server code manages users through the auth admin API.
create schema if not exists auth authorization supabase_auth_admin;
grant usage on schema auth to postgres, anon, authenticated, service_role, dashboard_user;

set role supabase_auth_admin;

create table auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud varchar(255) default 'authenticated',
  role varchar(255) default 'authenticated',
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255) default '',
  confirmation_sent_at timestamptz,
  recovery_token varchar(255) default '',
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255) default '',
  email_change varchar(255) default '',
  email_change_sent_at timestamptz,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb default '{}'::jsonb,
  raw_user_meta_data jsonb default '{}'::jsonb,
  is_super_admin boolean,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_sso_user boolean not null default false,
  is_anonymous boolean not null default false
);
create unique index users_email_partial_key on auth.users (lower(email)) where is_sso_user = false and email is not null;

create table auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users(id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  unique (provider_id, provider)
);

create table auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users(id) on delete cascade,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  aal text default 'aal1',
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip text
);

create table auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean default false,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  parent varchar(255),
  session_id uuid references auth.sessions(id) on delete cascade
);

-- The claim readers policies use. They read what the API set for this transaction
-- (request.jwt.claims, or the older one-setting-per-claim form).
create or replace function auth.uid() returns uuid language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;
create or replace function auth.role() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;
create or replace function auth.email() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;
create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

reset role;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to postgres, anon, authenticated, service_role, dashboard_user;
grant all on all tables in schema auth to postgres, dashboard_user;
grant all on all sequences in schema auth to postgres, dashboard_user;
revoke all on all tables in schema auth from anon, authenticated, service_role;

-- ---------------------------------------------------------------- storage (the Storage service's schema)
-- Owned by supabase_storage_admin. The Storage API runs each client's request as that client's role, so
-- anon, authenticated and service_role hold every privilege on buckets and objects and the policies of
-- storage.objects decide.
create schema if not exists storage authorization supabase_storage_admin;
grant usage on schema storage to postgres, anon, authenticated, service_role, dashboard_user;

set role supabase_storage_admin;

create table storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  owner_id text,
  public boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  avif_autodetection boolean default false,
  type text not null default 'STANDARD',
  versioning_status text not null default 'DISABLED',
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

create table storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets(id),
  name text,
  owner uuid,
  owner_id text,
  metadata jsonb,
  user_metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  archived_at timestamptz,
  is_delete_marker boolean not null default false,
  is_versioned boolean not null default false,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  unique (bucket_id, name)
);
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

create or replace function storage.foldername(name text) returns text[] language plpgsql immutable as $$
declare _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end
$$;
create or replace function storage.filename(name text) returns text language plpgsql immutable as $$
declare _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;
create or replace function storage.extension(name text) returns text language plpgsql immutable as $$
declare _parts text[]; _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

-- A row deleted in SQL would leave its file behind with nothing pointing at it, so hosted refuses
-- deletes from these tables unless the Storage API, which removes the file too, allows them for its own
-- transaction (storage.allow_delete_query).
create or replace function storage.protect_delete() returns trigger language plpgsql as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), '') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using errcode = '42501', hint = 'This prevents accidental data loss from orphaned objects.';
  end if;
  return null;
end
$$;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

reset role;

grant all on storage.buckets, storage.objects to postgres with grant option;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role, dashboard_user;
grant execute on all functions in schema storage to postgres, anon, authenticated, service_role, dashboard_user;

-- ---------------------------------------------------------------- the database
-- postgres may create schemas in the project's database (the CLI's supabase_migrations among them).
do $$ begin execute format('grant all on database %I to postgres', current_database()); end $$;

-- ---------------------------------------------------------------- policies on storage tables
-- On hosted, postgres does not own storage.objects, yet migrations may create, alter and drop its
-- policies: Supabase's supautils extension grants exactly that (its policy_grants setting), and nothing
-- else: ALTER TABLE or COMMENT on those tables fails with "must be owner". supautils is not available
-- here, so postgres is made a member of the owner and this event trigger refuses, for postgres, every
-- other change to the storage schema's objects, with the same error hosted gives.
grant supabase_storage_admin to postgres;

create or replace function storage.refuse_ddl_but_policies() returns event_trigger language plpgsql as $$
declare
  c record;
begin
  if current_user <> 'postgres' then
    return;
  end if;
  for c in select * from pg_event_trigger_ddl_commands() loop
    if c.command_tag not in ('CREATE POLICY', 'ALTER POLICY')
       and (c.schema_name = 'storage' or c.object_identity like '% on storage.%') then
      raise exception 'must be owner of table %', regexp_replace(c.object_identity, '^(.* on )?storage\.', '')
        using errcode = '42501';
    end if;
  end loop;
end
$$;
drop event trigger if exists storage_refuse_ddl_but_policies;
create event trigger storage_refuse_ddl_but_policies on ddl_command_end execute function storage.refuse_ddl_but_policies();
