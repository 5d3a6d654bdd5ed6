/**
 * One order as its customer sees it (docs/commerce.md#order-pages): its number, date and status (the
 * label of ORDER_STATUS_LABEL with what it means), every item with its options in words, the totals
 * (shared/orders.ts orderTotals: the deposit paid and the balance due where one applies, a refund), the
 * shipping address, and where it helps, the order page's link or the way back to the cart. Drawn alike
 * on the order pages and in My Account.
 */
import { Item, Totals } from '../core/commerce.tsx';
import type { ToastInput } from '../core/toast.tsx';
import { Fulfilment, type OrderAccess } from './Fulfilment.tsx';
import { siteUrl } from '../core/site.ts';
import { ORDER_PAGE_TEXT, addressLines, formatCents, isPaid, orderTitle, orderTotals, statusLabel, type OrderView } from '../core/domain.ts';
import { dateFormat } from '../core/dates.ts';

const DATE = dateFormat({ year: 'numeric', month: 'long', day: 'numeric' });
export const orderDate = (iso: string) => DATE(new Date(iso));

/** Statuses whose order the customer may want to try again from their cart. */
const RETRY = new Set<OrderView['status']>(['payment_failed', 'expired']);

/** The payment the success page came back from (order-status's `payment`). */
export interface PaymentSeen {
  kind: 'full' | 'deposit' | 'balance';
  status: string;
  unexpected: boolean;
}

/**
 * What the status means to the customer; a deposit order whose balance is already paid owes nothing more.
 * Only the success page, back from the payment, may say the confirmation is on its way: in My Account and
 * on the e-mail's link it came long ago (issue #29).
 */
function statusNote(o: OrderView, payment?: PaymentSeen) {
  if (o.status === 'deposit_paid' && o.paid_cents > 0 && o.balance_due_cents === 0) return ORDER_PAGE_TEXT.paidInFull;
  if (o.status === 'paid' && payment?.status === 'paid') return ORDER_PAGE_TEXT.paidJustNow;
  return ORDER_PAGE_TEXT.status[o.status];
}

export interface ReceiptProps {
  order: OrderView;
  /** On the success page: the payment it confirms, named when it is a balance. */
  payment?: PaymentSeen;
  /** The order page's address (the token link), shown with a hint to keep it. */
  link?: string | null;
  /** The title's level: 2 on an order page, 3 in My Account's list. */
  level?: 2 | 3;
  /** How the functions find the order (the link's token, or its id when signed in): Pay balance and Download need it. */
  access?: OrderAccess;
  toast?: (t: ToastInput) => void;
}

export function Receipt({ order: o, link, payment, level = 2, access, toast }: ReceiptProps) {
  const Title = level === 2 ? 'h2' : 'h3';
  const address = addressLines(o.shipping_address);
  return (
    <article className="receipt" part="receipt" data-status={o.status}>
      <header className="receipt__head">
        <Title className="receipt__title" part="title">
          {orderTitle(o)}
        </Title>
        <span className={`receipt__status receipt__status--${isPaid(o.status) ? 'paid' : RETRY.has(o.status) ? 'failed' : 'other'}`} part="status">
          {statusLabel(o.status)}
        </span>
      </header>
      <p className="receipt__meta" part="meta">
        {ORDER_PAGE_TEXT.placed(orderDate(o.created_at))}
      </p>
      {payment?.kind === 'balance' && payment.status === 'paid' && !payment.unexpected ? (
        <p className="receipt__note" part="payment" role="status">
          <strong>{ORDER_PAGE_TEXT.balanceReceived}</strong>
        </p>
      ) : null}
      <p className="receipt__note" part="note">
        {statusNote(o, payment)}
      </p>
      <ul className="receipt__items" part="items" aria-label={ORDER_PAGE_TEXT.items}>
        {o.items.map((i, n) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an order's items never change order; position is their identity
          <li key={n} className="receipt__item" part="item">
            <Item name={i.name} options={i.options} aside={<span className="receipt__line-total">{formatCents(i.line_cents)}</span>}>
              <p className="receipt__unit">{ORDER_PAGE_TEXT.quantity(i.quantity, formatCents(i.unit_cents))}</p>
            </Item>
          </li>
        ))}
      </ul>
      <Totals lines={orderTotals(o)} />
      {address.length ? (
        <section className="receipt__address" part="address" aria-label={ORDER_PAGE_TEXT.shipTo}>
          <p className="receipt__label">{ORDER_PAGE_TEXT.shipTo}</p>
          <address>
            {address.map((l) => (
              <span key={l}>
                {l}
                <br />
              </span>
            ))}
          </address>
        </section>
      ) : null}
      {access && toast ? <Fulfilment order={o} access={access} toast={toast} /> : null}
      {o.email && isPaid(o.status) ? <p className="receipt__meta">{ORDER_PAGE_TEXT.email(o.email)}</p> : null}
      {link ? (
        <p className="receipt__link" part="link">
          <a className="kyb-link" href={link}>
            {ORDER_PAGE_TEXT.link}
          </a>{' '}
          <span className="receipt__hint">{ORDER_PAGE_TEXT.linkHint}</span>
        </p>
      ) : null}
      {RETRY.has(o.status) ? (
        <a className="kyb-btn receipt__cart" part="cart-link" href={siteUrl('/cart')}>
          {ORDER_PAGE_TEXT.backToCart}
        </a>
      ) : null}
    </article>
  );
}
