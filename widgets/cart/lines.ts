/**
 * The cart's lines against the catalog (docs/commerce.md#cart): every change goes through here, checked
 * and priced with shared/cart.ts, the same functions the checkout function prices with. Loaded with the
 * rest of the cart (full.ts), not with the button.
 *
 * API
 * - `revalidate()`: the stored lines that no longer price (a product gone off sale, an option the
 *   catalog dropped, a hand-edited value) are taken out; true when something was.
 * - `addToCart(line, {open, toast, openCart})`: adds one unit (or `quantity`) of a line: the same product
 *   and options is one line whose quantity grows up to CART_LIMITS.maxQuantity; a new line needs room
 *   (CART_LIMITS.maxLines). Then shows the cart notification under the header (`notify`, Notice.tsx), or
 *   opens the cart. A refusal (the cart full, the line at its limit) is a toast: news the notification
 *   cannot carry, since nothing was added.
 * - `stepQuantity(key, ±1)`, `removeLine(key)`: the drawer's stepper and Remove (`key` is PricedLine.key).
 * - `emptyAfterOrder(id)`: the order checked out from this cart is paid: the cart empties (and the
 *   account's copy with it, sync.ts), and the next line starts a cart with a new id.
 */
import type { ToastInput } from '../core/toast.tsx';
import { CART_LIMITS, CART_MESSAGES, COMMERCE_MESSAGES, addLine, lineKey, maxQuantityOf, priceLine, validLines, type CartLine, type PricedLine } from '../core/domain.ts';
import { cartState, saveCart } from './store.ts';

const keyOf = (l: CartLine) => lineKey(l.product, l.configuration);

export function revalidate(): boolean {
  const { lines, at, order } = cartState();
  const valid = validLines(lines);
  if (JSON.stringify(valid) === JSON.stringify(lines)) return false;
  // Not a change the visitor made: the stamp and the checkout it belongs to stay.
  saveCart({ lines: valid, at, order });
  return valid.length < lines.length;
}

export interface AddOptions {
  /** Open the cart afterwards (the Crown Planner's Buy buttons) instead of the notification. */
  open?: boolean;
  toast?: (t: ToastInput) => void;
  /** Shows the cart notification for the line just added (issue #29: not a toast). */
  notify?: (line: PricedLine) => void;
  openCart: () => void;
}

export function addToCart(add: { product: string; configuration?: Record<string, unknown>; quantity?: number }, o: AddOptions): PricedLine | null {
  let priced: PricedLine;
  try {
    priced = priceLine({ product: add.product, configuration: add.configuration ?? {}, quantity: add.quantity ?? 1 });
  } catch (e) {
    console.error('[kyb] kyb-cart: cannot add', add, e);
    o.toast?.(CART_MESSAGES.addFailed((e as Error).message));
    return null;
  }
  const { lines } = cartState();
  const same = lines.find((l) => keyOf(l) === priced.key);
  if (!same && lines.length >= CART_LIMITS.maxLines) {
    o.toast?.(COMMERCE_MESSAGES.cartLimit(CART_LIMITS.maxLines));
    return null;
  }
  if (same && same.quantity >= priced.maxQuantity) {
    // A Buy button that opens the cart (after="open") opens it still: the line is there, saying why there
    // is no more of it (issue #29's walk: Buy the PDF with the PDF in the cart led nowhere).
    if (o.open) o.openCart();
    else o.toast?.(priced.digital ? CART_MESSAGES.downloadInCart : CART_MESSAGES.quantityLimit(CART_LIMITS.maxQuantity));
    return null;
  }
  saveCart({ lines: addLine(lines, { product: priced.product, configuration: priced.configuration, quantity: priced.quantity }) });
  if (o.open) o.openCart();
  else if (o.notify) o.notify(priced);
  else o.toast?.(COMMERCE_MESSAGES.added(priced.name));
  return priced;
}

/** One more (`+1`) or one fewer (`-1`) of a line, from what is stored now (two quick taps count twice). */
export function stepQuantity(key: string, by: 1 | -1) {
  const q = (l: CartLine) => Math.max(1, Math.min(maxQuantityOf(l.product), l.quantity + by));
  saveCart({ lines: cartState().lines.map((l) => (keyOf(l) === key ? { ...l, quantity: q(l) } : l)) });
}

export function removeLine(key: string) {
  saveCart({ lines: cartState().lines.filter((l) => keyOf(l) !== key) });
}

export function emptyAfterOrder(order: string): boolean {
  const s = cartState();
  if (s.order !== order) return false;
  saveCart({ lines: [], order: null, id: null });
  return true;
}
