/**
 * <kyb-admin-orders>: the business runs what it sold (issue #21; docs/admin.md#orders).
 *
 * States: loading → not signed in ("Authentication required" with a Sign in button) / signed in without the
 * admin role → "Admin Access Required"; admin → "Orders": how many need action, a search (name, e-mail or
 * order number), a Status filter (every status, or Needs action), Export CSV (the whole filtered view)
 * and the orders newest first, 25 at a time with "Load more", under the reconcile line (when Stripe was
 * last checked for missed events). Open shows the order (OrderDetails.tsx) with one action per step it
 * allows and a Refund per paid payment. "Abandoned checkouts" lists the unpaid checkouts, never mixed
 * with the orders; "Planner files" switches to the Crown Planner's files (PlannerFiles.tsx). The database's RLS is the real gate: only admins read orders, and a step goes
 * through the admin-orders function, which allows exactly the order's next steps.
 *
 * @event kyb-order-change {id, status} after a step is stored
 */
import { useEffect, useId, useRef, useState } from 'react';
import { AdminGate, useAdminCall, type AdminPanelProps } from '../core/admin-gate.tsx';
import { ExportButton, ListBody, SearchField, useDebounced, usePagedList } from '../core/admin-list.tsx';
import { Modal } from '../core/dialog.tsx';
import { emit } from '../core/events.ts';
import {
  ADMIN_ORDER_MESSAGES as MSG,
  ADMIN_ORDER_TEXT as TEXT,
  ORDER_STATUSES,
  ORDER_STATUS_LABEL,
  formatCents,
  totalAfterDiscount,
  orderNumber,
  ordersNeedingAction,
  type OrderView,
} from '../core/domain.ts';
import { countNeedsAction, needsAction } from './count.ts';
import {
  ABANDONED_STATUSES,
  PAGE_SIZE,
  exportFileName,
  getOrder,
  latestReconcile,
  listAbandoned,
  listAllOrders,
  listOrders,
  ordersCsv,
  type AbandonedCheckout,
  type AdminOrder,
  type Filter,
  type ReconcileRun,
  type StatusFilter,
} from './data.ts';
import { OrderDetails, SEP, StatusBadge } from './OrderDetails.tsx';
import { ago, when } from '../core/dates.ts';
import { PlannerFiles } from './PlannerFiles.tsx';

export interface AdminOrdersProps {
  container?: unknown;
}

export function AdminOrders({ container }: AdminOrdersProps) {
  return <AdminGate container={container} prefix="ao" denied="Your account does not have access to the orders." Panel={Panel} />;
}

function Panel({ toast, host }: AdminPanelProps) {
  const [view, setView] = useState<'orders' | 'abandoned' | 'files'>('orders');
  const headingId = useId();
  return (
    <section className="ao__panel" aria-labelledby={headingId}>
      <div className="ao__top">
        <h2 className="ao__heading" part="heading" id={headingId}>
          {TEXT.views[view]}
        </h2>
        <div className="ao__views" role="group" aria-label="Show" part="views">
          {(['orders', 'abandoned', 'files'] as const).map((v) => (
            <button
              key={v}
              type="button"
              className={`kyb-btn ao__view${v === view ? '' : ' kyb-btn--outline'}`}
              part="view"
              data-view={v}
              aria-pressed={v === view}
              onClick={() => setView(v)}
            >
              {TEXT.views[v]}
            </button>
          ))}
        </div>
      </div>
      {view === 'orders' ? <Orders toast={toast} host={host} /> : view === 'abandoned' ? <Abandoned toast={toast} host={host} /> : <PlannerFiles toast={toast} />}
    </section>
  );
}

function Orders({ toast, host }: AdminPanelProps) {
  const [status, setStatus] = useState<StatusFilter>(null);
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed);
  const statusId = useId();
  const call = useAdminCall();

  const filter: Filter = { status, search };
  const {
    rows,
    total,
    count: toAct,
    loadingMore,
    refetch,
    loadMore,
  } = usePagedList({
    filter,
    page: listOrders,
    count: countNeedsAction,
    pageSize: PAGE_SIZE,
    onError: (what, error) => {
      console.error(`[kyb-admin-orders] ${what === 'list' ? 'fetch' : 'count'} failed`, error);
      if (what === 'list') toast(MSG.fetchFailed);
    },
  });

  const { open, dialog } = useOrderDialog({ toast, host, onChanged: () => void refetch(rows?.length) });

  const filtered = status !== null || search.trim() !== '';
  return (
    <div className="ao__orders" aria-busy={rows === null || undefined}>
      <p className="ao__summary" part="summary" aria-live="polite">
        {toAct === null ? '' : ordersNeedingAction(toAct)}
      </p>
      <ReconcileLine />
      <div className="ao__filters kyb-card" part="filters">
        <SearchField prefix="ao" placeholder={TEXT.searchPlaceholder} value={typed} onValue={setTyped} />
        <div className="kyb-field ao__status-filter" part="status-filter">
          <label className="kyb-label" htmlFor={statusId}>
            Status
          </label>
          <select id={statusId} className="kyb-select" value={status ?? ''} onChange={(e) => setStatus((e.currentTarget.value || null) as StatusFilter)}>
            <option value="">{TEXT.allStatuses}</option>
            <option value="needs-action">{TEXT.needsActionFilter}</option>
            {ORDER_STATUSES.filter((s) => !ABANDONED_STATUSES.includes(s)).map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </div>
      </div>

      <ListBody
        prefix="ao"
        rows={rows}
        total={total}
        status={rows === null ? TEXT.loading : rows.length ? TEXT.showing(rows.length, total) : ''}
        empty={filtered ? TEXT.noMatch : TEXT.empty}
        loadingMore={loadingMore}
        onLoadMore={() => void loadMore()}
        actions={
          <ExportButton
            prefix="ao"
            disabled={!rows?.length}
            read={() => call((x) => listAllOrders(x, filter))}
            csv={ordersCsv}
            fileName={exportFileName}
            onDone={(n) => toast(MSG.exported(n))}
            onFail={(error) => {
              console.error('[kyb-admin-orders] export failed', error);
              toast(MSG.exportFailed);
            }}
          />
        }
      >
        {(o) => <Row key={o.id} order={o} onOpen={() => open(o)} />}
      </ListBody>

      {dialog}
    </div>
  );
}

/**
 * What a list row shows of an order. When the dialog learns the order as stored now and this differs
 * from the row it was opened from (a balance paid, a refund, a step since the list was read), the list
 * reads again: every state of an order is visible to the admin, the row behind the dialog included.
 */
const rowShows = (o: OrderView) =>
  JSON.stringify([o.number, o.status, o.needs_shipping, o.customer_name, o.email, o.total_cents, o.discount_cents, o.paid_cents, o.balance_due_cents, o.refunded_cents]);

/**
 * The order's dialog, opened from a list: the order at once, then as stored now (the list may be minutes
 * old), read again after a step or a refund, when the payments' read finds it changed, and when the
 * admin comes back to the page (a balance paid meanwhile).
 */
function useOrderDialog({ toast, host, onChanged }: AdminPanelProps & { onChanged: () => void }) {
  const [opened, setOpened] = useState<AdminOrder | null>(null);
  const dialogTitle = useId();
  const call = useAdminCall();
  // What the list showed of the open order, last time it was read.
  const listed = useRef('');
  /** The order as stored now, into the dialog; and into the list (with its count) when the row no longer says it. */
  const learned = (fresh: AdminOrder, always = false) => {
    setOpened((cur) => (cur && cur.id === fresh.id ? fresh : cur));
    const shows = rowShows(fresh);
    if (always || shows !== listed.current) {
      listed.current = shows;
      onChanged();
    }
  };
  const reread = async (id: string, always = false) => {
    const fresh = await call((x) => getOrder(x, id));
    if (fresh.ok) learned(fresh.value, always);
    else console.error('[kyb-admin-orders] could not read the order again', fresh.error);
  };
  const open = (o: AdminOrder) => {
    listed.current = rowShows(o);
    setOpened(o);
    void reread(o.id);
  };
  /** After a step or a refund: the order as stored now, in the dialog and the list, and the count. */
  const stepped = async (o: AdminOrder, status: AdminOrder['status']) => {
    emit(host(), 'kyb-order-change', { id: o.id, status });
    await reread(o.id, true);
  };
  /** The payments' read answers the order as stored: when it moved on, the dialog and the list read it. */
  const seen = (o: AdminOrder, now: OrderView) => {
    if (rowShows(now) !== rowShows(o)) void reread(o.id);
  };
  const openId = opened?.id;
  useEffect(() => {
    if (!openId) return;
    const back = () => {
      if (document.visibilityState === 'visible') void reread(openId);
    };
    document.addEventListener('visibilitychange', back);
    return () => document.removeEventListener('visibilitychange', back);
  }, [openId]);
  const dialog = (
    <Modal open={!!opened} onClose={() => setOpened(null)} labelledBy={dialogTitle} className="ao__dialog">
      {opened ? (
        <OrderDetails
          key={opened.id}
          order={opened}
          titleId={dialogTitle}
          toast={toast}
          onStepped={(s) => stepped(opened, s)}
          onSeen={(now) => seen(opened, now)}
          onClose={() => setOpened(null)}
        />
      ) : null}
    </Modal>
  );
  return { open, dialog };
}

/** When Stripe was last checked for events the webhook missed (the stripe-reconcile job), and what it repaired. */
function ReconcileLine() {
  const call = useAdminCall();
  const [run, setRun] = useState<ReconcileRun | null | undefined>(undefined);
  useEffect(() => {
    void call(latestReconcile).then((r) => {
      if (r.ok) setRun(r.value);
      else console.error('[kyb-admin-orders] could not read the reconcile runs', r.error);
    });
  }, [call]);
  if (run === undefined) return null;
  const R = TEXT.reconcile;
  const at = run ? ago(run.finished_at ?? run.started_at) : '';
  const line = !run ? R.never : run.error ? R.failed(at) : run.finished_at ? R.checked(at, run.repaired) : R.running(at);
  return (
    <p className="ao__reconcile" part="reconcile" data-repaired={(run && run.repaired > 0) || undefined} data-failed={!!run?.error || undefined}>
      {run ? <time dateTime={run.finished_at ?? run.started_at}>{line}</time> : line}
    </p>
  );
}

/** Checkouts nobody paid: kept apart from the orders (issue #27), each with its items, e-mail and when it closed. */
function Abandoned({ toast, host }: AdminPanelProps) {
  const { rows, total, loadingMore, refetch, loadMore } = usePagedList({
    filter: null,
    page: listAbandoned,
    count: async () => ({ ok: true as const, value: 0 }),
    pageSize: PAGE_SIZE,
    onError: (what, error) => {
      console.error('[kyb-admin-orders] abandoned checkouts failed', error);
      if (what === 'list') toast(MSG.fetchFailed);
    },
  });
  const { open, dialog } = useOrderDialog({ toast, host, onChanged: () => void refetch(rows?.length) });
  const A = TEXT.abandoned;
  return (
    <div className="ao__orders" part="abandoned" aria-busy={rows === null || undefined}>
      <p className="ao__intro">{A.intro}</p>
      <ListBody
        prefix="ao"
        rows={rows}
        total={total}
        status={rows === null ? A.loading : rows.length ? A.showing(rows.length, total) : ''}
        empty={A.empty}
        loadingMore={loadingMore}
        onLoadMore={() => void loadMore()}
      >
        {(o) => <AbandonedRow key={o.id} checkout={o} onOpen={() => open(o)} />}
      </ListBody>
      {dialog}
    </div>
  );
}

function AbandonedRow({ checkout: o, onOpen }: { checkout: AbandonedCheckout; onOpen: () => void }) {
  const A = TEXT.abandoned;
  const titleId = useId();
  const closed =
    o.status === 'payment_failed'
      ? A.failed
      : o.expires_at
        ? (o.status === 'pending' && new Date(o.expires_at).getTime() > Date.now() ? A.openUntil : A.expired)(when(o.expires_at))
        : '';
  return (
    <li className="ao__item" part="item abandoned-item" data-id={o.id} data-status={o.status} aria-labelledby={titleId}>
      <div className="ao__head">
        <span className="ao__number" id={titleId}>
          {formatCents(o.total_cents)}
        </span>
        <StatusBadge order={o} />
      </div>
      <p className="ao__items-line">{o.items.map((i) => `${i.name}${i.quantity > 1 ? ` × ${i.quantity}` : ''}`).join(', ')}</p>
      <p className="ao__who">
        <span className={o.email ? 'ao__name' : 'ao__muted'}>{o.email || A.noEmail}</span>
      </p>
      <p className="ao__time">
        <time dateTime={o.created_at}>{A.started(when(o.created_at))}</time>
        {closed ? (
          <>
            {SEP}
            {closed}
          </>
        ) : null}
      </p>
      <button type="button" className="kyb-btn kyb-btn--outline ao__open" part="open" onClick={onOpen}>
        Open
        <span className="kyb-sr-only"> {A.started(when(o.created_at))}</span>
      </button>
    </li>
  );
}

function Row({ order: o, onOpen }: { order: AdminOrder; onOpen: () => void }) {
  const numberId = useId();
  const first = o.items[0];
  const more = o.items.length - 1;
  return (
    <li className="ao__item" part="item" data-id={o.id} data-number={o.number} data-status={o.status} data-needs-action={needsAction(o) || undefined} aria-labelledby={numberId}>
      <div className="ao__head">
        <span className="ao__number" id={numberId}>
          {orderNumber(o.number)}
        </span>
        <StatusBadge order={o} />
      </div>
      <time className="ao__time" dateTime={o.created_at}>
        {when(o.created_at)}
      </time>
      <p className="ao__who">
        <span className="ao__name">{o.customer_name || o.email || TEXT.guest}</span>
        {o.customer_name && o.email ? <span className="ao__email">{o.email}</span> : null}
      </p>
      <p className="ao__items-line">
        {first ? first.name : ''}
        {more > 0 ? ` + ${more} more` : ''}
        {first && first.quantity > 1 ? ` × ${first.quantity}` : ''}
      </p>
      <p className="ao__money">
        <span>{formatCents(totalAfterDiscount(o))}</span>
        {o.balance_due_cents > 0 ? (
          <span className="ao__due">
            {SEP}
            {formatCents(o.balance_due_cents)} due
          </span>
        ) : null}
        {o.refunded_cents > 0 ? (
          <span>
            {SEP}
            {formatCents(o.refunded_cents)} refunded
          </span>
        ) : null}
      </p>
      <button type="button" className="kyb-btn kyb-btn--outline ao__open" part="open" onClick={onOpen}>
        Open
        <span className="kyb-sr-only"> {orderNumber(o.number)}</span>
      </button>
    </li>
  );
}
