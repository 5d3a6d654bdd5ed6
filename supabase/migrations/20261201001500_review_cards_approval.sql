-- Moderation reads the cards it moderates from review_cards, as kyb-reviews and the built pages do
-- (issue #30, item 2): the view gains is_approved, appended as `create or replace view` allows, so the
-- admin's tabs can filter on it and the badge show it.
--
-- Nothing else changes. The view still runs as its caller, so a visitor still sees approved reviews
-- only (and review_feed, which returns the view's rows whole, only ever gives them is_approved = true);
-- the admin sees every review, as the row-level security of reviews allows. The grants carry over.
--
-- Written to be re-runnable.

create or replace view public.review_cards
with (security_invoker = true)
as
select
  r.id,
  r.product_slug,
  r.rating,
  r.title,
  r.content,
  r.reviewer_name,
  r.is_verified_purchase,
  r.created_at,
  (select jsonb_build_object('content', x.content, 'created_at', x.created_at, 'updated_at', x.updated_at)
     from public.review_replies x
    where x.review_id = r.id) as reply,
  coalesce((
    select jsonb_agg(jsonb_build_object('id', m.id, 'file_path', m.file_path, 'file_type', m.file_type, 'file_size', m.file_size)
                     order by m.file_path, m.id)
      from public.review_media m
     where m.review_id = r.id
  ), '[]'::jsonb) as media,
  r.is_approved
from public.reviews r;
