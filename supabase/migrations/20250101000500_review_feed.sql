-- review_feed: one round trip for a product page's review section (summary, filtered page, media).
-- Contract: helpers-brief "RPC public.review_feed". Called as GET or POST by anon and signed-in users.
-- security invoker, so the caller's row-level security applies; the explicit is_approved filter keeps
-- the feed public-only even for an author or an admin, who may see more rows of the table.
-- p_limit is clamped to 1..50 and p_offset to >= 0 so no call can ask for an unbounded page; an
-- unknown sort falls back to newest.

create or replace function public.review_feed(
  p_slug text,
  p_sort text default 'newest',
  p_rating integer default null,
  p_with_media boolean default false,
  p_limit integer default 10,
  p_offset integer default 0
)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  with approved as (
    select r.id, r.product_slug, r.rating, r.title, r.content, r.reviewer_name, r.is_verified_purchase,
           r.created_at,
           exists (select 1 from public.review_media m where m.review_id = r.id) as has_media
    from public.reviews r
    where r.product_slug = p_slug and r.is_approved
  ),
  filtered as (
    select a.*,
           row_number() over (
             order by
               case when p_sort = 'highest' then a.rating end desc nulls last,
               case when p_sort = 'lowest' then a.rating end asc nulls last,
               a.created_at desc,
               a.id desc
           ) as pos
    from approved a
    where (p_rating is null or a.rating = p_rating)
      and (not coalesce(p_with_media, false) or a.has_media)
  ),
  page as (
    select f.*
    from filtered f
    order by f.pos
    limit least(greatest(coalesce(p_limit, 10), 1), 50)
    offset greatest(coalesce(p_offset, 0), 0)
  )
  select jsonb_build_object(
    'summary', (
      select jsonb_build_object(
        'count', count(*),
        'average', round(avg(a.rating), 1),
        'histogram', jsonb_build_object(
          '1', count(*) filter (where a.rating = 1),
          '2', count(*) filter (where a.rating = 2),
          '3', count(*) filter (where a.rating = 3),
          '4', count(*) filter (where a.rating = 4),
          '5', count(*) filter (where a.rating = 5)
        ),
        'with_media', count(*) filter (where a.has_media)
      )
      from approved a
    ),
    'total', (select count(*) from filtered),
    'reviews', coalesce((
      select jsonb_agg(
        jsonb_build_object(
          'id', p.id,
          'product_slug', p.product_slug,
          'rating', p.rating,
          'title', p.title,
          'content', p.content,
          'reviewer_name', p.reviewer_name,
          'is_verified_purchase', p.is_verified_purchase,
          'created_at', p.created_at,
          'media', coalesce((
            select jsonb_agg(
              jsonb_build_object('id', m.id, 'file_path', m.file_path, 'file_type', m.file_type, 'file_size', m.file_size)
              order by m.file_path, m.id
            )
            from public.review_media m
            where m.review_id = p.id
          ), '[]'::jsonb)
        )
        order by p.pos
      )
      from page p
    ), '[]'::jsonb)
  )
$$;

comment on function public.review_feed(text, text, integer, boolean, integer, integer) is
  'Approved reviews of one product: {summary{count,average,histogram,with_media}, total, reviews[...media]}.';

revoke execute on function public.review_feed(text, text, integer, boolean, integer, integer) from public;
grant execute on function public.review_feed(text, text, integer, boolean, integer, integer) to anon, authenticated, service_role;
