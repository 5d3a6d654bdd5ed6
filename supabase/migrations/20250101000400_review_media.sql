-- review_media (docs/data.md#entities, #calls): one row per file attached to a review, the file itself living in the
-- review-media bucket at {review author}/{review id}/{index}.{ext}. Limits mirror rules.ts
-- (REVIEW_MAX_FILES, REVIEW_MAX_FILE_BYTES, REVIEW_MIME_TYPES).

create table if not exists public.review_media (
  id uuid primary key default gen_random_uuid(),
  review_id uuid not null references public.reviews (id) on delete cascade,
  file_path text not null,
  file_type text not null,
  file_size integer not null,
  created_at timestamptz not null default now(),
  constraint review_media_review_id_file_path_key unique (review_id, file_path),
  constraint review_media_file_type_check check (file_type in ('image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/quicktime')),
  constraint review_media_file_size_check check (file_size between 1 and 5242880),
  constraint review_media_file_path_check check (char_length(file_path) <= 300 and file_path !~ '(^|/)\.\.?(/|$)')
);

comment on table public.review_media is 'Files attached to a review (paths in the review-media bucket).';

alter table public.review_media enable row level security;

-- Several permissive policies per command, one per reason a row is visible or removable, so each reads
-- as a sentence of the rules. The advisor's multiple_permissive_policies warning is accepted: PostgreSQL
-- ORs them, each is an initplan or an indexed lookup, and the tables stay small.
-- The subquery runs under the caller's own policies on reviews, so media is visible exactly when its
-- review is: approved ones for everyone, pending ones to their author and to admins.
drop policy if exists "Media is readable when its review is" on public.review_media;
create policy "Media is readable when its review is"
  on public.review_media for select to anon, authenticated
  using (exists (select 1 from public.reviews r where r.id = review_media.review_id));

-- Files are attached while the review awaits moderation; an approved review's media is settled.
drop policy if exists "Authors can attach files to their pending reviews" on public.review_media;
create policy "Authors can attach files to their pending reviews"
  on public.review_media for insert to authenticated
  with check (exists (
    select 1 from public.reviews r
    where r.id = review_media.review_id and r.user_id = (select auth.uid()) and not r.is_approved
  ));

drop policy if exists "Authors can remove files from their pending reviews" on public.review_media;
create policy "Authors can remove files from their pending reviews"
  on public.review_media for delete to authenticated
  using (exists (
    select 1 from public.reviews r
    where r.id = review_media.review_id and r.user_id = (select auth.uid()) and not r.is_approved
  ));

drop policy if exists "Admins can remove any review file" on public.review_media;
create policy "Admins can remove any review file"
  on public.review_media for delete to authenticated
  using ((select public.is_admin()));

-- The two rules a CHECK cannot express: the path lies in the review's own folder, and a review holds at
-- most 5 files. They speak only to callers allowed to attach files to that review (its author, an admin,
-- server code); anyone else is left to the insert policy, which refuses with 42501.
create or replace function public.review_media_enforce_rules()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_owner uuid;
  v_approved boolean;
  v_prefix text;
  v_count integer;
begin
  -- Runs under the caller's policies: a review the caller cannot see is not found here.
  select r.user_id, r.is_approved into v_owner, v_approved from public.reviews r where r.id = new.review_id;
  if not found then
    return new; -- the foreign key or the insert policy answers
  end if;
  if current_user in ('anon', 'authenticated')
     and (v_owner is distinct from (select auth.uid()) or v_approved) and not public.is_admin() then
    return new;
  end if;

  v_prefix := v_owner::text || '/' || new.review_id::text || '/';
  if left(new.file_path, char_length(v_prefix)) <> v_prefix or char_length(new.file_path) = char_length(v_prefix) then
    raise exception 'A review file must be stored under %', v_prefix
      using errcode = 'check_violation';
  end if;

  if tg_op = 'INSERT' or new.review_id is distinct from old.review_id then
    -- One writer per review at a time, so two uploads cannot both take the 5th place.
    perform pg_advisory_xact_lock(hashtextextended('review_media:' || new.review_id::text, 0));
    select count(*) into v_count from public.review_media m where m.review_id = new.review_id;
    if v_count >= 5 then
      raise exception 'A review can have at most 5 files'
        using errcode = 'check_violation';
    end if;
  end if;
  return new;
end
$$;

drop trigger if exists review_media_enforce_rules on public.review_media;
create trigger review_media_enforce_rules
  before insert or update on public.review_media
  for each row execute function public.review_media_enforce_rules();
