/**
 * The cart notification (issue #29, as Shopify's Dawn theme does it): after Add to Cart, a small panel
 * under the site's header with the product, its picture and its options in words, **View cart (n)** and
 * **Check out**. It replaces the "Added to cart" toast, which lay for six seconds over what the
 * customer needed next (the deposit note, the drawer's Continue shopping).
 *
 * It stays until the customer is done with it: a tap anywhere outside it, Escape, its close button, or
 * one of its two buttons closes it; no timer. It is a `popover="manual"` (the top layer: above sticky
 * headers and fixed bars, like the drawer), placed just under the header's bottom edge where the page
 * has one, at the window's top otherwise (an element's own page, an embed).
 *
 * Drawn by this one component, from the header's cart (Cart.tsx CartButton) or, on a page without one,
 * from the Add to Cart element itself.
 */
import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { Item } from '../core/commerce.tsx';
import { siteUrl } from '../core/site.ts';
import { CART_TEXT, type PricedLine } from '../core/domain.ts';

export interface NoticeProps {
  line: PricedLine;
  /** Units in the cart now (View cart (n)). */
  count: number;
  onViewCart: () => void;
  onCheckOut: () => void;
  onClose: () => void;
}

/** Where the panel's top goes: under the site's header (sticky, so in view), or the window's top. */
const headerBottom = () => Math.max(0, document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0);

export function CartNotice({ line, count, onViewCart, onCheckOut, onClose }: NoticeProps) {
  const ref = useRef<HTMLDivElement>(null);
  const title = useId();
  const close = useRef(onClose);
  close.current = onClose;
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.setProperty('--cart-notice-top', `${headerBottom()}px`);
    if (typeof el.showPopover === 'function' && !el.matches(':popover-open')) el.showPopover();
    // Announced and reachable at once: focus moves to the panel (not its buttons), without scrolling.
    el.focus({ preventScroll: true });
  }, [line]);
  useEffect(() => {
    // Any tap or click outside it closes it (the tap still does what it was for); so does Escape.
    const outside = (e: Event) => {
      if (!ref.current || !e.composedPath().includes(ref.current)) close.current();
    };
    const key = (e: KeyboardEvent) => e.key === 'Escape' && close.current();
    document.addEventListener('pointerdown', outside, true);
    document.addEventListener('keydown', key, true);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      document.removeEventListener('keydown', key, true);
    };
  }, []);
  return (
    <div ref={ref} popover="manual" className="cart-notice" part="notice" role="dialog" aria-modal="false" aria-labelledby={title} tabIndex={-1}>
      <div className="cart-notice__head">
        <p className="cart-notice__title" id={title} part="notice-title">
          <svg className="cart-notice__check" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          </svg>
          {CART_TEXT.addedTitle}
        </p>
        <button type="button" className="kyb-dialog__close cart-notice__close" part="notice-close" aria-label={CART_TEXT.closeNotice} onClick={onClose}>
          ×
        </button>
      </div>
      <Item name={line.name} options={line.options} image={siteUrl(line.image)} />
      <div className="cart-notice__actions">
        <button type="button" className="kyb-btn kyb-btn--outline" part="view-cart" onClick={onViewCart}>
          {CART_TEXT.viewCart(count)}
        </button>
        <button type="button" className="kyb-btn" part="check-out" onClick={onCheckOut}>
          {CART_TEXT.checkOut}
        </button>
      </div>
    </div>
  );
}
