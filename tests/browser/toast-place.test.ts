/**
 * Page news never covers an open dialog's content (issue #29 item 4; widgets/core/toast-place.ts): the
 * "Welcome back!" of a sign-in, then the cart drawer opened over the page, in Chromium against the local
 * stack. At 1280 px the drawer leaves the window's left side free and the toast shows there; at 390 px it
 * fills the window, so the toast is hidden while the drawer is open (its time runs: news is for now).
 */
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { assert, button, cleanup, createUser, field, mount, text, type, uniqueEmail, waitFor } from './support/helpers.ts';
import { drawer, openDrawer } from './support/cart.ts';
import { signIn, signOut } from './support/fixtures.ts';

/** The "Welcome back!" toast, wherever its region renders (inside the drawer while it is open). */
function welcome(): HTMLElement | undefined {
  const roots: ParentNode[] = [document];
  while (roots.length) {
    const root = roots.pop()!;
    for (const e of root.querySelectorAll('*')) {
      if (e.matches('.kyb-toast') && text(e.querySelector('.kyb-toast__title')) === 'Welcome back!') return e as HTMLElement;
      if (e.shadowRoot) roots.push(e.shadowRoot);
    }
  }
}
const shown = (e: HTMLElement | undefined) => !!e?.checkVisibility({ visibilityProperty: true });
const meets = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const box = (r: DOMRect) => `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}`;

/**
 * At `width` px: signs a new member in (the toast shows), opens the cart drawer, waits for it to settle,
 * runs `check`, and signs out again.
 */
async function welcomeThenDrawer(width: number, check: (cart: HTMLElement, d: HTMLDialogElement) => Promise<void>) {
  await setViewport({ width, height: 800 });
  const bar = await signIn(await createUser());
  try {
    await waitFor(() => shown(welcome()), 'the "Welcome back!" toast');
    const cart = await mount('<kyb-cart></kyb-cart>');
    const d = await openDrawer(cart);
    // Slid in: its right side on the window's.
    await waitFor(() => Math.abs(d.getBoundingClientRect().right - document.documentElement.clientWidth) < 1, 'the drawer in place');
    await check(cart, d);
  } finally {
    await signOut(bar);
  }
}

/** No "Welcome back!" shows over the dialog `d`. */
function clearOf(d: HTMLDialogElement) {
  const t = welcome();
  return !shown(t) || !meets(t!.getBoundingClientRect(), d.getBoundingClientRect());
}
const closeDrawer = async (cart: HTMLElement) => {
  await sendKeys({ press: 'Escape' });
  await waitFor(() => !drawer(cart), 'the drawer closed');
};

describe('page news and an open dialog', () => {
  afterEach(cleanup);

  it('at 1280 px the toast shows beside the cart drawer, never over it', async () => {
    await welcomeThenDrawer(1280, async (cart, d) => {
      // Before the fix it stayed at the bottom right, over the drawer's "You pay on Stripe's secure page…".
      await waitFor(() => shown(welcome()) && clearOf(d), 'the toast shown clear of the drawer');
      assert(welcome()!.getBoundingClientRect().right <= d.getBoundingClientRect().left, `at the left of the drawer (${box(welcome()!.getBoundingClientRect())})`);
      await closeDrawer(cart);
    });
  });

  it('at 390 px, where the drawer fills the window, the toast is hidden while it is open', async () => {
    await welcomeThenDrawer(390, async (cart, d) => {
      await waitFor(() => !shown(welcome()), 'the toast hidden while the drawer is open');
      assert(clearOf(d), 'no toast over the drawer');
      await closeDrawer(cart);
    });
  });
});

/** Every control of the page, through open shadow roots (what a toast must never lie over). */
function controls(): Element[] {
  const out: Element[] = [];
  const roots: ParentNode[] = [document];
  while (roots.length) {
    const root = roots.pop()!;
    for (const e of root.querySelectorAll('*')) {
      if (e.matches('a[href], button, input:not([type="hidden"]), select, textarea') && !e.closest('.kyb-toasts') && e.getClientRects().length) out.push(e);
      if (e.shadowRoot) roots.push(e.shadowRoot);
    }
  }
  return out;
}

describe('page news and the controls around it', () => {
  afterEach(cleanup);

  it('at 390 px, between a sticky header and a bar at the bottom, the toast covers neither', async () => {
    // The walk of issue #29 on /products/diy-kit: "You're on the list!" went to the top edge, over the
    // header's logo, Sign in, cart and menu, because the bottom edge covered controls too.
    await setViewport({ width: 390, height: 800 });
    const bars = document.createElement('div');
    bars.innerHTML = `<nav style="position:fixed;inset:0 0 auto 0;height:64px;display:flex;gap:8px;align-items:center;background:#fff;z-index:10"><a href="#home">Home</a><button type="button">Sign in</button><button type="button">Cart</button><button type="button">Menu</button></nav>
<div style="position:fixed;inset:auto 0 0 0;height:72px;display:flex;align-items:center;background:#fff;z-index:10"><button type="button" style="width:100%;height:48px">Book Now</button></div>`;
    document.body.append(bars);
    try {
      const el = await mount('<kyb-waitlist></kyb-waitlist>');
      await type(field(el, 'Email'), uniqueEmail('toast-place'));
      button(el, 'Join the Waiting List').click();
      const toast = () => el.shadowRoot!.querySelector<HTMLElement>('.kyb-toast');
      await waitFor(() => shown(toast() ?? undefined), 'the toast shown');
      await waitFor(() => {
        const t = toast()?.getBoundingClientRect();
        return !!t && controls().every((c) => !meets(t, c.getBoundingClientRect()));
      }, 'the toast clear of every control while it shows');
      const t = toast()!.getBoundingClientRect();
      assert(t.top > 16 && t.bottom < 800 - 16, `off both edges, where it covered the header's or the bar's controls (${box(t)})`);
    } finally {
      bars.remove();
    }
  });
});
