/**
 * kyb-cart (docs/commerce.md#cart): the part of the cart that ships first, in the element's own chunk.
 *
 * - `bar` (default): the header's cart button with the number of items; it opens the cart drawer.
 * - `menu`: the same as a full-width row in a slide-out menu; it closes the menu and opens the bar's drawer.
 * - `page`: the whole cart in the page (/cart, Stripe's cancel_url).
 * - `add="<product>"`: Add to Cart around the page's own button (its light DOM stays the button).
 *
 * The count comes from the store alone (store.ts: no catalog, no zod), so a visitor with items in the
 * cart sees it with this small chunk. The drawer, the /cart page and everything that checks and prices
 * lines are in full.ts, preloaded when the visitor points at, touches or focuses the button, and loaded
 * at idle time when there is a cart to check or an account to sync with.
 *
 * Its attributes, events, parts and slot: widgets/cart/register.ts.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { hostOf } from '../core/define.ts';
import { emit } from '../core/events.ts';
import { CART_TEXT, COMMERCE_TEXT } from '../core/domain.ts';
import { useToasts } from '../core/toast.tsx';
import type { PanelProps } from './CartPanel.tsx';
import { EmptyCart } from './Empty.tsx';
import { CartNotice } from './Notice.tsx';
import type { PricedLine } from '../../shared/cart.ts';
import { loadFull, openCart, register, whenFull, type Mounted } from './requests.ts';
import { cartState, subscribeCart, type CartState } from './store.ts';

export interface CartProps {
  layout?: 'bar' | 'menu' | 'page';
  /** With a product id: Add to Cart around the light-DOM button. */
  add?: string;
  configuration?: string;
  after?: 'toast' | 'open';
  container?: ShadowRoot;
}

/** The store, re-rendered on each change (this tab's or another's). */
function useCart(): CartState {
  const [state, setState] = useState(cartState);
  useEffect(() => {
    const sync = () => setState(cartState());
    sync();
    return subscribeCart(sync);
  }, []);
  return state;
}

/**
 * Registers this element with the requests hub while it is mounted: in the commit that draws it (a layout
 * effect), so a tap on what it drew always finds it registered.
 */
function useRegister(m: Omit<Mounted, 'host'>, container: unknown) {
  const self = useRef(m);
  Object.assign(self.current, m);
  useLayoutEffect(
    () =>
      register({
        get layout() {
          return self.current.layout;
        },
        open: () => self.current.open?.(),
        toast: (t) => self.current.toast(t),
        notify: (line) => self.current.notify?.(line),
        host: () => hostOf(container),
      }),
    [],
  );
}

function BagIcon() {
  return (
    <svg className="cart__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M5 8h14l-1.2 12H6.2z" />
      <path d="M9 10V7a3 3 0 0 1 6 0v3" />
    </svg>
  );
}

export function Cart({ layout = 'bar', add, container }: CartProps) {
  if (add) return <AddToCart container={container} />;
  if (layout === 'page') return <CartPage container={container} />;
  return <CartButton layout={layout === 'menu' ? 'menu' : 'bar'} container={container} />;
}

type Panel = ComponentType<PanelProps>;

/** The line just added, for the notification (null: none shown); `at` tells two adds of one line apart. */
function useAdded() {
  const [added, setAdded] = useState<{ line: PricedLine; at: number } | null>(null);
  const notify = (line: PricedLine) => setAdded({ line, at: Date.now() });
  return { added, notify, close: () => setAdded(null) };
}

function CartButton({ layout, container }: { layout: 'bar' | 'menu'; container?: ShadowRoot }) {
  const cart = useCart();
  const { toast, toasts } = useToasts();
  const [Drawer, setDrawer] = useState<ComponentType<PanelProps & { open: boolean; onClose: () => void }> | null>(null);
  const [open, setOpen] = useState(false);
  /** Bumped by the notification's Check out: the drawer presses its own Checkout (kit terms and all). */
  const [checkoutNow, setCheckoutNow] = useState(0);
  const { added, notify, close } = useAdded();
  const button = useRef<HTMLButtonElement>(null);

  const show = (andCheckout = false) =>
    void loadFull().then(
      (f) => {
        setDrawer(() => f.CartDrawer);
        setOpen(true);
        if (andCheckout) setCheckoutNow((n) => n + 1);
      },
      (e) => console.error('[kyb] could not load the cart', e),
    );
  useRegister({ layout, open: show, toast, notify: layout === 'bar' ? notify : undefined }, container);
  // The header's drawer is drawn, closed, as soon as its code is here (at idle time, or on the way to a
  // tap), so the tap itself only opens it.
  useLayoutEffect(() => (layout === 'bar' ? whenFull((f) => setDrawer(() => f.CartDrawer)) : undefined), [layout]);

  const onClick = () => {
    // In a slide-out menu: it gives way, and the cart opens from the header (or this row, alone on the page).
    if (layout === 'menu') for (const p of document.querySelectorAll<HTMLElement>(':popover-open')) if (p.querySelector('kyb-cart')) p.hidePopover();
    openCart(show);
  };
  // The drawer's code is fetched when the visitor is about to tap (pointer down, hover, keyboard focus),
  // so it opens at once on the tap itself.
  const preload = () => void loadFull().catch(() => {});
  const shown = cart.count > 99 ? '99+' : String(cart.count);

  return (
    <div className={`cart cart--${layout}`} part="base">
      <button
        ref={button}
        type="button"
        className={layout === 'bar' ? 'cart__button' : 'kyb-btn kyb-btn--outline cart__row'}
        part="button"
        aria-haspopup="dialog"
        aria-label={CART_TEXT.button(cart.count)}
        onClick={onClick}
        onPointerDown={preload}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <BagIcon />
        {layout === 'menu' ? <span>{COMMERCE_TEXT.cart}</span> : null}
        {cart.count ? (
          <span className="cart__count" part="count" aria-hidden="true">
            {shown}
          </span>
        ) : null}
      </button>
      {Drawer ? <Drawer open={open} onClose={() => setOpen(false)} checkoutNow={checkoutNow} /> : null}
      {added ? (
        <CartNotice
          key={added.at}
          line={added.line}
          count={cart.count}
          onClose={close}
          onViewCart={() => {
            close();
            openCart(show);
          }}
          onCheckOut={() => {
            close();
            show(true);
          }}
        />
      ) : null}
      {toasts}
    </div>
  );
}

function CartPage({ container }: { container?: ShadowRoot }) {
  const { toast, toasts } = useToasts();
  const cart = useCart();
  const [Page, setPage] = useState<Panel | null>(null);
  const root = useRef<HTMLDivElement>(null);
  useRegister(
    {
      layout: 'page',
      // The cart is the page: bring it into view rather than opening a drawer over it.
      open: () => {
        root.current?.scrollIntoView({ block: 'start' });
        root.current?.querySelector<HTMLElement>('[part~="title"]')?.focus();
      },
      toast,
    },
    container,
  );
  // An empty cart prices nothing: it shows from this chunk alone, and the rest of the code comes only
  // when there is something to check or an account to follow (requests.ts), or a line arrives.
  const needed = cart.count > 0;
  useEffect(() => {
    if (!needed) return;
    void loadFull().then(
      (f) => setPage(() => f.CartPanel),
      (e) => console.error('[kyb] could not load the cart', e),
    );
  }, [needed]);
  useLayoutEffect(() => whenFull((f) => setPage(() => f.CartPanel)), []);
  return (
    <div ref={root} className="cart cart--page" part="base">
      {Page ? (
        <Page layout="page" />
      ) : !needed ? (
        <EmptyCart layout="page" />
      ) : (
        <p className="cart__loading" part="loading" role="status">
          {CART_TEXT.loading}
        </p>
      )}
      {toasts}
    </div>
  );
}

function AddToCart({ container }: { container?: ShadowRoot }) {
  const { toast, toasts } = useToasts();
  const cart = useCart();
  // On a page without the header's cart (an element's own page): the notification is this element's,
  // and its buttons go to the /cart page.
  const { added, notify, close } = useAdded();
  useRegister({ layout: 'add', toast, notify }, container);
  // In the commit that draws it: a click right after the upgrade is not missed.
  useLayoutEffect(() => {
    const host = hostOf(container);
    const onClick = (e: Event) => {
      // Only a click on the page's button (the light DOM), not on a toast of this element's own.
      if (e.defaultPrevented || (e.target as Element) === host || !host?.contains(e.target as Node)) return;
      emit(host, 'kyb-request-cart', {});
    };
    host?.addEventListener('click', onClick);
    const preload = () => void loadFull().catch(() => {});
    host?.addEventListener('pointerdown', preload);
    return () => {
      host?.removeEventListener('click', onClick);
      host?.removeEventListener('pointerdown', preload);
    };
  }, [container]);
  const toCart = () => {
    close();
    openCart();
  };
  return (
    <>
      <slot></slot>
      {added ? <CartNotice key={added.at} line={added.line} count={cart.count} onClose={close} onViewCart={toCart} onCheckOut={toCart} /> : null}
      {toasts}
    </>
  );
}
