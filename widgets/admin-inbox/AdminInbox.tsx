/**
 * <kyb-admin-inbox>: everything visitors send, in one list for the business (issue #10): partnership
 * inquiries, beta requests, notify-me, Vault and merchandise opt-ins (table leads), the DIY-kit waiting
 * list and the newsletter (table subscribers), through the view admin_inbox.
 *
 * States: loading → not signed in ("Authentication required" with a Sign in button) / signed in without the admin role
 * → "Admin Access Required"; admin → "Inbox": the count of new items, a search (name or e-mail), a
 * Kind filter, All / New / Handled / Archived, Export CSV (the whole filtered view, as a download), and
 * the items newest first, 25 at a time with "Load more". Open shows everything an item carried
 * (message, company, role, other fields, source page, consent record, notification e-mail) with
 * Mark handled / Archive / Mark as new. The database's RLS is the real gate: only admins read or
 * triage anything, and only the status column.
 *
 * @event kyb-inbox-change {id, status} after an item's new status is stored
 * @csspart root, loading, denied, sign-in, heading, summary, filters, search, kind, tabs, tab, export, status,
 *          empty, list, item, badge, open, load-more, dialog, details, actions, handle, archive,
 *          reopen, close, toasts, toast
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { AdminGate, useAdminCall, type AdminPanelProps } from '../core/admin-gate.tsx';
import { ExportButton, ListBody, SearchField, useDebounced, usePagedList } from '../core/admin-list.tsx';
import { Modal } from '../core/dialog.tsx';
import { emit } from '../core/events.ts';
import { INBOX_MESSAGES as MSG } from '../core/domain.ts';
import {
  INBOX_KINDS,
  KIND_LABEL,
  PAGE_SIZE,
  STATUSES,
  STATUS_LABEL,
  consentScope,
  countNew,
  exportFileName,
  extraFields,
  inboxCsv,
  listAll,
  listInbox,
  setStatus,
  type Filter,
  type InboxItem,
  type InboxKind,
  type InboxStatus,
} from './data.ts';
import { when } from '../core/dates.ts';

export interface AdminInboxProps {
  container?: unknown;
}

export function AdminInbox({ container }: AdminInboxProps) {
  return <AdminGate container={container} prefix="ai" denied="Your account does not have access to the inbox." Panel={Panel} />;
}

const NOTIFICATION_LABEL = {
  sent: 'Sent to the business',
  failed: 'Could not be sent (the item is stored; see the function logs)',
  skipped: 'Not sent: e-mail notifications are not configured',
} as const;
/** A Vault opt-in's `notification` is the download e-mail to the visitor (issue #23), not one to the business. */
const VAULT_MAIL_LABEL = {
  sent: 'Sent to the visitor',
  failed: 'Could not be sent (the item is stored; see the function logs)',
  skipped: 'Not sent: one went to this address in the last day, or e-mail is not configured',
} as const;

const STATUS_TABS: (InboxStatus | null)[] = [null, ...STATUSES];
const tabLabel = (s: InboxStatus | null) => (s ? STATUS_LABEL[s] : 'All');

function Panel({ toast, host }: AdminPanelProps) {
  const [kind, setKind] = useState<InboxKind | null>(null);
  const [status, setStatusFilter] = useState<InboxStatus | null>(null);
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed);
  const [opened, setOpened] = useState<InboxItem | null>(null);
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const kindId = useId();
  const dialogTitle = useId();
  const call = useAdminCall();

  const filter: Filter = { kind, status, search };
  const {
    rows,
    total,
    count: newCount,
    loadingMore,
    refetch,
    loadMore,
  } = usePagedList({
    filter,
    page: listInbox,
    count: countNew,
    pageSize: PAGE_SIZE,
    onError: (what, error) => {
      console.error(`[kyb-admin-inbox] ${what === 'list' ? 'fetch' : 'count'} failed`, error);
      if (what === 'list') toast(MSG.fetchFailed);
    },
  });

  const changeStatus = async (item: InboxItem, next: InboxStatus) => {
    setBusy(true);
    const r = await call((x) => setStatus(x, item, next));
    if (!r.ok) {
      console.error('[kyb-admin-inbox] update failed', r.error);
      toast(MSG.updateFailed);
    } else {
      toast(MSG.marked[next]);
      setOpened((o) => (o && o.id === item.id ? { ...o, status: next } : o));
      emit(host(), 'kyb-inbox-change', { id: item.id, status: next });
    }
    await refetch(rows?.length);
    setBusy(false);
  };

  const shown = rows?.length ?? 0;
  const filtered = kind !== null || status !== null || search.trim() !== '';
  return (
    <section className="ai__panel" aria-labelledby={headingId} aria-busy={rows === null || undefined}>
      <div className="ai__top">
        <h2 className="ai__heading" part="heading" id={headingId}>
          Inbox
        </h2>
        <p className="ai__summary" part="summary" aria-live="polite">
          {newCount === null ? '' : newCount === 0 ? 'Nothing new' : `${newCount} new`}
        </p>
      </div>
      <div className="ai__filters kyb-card" part="filters">
        <SearchField prefix="ai" placeholder="Name or e-mail" value={typed} onValue={setTyped} />
        <div className="kyb-field ai__kind" part="kind">
          <label className="kyb-label" htmlFor={kindId}>
            Kind
          </label>
          <select id={kindId} className="kyb-select" value={kind ?? ''} onChange={(e) => setKind((e.currentTarget.value || null) as InboxKind | null)}>
            <option value="">All kinds</option>
            {INBOX_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABEL[k]}
              </option>
            ))}
          </select>
        </div>
        <div className="ai__tabs" role="group" aria-label="Status" part="tabs">
          {STATUS_TABS.map((s) => (
            <button
              key={s ?? 'all'}
              type="button"
              className={`kyb-btn ai__tab${s === status ? '' : ' kyb-btn--outline'}`}
              part="tab"
              data-status={s ?? 'all'}
              aria-pressed={s === status}
              onClick={() => setStatusFilter(s)}
            >
              {tabLabel(s)}
            </button>
          ))}
        </div>
        <ExportButton
          prefix="ai"
          disabled={!rows?.length}
          read={() => call((x) => listAll(x, filter))}
          csv={inboxCsv}
          fileName={exportFileName}
          onDone={(n) => toast(MSG.exported(n))}
          onFail={(error) => {
            console.error('[kyb-admin-inbox] export failed', error);
            toast(MSG.exportFailed);
          }}
        />
      </div>

      <ListBody
        prefix="ai"
        rows={rows}
        total={total}
        status={rows === null ? 'Loading the inbox…' : rows.length ? `Showing ${shown} of ${total} ${total === 1 ? 'item' : 'items'}` : ''}
        empty={filtered ? 'No items match these filters.' : 'Nothing has been sent yet.'}
        loadingMore={loadingMore}
        onLoadMore={() => void loadMore()}
      >
        {(item) => <Row key={item.id} item={item} onOpen={() => setOpened(item)} />}
      </ListBody>

      <Modal open={!!opened} onClose={() => setOpened(null)} labelledBy={dialogTitle} className="ai__dialog">
        {opened ? <Details item={opened} titleId={dialogTitle} busy={busy} onStatus={(s) => void changeStatus(opened, s)} onClose={() => setOpened(null)} /> : null}
      </Modal>
    </section>
  );
}

function Badges({ item }: { item: InboxItem }) {
  return (
    <span className="ai__badges">
      <span className="ai__badge ai__badge--kind" part="badge" data-kind={item.kind}>
        {KIND_LABEL[item.kind] ?? item.kind}
      </span>
      <span className={`ai__badge ai__badge--${item.status}`} part="badge" data-status={item.status}>
        {STATUS_LABEL[item.status] ?? item.status}
      </span>
    </span>
  );
}

function Row({ item, onOpen }: { item: InboxItem; onOpen: () => void }) {
  const nameId = useId();
  const who = item.name || item.email;
  return (
    <li className="ai__item" part="item" data-id={item.id} data-status={item.status} aria-labelledby={nameId}>
      <div className="ai__head">
        <Badges item={item} />
        <time className="ai__time" dateTime={item.created_at}>
          {when(item.created_at)}
        </time>
      </div>
      <p className="ai__who">
        <span className="ai__name" id={nameId}>
          {who}
        </span>
        {item.name ? <span className="ai__email">{item.email}</span> : null}
      </p>
      {item.company ? <p className="ai__company">{item.company}</p> : null}
      {item.message ? <p className="ai__excerpt">{item.message}</p> : null}
      <button type="button" className="kyb-btn kyb-btn--outline ai__open" part="open" onClick={onOpen}>
        Open
        <span className="kyb-sr-only">
          {' '}
          {KIND_LABEL[item.kind]} from {who}
        </span>
      </button>
    </li>
  );
}

interface DetailsProps {
  item: InboxItem;
  titleId: string;
  busy: boolean;
  onStatus: (s: InboxStatus) => void;
  onClose: () => void;
}

// While a change is stored the buttons say aria-disabled rather than disabled: a disabled button drops
// focus to <body>, and focus must stay in the dialog.
function Details({ item, titleId, busy, onStatus, onClose }: DetailsProps) {
  const who = item.name || item.email;
  const actionsRef = useRef<HTMLDivElement>(null);
  const shownStatus = useRef(item.status);
  // The pressed button goes once its status is stored: focus the first action left, not <body>.
  useEffect(() => {
    if (shownStatus.current === item.status) return;
    shownStatus.current = item.status;
    actionsRef.current?.querySelector<HTMLElement>('button')?.focus();
  }, [item.status]);
  const field = (label: string, value: ReactNode) => (
    <div className="ai__field" key={label}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <div className="ai__details" part="details">
      <h3 id={titleId} className="ai__dialog-title">
        {KIND_LABEL[item.kind] ?? item.kind} from {who}
      </h3>
      <Badges item={item} />
      <dl className="ai__fields kyb-scroll-y">
        {field('Received', <time dateTime={item.created_at}>{when(item.created_at)}</time>)}
        {item.name ? field('Name', item.name) : null}
        {field('E-mail', <a href={`mailto:${item.email}`}>{item.email}</a>)}
        {item.company ? field('Company', item.company) : null}
        {item.role ? field('Role', item.role) : null}
        {item.message ? field('Message', <span className="ai__message">{item.message}</span>) : null}
        {extraFields(item).map((f) => field(f.label, f.date ? <time dateTime={f.value}>{when(f.value)}</time> : f.value))}
        {field('Source page', item.source_page ?? 'Not recorded')}
        {field('Form', item.form)}
        {item.notification
          ? item.kind === 'vault'
            ? field('Download e-mail', VAULT_MAIL_LABEL[item.notification])
            : field('Notification e-mail', NOTIFICATION_LABEL[item.notification])
          : null}
        {field(
          'Consent',
          item.consent ? (
            <span className="ai__consent">
              Consent to {consentScope(item)} (wording {item.consent.version})
              <ul>
                {item.consent.ledger.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the ledger is append-only and shown in its own order; entries have no id of their own
                  <li key={i}>
                    {c.action === 'subscribe' ? 'Subscribed' : 'Unsubscribed'} {when(c.at)}
                    {c.sourcePage ? ` on ${c.sourcePage}` : ''}
                    {c.version ? ` (${c.version})` : ''}
                  </li>
                ))}
              </ul>
            </span>
          ) : (
            'No consent record: this form asks for none'
          ),
        )}
      </dl>
      <div className="ai__actions" part="actions" ref={actionsRef}>
        {item.status !== 'handled' ? (
          <button type="button" className="kyb-btn" part="handle" aria-disabled={busy || undefined} onClick={() => !busy && onStatus('handled')} data-autofocus>
            Mark handled
          </button>
        ) : null}
        {item.status !== 'archived' ? (
          <button type="button" className="kyb-btn kyb-btn--outline" part="archive" aria-disabled={busy || undefined} onClick={() => !busy && onStatus('archived')}>
            Archive
          </button>
        ) : null}
        {item.status !== 'new' ? (
          <button type="button" className="kyb-btn kyb-btn--outline" part="reopen" aria-disabled={busy || undefined} onClick={() => !busy && onStatus('new')}>
            Mark as new
          </button>
        ) : null}
        <button type="button" className="kyb-btn kyb-btn--ghost" part="close" onClick={onClose} data-autofocus={item.status === 'handled' ? true : undefined}>
          Close
        </button>
      </div>
    </div>
  );
}
