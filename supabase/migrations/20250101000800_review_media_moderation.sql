-- Moderation of review files: an admin who deletes a review must be able to delete its files too,
-- or a rejected customer photo would stay publicly reachable with nothing pointing at it.
-- Storage checks a delete against both the select and the delete policies of storage.objects, so
-- admins get both, and only in the review-media bucket.

drop policy if exists "Admins can read review files" on storage.objects;
create policy "Admins can read review files"
  on storage.objects for select to authenticated
  using (bucket_id = 'review-media' and (select public.is_admin()));

drop policy if exists "Admins can delete review files" on storage.objects;
create policy "Admins can delete review files"
  on storage.objects for delete to authenticated
  using (bucket_id = 'review-media' and (select public.is_admin()));
