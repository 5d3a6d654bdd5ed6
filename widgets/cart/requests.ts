/**
 * What asks the cart for something (`kyb-request-cart`, docs/commerce.md#cart), and who answers.
 *
 * - `listenForCartRequests()`: once, from register.ts, before the element is defined: the loader replays a
 *   tap that came before the code (on Add to Cart, or on the header's cart) as this event as soon as the
 *   module has run, which can be before any kyb-cart has mounted; a request is kept until one has.
 * - The mounted kyb-cart elements register (`register`): the header's `bar` one owns the drawer; a
 *   `page` one (the /cart route) is the cart itself, so "open" there brings it into view.
 * - `loadFull()`: the rest of the cart's code (full.ts: the catalog check, sync, the drawer), imported
 *   once; the button preloads it on pointerdown, hover and focus, so the drawer opens at once on a tap.
 */
import type { KybEventMap } from '../types/kyb-events.d.ts';
import type { ToastInput } from '../core/toast.tsx';
import type { PricedLine } from '../../shared/cart.ts';
import { shouldLoadAuth } from '../core/public.ts';
import { siteUrl } from '../core/site.ts';
import { cartState, subscribeCart } from './store.ts';

export type CartRequest = KybEventMap['kyb-request-cart'];

export interface Mounted {
  layout: 'bar' | 'menu' | 'page' | 'add';
  open?: () => void;
  toast: (t: ToastInput) => void;
  /** Shows the cart notification (Notice.tsx) for a line just added. */
  notify?: (line: PricedLine) => void;
  host: () => Element | null;
}

const mounted = new Set<Mounted>();
let waiting: { request: CartRequest; from: Element | null }[] = [];
let listening = false;

type Full = typeof import('./full.ts');
let full: Promise<Full> | null = null;
const arrivals = new Set<(f: Full) => void>();
let arrived: Full | null = null;
/** The rest of the cart's code, once; a failed download is tried again on the next call. */
export function loadFull(): Promise<Full> {
  full ??= import('./full.ts').then(
    (m) => {
      m.start(say);
      arrived = m;
      for (const f of arrivals) f(m);
      return m;
    },
    (e) => {
      full = null;
      throw e;
    },
  );
  return full;
}

/** Calls `f` once the rest of the code is here (now, if it is), without fetching it; returns the clean-up. */
export function whenFull(f: (m: Full) => void): () => void {
  if (arrived) f(arrived);
  else arrivals.add(f);
  return () => arrivals.delete(f);
}

/** Who opens the cart: the /cart page's own, else the header's bar button, else a menu one. */
export const opener = () => [...mounted].find((m) => m.layout === 'page') ?? [...mounted].find((m) => m.layout === 'bar') ?? [...mounted].find((m) => m.layout === 'menu');

/**
 * Who says "Added to cart" (the notification) and any refusal (a toast): the header's button, else the
 * element the request came from, else any.
 */
const toaster = (from: Element | null) => [...mounted].find((m) => m.layout === 'bar') ?? [...mounted].find((m) => m.host() === from) ?? [...mounted][0];

/** A toast from the cart's code outside an element (a line the catalog no longer offers was removed). */
export const say = (t: ToastInput) => toaster(null)?.toast(t);

/**
 * Opens the cart where this page has one (`mine`: the caller's own drawer, when no better one is
 * registered), or goes to the site's /cart page.
 */
export function openCart(mine?: () => void) {
  const o = opener();
  if (o?.open) o.open();
  else if (mine) mine();
  else location.assign(siteUrl('/cart'));
}

function answer(request: CartRequest, from: Element | null) {
  if (request.paid) {
    // Only the cart that order came from (store.ts `order`); a receipt opened again later leaves a new cart alone.
    if (cartState().order === request.paid) void loadFull().then((f) => f.emptyAfterOrder(request.paid!));
    return;
  }
  // A `<kyb-cart add>` asks with its attributes (the loader replays a tap on it with an empty detail).
  const el = from?.localName === 'kyb-cart' && from.hasAttribute('add') ? from : null;
  let add = request.add;
  let open = request.open;
  if (!add && el) {
    let configuration: Record<string, unknown> = {};
    try {
      configuration = JSON.parse(el.getAttribute('configuration') || '{}');
    } catch {
      console.error('[kyb] kyb-cart: configuration is not JSON', el.getAttribute('configuration'));
    }
    add = { product: el.getAttribute('add')!, configuration };
    open ??= el.getAttribute('after') === 'open';
  }
  if (!add) return openCart();
  const by = toaster(from);
  void loadFull().then(
    (f) => f.addToCart(add, { open: !!open, toast: by?.toast, notify: by?.notify, openCart }),
    (e) => console.error('[kyb] could not load the cart', e),
  );
}

const offer = () => {
  if (!mounted.size) return;
  const todo = waiting;
  waiting = [];
  for (const w of todo) answer(w.request, w.from);
};

/** The rest of the code, once the page is idle (it checks a stored cart and follows an account's). */
const later = () => {
  const go = () => void loadFull().catch((e) => console.error('[kyb] could not load the cart', e));
  if (typeof requestIdleCallback === 'function') requestIdleCallback(go, { timeout: 3000 });
  else setTimeout(go, 500);
};

/** Called once by register.ts (again is harmless: one listener). */
export function listenForCartRequests() {
  if (listening) return;
  listening = true;
  let wanted = false;
  const want = () => {
    if (wanted) return;
    wanted = true;
    later();
  };
  if (cartState().count || shouldLoadAuth()) want();
  // A cart filled in another tab, or a sign-in on this page (the account may have a cart of its own).
  subscribeCart(() => cartState().count && want());
  document.addEventListener('kyb-auth-change', (e) => e.detail.signedIn && want());
  document.addEventListener('kyb-request-cart', (e) => {
    waiting.push({ request: (e as CustomEvent<CartRequest>).detail ?? {}, from: e.target as Element | null });
    offer();
  });
}

/** A mounted kyb-cart answers requests from now on (and the ones that came before); returns the clean-up. */
export function register(m: Mounted): () => void {
  mounted.add(m);
  // After the elements mounted in the same pass have registered (the bar button before a menu one).
  const t = setTimeout(offer);
  return () => {
    clearTimeout(t);
    mounted.delete(m);
  };
}
