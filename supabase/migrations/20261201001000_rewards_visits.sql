-- Rewards, part one (issue #31, items 1 and 2; docs/rewards.md): the studio's bookings arrive from Acuity
-- Scheduling, and each visit that happened becomes a punch on its client's card.
--
--   * bookings: one row per Acuity appointment, as Acuity's API last described it (the acuity-webhook
--     function fetches the appointment by the id a signed webhook names, and applies it through
--     booking_apply). `synced_at` is when that read began: a slower, older read never overwrites a newer
--     one, so duplicated and reordered deliveries end in the same state. The e-mail is stored lower-cased.
--   * punches: the card's history, append-only. A row adds one punch (+1) or takes one back (-1), with
--     its reason: `visit` (the appointment ended, not canceled, not a no-show), `canceled`, `no_show`,
--     `rescheduled` (moved back into the future), `email_changed` (the booking now names another
--     address) take back; `admin_add` / `admin_take_back` are the business's corrections, with who did it
--     and why. Nothing is ever updated or deleted: a punch taken back is a new row, and the card is the
--     sum. A booking holds at most one punch per address at any time (rewards_settle decides under the
--     booking's lock).
--   * rewards_settle(booking): applies the rule to one booking, or to every booking (null): the hourly job
--     (rewards-punches function) runs it, so a visit counts once its end has passed.
--   * rewards_adjust(email, change, reason, by): an admin's correction (the admin function that calls it
--     comes with the rewards screens).
--
-- Whose card: visits belong to the e-mail address, and a member sees the rows of their own confirmed
-- address (private.my_confirmed_email(), migration verified_purchase). A booking whose address has no
-- account waits, unclaimed; it is theirs the moment an account confirms that address, and an address
-- changed but not confirmed yet moves nothing (auth.users.email changes only once confirmed).
--
-- RLS: a member reads their own bookings and punches, an admin reads all; nobody writes from a client
-- (no insert/update/delete grant, no write policy): only the service role, through the functions above.
--
-- Written to be re-runnable, like every migration of this project.

create table if not exists public.bookings (
  acuity_id bigint primary key check (acuity_id > 0),
  -- Lower-cased; null when the appointment has no e-mail (booked by the studio without one): never punched.
  email text check (email is null or (email = lower(email) and length(email) between 3 and 320)),
  first_name text,
  appointment_type text not null default '',
  appointment_type_id bigint,
  calendar_id bigint,
  starts_at timestamptz not null,
  ends_at timestamptz not null check (ends_at >= starts_at),
  canceled boolean not null default false,
  no_show boolean not null default false,
  -- The client's own page at Acuity (its reschedule and cancel links), shown with upcoming appointments.
  confirmation_page text,
  first_seen_at timestamptz not null default now(),
  synced_at timestamptz not null
);
comment on table public.bookings is
  'Acuity appointments as Acuity''s API last described them (acuity-webhook); a visit counts once ended, not canceled, not a no-show.';
create index if not exists bookings_email on public.bookings (email);
create index if not exists bookings_ends_at on public.bookings (ends_at);

create table if not exists public.punches (
  id bigint generated always as identity primary key,
  email text not null check (email = lower(email)),
  booking_id bigint references public.bookings (acuity_id) on delete restrict,
  change smallint not null check (change in (1, -1)),
  reason text not null check (reason in ('visit', 'canceled', 'no_show', 'rescheduled', 'email_changed', 'admin_add', 'admin_take_back')),
  -- An admin's correction says why, and who made it.
  note text check (note is null or length(note) <= 500),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  check ((reason in ('admin_add', 'admin_take_back')) = (booking_id is null)),
  check (reason not in ('admin_add', 'admin_take_back') or (note is not null and length(btrim(note)) > 0)),
  check ((reason in ('visit', 'admin_add')) = (change = 1))
);
comment on table public.punches is
  'The rewards card''s history, append-only: +1 a visit or an admin''s punch, -1 a punch taken back (canceled, no-show, an admin''s correction). The card is the sum.';
create index if not exists punches_email on public.punches (email, id);
create index if not exists punches_booking on public.punches (booking_id);

-- Append-only, whoever tries (the service role included): a correction is a new row.
create or replace function public.punches_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'The rewards history is append-only: add a row that takes the punch back instead' using errcode = '42501';
end;
$$;
drop trigger if exists punches_append_only on public.punches;
create trigger punches_append_only before update or delete on public.punches
  for each row execute function public.punches_append_only();

alter table public.bookings enable row level security;
alter table public.punches enable row level security;

drop policy if exists "Members read their own bookings and admins read all" on public.bookings;
create policy "Members read their own bookings and admins read all"
  on public.bookings for select to authenticated
  using (email = (select private.my_confirmed_email()) or (select public.is_admin()));

drop policy if exists "Members read their own punches and admins read all" on public.punches;
create policy "Members read their own punches and admins read all"
  on public.punches for select to authenticated
  using (email = (select private.my_confirmed_email()) or (select public.is_admin()));

-- ---------------------------------------------------------------- a booking as Acuity describes it
-- p: {acuity_id, email, first_name, appointment_type, appointment_type_id, calendar_id, starts_at,
-- ends_at, canceled, no_show, confirmation_page}; p_synced_at: when the read from Acuity began. Returns
-- whether the row now holds this read (false: a newer read was applied already).
create or replace function public.booking_apply(p jsonb, p_synced_at timestamptz)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  v_applied boolean;
begin
  insert into public.bookings as b (acuity_id, email, first_name, appointment_type, appointment_type_id, calendar_id, starts_at, ends_at,
                                    canceled, no_show, confirmation_page, synced_at)
  values ((p ->> 'acuity_id')::bigint, nullif(lower(btrim(p ->> 'email')), ''), p ->> 'first_name', coalesce(p ->> 'appointment_type', ''),
          (p ->> 'appointment_type_id')::bigint, (p ->> 'calendar_id')::bigint, (p ->> 'starts_at')::timestamptz, (p ->> 'ends_at')::timestamptz,
          coalesce((p ->> 'canceled')::boolean, false), coalesce((p ->> 'no_show')::boolean, false), p ->> 'confirmation_page', p_synced_at)
  on conflict (acuity_id) do update set
    email = excluded.email, first_name = excluded.first_name, appointment_type = excluded.appointment_type,
    appointment_type_id = excluded.appointment_type_id, calendar_id = excluded.calendar_id, starts_at = excluded.starts_at,
    ends_at = excluded.ends_at, canceled = excluded.canceled, no_show = excluded.no_show,
    confirmation_page = excluded.confirmation_page, synced_at = excluded.synced_at
  where b.synced_at <= excluded.synced_at
  returning true into v_applied;
  return coalesce(v_applied, false);
end;
$$;

-- ---------------------------------------------------------------- the rule
-- A booking counts as a visit once its end has passed, it is not canceled and not a no-show. Settling
-- a booking makes its punches agree with that, adding or taking back one row at most per address.
create or replace function public.rewards_settle(p_booking bigint default null)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_booking public.bookings;
  v_punched integer := 0;
  v_taken integer := 0;
  v_held record;
  v_counts boolean;
begin
  for v_booking in
    select b.* from public.bookings b
     where (p_booking is null or b.acuity_id = p_booking)
       -- Only what may need a row: a visit not yet punched, or a punch that no longer holds.
       and (
         (b.email is not null and b.ends_at <= now() and not b.canceled and not b.no_show
            and coalesce((select sum(x.change) from public.punches x where x.booking_id = b.acuity_id and x.email = b.email), 0) = 0)
         or exists (select 1 from public.punches x where x.booking_id = b.acuity_id
                     group by x.email having sum(x.change) > 0
                        and (x.email is distinct from b.email or b.ends_at > now() or b.canceled or b.no_show))
       )
     order by b.acuity_id
  loop
    -- Under the booking's lock, read again: a webhook may have changed it since.
    select * into v_booking from public.bookings where acuity_id = v_booking.acuity_id for update;
    v_counts := v_booking.email is not null and v_booking.ends_at <= now() and not v_booking.canceled and not v_booking.no_show;
    for v_held in
      select x.email from public.punches x where x.booking_id = v_booking.acuity_id group by x.email having sum(x.change) > 0
    loop
      if not (v_counts and v_held.email = v_booking.email) then
        insert into public.punches (email, booking_id, change, reason)
        values (v_held.email, v_booking.acuity_id, -1,
                case when v_held.email is distinct from v_booking.email then 'email_changed'
                     when v_booking.canceled then 'canceled'
                     when v_booking.no_show then 'no_show'
                     else 'rescheduled' end);
        v_taken := v_taken + 1;
      end if;
    end loop;
    if v_counts and coalesce((select sum(x.change) from public.punches x where x.booking_id = v_booking.acuity_id and x.email = v_booking.email), 0) = 0 then
      insert into public.punches (email, booking_id, change, reason) values (v_booking.email, v_booking.acuity_id, 1, 'visit');
      v_punched := v_punched + 1;
    end if;
  end loop;
  return jsonb_build_object('punched', v_punched, 'taken_back', v_taken);
end;
$$;

-- ---------------------------------------------------------------- an admin's correction
-- p_change +1 adds a punch, -1 takes one back (never below an empty card); p_reason is required; p_by is
-- the admin (the calling function checks the role). Returns the new row's id.
create or replace function public.rewards_adjust(p_email text, p_change integer, p_reason text, p_by uuid)
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  v_email text := lower(btrim(p_email));
  v_id bigint;
begin
  if p_change not in (1, -1) then
    raise exception 'A correction adds or takes back one punch' using errcode = '22023';
  end if;
  if p_reason is null or length(btrim(p_reason)) = 0 then
    raise exception 'A correction needs a reason' using errcode = '22023';
  end if;
  if p_by is null then
    raise exception 'A correction needs the admin who made it' using errcode = '22023';
  end if;
  -- One correction of an address at a time, so two take-backs cannot both pass the check below.
  perform pg_advisory_xact_lock(hashtext('rewards:' || v_email));
  if p_change = -1 and coalesce((select sum(x.change) from public.punches x where x.email = v_email), 0) < 1 then
    raise exception 'This card has no punch to take back' using errcode = '22023';
  end if;
  insert into public.punches (email, change, reason, note, created_by)
  values (v_email, p_change, case when p_change = 1 then 'admin_add' else 'admin_take_back' end, btrim(p_reason), p_by)
  returning id into v_id;
  return v_id;
end;
$$;

-- As in 20261123000100_data_api_grants.sql: take back what the defaults leave, then grant the least.
revoke all on table public.bookings, public.punches from public, anon, authenticated, service_role;
revoke all on sequence public.punches_id_seq from public, anon, authenticated, service_role;
revoke execute on function public.booking_apply(jsonb, timestamptz), public.rewards_settle(bigint),
  public.rewards_adjust(text, integer, text, uuid), public.punches_append_only()
  from public, anon, authenticated, service_role;

-- What /account shows a member (their card, its history, their upcoming appointments with Acuity's
-- own page), and an admin the same for everyone.
grant select (acuity_id, email, first_name, appointment_type, starts_at, ends_at, canceled, no_show, confirmation_page) on table public.bookings to authenticated;
grant select (id, email, booking_id, change, reason, note, created_by, created_at) on table public.punches to authenticated;
-- The functions: the webhook applies bookings, the job settles them, the admin function corrects.
grant select, insert, update on table public.bookings to service_role;
grant select, insert on table public.punches to service_role;
grant execute on function public.booking_apply(jsonb, timestamptz), public.rewards_settle(bigint),
  public.rewards_adjust(text, integer, text, uuid) to service_role;
