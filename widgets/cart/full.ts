/**
 * The rest of kyb-cart, loaded after its button (requests.ts `loadFull`): on the visitor's way to a tap
 * (pointer down, hover, focus), at idle time when there is a cart to check or an account to follow,
 * and for any request. `start` (run once, by loadFull) checks the stored lines against the catalog and
 * starts following the account's copy of the cart (sync.ts).
 */
import type { ToastInput } from '../core/toast.tsx';
import { CART_MESSAGES } from '../core/domain.ts';
import { revalidate } from './lines.ts';
import { startSync } from './sync.ts';

export { CartDrawer, CartPanel } from './CartPanel.tsx';
export { addToCart, emptyAfterOrder } from './lines.ts';

/** `say`: where a toast goes (the header's cart button). */
export function start(say: (t: ToastInput) => void) {
  if (revalidate()) say(CART_MESSAGES.linesDropped);
  startSync();
}
