-- planner_gallery (docs/admin.md#gallery-admin, docs/data.md#entities, #calls): the Crown Planner carousel. Everyone sees active
-- items; admins manage all of them. Limits mirror rules.ts (GALLERY_MAX_ITEMS, ALT_TEXT_MAX) and the
-- spec's wording (docs/errors.md "You can only have up to 10 files in the gallery.").

create table if not exists public.planner_gallery (
  id uuid primary key default gen_random_uuid(),
  image_url text not null,
  alt_text text not null default '',
  display_order integer not null default 0,
  is_active boolean not null default true,
  file_type text not null default 'image',
  created_at timestamptz not null default now(),
  constraint planner_gallery_display_order_check check (display_order >= 0),
  constraint planner_gallery_file_type_check check (file_type in ('image', 'video')),
  constraint planner_gallery_alt_text_check check (char_length(alt_text) <= 300),
  constraint planner_gallery_image_url_check check (char_length(image_url) <= 1000 and image_url ~* '^https?://[^[:space:]]+$')
);

comment on table public.planner_gallery is 'Crown Planner gallery items; only active ones are public, ordered by display_order.';

create index if not exists planner_gallery_display_order_idx on public.planner_gallery (display_order);

alter table public.planner_gallery enable row level security;

-- Several permissive policies per command, one per reason a row is visible or removable, so each reads
-- as a sentence of the rules. The advisor's multiple_permissive_policies warning is accepted: PostgreSQL
-- ORs them, each is an initplan or an indexed lookup, and the tables stay small.
drop policy if exists "Anyone can view active gallery items" on public.planner_gallery;
create policy "Anyone can view active gallery items"
  on public.planner_gallery for select to anon, authenticated
  using (is_active);

drop policy if exists "Admins can view every gallery item" on public.planner_gallery;
create policy "Admins can view every gallery item"
  on public.planner_gallery for select to authenticated
  using ((select public.is_admin()));

drop policy if exists "Admins can add gallery items" on public.planner_gallery;
create policy "Admins can add gallery items"
  on public.planner_gallery for insert to authenticated
  with check ((select public.is_admin()));

drop policy if exists "Admins can edit gallery items" on public.planner_gallery;
create policy "Admins can edit gallery items"
  on public.planner_gallery for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

drop policy if exists "Admins can remove gallery items" on public.planner_gallery;
create policy "Admins can remove gallery items"
  on public.planner_gallery for delete to authenticated
  using ((select public.is_admin()));

-- At most 10 items, active or not. Non-admin clients are left to the insert policy (42501), so the
-- limit message only ever reaches someone who could otherwise have added an item.
create or replace function public.planner_gallery_enforce_limit()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_count integer;
begin
  if current_user in ('anon', 'authenticated') and not public.is_admin() then
    return new;
  end if;
  -- Serialise inserts so two uploads cannot both take the 10th place.
  perform pg_advisory_xact_lock(hashtextextended('planner_gallery', 0));
  select count(*) into v_count from public.planner_gallery;
  if v_count >= 10 then
    raise exception 'You can only have up to 10 files in the gallery.'
      using errcode = 'check_violation';
  end if;
  return new;
end
$$;

drop trigger if exists planner_gallery_enforce_limit on public.planner_gallery;
create trigger planner_gallery_enforce_limit
  before insert on public.planner_gallery
  for each row execute function public.planner_gallery_enforce_limit();
