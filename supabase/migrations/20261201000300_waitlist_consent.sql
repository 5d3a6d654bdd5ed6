-- The DIY kit waiting list is consent to hear about the kit only (issue #23).
--
-- The waiting-list form asks for an e-mail and nothing else; the spec fixes its call to newsletter-signup
-- with the name "DIY Kit Waiting List" and consentGiven true. Until now both were stored as they came:
-- every waiting-list row carried that label as the person's name, and the newsletter's consent wording
-- version (2025-01) as what they agreed to, though they never saw or ticked it. From here:
--
--   * a waiting-list row has no name (the admin inbox shows the e-mail as who it is), a newsletter row
--     always has one;
--   * a waiting-list row records the waiting list's own wording (versions 'waitlist-…', the text in
--     shared/rules/forms.ts WAITLIST_CONSENT_TEXT: e-mail about the kit's launch and nothing else), and a
--     newsletter row never does; the function sends the right one, the checks make anything else fail.
--
-- Existing waiting-list rows are corrected the same way, in the subscriptions and in the consent ledger.
-- The ledger is append-only for the application (service_role may not update it); this migration, run
-- once as the owner, rewrites only the mislabelled version of waiting-list entries, which named a
-- wording those visitors were never shown.
--
-- Written to be re-runnable, like every migration of this project.

update public.subscribers set name = null where list = 'diy-kit-waitlist' and name is not null;
update public.subscribers
   set consent_text_version = 'waitlist-2025-01'
 where list = 'diy-kit-waitlist' and consent_text_version not like 'waitlist-%';
update public.subscriber_consents c
   set consent_text_version = 'waitlist-2025-01'
  from public.subscribers s
 where c.subscriber_id = s.id and s.list = 'diy-kit-waitlist' and c.consent_text_version not like 'waitlist-%';

alter table public.subscribers alter column name drop not null;
alter table public.subscribers drop constraint if exists subscribers_name_check;
alter table public.subscribers add constraint subscribers_name_check check (char_length(name) between 1 and 100);
alter table public.subscribers drop constraint if exists subscribers_name_by_list;
alter table public.subscribers add constraint subscribers_name_by_list check ((list = 'newsletter') = (name is not null));
alter table public.subscribers drop constraint if exists subscribers_consent_by_list;
alter table public.subscribers add constraint subscribers_consent_by_list
  check ((list = 'diy-kit-waitlist') = (consent_text_version like 'waitlist-%'));

comment on column public.subscribers.name is 'Newsletter: the name the subscriber gave. Waiting list: null (the form asks for none).';
comment on column public.subscribers.consent_text_version is
  'The consent wording agreed to: the newsletter''s (shared/rules/forms.ts CONSENT_TEXT_VERSION) or, on the waiting list, the waiting list''s own (''waitlist-…'', WAITLIST_CONSENT_TEXT_VERSION: the kit''s launch only).';

-- The inbox's name column stays text: '' where a subscription has none, as for a lead without one.
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
       coalesce(s.name, ''),
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
