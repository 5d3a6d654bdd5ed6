/**
 * The visitor's cart, page-wide (docs/commerce.md#cart): the lines as checkout takes them
 * (`{product, configuration, quantity}`, never a price), kept in localStorage under CART_STORAGE_KEY and
 * shared by every kyb-cart on the page (and every copy of the bundle: `pageWide('cart')`).
 *
 * Small on purpose: it ships in the cart button's chunk, which is all a visitor with a non-empty cart
 * downloads before the header shows the count. So it checks only the stored value's shape here; whether
 * each line is still for sale (shared/cart.ts validLines, with zod and the catalog) is checked by the
 * rest of the cart's code (lines.ts) as soon as it loads.
 *
 * API
 * - `cartState()`: `{lines, count, at, owner, order, id}`; `subscribeCart(fn)` → unsubscribe.
 * - `saveCart(patch)`: replaces what it names, writes storage and notifies. An empty cart removes the key,
 *   so the loader downloads nothing on the next page, except a member's cart emptied while signed in: it
 *   stays stored, with no lines, its owner and when it was emptied, so another tab's sync (sync.ts) reads
 *   "this account's cart, emptied then", not a guest's empty cart to merge the account's lines into (the
 *   account may not have heard of the emptying yet). Sign-out removes it. A change of lines stamps `at` and
 *   forgets `order` (a checkout started from other lines is not this cart's). A cart with lines has an
 *   `id` (a UUID, made with its first line): checkout keeps one payable session per id, so every tab
 *   (they share this storage) and, through the account (sync.ts), every device of a member reuse it.
 *   The id stays while the page lives, emptied or not; it is replaced once the cart's order is paid
 *   (`emptyAfterOrder`) or the account signs out (`id: null`).
 * - The `storage` event (another tab changed the cart) is followed: the state is read again.
 * - `freshCart()`: the state read from storage now. Another tab's write is in storage before its
 *   `storage` event reaches this page, so a decision taken after an await (sync.ts) reads this, not a
 *   state that event has yet to update (the cart-loading browser test caught a pull in one tab writing
 *   back the line another tab had just removed).
 */
import { CART_STORAGE_KEY, type CartLine } from '../core/domain.ts';
import { pageWide } from '../core/registry.ts';

export type { CartLine };

export interface CartState {
  lines: CartLine[];
  /** Units across lines: the header's count. */
  count: number;
  /** When the lines last changed (ms), on this device: which of two copies is newer (sync.ts). */
  at: number;
  /** The account this cart is kept with (sync.ts), or null for a guest's. */
  owner: string | null;
  /** The order (its id) of the last checkout started from these lines (emptied once it is paid). */
  order: string | null;
  /** The cart's id: one payable checkout per id (the checkout function's `cart`). */
  id: string | null;
}

interface Store {
  state: CartState;
  subs: Set<() => void>;
  /** Storage holds this state (false once a write failed: then the page's copy is the only one). */
  persisted: boolean;
}

const EMPTY: CartState = { lines: [], count: 0, at: 0, owner: null, order: null, id: null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** RFC 4122 version 4 (crypto.randomUUID is missing outside secure contexts, such as a LAN address). */
export function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const isLine = (l: unknown): l is CartLine => {
  const x = l as CartLine;
  return (
    !!x &&
    typeof x.product === 'string' &&
    !!x.configuration &&
    typeof x.configuration === 'object' &&
    !Array.isArray(x.configuration) &&
    Number.isInteger(x.quantity) &&
    x.quantity > 0
  );
};

const countOf = (lines: readonly CartLine[]) => lines.reduce((n, l) => n + l.quantity, 0);

/** The stored cart, or an empty one (nothing stored, storage disabled, or a value of another shape). */
export function readStoredCart(): CartState {
  return storedCart() ?? EMPTY;
}

/** The stored cart; null when storage cannot be read. */
function storedCart(): CartState | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return EMPTY;
  try {
    const v = JSON.parse(raw) as Partial<CartState>;
    const lines = Array.isArray(v.lines) ? v.lines.filter(isLine) : [];
    return {
      lines,
      count: countOf(lines),
      at: Number(v.at) || 0,
      owner: typeof v.owner === 'string' ? v.owner : null,
      order: typeof v.order === 'string' ? v.order : null,
      id: typeof v.id === 'string' && UUID.test(v.id) ? v.id : null,
    };
  } catch {
    return EMPTY;
  }
}

/**
 * The stored cart, read by a page whose state is `prev`: nothing stored and nothing here keeps this
 * page's state (a member's empty cart that was never filled is not stored, and is still theirs).
 */
function storedNow(prev: CartState): CartState | null {
  const v = storedCart();
  return v === EMPTY && !prev.lines.length ? prev : v;
}

const store = () =>
  pageWide<Store>('cart', () => {
    const s: Store = { state: readStoredCart(), subs: new Set(), persisted: true };
    // Another tab changed the cart: read it again (this tab wrote nothing, so nothing is written back).
    addEventListener('storage', (e) => {
      if (e.key !== CART_STORAGE_KEY && e.key !== null) return;
      s.state = storedNow(s.state) ?? s.state;
      for (const f of s.subs) f();
    });
    return s;
  });

export const cartState = (): CartState => store().state;

export function freshCart(): CartState {
  const s = store();
  const now = s.persisted ? storedNow(s.state) : null;
  if (now && JSON.stringify(now) !== JSON.stringify(s.state)) {
    s.state = now;
    for (const f of s.subs) f();
  }
  return s.state;
}

export function subscribeCart(fn: () => void): () => void {
  const s = store();
  s.subs.add(fn);
  return () => s.subs.delete(fn);
}

export function saveCart(patch: Partial<Pick<CartState, 'lines' | 'owner' | 'order' | 'at' | 'id'>>): CartState {
  const s = store();
  const prev = s.state;
  const lines = patch.lines ?? prev.lines;
  const changed = !!patch.lines && JSON.stringify(patch.lines) !== JSON.stringify(prev.lines);
  const next: CartState = {
    lines,
    count: countOf(lines),
    at: patch.at ?? (changed ? Date.now() : prev.at),
    owner: patch.owner !== undefined ? patch.owner : prev.owner,
    order: patch.order !== undefined ? patch.order : changed ? null : prev.order,
    id: patch.id !== undefined ? patch.id : prev.id,
  };
  if (lines.length && !next.id) next.id = uuid();
  s.state = next;
  try {
    const emptiedByMember = !lines.length && !!next.owner && (prev.lines.length > 0 || localStorage.getItem(CART_STORAGE_KEY) !== null);
    if (lines.length || emptiedByMember) {
      const { count: _, ...kept } = next;
      localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(kept));
    } else localStorage.removeItem(CART_STORAGE_KEY);
    s.persisted = true;
  } catch {
    /* storage full or disabled: the cart lasts as long as the page */
    s.persisted = false;
  }
  for (const f of s.subs) f();
  return next;
}
