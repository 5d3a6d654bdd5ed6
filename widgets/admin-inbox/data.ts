/**
 * Admin inbox data access, as the signed-in admin: the view admin_inbox (leads and subscribers in one
 * list) to read, the two tables' `inbox_status` column to triage (migration admin_inbox: RLS lets only
 * admins read or change anything, and the grants allow that one column). Every function returns
 * `{ok, …}` and never throws, so the element maps each failure to its toast.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Result } from '../core/admin-gate.tsx';
import { toCsv } from '../core/csv.ts';
import { allPages, containsAny } from '../core/admin-list.tsx';
import { CONSENT_SCOPE } from '../core/domain.ts';
import type { KybClient } from '../core/supabase.ts';

export type { Result };
const fail = (error: unknown): { ok: false; error: unknown } => ({ ok: false, error });

export const PAGE_SIZE = 25;
/** Rows per request while exporting (the whole filtered view goes into the file). */
export const EXPORT_BATCH = 500;

/** The view's `kind` values (they mirror the CASE in the migration), in the order the filter lists them. */
export const INBOX_KINDS = ['partnership', 'beta_request', 'notify', 'vault', 'merchandise', 'waiting_list', 'newsletter'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
export const KIND_LABEL: Record<InboxKind, string> = {
  partnership: 'Partnership',
  beta_request: 'Beta request',
  notify: 'Notify me',
  vault: 'Vault',
  merchandise: 'Merchandise',
  waiting_list: 'Waiting list',
  newsletter: 'Newsletter',
};

export const STATUSES = ['new', 'handled', 'archived'] as const;
export type InboxStatus = (typeof STATUSES)[number];
export const STATUS_LABEL: Record<InboxStatus, string> = { new: 'New', handled: 'Handled', archived: 'Archived' };

export interface ConsentEntry {
  action: 'subscribe' | 'unsubscribe';
  version: string | null;
  sourcePage: string | null;
  at: string;
}

export interface InboxItem {
  id: string;
  source: 'lead' | 'subscriber';
  kind: InboxKind;
  /** The stored form kind or list (`access_beta`, `diy-kit-waitlist`, …). */
  form: string;
  status: InboxStatus;
  name: string;
  email: string;
  company: string | null;
  role: string | null;
  message: string | null;
  source_page: string | null;
  /** Leads: every validated field the form sent. Subscribers: the subscription's state and dates. */
  payload: Record<string, unknown>;
  /** Subscribers: the consent wording version and the ledger; leads: null (their forms ask none). */
  consent: { version: string; ledger: ConsentEntry[] } | null;
  /** Leads the business is e-mailed about: sent / failed / skipped. */
  notification: 'sent' | 'failed' | 'skipped' | null;
  created_at: string;
}

export interface Filter {
  /** null: every kind. */
  kind: InboxKind | null;
  /** null: every status. */
  status: InboxStatus | null;
  /** Part of the name or e-mail address; '' for none. */
  search: string;
}

/** The part of postgrest-js's filter builder used here (its full generic type is too deep to carry). */
interface Filterable {
  eq(column: string, value: unknown): Filterable;
  or(filters: string): Filterable;
}

function filtered<Q>(query: Q, f: Filter): Q {
  let q = query as unknown as Filterable;
  if (f.kind) q = q.eq('kind', f.kind);
  if (f.status) q = q.eq('status', f.status);
  const term = f.search.trim();
  if (term) q = q.or(containsAny(['name', 'email'], term));
  return q as unknown as Q;
}

/** One page, newest first, with the total matching the filter. */
export async function listInbox(sb: SupabaseClient, f: Filter, offset: number, limit = PAGE_SIZE): Promise<Result<{ rows: InboxItem[]; total: number }>> {
  const q = filtered(sb.from('admin_inbox').select('*', { count: 'exact' }), f);
  const { data, error, count } = await q
    .order('created_at', { ascending: false })
    .order('id', { ascending: true })
    .range(offset, offset + limit - 1);
  if (error) return fail(error);
  const rows = (data ?? []) as InboxItem[];
  return { ok: true, value: { rows, total: count ?? rows.length } };
}

/** How many items are new (HEAD request: the count only). */
export async function countNew(sb: SupabaseClient): Promise<Result<number>> {
  const { error, count } = await sb.from('admin_inbox').select('id', { count: 'exact', head: true }).eq('status', 'new');
  if (error) return fail(error);
  return { ok: true, value: count ?? 0 };
}

/**
 * Changes an item's status on its own table. Counted rather than returned (returning the row would
 * need SELECT on every subscriber column, the unsubscribe token included): a row RLS hides, or one
 * deleted meanwhile, counts 0 and is a failure, not a silent no-op.
 */
export async function setStatus(sb: SupabaseClient, item: Pick<InboxItem, 'id' | 'source'>, status: InboxStatus): Promise<Result> {
  const table = item.source === 'lead' ? 'leads' : 'subscribers';
  const { error, count } = await sb.from(table).update({ inbox_status: status }, { count: 'exact' }).eq('id', item.id);
  if (error) return fail(error);
  if (count !== 1) return fail(new Error('No item was updated (missing, or not allowed)'));
  return { ok: true, value: undefined };
}

/** Every item of the filter, newest first, in batches. */
export const listAll = (sb: SupabaseClient, f: Filter): Promise<Result<InboxItem[]>> => allPages(sb as KybClient, listInbox, f, EXPORT_BATCH);

/** The payload fields the list's own columns already show. */
const SHOWN = new Set(['name', 'email', 'company', 'role', 'message']);

/** Readable names of the other payload fields (any other key shows as it is stored). */
const FIELD_LABEL: Record<string, string> = {
  partnershipType: 'Partnership type',
  item: 'Item',
  subscription: 'Subscription',
  subscribedAt: 'Subscribed',
  unsubscribedAt: 'Unsubscribed',
};

export interface ExtraField {
  key: string;
  label: string;
  value: string;
  /** The value is a timestamp (keys ending in `At`). */
  date: boolean;
}

/** The fields of an item beyond name, e-mail, company, role and message. */
export function extraFields(item: InboxItem): ExtraField[] {
  return Object.entries(item.payload ?? {})
    .filter(([k, v]) => !SHOWN.has(k) && v !== null && v !== undefined && v !== '')
    .map(([key, v]) => ({ key, label: FIELD_LABEL[key] ?? key, value: typeof v === 'string' ? v : JSON.stringify(v), date: /At$/.test(key) }));
}

/**
 * What a subscription is consent to, by its list (issue #23: a waiting-list sign-up is consent to hear
 * about the kit's launch, never to the newsletter).
 */
export function consentScope(item: Pick<InboxItem, 'form'>): string {
  return CONSENT_SCOPE[item.form] ?? item.form;
}

export function consentText(item: InboxItem): string {
  if (!item.consent) return '';
  const ledger = item.consent.ledger.map((c) => `${c.action} ${c.at}${c.version ? ` (${c.version})` : ''}${c.sourcePage ? ` on ${c.sourcePage}` : ''}`);
  return [`consent to ${consentScope(item)} (wording ${item.consent.version})`, ...ledger].join('; ');
}

export const CSV_HEADER = [
  'Received (UTC)',
  'Kind',
  'Form',
  'Status',
  'Name',
  'E-mail',
  'Company',
  'Role',
  'Message',
  'Other fields',
  'Source page',
  'Consent',
  'Notification',
] as const;

/** The export: one row per item, the columns of CSV_HEADER. */
export function inboxCsv(items: readonly InboxItem[]): string {
  return toCsv(
    CSV_HEADER,
    items.map((i) => [
      i.created_at,
      KIND_LABEL[i.kind] ?? i.kind,
      i.form,
      STATUS_LABEL[i.status] ?? i.status,
      i.name,
      i.email,
      i.company,
      i.role,
      i.message,
      extraFields(i)
        .map((f) => `${f.label}: ${f.value}`)
        .join('; '),
      i.source_page,
      consentText(i),
      i.notification,
    ]),
  );
}

/** `kyb-inbox-2026-11-23.csv` (the day of the export, UTC). */
export const exportFileName = (now = new Date()) => `kyb-inbox-${now.toISOString().slice(0, 10)}.csv`;
