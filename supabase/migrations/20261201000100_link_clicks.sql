-- link_clicks: how often each link of the brand's link-in-bio page (/links, issue #22) was followed,
-- per link and per day. One row per (link, day) holding a number: no cookie, no address, no user, no
-- time of day, nothing that tells one visitor from another (the privacy page lists the table as
-- holding nothing about people, site/content/policies.ts).
--
-- The page counts without any script: each link carries `ping=".../functions/v1/link-click?link=<id>"`,
-- which the browser posts when the link is followed (hyperlink auditing). The link-click function checks
-- the id against shared/links.ts and calls link_click_record(), which only adds one; it alone writes.
-- Admins read the counts in /admin/embed.
--
-- The day is the studio's (America/New_York), so "today" on the admin screen is the business's today.
--
-- Written to be re-runnable.

create table if not exists public.link_clicks (
  link text not null,
  day date not null,
  clicks integer not null default 0,
  primary key (link, day),
  -- The ids of shared/links.ts (LINK_CLICK_IDS) are of this form; the function accepts only those.
  constraint link_clicks_link_check check (link ~ '^[a-z0-9-]{1,40}$'),
  constraint link_clicks_clicks_check check (clicks >= 0)
);

comment on table public.link_clicks is
  'Clicks on the links of /links, per link and day (America/New_York); counts only, nothing about visitors.';

alter table public.link_clicks enable row level security;

drop policy if exists "Admins can read link clicks" on public.link_clicks;
create policy "Admins can read link clicks"
  on public.link_clicks for select to authenticated
  using ((select public.is_admin()));

-- Adds one click to today's count of p_link, in one statement (concurrent clicks cannot lose one).
-- security invoker: its caller, the link-click function's service_role, writes the table itself.
create or replace function public.link_click_record(p_link text)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  insert into public.link_clicks as c (link, day, clicks)
  values (p_link, (now() at time zone 'America/New_York')::date, 1)
  on conflict (link, day) do update set clicks = c.clicks + 1
$$;

comment on function public.link_click_record(text) is 'Adds one to today''s click count of a /links link (the link-click function only).';

-- ---------------------------------------------------------------- Data API exposure
-- As in 20261123000100_data_api_grants.sql: take back what the defaults leave, then grant the least.
revoke all on table public.link_clicks from anon, authenticated, service_role;
-- Admins read the counts in /admin/embed (the policy keeps every other user to nothing).
grant select on table public.link_clicks to authenticated;
-- Server code manages every table of the project with all four commands.
grant select, insert, update, delete on table public.link_clicks to service_role;

revoke all on function public.link_click_record(text) from public, anon, authenticated, service_role;
grant execute on function public.link_click_record(text) to service_role;
