-- What the Data API may reach, granted explicitly and per role.
--
-- Hosted Supabase no longer gives anon, authenticated or service_role any privilege on a table or
-- function created in `public` (supabase/local/README.md, "Parity with hosted Supabase"): without the grants below every
-- call the site makes is refused with 42501, however permissive the row-level security is. Each grant is
-- the least a role's policies and the site's calls need; row-level security still decides which rows.
-- tests/backend/grants.test.ts pins this exact set and proves that every grant is needed: it revokes each
-- one in turn and replays the site's calls.
--
-- Written to be re-runnable: it first takes back whatever a database created under the old defaults
-- handed out, then grants.

-- ---------------------------------------------------------------- start from nothing
revoke all on all tables in schema public from anon, authenticated, service_role;
revoke all on all sequences in schema public from anon, authenticated, service_role;
revoke all on all functions in schema public from public, anon, authenticated, service_role;

grant usage on schema public to anon, authenticated, service_role;

-- ---------------------------------------------------------------- tables the widgets use
-- Reading is for everyone; the policies show anon only approved reviews, their media and active
-- gallery items.
grant select on table public.reviews, public.review_media, public.planner_gallery to anon;

-- profiles: each user reads, creates (upsert on sign-in) and edits their own; admins read all. No
-- delete: a profile goes with its auth user.
grant select, insert, update on table public.profiles to authenticated;

-- reviews: authors write and may withdraw a pending review; admins moderate (update) and delete.
grant select, insert, update, delete on table public.reviews to authenticated;

-- review_media: authors attach and remove files of a pending review; there is no update policy.
grant select, insert, delete on table public.review_media to authenticated;

-- planner_gallery: admins manage it through the gallery admin element.
grant select, insert, update, delete on table public.planner_gallery to authenticated;

-- ---------------------------------------------------------------- service_role
-- Server code (the functions, the dashboard's key) works on every table of the project with all four
-- commands; it bypasses row-level security but not privileges. The consent ledger is append-only: its
-- rows are never edited, so service_role gets no update there.
grant select, insert, update, delete on table
  public.profiles, public.reviews, public.review_media, public.planner_gallery,
  public.rate_limits, public.subscribers, public.leads
  to service_role;
grant select, insert, delete on table public.subscriber_consents to service_role;

-- ---------------------------------------------------------------- functions
-- Policies and the admin pages call is_admin() as the signed-in user. The moderation and limit triggers
-- name it in every write, and PostgreSQL checks EXECUTE when it prepares the expression, whoever
-- writes: service_role needs it too.
grant execute on function public.is_admin() to authenticated, service_role;

-- The product pages' review section, signed out and signed in; the prerender reads it with the anon key.
grant execute on function public.review_feed(text, text, integer, boolean, integer, integer) to anon, authenticated;

-- Only the functions (service_role) count rate-limit hits and write subscriptions.
grant execute on function public.rate_limit_hit(text, integer, integer) to service_role;
grant execute on function public.newsletter_subscribe(text, text, text, text, text) to service_role;
grant execute on function public.newsletter_unsubscribe(text) to service_role;

-- Trigger functions (profiles_set_dates, reviews_protect_moderation, review_media_enforce_rules,
-- planner_gallery_enforce_limit, handle_new_user) need no EXECUTE grant: a trigger runs its function
-- whatever the caller's privileges, and PostgREST never offers a trigger function as an RPC.
