-- Stored paths (issue #28, "a prepared world"): a planner_gallery row may hold the object's path on the
-- project's API, `/storage/v1/object/public/planner-gallery/<name>`, instead of a full URL. The widgets
-- build the URL at read time from the address the page was built for (widgets/core/public.ts
-- mediaUrl), so the seed bakes no host or port into rows: one seeded database image serves a stack on
-- any port (tests/support/global-setup.ts), and the gallery shows on a non-default API_PORT.
-- Full http(s) URLs, which uploads store (getPublicUrl, docs/data.md#calls), stay allowed.

alter table public.planner_gallery drop constraint if exists planner_gallery_image_url_check;
alter table public.planner_gallery add constraint planner_gallery_image_url_check
  check (char_length(image_url) <= 1000 and image_url ~* '^(https?://|/storage/v1/object/public/)[^[:space:]]+$');
