/**
 * What the cart shows with nothing in it, and the notice of a cancelled checkout: drawn by the full cart
 * (CartPanel.tsx) and, before its code is needed, by the /cart page itself (Cart.tsx): an empty cart
 * prices nothing, so the page shows it from the button's chunk alone.
 */
import { siteUrl } from '../core/site.ts';
import { CART_TEXT, COMMERCE_TEXT } from '../core/domain.ts';

/** /cart?checkout=cancelled: Stripe's Cancel came back here. */
export const cancelledCheckout = () => new URLSearchParams(location.search).get('checkout') === 'cancelled';

export function CancelledNotice() {
  return (
    <div className="cart__notice" part="notice" role="status">
      <strong>{CART_TEXT.cancelledTitle}</strong> {CART_TEXT.cancelledText}
    </div>
  );
}

export function EmptyCart({ layout }: { layout: 'drawer' | 'page' }) {
  return (
    <div className={`cart-panel cart-panel--${layout}`} part="panel">
      {layout === 'page' && cancelledCheckout() ? <CancelledNotice /> : null}
      <div className="cart__empty" part="empty">
        <p className="cart__empty-title">{COMMERCE_TEXT.emptyCart}</p>
        <p className="cart__empty-hint">{COMMERCE_TEXT.emptyCartHint}</p>
        <a className="kyb-btn" part="continue" href={siteUrl('/products')}>
          {COMMERCE_TEXT.continueShopping}
        </a>
      </div>
    </div>
  );
}
