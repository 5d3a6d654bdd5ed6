-- The DIY Trinity Kit's launch (issue #29, item 2): a switch in the admin puts it on sale, with no deploy
-- and no code change, and everyone on its waiting list hears about it once.
--
--   * product_launches: one row per product that launches by the switch (the catalogue's Coming Soon
--     products, shared/catalog.ts `comingSoon`; today the DIY kit). `on_sale` is what the checkout
--     function, the site's build and the product page read. The public key may read whether each is on
--     sale (it is what the public pages say); nobody writes it but product_launch_set.
--   * launch_mails: the launch e-mail's queue, one row per waiting-list subscription and product, so an
--     address is mailed once however often the switch is flipped. Claimed before sending, as order_mails
--     are (20261126000100_orders.sql order_mail_claim): exactly one sender holds a row, a failed one is
--     retried by the hourly job, a claim left by a process that died is taken again after a while, and
--     the e-mail API's idempotency key keeps that second attempt from sending twice. Whoever unsubscribed
--     before the mail went is skipped, never mailed.
--   * product_launch_set(product, on_sale, by): the switch. The kit-launch function calls it for a
--     signed-in admin only (as admin-orders calls order_transition: the browser holds no key). Turning it on queues the mail
--     for every address subscribed to that product's waiting list at that moment (and only those), and
--     asks for the product's pages to be built again (site_rebuild_request, the ratings' hook:
--     20261201000400_site_rebuilds.sql). Turning it off takes the product off sale and the pages follow;
--     nobody is mailed again when it comes back.
--
-- Written to be re-runnable, like every migration of this project.

create table if not exists public.product_launches (
  product text primary key check (product in ('diy-kit')),
  -- The waiting list whose subscribers hear of the launch (public.subscribers.list).
  waitlist text not null check (waitlist in ('diy-kit-waitlist')),
  on_sale boolean not null default false,
  changed_at timestamptz,
  changed_by uuid references auth.users (id) on delete set null
);
comment on table public.product_launches is
  'Products put on sale by the admin''s switch (the Coming Soon kit): whether each is on sale now. Read by checkout and the site build.';

insert into public.product_launches (product, waitlist) values ('diy-kit', 'diy-kit-waitlist') on conflict (product) do nothing;

create table if not exists public.launch_mails (
  product text not null references public.product_launches (product) on delete cascade,
  subscriber_id uuid not null references public.subscribers (id) on delete cascade,
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed', 'skipped')),
  attempts integer not null default 0,
  queued_at timestamptz not null default now(),
  claimed_at timestamptz,
  sent_at timestamptz,
  primary key (product, subscriber_id)
);
comment on table public.launch_mails is
  'The launch e-mail of each waiting-list subscription, queued when the product goes on sale; claimed before sending so that it goes once.';
create index if not exists launch_mails_owed on public.launch_mails (status) where status in ('queued', 'failed', 'sending');

alter table public.product_launches enable row level security;
alter table public.launch_mails enable row level security;

-- The site's build reads it with the public key. The launch e-mails are read by the kit-launch function
-- only (the admin's counts come from it): no policy, no grant.
drop policy if exists "Anyone reads what is on sale" on public.product_launches;
create policy "Anyone reads what is on sale" on public.product_launches for select to anon using (true);

-- ---------------------------------------------------------------- the switch
create or replace function public.product_launch_set(p_product text, p_on_sale boolean, p_by uuid)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_launch public.product_launches;
  v_queued integer := 0;
begin
  select * into v_launch from public.product_launches where product = p_product for update;
  if not found then
    raise exception 'No launch for product %', p_product using errcode = 'P0002';
  end if;
  if v_launch.on_sale is distinct from p_on_sale then
    update public.product_launches set on_sale = p_on_sale, changed_at = now(), changed_by = p_by where product = p_product;
    perform public.site_rebuild_request(array[p_product]);
  end if;
  if p_on_sale then
    -- Everyone subscribed to the list now, once: a subscription already queued keeps its row.
    insert into public.launch_mails (product, subscriber_id)
    select p_product, s.id from public.subscribers s where s.list = v_launch.waitlist and s.status = 'subscribed'
    on conflict (product, subscriber_id) do nothing;
    get diagnostics v_queued = row_count;
  end if;
  return jsonb_build_object('product', p_product, 'on_sale', p_on_sale, 'queued', v_queued);
end;
$$;
comment on function public.product_launch_set(text, boolean, uuid) is
  'The admin''s launch switch: puts a product on sale (or off), queues the launch e-mail for its waiting list once, asks for its pages to be rebuilt.';

-- ---------------------------------------------------------------- the queue
-- Claims up to p_limit owed launch e-mails (queued, failed, or left 'sending' longer than p_stale_seconds)
-- and answers what to send: each row's address and unsubscribe token, read now. A row whose subscription
-- was unsubscribed since it was queued is marked skipped and not answered.
create or replace function public.launch_mail_claim(p_product text, p_limit integer, p_stale_seconds integer)
returns table (subscriber_id uuid, email text, unsubscribe_token text, attempts integer)
language plpgsql
set search_path = ''
as $$
begin
  update public.launch_mails m set status = 'skipped'
    from public.subscribers s
   where m.product = p_product and s.id = m.subscriber_id and s.status <> 'subscribed'
     and m.status in ('queued', 'failed', 'sending');
  return query
  with owed as (
    select m.subscriber_id from public.launch_mails m
     where m.product = p_product
       and (m.status in ('queued', 'failed') or (m.status = 'sending' and m.claimed_at < now() - make_interval(secs => p_stale_seconds)))
     order by m.queued_at, m.subscriber_id
     limit p_limit
     for update skip locked
  ), claimed as (
    update public.launch_mails m
       set status = 'sending', attempts = m.attempts + 1, claimed_at = now()
      from owed where m.product = p_product and m.subscriber_id = owed.subscriber_id
    returning m.subscriber_id, m.attempts
  )
  select c.subscriber_id, s.email, s.unsubscribe_token, c.attempts
    from claimed c join public.subscribers s on s.id = c.subscriber_id;
end;
$$;

create or replace function public.launch_mail_done(p_product text, p_subscriber uuid, p_status text)
returns void
language sql
set search_path = ''
as $$
  update public.launch_mails
     set status = p_status, sent_at = case when p_status = 'sent' then now() else sent_at end
   where product = p_product and subscriber_id = p_subscriber and status = 'sending'
$$;

-- ---------------------------------------------------------------- grants
-- As in 20261123000100_data_api_grants.sql: take back what the defaults leave, then grant the least.
revoke all on table public.product_launches, public.launch_mails from public, anon, authenticated, service_role;
-- The site's build reads which products are on sale (site/data/launches.ts).
grant select (product, on_sale) on table public.product_launches to anon;
grant select, insert, update, delete on table public.product_launches, public.launch_mails to service_role;

revoke all on function public.product_launch_set(text, boolean, uuid) from public, anon, authenticated, service_role;
revoke all on function public.launch_mail_claim(text, integer, integer) from public, anon, authenticated, service_role;
revoke all on function public.launch_mail_done(text, uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.product_launch_set(text, boolean, uuid) to service_role;
grant execute on function public.launch_mail_claim(text, integer, integer) to service_role;
grant execute on function public.launch_mail_done(text, uuid, text) to service_role;
