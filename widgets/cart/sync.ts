/**
 * A signed-in visitor's cart is also kept with their account (`public.carts`, one row per user, under
 * row-level security: docs/commerce.md#cart), so it follows them to another device.
 *
 * - At sign-in (the stored cart is a guest's, or another account's): the account's cart and the guest
 *   cart are merged (shared/cart.ts mergeCarts: every line of both, the same line once with the larger
 *   quantity) and both copies take the result.
 * - On a page load while signed in: whichever copy changed last wins (another device may have changed
 *   the account's cart since this one last saw it; a row gone means it was emptied there).
 * - Each change here afterwards is saved (upsert), a moment after the last one; an emptied cart deletes
 *   the row.
 * - At sign-out the browser's copy is emptied: the cart stays with the account, not on a shared device.
 * - Tabs share the stored cart, so each decision here reads it as stored now (store.ts freshCart), and a
 *   member's cart emptied in another tab stays theirs: a pull in one tab (at a sign-in there) does not
 *   write back a line another tab has just removed.
 * - The cart's id (store.ts `id`: one payable checkout per cart) travels with its lines: the copy whose
 *   lines win brings its id (a merge keeps the account's), so a member's devices press Checkout for the
 *   same cart and get the same Stripe page.
 *
 * supabase-js is loaded only when a session exists (core/auth.ts), like everywhere else.
 */
import { ensureAuth, getAuthState, startAuth, subscribeAuth } from '../core/auth.ts';
import { mergeCarts, validLines, type CartLine } from '../core/domain.ts';
import { cartState, freshCart, saveCart, subscribeCart } from './store.ts';

/** Changes within this long are saved once. */
const SAVE_DELAY_MS = 400;

let started = false;
/** The user whose cart this page follows, once known (undefined: not yet). */
let user: string | null | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
/** What the account's row holds, as far as this page knows (JSON of the lines and the id), to save only changes. */
let saved: string | null = null;
/** A pull is running: changes it makes are not saved back while it runs. */
let pulling: Promise<void> | null = null;

const same = (a: readonly CartLine[], b: readonly CartLine[]) => JSON.stringify(a) === JSON.stringify(b);
const rowOf = (lines: readonly CartLine[], id: string | null) => JSON.stringify([lines, id]);

async function pull(id: string) {
  const c = await ensureAuth();
  const { data, error } = await c.from('carts').select('lines, updated_at, cart_id').maybeSingle();
  if (error) throw error;
  if (user !== id) return;
  const account = validLines(Array.isArray(data?.lines) ? (data.lines as unknown[]) : []);
  // As stored now: another tab may have changed the cart during the request above.
  const local = freshCart();
  const accountAt = data ? Date.parse(data.updated_at) : 0;
  let lines: CartLine[];
  // Lines taken from the account keep the account's stamp; lines made here (a merge) are new now.
  let at = Date.now();
  let cartId = local.id;
  if (local.owner !== id) {
    lines = mergeCarts(account, local.lines);
    if (account.length) cartId = data?.cart_id ?? cartId;
  }
  // This browser kept the account's cart before, and the account has none now: it was emptied on
  // another device (or its order was paid there): a new cart, with a new id.
  else if (!data) {
    lines = [];
    cartId = null;
  } else if (accountAt > local.at) {
    lines = account;
    at = accountAt;
    cartId = data.cart_id ?? cartId;
  } else lines = local.lines;
  saved = data ? rowOf(account, data.cart_id) : rowOf([], null);
  const kept = same(lines, local.lines) && cartId === local.id;
  // Nothing to change is nothing written: a write would put this tab's view over another tab's.
  if (!kept || local.owner !== id) saveCart({ lines, owner: id, at: kept ? local.at : at, order: kept ? local.order : null, id: cartId });
  await push(id);
}

async function push(id: string) {
  const { lines, at, id: cartId, owner } = freshCart();
  if (owner !== id) return;
  const json = lines.length ? rowOf(lines, cartId) : rowOf([], null);
  if (json === saved || user !== id) return;
  const c = await ensureAuth();
  const { error } = lines.length
    ? await c.from('carts').upsert({ user_id: id, lines: lines as never, cart_id: cartId, updated_at: new Date(at || Date.now()).toISOString() }, { onConflict: 'user_id' })
    : await c.from('carts').delete().eq('user_id', id);
  if (error) throw error;
  saved = json;
}

function follow() {
  const a = getAuthState();
  if (a.initializing) return;
  const id = a.user?.id ?? null;
  if (id === user) return;
  user = id;
  saved = null;
  if (id) {
    pulling = pull(id)
      .catch((e) => console.error('[kyb] could not read the account’s cart', e))
      .finally(() => {
        pulling = null;
      });
  } else if (cartState().owner) {
    // Signed out (or the session ended): the account's cart is not left behind on this device.
    saveCart({ lines: [], owner: null, order: null, id: null });
  }
}

/** Starts following the session and saving changes; idempotent. */
export function startSync() {
  if (started) return;
  started = true;
  startAuth();
  subscribeAuth(follow);
  follow();
  subscribeCart(() => {
    const id = user;
    if (!id || cartState().owner !== id) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      void (pulling ?? Promise.resolve()).then(() => push(id)).catch((e) => console.error('[kyb] could not save the cart to the account', e));
    }, SAVE_DELAY_MS);
  });
}
