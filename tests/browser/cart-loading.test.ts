/**
 * kyb-cart on fresh pages (the fixture host page, tests/browser/fixtures/page.html, in an iframe: its own
 * modules, the origin's localStorage): what a visitor downloads (nothing of the cart with an empty cart;
 * the button alone for the count, the rest at idle time or on the way to a tap), the catalog check of a
 * stored cart on load, and a signed-in visitor's cart kept with the account (public.carts): merged with
 * the guest cart at sign-in, saved as it changes, gone from the device at sign-out, back on another
 * device, the row deleted once empty. Fixtures: tests/browser/support/cart.ts.
 */
import { $, anonKey, assert, backendUrl, button, createUser, equal, meta, text, waitFor } from './support/helpers.ts';
import { BUNDLE, CART_STORAGE_KEY, JAH, TRINITY, canonical, count, drawer, lines, openDrawer, storedCart } from './support/cart.ts';
import { authStorageKey } from '../../shared/storage.ts';

const HEADER = '<kyb-cart><a href="/cart">Cart</a></kyb-cart>';
const storageKey = () => authStorageKey(backendUrl());

async function page(html: string) {
  const frame = document.createElement('iframe');
  frame.src = `${location.origin}/tests/browser/fixtures/page.html?${new URLSearchParams({ bundle: meta('kyb-test-bundle'), url: backendUrl(), key: anonKey(), html })}`;
  frame.style.cssText = 'width:900px;height:700px';
  document.body.append(frame);
  await waitFor(
    () => frame.contentWindow?.location.pathname.endsWith('page.html') && frame.contentDocument.readyState === 'complete' && frame.contentWindow[Symbol.for('kyb.loader')],
    'fixture page loaded, with the loader running',
  );
  return frame;
}
const chunks = (frame: HTMLIFrameElement) =>
  (frame.contentWindow.performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .map((e) => new URL(e.name).pathname)
    .filter((p) => p.includes('/chunks/'))
    .map((p) => p.split('/').pop());
const cartIn = (frame: HTMLIFrameElement) => frame.contentDocument.querySelector('kyb-cart');

/** The account's cart row, as its owner reads it. */
async function accountCart(session) {
  const r = await fetch(`${backendUrl()}/rest/v1/carts?select=lines`, { headers: { apikey: anonKey(), authorization: `Bearer ${session.access_token}` } });
  return (await r.json())[0]?.lines ?? null;
}
const signedIn = (u) =>
  localStorage.setItem(storageKey(), JSON.stringify({ ...u.session, expires_at: u.session.expires_at ?? Math.floor(Date.now() / 1000) + u.session.expires_in }));

describe('kyb-cart: what a page downloads, and the cart it starts from', () => {
  afterEach(() => {
    document.querySelectorAll('iframe').forEach((f) => f.remove());
    localStorage.clear();
  });

  it('an empty cart costs no cart code, even after the visitor scrolls; a pointer on the button loads it, and its drawer before the tap', async () => {
    const frame = await page(`${HEADER}<div style="height:2000px"></div>`);
    await waitFor(() => cartIn(frame)?.querySelector('a'), 'page content');
    frame.contentWindow.dispatchEvent(new Event('scroll'));
    frame.contentDocument.dispatchEvent(new Event('scroll'));
    await new Promise((r) => setTimeout(r, 500));
    equal(chunks(frame).filter((c) => /^(cart|full)-/.test(c)).length, 0, `no cart code (${chunks(frame)})`);
    cartIn(frame)
      .querySelector('a')
      .dispatchEvent(new frame.contentWindow.PointerEvent('pointerover', { bubbles: true }));
    const b = await waitFor(() => $(cartIn(frame), '[part~="button"]'), 'the button, once pointed at');
    equal(b.getAttribute('aria-label'), 'Cart', 'no count');
    assert(!chunks(frame).some((c) => c.startsWith('full-')), `the drawer's code not yet (${chunks(frame)})`);
    b.dispatchEvent(new frame.contentWindow.PointerEvent('pointerdown', { bubbles: true }));
    await waitFor(() => chunks(frame).some((c) => c.startsWith('full-')), "the drawer's code fetched on pointerdown, before the click");
  });

  it('a stored cart loads the button for the count without a gesture, and the rest of the cart once the page is idle', async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ lines: [{ ...TRINITY, quantity: 2 }, BUNDLE], at: 1 }));
    const frame = await page(HEADER);
    await waitFor(() => count(cartIn(frame)) === '3', 'count 3 without any gesture');
    await waitFor(() => chunks(frame).some((c) => c.startsWith('full-')), 'the rest at idle time');
  });

  // The DIY Trinity Kit's line stays: whether it is on sale is the admin's launch switch, which only the
  // server knows (issue #29: checkout refuses the kit until it is launched, in words).
  it('takes out stored lines the catalog no longer offers, and says so; keeps the kit, whose sale the server decides', async () => {
    const offSale = { product: 'diy-kit', configuration: { kit: 'starter' }, quantity: 1 };
    const notOffered = { product: 'irie-locs', configuration: { length: 28, size: 'MD', color: 'black' }, quantity: 1 };
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ lines: [TRINITY, offSale, notOffered], at: 1 }));
    const frame = await page(HEADER);
    const el = cartIn(frame);
    await waitFor(() => text($(el, '.kyb-toast__description')) === 'An item that is no longer available was removed from your cart.', 'the toast');
    equal(JSON.stringify(storedCart().lines), JSON.stringify([TRINITY, offSale]), 'the 28 in Irie (not offered) is gone');
    await waitFor(() => count(el) === '2', 'count 2');
  });
});

describe("kyb-cart: a signed-in visitor's cart follows the account", () => {
  afterEach(() => {
    document.querySelectorAll('iframe').forEach((f) => f.remove());
    localStorage.clear();
  });

  it('merges the guest cart at sign-in, saves changes, leaves the device at sign-out, comes back on another device; empty, the row is deleted', async () => {
    const u = await createUser();
    // The account already has a cart (another device), holding the bundle and one Trinity.
    const put = await fetch(`${backendUrl()}/rest/v1/carts`, {
      method: 'POST',
      headers: { apikey: anonKey(), authorization: `Bearer ${u.session.access_token}`, 'content-type': 'application/json', prefer: 'return=minimal' },
      body: JSON.stringify({ user_id: u.session.user.id, lines: [BUNDLE, TRINITY] }),
    });
    equal(put.status, 201, 'the account cart row');
    // This browser's guest cart: two Trinity (the same line: the larger quantity wins) and the Jah.
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ lines: [{ ...TRINITY, quantity: 2 }, JAH], at: 1 }));
    signedIn(u);
    let frame = await page(`${HEADER}<kyb-auth-button></kyb-auth-button>`);
    const merged = [BUNDLE, { ...TRINITY, quantity: 2 }, JAH];
    await waitFor(() => canonical(storedCart()?.lines) === canonical(merged), `merged in this browser (${JSON.stringify(storedCart())})`, 15_000);
    equal(storedCart().owner, u.session.user.id, 'kept as the account’s');
    await waitFor(async () => canonical(await accountCart(u.session)) === canonical(merged), 'and with the account');
    await waitFor(() => count(cartIn(frame)) === '4', 'count 4');

    // A change is saved to the account.
    const d = await openDrawer(cartIn(frame));
    // The Jah line's Remove, pressed until the store has let it go: the drawer's panel may still be
    // drawn again as the rest of the cart arrives, and a press on the panel it replaces does nothing.
    await waitFor(() => {
      if (!storedCart().lines.some((l) => l.product === JAH.product)) return true;
      const line = [...(drawer(cartIn(frame))?.querySelectorAll('[part~="line"]') ?? [])].find((li) => text(li).includes('Jah Locs'));
      if (line) button(cartIn(frame), 'Remove', line).click();
      return false;
    }, 'the Jah line removed from this browser');
    let inAccount: unknown = null;
    await waitFor(async () => canonical((inAccount = await accountCart(u.session))) === canonical(merged.slice(0, 2)), 'Remove saved to the account').catch((e) => {
      throw new Error(`${e.message} (this browser: ${JSON.stringify(storedCart())}; the account: ${JSON.stringify(inAccount)})`);
    });
    d.close();

    // Sign out: nothing of the account's cart stays on this device; the account keeps it.
    const auth = frame.contentDocument.querySelector('kyb-auth-button');
    (await waitFor(() => $(auth, '[part~="sign-out"]'), 'Sign out')).click();
    await waitFor(() => !localStorage.getItem(CART_STORAGE_KEY) && !$(cartIn(frame), '[part~="count"]'), 'the device cart emptied at sign-out');
    equal(canonical(await accountCart(u.session)), canonical(merged.slice(0, 2)), 'still with the account');
    frame.remove();

    // Another device: signed in, nothing stored: the account's cart shows.
    signedIn(u);
    frame = await page(HEADER);
    await waitFor(() => count(cartIn(frame)) === '3', 'the account cart on another device', 15_000);
    const d2 = await openDrawer(cartIn(frame));
    equal(JSON.stringify(lines(d2).map((l) => l.name)), JSON.stringify(['Crown Planner Bundle', 'Trinity Locs']), 'its lines');
    // Pressed in the drawer as it stands, until the store is empty (the panel first opened may have been
    // drawn again since, as above).
    await waitFor(() => {
      const panel = drawer(cartIn(frame));
      if (!storedCart()?.lines.length) return panel?.querySelector('[part~="empty"]');
      panel?.querySelector<HTMLButtonElement>('[part~="remove"]')?.click();
      return false;
    }, 'every line removed');
    // Kept as this account's emptied cart, not removed: the test page runs the bundle too, a second tab
    // that follows the session, and its pull at sign-in read a removed key as a guest's empty cart and
    // merged the account's lines (not yet deleted) back in (store.ts).
    equal(storedCart()?.owner, u.session.user.id, 'the emptied cart stays the account’s');
    let left: unknown = null;
    await waitFor(async () => (left = await accountCart(u.session)) === null, 'an empty cart deletes the row').catch((e) => {
      throw new Error(`${e.message} (this browser: ${JSON.stringify(storedCart())}; the account: ${JSON.stringify(left)})`);
    });
  });
});
