/**
 * The cart itself (docs/commerce.md#cart, #states-and-messages), in the drawer (`CartDrawer`, a modal
 * dialog opened by the header's button) and on the /cart page (`layout="page"`): each line with its
 * options in words, unit price, a quantity stepper (1 to CART_LIMITS.maxQuantity) and Remove; the
 * totals as checkout will charge them (shipping or Free, none for a digital-only cart; the deposit due
 * today and the balance due before shipping where a made-to-order line asks for one); the kit terms to
 * tick when the cart holds a kit; a signed-in member's reward code (RewardCode.tsx); Checkout.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Modal } from '../core/dialog.tsx';
import { Item, Totals, cartTotals } from '../core/commerce.tsx';
import { emit } from '../core/events.ts';
import { siteUrl } from '../core/site.ts';
import type { ToastInput } from '../core/toast.tsx';
import {
  CART_MESSAGES,
  CART_TEXT,
  COMMERCE_MESSAGES,
  COMMERCE_TEXT,
  JAH_DEPOSIT_NOTE,
  KIT_TERMS,
  KIT_TERMS_STORAGE_KEY,
  formatCents,
  priceCart,
  validLines,
  type PricedCart,
} from '../core/domain.ts';
import { useAuth } from '../core/auth.ts';
import { checkout } from './checkout.ts';
import { RewardCode } from './RewardCode.tsx';
import { CancelledNotice, EmptyCart, cancelledCheckout } from './Empty.tsx';
import { removeLine, revalidate, stepQuantity } from './lines.ts';
import { cartState, saveCart, subscribeCart } from './store.ts';

export interface PanelProps {
  layout?: 'drawer' | 'page';
  /** The drawer's: close it (before a sign-in dialog opens over the page). */
  onClose?: () => void;
  /** Each new value presses Checkout (the cart notification's Check out, Notice.tsx). */
  checkoutNow?: number;
}

function usePricedCart(): PricedCart | null {
  const [lines, setLines] = useState(() => cartState().lines);
  useEffect(() => {
    const sync = () => setLines(cartState().lines);
    sync();
    return subscribeCart(sync);
  }, []);
  return useMemo(() => {
    try {
      return priceCart(validLines(lines));
    } catch (e) {
      console.error('[kyb] the cart cannot be priced', e);
      return null;
    }
  }, [lines]);
}

/** One button of the quantity stepper. */
function Step({
  part,
  label,
  disabled,
  describedBy,
  onClick,
  children,
}: {
  part: string;
  label: string;
  disabled: boolean;
  describedBy?: string;
  onClick: () => void;
  children: string;
}) {
  return (
    <button type="button" className="cart__step" part={part} aria-label={label} aria-describedby={describedBy} disabled={disabled} onClick={onClick}>
      {children}
    </button>
  );
}

/**
 * The kit terms ticked for this cart, kept for the tab's session (sessionStorage): back from Stripe's
 * page with Cancel, the box is still ticked (issue #29). Bound to the cart's id and the terms' version,
 * so a new cart or new words ask again.
 */
const termsMark = () => `${cartState().id}:${KIT_TERMS.version}`;
function termsTicked(): boolean {
  try {
    return sessionStorage.getItem(KIT_TERMS_STORAGE_KEY) === termsMark();
  } catch {
    return false;
  }
}
function keepTerms(ticked: boolean) {
  try {
    if (ticked) sessionStorage.setItem(KIT_TERMS_STORAGE_KEY, termsMark());
    else sessionStorage.removeItem(KIT_TERMS_STORAGE_KEY);
  } catch {
    /* storage disabled: the tick lasts as long as the page */
  }
}

export function CartPanel({ layout = 'drawer', onClose, checkoutNow }: PanelProps) {
  const cart = usePricedCart();
  const [terms, setTermsState] = useState(termsTicked);
  const setTerms = (ticked: boolean) => {
    setTermsState(ticked);
    keepTerms(ticked);
  };
  const [termsError, setTermsError] = useState<string | null>(null);
  /** Checkout's failure, said under the button that was pressed (issue #29: not a toast over the drawer). */
  const [failed, setFailed] = useState<(ToastInput & { press: number }) | null>(null);
  const press = useRef<() => void>(undefined);
  useEffect(() => {
    if (checkoutNow) press.current?.();
  }, [checkoutNow]);
  useEffect(() => setFailed(null), [cart]);
  const [busy, setBusy] = useState(false);
  const { user } = useAuth();
  const [rewardCode, setRewardCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const codeBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (codeError) codeBox.current?.focus();
  }, [codeError]);
  const termsBox = useRef<HTMLInputElement>(null);
  const termsId = useId();
  const cancelled = layout === 'page' && cancelledCheckout();

  // Back from Stripe's page with the browser's Back button: this page comes from the back-forward cache
  // as it was left, busy.
  useEffect(() => {
    const back = (e: PageTransitionEvent) => e.persisted && setBusy(false);
    addEventListener('pageshow', back);
    return () => removeEventListener('pageshow', back);
  }, []);
  useEffect(() => {
    if (!cart?.needsKitTerms) setTermsError(null);
  }, [cart?.needsKitTerms]);

  const notice = cancelled ? <CancelledNotice /> : null;

  if (!cart?.lines.length) return <EmptyCart layout={layout} />;

  const needsTerms = cart.needsKitTerms && !terms;

  async function onCheckout() {
    if (busy || !cart) return;
    if (needsTerms) {
      setTermsError(COMMERCE_TEXT.kitTermsRequired);
      termsBox.current?.focus();
      return;
    }
    setBusy(true);
    setFailed(null);
    const lines = cart.lines.map((l) => ({ product: l.product, configuration: l.configuration, quantity: l.quantity }));
    // A cart stored before carts had ids gets one now (every tab reads it from storage).
    const id = cartState().id ?? saveCart({}).id!;
    const code = user ? rewardCode.trim() || undefined : undefined;
    setCodeError(null);
    const r = await checkout(id, lines, cart.needsKitTerms ? KIT_TERMS.version : undefined, code);
    if (r.ok) {
      // Stays busy until Stripe's page replaces this one.
      saveCart({ order: r.order });
      location.assign(r.url);
      return;
    }
    if (r.paidOrderUrl) {
      // This cart was paid already (another tab, another device): its order, and a new, empty cart.
      saveCart({ lines: [], order: null, id: null });
      location.assign(siteUrl(r.paidOrderUrl));
      return;
    }
    setBusy(false);
    if (r.field === 'kitTerms') {
      setTerms(false);
      setTermsError(r.message ?? COMMERCE_TEXT.kitTermsRequired);
      termsBox.current?.focus();
      return;
    }
    if (r.field === 'rewardCode') {
      // Focused by the effect below, once the field is enabled again.
      setCodeError(r.message);
      return;
    }
    // A line the server refused is checked against the catalog again (it may have changed).
    if (r.status === 400 && r.field?.startsWith('lines')) revalidate();
    // Each failed press draws its line anew (`press` is its key), so a second failure is announced too.
    setFailed({ ...COMMERCE_MESSAGES.checkoutFailed(r.message ?? COMMERCE_MESSAGES.paymentUnavailable), press: Date.now() });
    if (r.status === 401) {
      onClose?.();
      emit(document, 'kyb-request-sign-in', { tab: 'sign-in' });
    }
  }

  press.current = () => void onCheckout();

  return (
    <div className={`cart-panel cart-panel--${layout}`} part="panel" aria-busy={busy}>
      {notice}
      <ul className="cart__lines kyb-scroll-y" part="lines">
        {cart.lines.map((l) => (
          <li key={l.key} className="cart__line" part="line">
            <Item
              name={l.name}
              options={l.options}
              href={siteUrl(l.href)}
              image={siteUrl(l.image)}
              aside={
                <span className="cart__line-total" part="line-total">
                  {formatCents(l.lineCents)}
                </span>
              }
            >
              <p className="cart__unit" part="unit">
                {CART_TEXT.each(formatCents(l.unitCents))}
              </p>
              <div className="cart__line-actions">
                {l.maxQuantity > 1 ? (
                  <div className="cart__qty" part="quantity" role="group" aria-label={CART_TEXT.quantityOf(l.name)}>
                    <Step part="decrease" label={CART_TEXT.decrease(l.name)} disabled={busy || l.quantity <= 1} onClick={() => stepQuantity(l.key, -1)}>
                      −
                    </Step>
                    <output className="cart__qty-value" aria-live="polite">
                      {l.quantity}
                    </output>
                    <Step
                      part="increase"
                      label={CART_TEXT.increase(l.name)}
                      disabled={busy || l.quantity >= l.maxQuantity}
                      describedBy={l.quantity >= l.maxQuantity ? `${l.key}-limit` : undefined}
                      onClick={() => stepQuantity(l.key, 1)}
                    >
                      +
                    </Step>
                  </div>
                ) : (
                  <p className="cart__once" part="once">
                    {CART_MESSAGES.downloadOnce}
                  </p>
                )}
                <button
                  type="button"
                  className="kyb-link kyb-link--button cart__remove"
                  part="remove"
                  aria-label={CART_TEXT.removeOf(l.name)}
                  disabled={busy}
                  onClick={() => removeLine(l.key)}
                >
                  {COMMERCE_TEXT.remove}
                </button>
              </div>
              {l.maxQuantity > 1 && l.quantity >= l.maxQuantity ? (
                <p className="cart__limit" part="limit" id={`${l.key}-limit`}>
                  {CART_MESSAGES.quantityLimit(l.maxQuantity).description}
                </p>
              ) : null}
            </Item>
          </li>
        ))}
      </ul>
      <div className="cart__summary">
        {layout === 'page' ? <h2 className="cart__summary-title">{CART_TEXT.summary}</h2> : null}
        <Totals lines={cartTotals(cart)} />
        {cart.balanceCents > 0 ? (
          <p className="cart__deposit" part="deposit">
            {JAH_DEPOSIT_NOTE}
          </p>
        ) : null}
        {cart.needsKitTerms ? (
          <div className="cart__terms" part="terms">
            <label className="cart__terms-label">
              <input
                ref={termsBox}
                type="checkbox"
                checked={terms}
                aria-invalid={termsError ? 'true' : undefined}
                aria-describedby={termsError ? termsId : undefined}
                onChange={(e) => {
                  setTerms(e.currentTarget.checked);
                  if (e.currentTarget.checked) setTermsError(null);
                }}
              />
              <span>{KIT_TERMS.text}</span>
            </label>
            {termsError ? (
              <p className="kyb-error" id={termsId} part="error">
                {termsError}
              </p>
            ) : null}
          </div>
        ) : null}
        {user ? (
          <RewardCode
            value={rewardCode}
            onValue={(v) => {
              setRewardCode(v);
              setCodeError(null);
            }}
            error={codeError}
            disabled={busy}
            inputRef={codeBox}
          />
        ) : null}
        {failed ? (
          <p key={failed.press} className="kyb-error cart__failed" part="checkout-error" role="alert">
            <strong>{failed.title}</strong> {failed.description}
          </p>
        ) : null}
        <button type="button" className="kyb-btn cart__checkout" part="checkout" aria-disabled={needsTerms ? 'true' : undefined} disabled={busy} onClick={() => void onCheckout()}>
          {busy ? COMMERCE_TEXT.checkoutBusy : COMMERCE_TEXT.checkout}
        </button>
        <p className="cart__secure">{CART_TEXT.secure}</p>
        {/* In the drawer, back to the page it opened over; on /cart, to the products. */}
        {layout === 'drawer' ? (
          <button type="button" className="kyb-link kyb-link--button cart__continue" part="continue" onClick={() => onClose?.()}>
            {COMMERCE_TEXT.continueShopping}
          </button>
        ) : (
          <a className="kyb-link cart__continue" part="continue" href={siteUrl('/products')}>
            {COMMERCE_TEXT.continueShopping}
          </a>
        )}
      </div>
    </div>
  );
}

/** The header's cart: a modal sheet at the side of the window (the whole width of a phone). */
export function CartDrawer({ open, onClose, checkoutNow }: PanelProps & { open: boolean; onClose: () => void }) {
  const title = useId();
  return (
    <Modal open={open} onClose={onClose} labelledBy={title} className="cart-drawer">
      <div className="cart-drawer__head">
        <h2 className="cart-drawer__title" id={title} part="title" tabIndex={-1} data-autofocus>
          {COMMERCE_TEXT.cartTitle}
        </h2>
        <button type="button" className="kyb-dialog__close" part="close" aria-label={CART_TEXT.close} onClick={onClose}>
          ×
        </button>
      </div>
      <CartPanel layout="drawer" onClose={onClose} checkoutNow={checkoutNow} />
    </Modal>
  );
}
