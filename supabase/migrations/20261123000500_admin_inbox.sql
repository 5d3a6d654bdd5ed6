-- The admin inbox (issue #10): every lead and subscriber in one list for the business, read and
-- triaged by signed-in admins through row-level security, never with the service key in a browser.
--
--   * leads and subscribers get an inbox status (new / handled / archived) that admins may change,
--     and nothing else: a column-level UPDATE grant on that one column, plus an admin-only policy;
--   * leads record whether the business was told by e-mail (notification: sent / failed / skipped),
--     written by the lead-capture function after the row is stored;
--   * admin_inbox is one list over both tables, a security-invoker view: it reads as the caller, so
--     the policies below decide what an admin sees, and a visitor sees nothing;
--   * admins read subscribers column by column: the unsubscribe token (the only credential an
--     unsubscribe link carries) stays with the functions.
--
-- Written to be re-runnable, like every migration of this project.

alter table public.leads add column if not exists inbox_status text not null default 'new';
alter table public.leads add column if not exists notification text;
alter table public.subscribers add column if not exists inbox_status text not null default 'new';

alter table public.leads drop constraint if exists leads_inbox_status_check;
alter table public.leads add constraint leads_inbox_status_check check (inbox_status in ('new', 'handled', 'archived'));
alter table public.leads drop constraint if exists leads_notification_check;
alter table public.leads add constraint leads_notification_check check (notification in ('sent', 'failed', 'skipped'));
alter table public.subscribers drop constraint if exists subscribers_inbox_status_check;
alter table public.subscribers add constraint subscribers_inbox_status_check check (inbox_status in ('new', 'handled', 'archived'));

comment on column public.leads.inbox_status is 'Admin inbox triage: new, handled or archived.';
comment on column public.leads.notification is 'Notification e-mail to the business: sent, failed (the lead is kept), skipped (not configured or not a notified kind); null before the attempt.';
comment on column public.subscribers.inbox_status is 'Admin inbox triage: new, handled or archived.';

-- "New" is what the admin pages count on every load.
create index if not exists leads_inbox_status_idx on public.leads (inbox_status, created_at desc);
create index if not exists subscribers_inbox_status_idx on public.subscribers (inbox_status, created_at desc);

-- ---------------------------------------------------------------- policies
drop policy if exists "Admins can read leads" on public.leads;
create policy "Admins can read leads"
  on public.leads for select to authenticated
  using ((select public.is_admin()));

drop policy if exists "Admins can triage leads" on public.leads;
create policy "Admins can triage leads"
  on public.leads for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

drop policy if exists "Admins can read subscribers" on public.subscribers;
create policy "Admins can read subscribers"
  on public.subscribers for select to authenticated
  using ((select public.is_admin()));

drop policy if exists "Admins can triage subscribers" on public.subscribers;
create policy "Admins can triage subscribers"
  on public.subscribers for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

drop policy if exists "Admins can read the consent ledger" on public.subscriber_consents;
create policy "Admins can read the consent ledger"
  on public.subscriber_consents for select to authenticated
  using ((select public.is_admin()));

-- ---------------------------------------------------------------- the list
-- kind: the inbox's own names (widgets/admin-inbox/data.ts INBOX_KINDS mirrors them); form: the
-- stored kind or list it came from. Both beta forms (the beta page's request, the Get Early Access
-- modal's beta choice) are beta requests.
create or replace view public.admin_inbox
with (security_invoker = true)
as
select l.id,
       'lead'::text as source,
       case l.kind
         when 'partnership' then 'partnership'
         when 'beta_request' then 'beta_request'
         when 'access_beta' then 'beta_request'
         when 'notify' then 'notify'
         when 'vault_optin' then 'vault'
         when 'merch_notify' then 'merchandise'
       end as kind,
       l.kind as form,
       l.inbox_status as status,
       coalesce(l.payload ->> 'name', '') as name,
       l.email,
       l.payload ->> 'company' as company,
       l.payload ->> 'role' as role,
       l.payload ->> 'message' as message,
       l.source_page,
       l.payload,
       null::jsonb as consent,
       l.notification,
       l.created_at
  from public.leads l
union all
select s.id,
       'subscriber'::text,
       case s.list when 'newsletter' then 'newsletter' else 'waiting_list' end,
       s.list,
       s.inbox_status,
       s.name,
       s.email,
       null,
       null,
       null,
       s.source_page,
       jsonb_build_object('subscription', s.status, 'subscribedAt', s.subscribed_at, 'unsubscribedAt', s.unsubscribed_at),
       jsonb_build_object(
         'version', s.consent_text_version,
         'ledger', coalesce((
           select jsonb_agg(jsonb_build_object('action', c.action, 'version', c.consent_text_version, 'sourcePage', c.source_page, 'at', c.created_at) order by c.created_at, c.id)
             from public.subscriber_consents c
            where c.subscriber_id = s.id
         ), '[]'::jsonb)
       ),
       null,
       s.created_at
  from public.subscribers s;

comment on view public.admin_inbox is 'Leads and subscribers in one list for the admin inbox; reads as the caller (RLS: admins only).';

-- ---------------------------------------------------------------- grants
-- Least privilege for the admin inbox, as the signed-in user (RLS narrows every one to admins). A new
-- view starts with the schema's default privileges; it gets only the one the inbox uses.
revoke all on table public.admin_inbox from public, anon, authenticated, service_role;
grant select on table public.admin_inbox to authenticated;
grant select on table public.leads to authenticated;
grant select on table public.subscriber_consents to authenticated;
grant select (id, email, list, name, status, source_page, consent_text_version, subscribed_at, unsubscribed_at, created_at, inbox_status)
  on table public.subscribers to authenticated;
grant update (inbox_status) on table public.leads to authenticated;
grant update (inbox_status) on table public.subscribers to authenticated;
