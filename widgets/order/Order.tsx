/**
 * kyb-order (docs/commerce.md#order-pages, #states-and-messages): the customer's orders.
 *
 * `of="address"` (default): the one order the page's address names.
 * - `/order/confirmed?session_id=…` (Stripe's success_url): "Confirming your payment…" while the order
 *   waits on Stripe, asking the `order-status` function again and again with a growing pause (poll.ts),
 *   which asks Stripe itself for a payment not settled yet; then the receipt. Nothing here marks anything
 *   paid: the status is the order's, as the webhook or Stripe's own answer set it. Once the order is
 *   paid, the cart it was checked out from empties (`kyb-request-cart` `{paid}`, which kyb-cart answers).
 *   The function answers which payment the page came back from: the page waits on that payment, and
 *   names a balance ("Balance received: we ship your order soon").
 * - `/order?token=…` (the link in the confirmation e-mail): the receipt, for a guest too.
 * - No order found: says so; no answer: says so, with Try again.
 *
 * `of="account"`: every order of the signed-in customer, newest first, read under row-level security
 * (`orders` with its items, payments and history: shared/orders.ts ORDER_SELECT); an empty state; nothing
 * for a visitor who is not signed in (My Account sends them away).
 *
 * Its attributes and parts: widgets/order/register.ts.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ensureAuth, useAuth } from '../core/auth.ts';
import { hostOf } from '../core/define.ts';
import { emit } from '../core/events.ts';
import { invokeFunction } from '../core/functions.ts';
import { siteUrl } from '../core/site.ts';
import { useToasts } from '../core/toast.tsx';
import { AWAITING_PAYMENT, COMMERCE_TEXT, ORDER_PAGE_TEXT, ORDER_SELECT, TEXTS, isPaid, orderFromRow, type OrderRow, type OrderView } from '../core/domain.ts';
import { nextDelay } from './poll.ts';
import { Receipt, type PaymentSeen } from './Receipt.tsx';

export interface OrderProps {
  of?: 'address' | 'account';
  container?: ShadowRoot;
}

export function Order({ of = 'address', container }: OrderProps) {
  return of === 'account' ? <AccountOrders /> : <AddressedOrder container={container} />;
}

type View =
  | { state: 'loading' }
  | { state: 'confirming'; gaveUp: boolean }
  | { state: 'shown'; order: OrderView; link: string | null; token: string | null; payment?: PaymentSeen }
  | { state: 'not-found' }
  | { state: 'failed' };

/** The token of an order page's link (`…/order?token=…`). */
const tokenOf = (link: string | null) => {
  try {
    return link ? new URL(link).searchParams.get('token') : null;
  } catch {
    return null;
  }
};

function AddressedOrder({ container }: { container?: ShadowRoot }) {
  const params = new URLSearchParams(location.search);
  const sessionId = params.get('session_id');
  const token = params.get('token');
  const body = sessionId ? { sessionId } : token ? { token } : null;
  const [view, setView] = useState<View>(() => (!body ? { state: 'not-found' } : sessionId ? { state: 'confirming', gaveUp: false } : { state: 'loading' }));
  const [round, setRound] = useState(0);
  const emptied = useRef(false);
  const { toast, toasts } = useToasts();

  useEffect(() => {
    if (!body) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    let asked = 0;
    const ask = async () => {
      const r = await invokeFunction<{ order: OrderView; link: string | null; payment?: PaymentSeen }>('order-status', body);
      if (!live) return;
      asked++;
      if (r.ok) {
        const { order, link, payment } = r.data;
        // The payment this page came back from decides (a balance's order is paid long before it is).
        const waiting = payment ? payment.status === 'open' || payment.status === 'processing' : AWAITING_PAYMENT.includes(order.status);
        if (sessionId && waiting) {
          const wait = nextDelay(asked - 1, Date.now() - started);
          setView({ state: 'confirming', gaveUp: wait === null });
          if (wait !== null) timer = setTimeout(ask, wait);
          return;
        }
        // The success page knows its order by the session; the functions' other forms want the link's token.
        setView({ state: 'shown', order, link: sessionId ? link : null, token: token ?? tokenOf(link), payment });
        // A balance is paid from the order page, not from a cart: the cart holds something else.
        if (isPaid(order.status) && payment?.kind !== 'balance' && !emptied.current) {
          emptied.current = true;
          emit(hostOf(container) ?? document, 'kyb-request-cart', { paid: order.id });
        }
        return;
      }
      // 400: the function's contract refused what the address holds (a token cut short, say): no order has it.
      if (r.status === 404 || r.status === 400) return setView({ state: 'not-found' });
      // Too many asks, or no answer: on the success page keep confirming a while longer, else say so.
      if (sessionId && (r.status === 429 || r.status === null || r.status >= 500)) {
        const wait = nextDelay(asked - 1, Date.now() - started, r.status === 429);
        if (wait !== null) {
          timer = setTimeout(ask, wait);
          return;
        }
      }
      setView({ state: 'failed' });
    };
    void ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [round]);

  const again = () => {
    setView(sessionId ? { state: 'confirming', gaveUp: false } : { state: 'loading' });
    setRound((n) => n + 1);
  };

  let content: ReactNode;
  switch (view.state) {
    case 'loading':
      content = (
        <p className="order__status" part="loading" role="status">
          {ORDER_PAGE_TEXT.loading}
        </p>
      );
      break;
    case 'confirming':
      content = (
        <div className="order__confirming" part="confirming" role="status" aria-live="polite">
          {view.gaveUp ? null : <span className="order__spinner" aria-hidden="true" />}
          <p className="order__confirming-title">{COMMERCE_TEXT.confirming}</p>
          <p className="order__hint">{view.gaveUp ? ORDER_PAGE_TEXT.stillConfirming : COMMERCE_TEXT.confirmingHint}</p>
          {view.gaveUp ? (
            <button type="button" className="kyb-btn kyb-btn--outline" part="retry" onClick={again}>
              {ORDER_PAGE_TEXT.checkAgain}
            </button>
          ) : null}
        </div>
      );
      break;
    case 'shown':
      content = <Receipt order={view.order} link={view.link} payment={view.payment} access={view.token ? { token: view.token } : undefined} toast={toast} />;
      break;
    case 'not-found':
      content = (
        <div className="order__message" part="not-found" role="alert">
          <p>{COMMERCE_TEXT.orderNotFound}</p>
          <a className="kyb-btn kyb-btn--outline" href={siteUrl('/cart')}>
            {ORDER_PAGE_TEXT.backToCart}
          </a>
        </div>
      );
      break;
    case 'failed':
      content = (
        <div className="order__message" part="error" role="alert">
          <p>{ORDER_PAGE_TEXT.loadFailed}</p>
          <button type="button" className="kyb-btn" part="retry" onClick={again}>
            {TEXTS.tryAgain}
          </button>
        </div>
      );
      break;
  }
  return (
    <div className="order kyb-card" part="card" aria-busy={view.state === 'loading' || view.state === 'confirming'}>
      {content}
      {toasts}
    </div>
  );
}

function AccountOrders() {
  const auth = useAuth();
  const { toast, toasts } = useToasts();
  const userId = auth.user?.id ?? null;
  const [orders, setOrders] = useState<{ of: string; list: OrderView[] | null } | null>(null);

  useEffect(() => {
    if (!userId || orders?.of === userId) return;
    let live = true;
    (async () => {
      let list: OrderView[] | null = null;
      try {
        const c = await ensureAuth();
        const { data, error } = await c.from('orders').select(ORDER_SELECT).order('created_at', { ascending: false });
        if (error) throw error;
        list = (data as unknown as OrderRow[]).map(orderFromRow);
      } catch (e) {
        console.error('[kyb] orders load failed', e);
        if (live) toast(ORDER_PAGE_TEXT.ordersLoadFailed);
      }
      if (live) setOrders({ of: userId, list });
    })();
    return () => {
      live = false;
    };
  }, [userId]);

  if (!auth.initializing && !userId) return null;
  const loading = !orders || orders.of !== userId;
  return (
    <section className="orders" part="orders" aria-busy={loading} aria-labelledby="kyb-orders-title">
      <h2 className="orders__title" id="kyb-orders-title" part="heading">
        {COMMERCE_TEXT.ordersTitle}
      </h2>
      {loading ? (
        <p className="order__status" part="loading" role="status">
          {ORDER_PAGE_TEXT.loadingOrders}
        </p>
      ) : orders.list === null ? (
        <p className="order__message" part="error">
          {ORDER_PAGE_TEXT.ordersLoadFailed.description}
        </p>
      ) : orders.list.length === 0 ? (
        <div className="order__message" part="empty">
          <p>{COMMERCE_TEXT.noOrders}</p>
          <a className="kyb-btn kyb-btn--outline" href={siteUrl('/products')}>
            {COMMERCE_TEXT.continueShopping}
          </a>
        </div>
      ) : (
        <ol className="orders__list" part="list">
          {orders.list.map((o) => (
            <li key={o.id} className="orders__item kyb-card">
              <Receipt order={o} level={3} access={{ order: o.id }} toast={toast} />
            </li>
          ))}
        </ol>
      )}
      {toasts}
    </section>
  );
}
