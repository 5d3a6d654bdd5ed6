-- Moderation of review files in storage (issue 9). The first storage policies let an author overwrite
-- or delete anything under their own folder, so an approved photo could be swapped afterwards (the
-- public URL then served the new bytes) or deleted (leaving a public review_media row pointing at
-- nothing). A file is *settled* once a review_media row names it or its review is approved: from then
-- on only an admin may overwrite or delete it. The folder policies stay; restrictive ones narrow them.
--
-- The review form (widgets/reviews/submit.ts) uploads first and names the files afterwards, so an
-- author still uploads, re-uploads (a retried submit upserts) and removes files until they are named.
-- To take a named file out of a pending review, the author deletes its review_media row first; the file
-- is then unnamed and theirs to remove. The moderator therefore approves exactly the bytes they saw.
--
-- Files no review names (an abandoned form, or the bucket used as free hosting) are removed after a
-- grace period by the review-media-cleanup function, which asks review_media_orphans() below.
--
-- Re-runnable: every object is dropped (if present) and created again.

-- Files are looked up by path: by these policies and by the cleanup's anti-join.
create index if not exists review_media_file_path_idx on public.review_media (file_path);

-- Security invoker: it runs under the caller's own policies, which show an author every review and
-- review_media row of their own (the only ones whose files lie in their folder), and expose nothing
-- else when called as an RPC.
create or replace function public.review_file_is_settled(p_name text)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select exists (select 1 from public.review_media m where m.file_path = p_name)
      or exists (
        select 1 from public.reviews r
        where r.is_approved
          -- Paths are {author}/{review id}/{file}; the CASE keeps a folder that is no uuid from a cast error.
          and r.id = case when split_part(p_name, '/', 2) ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$'
                          then split_part(p_name, '/', 2)::uuid end
      )
$$;

comment on function public.review_file_is_settled(text) is
  'True once a review shows the review-media file at this path: a review_media row names it, or its review is approved.';

-- ---------------------------------------------------------------- settled files
-- Restrictive policies: PostgreSQL grants a write only when one permissive policy allows it (the
-- folder rules of 20250101000700_storage.sql) and every restrictive one does too. So this rule holds
-- whatever the other migrations create, also when they are run again.
drop policy if exists "Only admins overwrite settled review files" on storage.objects;
create policy "Only admins overwrite settled review files"
  on storage.objects as restrictive for update to authenticated
  using (bucket_id <> 'review-media' or (select public.is_admin()) or not public.review_file_is_settled(name))
  with check (bucket_id <> 'review-media' or (select public.is_admin()) or not public.review_file_is_settled(name));

drop policy if exists "Only admins delete settled review files" on storage.objects;
create policy "Only admins delete settled review files"
  on storage.objects as restrictive for delete to authenticated
  using (bucket_id <> 'review-media' or (select public.is_admin()) or not public.review_file_is_settled(name));

-- Also for new files: a name a review holds whose file is gone, or a new file in an approved review.
drop policy if exists "Only admins store settled review files" on storage.objects;
create policy "Only admins store settled review files"
  on storage.objects as restrictive for insert to authenticated
  with check (bucket_id <> 'review-media' or (select public.is_admin()) or not public.review_file_is_settled(name));

-- ---------------------------------------------------------------- admins
-- Admins already read and delete review files (20250101000800_review_media_moderation.sql). They may
-- also replace a file (an upsert checks both policies below) or put one back under a name a
-- review_media row holds, never add a new file to a customer's folder.
drop policy if exists "Admins can replace review files" on storage.objects;
create policy "Admins can replace review files"
  on storage.objects for update to authenticated
  using (bucket_id = 'review-media' and (select public.is_admin()))
  with check (bucket_id = 'review-media' and (select public.is_admin()));

drop policy if exists "Admins can store review files under a name a review holds" on storage.objects;
create policy "Admins can store review files under a name a review holds"
  on storage.objects for insert to authenticated
  with check (
    bucket_id = 'review-media'
    and (select public.is_admin())
    and exists (select 1 from public.review_media m where m.file_path = objects.name)
  );

-- ---------------------------------------------------------------- leftover files
-- The review-media objects no review_media row names, unchanged for 24 hours (the grace period: a form
-- uploads its files a moment before it names them), oldest first, at most p_limit (Storage removes at
-- most 1000 names per call). Only the cleanup function (service_role) calls it; deleting rows of
-- storage.objects from SQL is refused (storage.protect_delete), so the function removes them through
-- the Storage API, which deletes the bytes too.
create or replace function public.review_media_orphans(p_limit integer default 1000)
returns setof text
language sql
stable
security invoker
set search_path = ''
as $$
  select o.name
  from storage.objects o
  where o.bucket_id = 'review-media'
    and coalesce(o.updated_at, o.created_at) < now() - interval '24 hours'
    and not exists (select 1 from public.review_media m where m.file_path = o.name)
  order by coalesce(o.updated_at, o.created_at), o.name
  limit least(greatest(coalesce(p_limit, 1000), 0), 1000)
$$;

comment on function public.review_media_orphans(integer) is
  'Names of review-media objects no review_media row has named for 24 hours (for the review-media-cleanup function).';

-- ---------------------------------------------------------------- grants
-- Hosted gives new functions to PUBLIC only (README "Parity with hosted Supabase"); take that back and
-- grant what the callers need. The storage policies run review_file_is_settled() as the signed-in
-- uploader; the cleanup runs as service_role.
revoke all on function public.review_file_is_settled(text) from public, anon, authenticated, service_role;
revoke all on function public.review_media_orphans(integer) from public, anon, authenticated, service_role;
grant execute on function public.review_file_is_settled(text) to authenticated;
grant execute on function public.review_media_orphans(integer) to service_role;
