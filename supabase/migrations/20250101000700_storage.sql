-- Storage buckets and their object policies (helpers-brief "Storage buckets"; docs/data.md#entities, docs/data.md#calls).
-- Both buckets are public: files are read through /object/public/... without a token, which does not
-- consult these policies. The policies below govern the API calls that do: upload, update (upsert),
-- delete, and authenticated reads/listing. No policy names anon, so anonymous callers write nothing.
-- Limits mirror rules.ts (REVIEW_MAX_FILE_BYTES, REVIEW_MIME_TYPES, GALLERY_MAX_FILE_BYTES).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('review-media', 'review-media', true, 5242880,
   array['image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/quicktime']),
  ('planner-gallery', 'planner-gallery', true, 52428800, array['image/*', 'video/*'])
on conflict (id) do update
  set name = excluded.name,
      public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- review-media: each user writes only under their own folder, {user id}/{review id}/{index}.{ext}.
drop policy if exists "Users can read their own review files" on storage.objects;
create policy "Users can read their own review files"
  on storage.objects for select to authenticated
  using (bucket_id = 'review-media' and (storage.foldername(name))[1] = (select auth.uid())::text);

drop policy if exists "Users can upload review files into their own folder" on storage.objects;
create policy "Users can upload review files into their own folder"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'review-media' and (storage.foldername(name))[1] = (select auth.uid())::text);

drop policy if exists "Users can replace their own review files" on storage.objects;
create policy "Users can replace their own review files"
  on storage.objects for update to authenticated
  using (bucket_id = 'review-media' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'review-media' and (storage.foldername(name))[1] = (select auth.uid())::text);

drop policy if exists "Users can delete their own review files" on storage.objects;
create policy "Users can delete their own review files"
  on storage.objects for delete to authenticated
  using (bucket_id = 'review-media' and (storage.foldername(name))[1] = (select auth.uid())::text);

-- planner-gallery: admins only.
drop policy if exists "Admins can read gallery files" on storage.objects;
create policy "Admins can read gallery files"
  on storage.objects for select to authenticated
  using (bucket_id = 'planner-gallery' and (select public.is_admin()));

drop policy if exists "Admins can upload gallery files" on storage.objects;
create policy "Admins can upload gallery files"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'planner-gallery' and (select public.is_admin()));

drop policy if exists "Admins can replace gallery files" on storage.objects;
create policy "Admins can replace gallery files"
  on storage.objects for update to authenticated
  using (bucket_id = 'planner-gallery' and (select public.is_admin()))
  with check (bucket_id = 'planner-gallery' and (select public.is_admin()));

drop policy if exists "Admins can delete gallery files" on storage.objects;
create policy "Admins can delete gallery files"
  on storage.objects for delete to authenticated
  using (bucket_id = 'planner-gallery' and (select public.is_admin()));
