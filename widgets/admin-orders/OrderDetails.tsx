/**
 * One order, opened from the admin's list (docs/admin.md#orders): the customer, the items with their
 * options, the totals, the shipping address and shipment, the payments (deposit, balance, refunds), the
 * history with its notes, the e-mails it sent, whether a review request went out, and the kit terms
 * agreed to. Under them, its next steps (Steps.tsx), exactly those shared/rules/commerce.ts
 * nextStatuses allows.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Item, Totals } from '../core/commerce.tsx';
import {
  ADMIN_ORDER_TEXT as TEXT,
  ORDER_STATUS_LABEL,
  REVIEW_REQUEST_DAYS,
  addressLines,
  formatCents,
  historyNote,
  isPaid,
  orderNumber,
  orderTotals,
  refundableCents,
  reviewSubjectName,
  trackingLink,
  type AdminPaymentView,
  type OrderPaymentView,
  type OrderView,
} from '../core/domain.ts';
import type { ToastFn } from '../core/admin-gate.tsx';
import { needsAction } from './count.ts';
import { readPayments, type AdminAnswer, type AdminOrder } from './data.ts';
import { Steps, type StepMode } from './Steps.tsx';
import { when } from '../core/dates.ts';

/** Between the parts of a line: never at a line's start or end (a no-break space on each side). */
export const SEP = '\u00a0·\u00a0';

/** The order's status, and "Needs action" beside it when it does. */
export function StatusBadge({ order: o }: { order: Pick<AdminOrder, 'status' | 'needs_shipping'> }) {
  const tone = isPaid(o.status) ? 'paid' : o.status === 'payment_failed' || o.status === 'cancelled' || o.status === 'refunded' ? 'stopped' : 'waiting';
  return (
    <span className="ao__badges">
      <span className={`ao__badge ao__badge--${tone}`} part="badge" data-status={o.status}>
        {ORDER_STATUS_LABEL[o.status] ?? o.status}
      </span>
      {needsAction(o) ? (
        <span className="ao__badge ao__badge--act" part="badge">
          Needs action
        </span>
      ) : null}
    </span>
  );
}

function Section({ title, part, children }: { title: string; part: string; children: ReactNode }) {
  return (
    <section className="ao__section" part={part} aria-label={title}>
      <h4 className="ao__section-title">{title}</h4>
      {children}
    </section>
  );
}

const Time = ({ at, day }: { at: string; day?: boolean }) => <time dateTime={at}>{when(at, day)}</time>;

export interface OrderDetailsProps {
  order: AdminOrder;
  titleId: string;
  toast: ToastFn;
  /** A step or a refund was stored: the parent reads the order again. */
  onStepped: (status: AdminOrder['status']) => Promise<void>;
  /** The payments' read answered the order as stored now (the parent reads it again when it moved on). */
  onSeen?: (order: OrderView) => void;
  onClose: () => void;
}

export function OrderDetails({ order: o, titleId, toast, onStepped, onSeen, onClose }: OrderDetailsProps) {
  const address = addressLines(o.shipping_address);
  const track = trackingLink(o.carrier, o.tracking_number);
  const reviewMails = o.mails.filter((m) => m.kind === 'review_request');
  const otherMails = o.mails.filter((m) => m.kind !== 'review_request');
  // The shipment form and the cancel confirmation take the dialog's body: on a phone they are all there is to do.
  const [mode, setMode] = useState<StepMode>('steps');
  // The payments with Stripe's ids and Dashboard links: only the admin-orders function hands them out.
  const [stripe, setStripe] = useState<AdminPaymentView[] | null>(null);
  const [refunding, setRefunding] = useState<AdminPaymentView | null>(null);
  // Read again when the order's payments change under the dialog (a balance paid, a refund from Stripe's
  // Dashboard): the list kept from the first read would hide them.
  const paymentsNow = JSON.stringify(o.payments.map((p) => [p.kind, p.status, p.amount_cents, p.refunded_cents]));
  useEffect(() => {
    let live = true;
    void readPayments(o.id).then((r) => {
      if (!live) return;
      if (r.ok) {
        setStripe(r.data.payments);
        onSeen?.(r.data.order);
      } else console.error('[kyb-admin-orders] could not read the payments', r.status);
    });
    return () => {
      live = false;
    };
  }, [o.id, paymentsNow]);
  const stepped = async (status: AdminOrder['status'], answer?: AdminAnswer) => {
    if (answer) setStripe(answer.payments);
    await onStepped(status);
  };
  const payments: (OrderPaymentView & Partial<AdminPaymentView>)[] = stripe ?? o.payments;
  const reviewDueAt = o.delivered_at ? new Date(new Date(o.delivered_at).getTime() + REVIEW_REQUEST_DAYS * 86_400_000).toISOString() : null;
  return (
    <div className="ao__details" part="details" data-status={o.status}>
      <div className="ao__details-head">
        <h3 id={titleId} className="ao__dialog-title">
          Order {orderNumber(o.number)}
        </h3>
        <StatusBadge order={o} />
        <p className="ao__meta">
          Placed <Time at={o.created_at} />
        </p>
      </div>
      <div className="ao__sections kyb-scroll-y" part="sections" hidden={mode !== 'steps'}>
        <Section title="Customer" part="section customer">
          <p className="ao__lines">
            <span>{o.customer_name || TEXT.guest}</span>
            {o.email ? <a href={`mailto:${o.email}`}>{o.email}</a> : null}
            <span className="ao__muted">{o.user_id ? TEXT.account : TEXT.guest}</span>
          </p>
        </Section>

        <Section title="Items" part="section items">
          <ul className="ao__order-items">
            {o.items.map((i, n) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an order's items never change order; position is their identity
              <li key={n} className="ao__order-item">
                <Item name={i.name} options={i.options} aside={<span className="ao__amount">{formatCents(i.line_cents)}</span>}>
                  <p className="ao__muted ao__small">
                    {i.quantity} × {formatCents(i.unit_cents)}
                    {i.due_at_checkout_cents < i.line_cents ? `${SEP}deposit ${formatCents(i.due_at_checkout_cents)}` : ''}
                    {i.digital ? `${SEP}digital` : ''}
                  </p>
                </Item>
              </li>
            ))}
          </ul>
          <Totals lines={orderTotals(o)} />
        </Section>

        <Section title="Shipping address" part="section address">
          {address.length ? (
            <address className="ao__lines">
              {address.map((l) => (
                <span key={l}>{l}</span>
              ))}
            </address>
          ) : (
            <p className="ao__muted">{o.needs_shipping ? TEXT.noAddressYet : TEXT.noAddress}</p>
          )}
        </Section>

        {o.carrier || o.tracking_number ? (
          <Section title="Shipment" part="section shipment">
            <p className="ao__lines">
              <span>
                {o.carrier} {o.tracking_number}
              </span>
              {track ? (
                <a href={track} target="_blank" rel="noopener noreferrer">
                  {TEXT.trackingLink}
                </a>
              ) : null}
              {o.shipped_at ? (
                <span className="ao__muted">
                  Shipped <Time at={o.shipped_at} />
                </span>
              ) : null}
              {o.delivered_at ? (
                <span className="ao__muted">
                  Delivered <Time at={o.delivered_at} />
                </span>
              ) : null}
            </p>
          </Section>
        ) : null}

        <Section title="Payments" part="section payments">
          <ul className="ao__rows">
            {payments.map((p) => {
              const what = TEXT.payment[p.kind].toLowerCase();
              const full = p.id ? (p as AdminPaymentView) : null;
              return (
                <li key={p.id ?? `${p.kind}-${p.created_at}`} className="ao__row" part="payment" data-kind={p.kind} data-status={p.status} data-payment={p.id}>
                  <span className="ao__row-main">
                    {TEXT.payment[p.kind]} <span className="ao__amount">{formatCents(p.amount_cents)}</span>
                  </span>
                  <span className="ao__muted ao__small">
                    {TEXT.paymentStatus[p.status]}
                    {p.paid_at ? (
                      <>
                        {' '}
                        <Time at={p.paid_at} />
                      </>
                    ) : null}
                    {p.refunded_cents > 0 ? `${SEP}${TEXT.refunded(formatCents(p.refunded_cents))}` : ''}
                  </span>
                  {full && (full.dashboard_url || refundableCents(full) > 0) ? (
                    <span className="ao__pay-actions">
                      {refundableCents(full) > 0 ? (
                        <button
                          type="button"
                          className="kyb-btn kyb-btn--outline ao__danger-outline"
                          part="refund"
                          aria-label={TEXT.refund.buttonOf(what)}
                          onClick={() => {
                            setRefunding(full);
                            setMode('refund');
                          }}
                        >
                          {TEXT.refund.button}
                        </button>
                      ) : null}
                      {full.dashboard_url ? (
                        <a href={full.dashboard_url} target="_blank" rel="noopener noreferrer" part="dashboard" aria-label={TEXT.dashboardOf(what)}>
                          {TEXT.dashboard}
                        </a>
                      ) : null}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </Section>

        <Section title="History" part="section history">
          <ol className="ao__rows">
            {o.history.map((h, n) => {
              const note = historyNote(h);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the history is append-only and shown in its own order
                <li key={n} className="ao__row">
                  <span className="ao__row-main">{ORDER_STATUS_LABEL[h.status] ?? h.status}</span>
                  <span className="ao__muted ao__small">
                    <Time at={h.at} />
                  </span>
                  {note ? <span className="ao__note">{note}</span> : null}
                </li>
              );
            })}
          </ol>
        </Section>

        <Section title="E-mails" part="section mails">
          {otherMails.length ? (
            <ul className="ao__rows">
              {otherMails.map((m) => (
                <li key={`${m.kind}-${m.subject_key}`} className="ao__row" data-kind={m.kind} data-status={m.status}>
                  <span className="ao__row-main">{TEXT.mail[m.kind]}</span>
                  <span className="ao__muted ao__small">
                    {TEXT.mailStatus[m.status]}
                    {m.sent_at ? (
                      <>
                        {' '}
                        <Time at={m.sent_at} />
                      </>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="ao__muted">{TEXT.noMails}</p>
          )}
        </Section>

        <Section title="Review request" part="section review-request">
          {reviewMails.length ? (
            <ul className="ao__rows">
              {reviewMails.map((m) => (
                <li key={m.subject_key} className="ao__row" data-status={m.status}>
                  <span className="ao__row-main">
                    {m.status === 'sent' && m.sent_at ? TEXT.reviewSent(reviewSubjectName(m.subject_key), when(m.sent_at, true)) : reviewSubjectName(m.subject_key)}
                  </span>
                  {m.status !== 'sent' ? <span className="ao__muted ao__small">{TEXT.mailStatus[m.status]}</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="ao__muted">{reviewDueAt && o.status === 'delivered' ? TEXT.reviewDue(when(reviewDueAt, true)) : TEXT.reviewLater}</p>
          )}
        </Section>

        {o.kit_terms_version ? (
          <Section title="Kit terms" part="section kit-terms">
            <p>{TEXT.kitTerms(o.kit_terms_version, o.kit_terms_accepted_at ? when(o.kit_terms_accepted_at, true) : '')}</p>
          </Section>
        ) : null}
      </div>
      <Steps order={o} mode={mode} onMode={setMode} toast={toast} onStepped={stepped} onClose={onClose} refunding={refunding} />
    </div>
  );
}
