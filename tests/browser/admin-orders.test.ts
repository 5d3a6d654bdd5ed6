/**
 * kyb-admin-orders and kyb-inbox-count of="orders" against the real local stack and its local Stripe:
 * orders are placed through the checkout function and paid on the local Stripe (the stack plugin's
 * `stripe-pay`), as a guest with an e-mail unique to the run. The seeded admin finds one by search,
 * opens it, takes it through production and ready (the balance requested), is refused the shipment while
 * the balance is due (the function's reason, in place), ships it once the balance is paid and marks it
 * delivered; the nav count follows; a second order is cancelled after a confirmation; the filtered view
 * is exported as CSV; the planner's files are listed, added and removed. A visitor is asked to sign in;
 * a signed-in non-admin is refused by the element, by RLS and by the function.
 */
import {
  $,
  $$,
  anonKey,
  assert,
  backendUrl,
  button,
  choose,
  cleanup,
  createUser,
  equal,
  expectAccessible,
  expectAdminSignIn,
  listen,
  mount,
  serviceKey,
  stack,
  text,
  toasts,
  type,
  waitFor,
  waitForToast,
  type Mounted,
  type TestUser,
} from './support/helpers.ts';
import { stepDone } from './support/helpers.ts';
import { ADMIN, signIn, signOut, tokenFor } from './support/fixtures.ts';

const JAH = { product: 'jah-locs', configuration: { length: '24-26', size: 'MD', color: 'multi-tone', quantity: 40 }, quantity: 1 };
const PLANNER = { product: 'crown-planner', configuration: { tier: 'pdf' }, quantity: 1 };

async function fn(name: string, body: unknown, token = anonKey()) {
  const r = await fetch(`${backendUrl()}/functions/v1/${name}`, {
    method: 'POST',
    headers: { apikey: anonKey(), authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: await r.json().catch(() => null) };
}

async function rest(path: string, token: string, init: RequestInit = {}) {
  const r = await fetch(`${backendUrl()}/rest/v1/${path}`, {
    ...init,
    headers: { apikey: anonKey(), authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  const t = await r.text();
  return { status: r.status, body: t ? JSON.parse(t) : null };
}

/** Pays a Checkout Session URL the functions answered, on the local Stripe, as `email`. */
const pay = (url: string, email: string, name: string) => stack({ op: 'stripe-pay', session: url.split('/').pop()!, email, name });

/** A guest's order of `lines`, paid (the deposit for Jah Locs) with a test card; its id and link token. */
async function paidOrder(lines: unknown[], email: string, name: string) {
  const r = await fn('checkout', { cart: crypto.randomUUID(), lines });
  equal(r.status, 200, `checkout (${JSON.stringify(r.body)})`);
  await pay(r.body.url, email, name);
  const service = await serviceKey();
  const [row] = (await rest(`orders?select=id,access_token,status&email=eq.${encodeURIComponent(email)}`, service, { headers: { apikey: service } })).body;
  assert(row, `the order of ${email}`);
  return { id: row.id as string, token: row.access_token as string };
}

const panel = (el) => waitFor(() => $(el, '[part~="status"]') && !text($(el, '[part~="status"]')).startsWith('Loading'), 'orders loaded', 15_000);
const items = (el) => $$(el, 'li[part~="item"]');
const itemOf = (el, id: string) => $(el, `li[data-id="${id}"]`);
const dialogOf = (el) => waitFor(() => ($(el, 'dialog.ao__dialog')?.open ? $(el, 'dialog.ao__dialog') : null), 'the order open');
const step = (dialog: HTMLElement, s: string) => dialog.querySelector<HTMLButtonElement>(`[part~="step"][data-step="${s}"]`);
/** Presses a step once the dialog takes presses again (its buttons are aria-disabled while a step is stored). */
const press = async (dialog: HTMLElement, s: string) => (await waitFor(() => (step(dialog, s)?.getAttribute('aria-disabled') ? null : step(dialog, s)), `${s} offered`)).click();
const steps = (dialog: HTMLElement) => [...dialog.querySelectorAll<HTMLElement>('[part~="step"]')].map((b) => b.dataset.step);
const select = (el, label: string, root: ParentNode = el.shadowRoot) => {
  const l = [...root.querySelectorAll('label')].find((x) => text(x) === label);
  assert(l, `field ${label}`);
  return el.shadowRoot.getElementById(l.htmlFor);
};
/** <kyb-inbox-count> renders nothing until it has a count, so it is added by hand rather than mount(). */
async function addCount() {
  const count = document.createElement('kyb-inbox-count');
  count.setAttribute('of', 'orders');
  document.getElementById('app').append(count);
  await waitFor(() => customElements.get('kyb-inbox-count') && count.shadowRoot, 'kyb-inbox-count defined');
  return count;
}

describe('kyb-admin-orders', () => {
  const tag = `t${Date.now().toString(36)}`;
  const email = `jah.${tag}@example.com`;
  let customer: TestUser;
  let bar: Mounted;
  let jah: { id: string; token: string };

  before(async () => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('sb-')) localStorage.removeItem(k);
    jah = await paidOrder([JAH], email, `Ama ${tag}`);
    customer = await createUser({ fullName: 'Not Admin' });
  });

  afterEach(async () => {
    if (bar) await signOut(bar).catch(() => {});
    bar = null;
    cleanup();
  });

  it('a visitor is told once to sign in, with a Sign in button', async () => {
    const el = await mount('<kyb-admin-orders></kyb-admin-orders>');
    await expectAdminSignIn(el);
    equal($(el, '[part~="list"]'), null, 'nothing listed');
    await expectAccessible(el, 'orders, signed out');
  });

  it('a signed-in non-admin sees Admin Access Required, reads no order and moves none', async () => {
    bar = await signIn(customer);
    const el = await mount('<kyb-admin-orders></kyb-admin-orders>');
    await waitFor(() => text(el.shadowRoot).includes('Admin Access Required'), 'access message');
    equal(toasts(el).length, 0, 'no toast');
    const token = customer.session.access_token;
    const read = await rest(`orders?select=id&id=eq.${jah.id}`, token);
    equal(read.status, 200, 'the query is allowed');
    equal(read.body.length, 0, 'but shows no row');
    const moved = await fn('admin-orders', { order: jah.id, status: 'in_production' }, token);
    equal(moved.status, 403, `the function refuses (${JSON.stringify(moved.body)})`);
  });

  it('the admin finds an order, takes it through production and the balance to delivery, and the nav counts what needs action', async () => {
    bar = await signIn(ADMIN);
    const changes = listen('kyb-order-change');
    const count = await addCount();
    const el = await mount('<kyb-admin-orders></kyb-admin-orders>');
    await panel(el);
    const adminToken = await tokenFor(ADMIN);
    const needing = async () => (await rest('orders?select=id&status=in.(paid,deposit_paid,in_production,ready)&needs_shipping=eq.true', adminToken)).body.length;
    const before = await needing();
    await waitFor(() => text($(count, '[part~="count"]')) === `${before} need action`, `the nav counts ${before}`);
    equal(text($(el, '[part~="summary"]')), `${before} need action`, 'the summary says the same');

    await type(select(el, 'Search'), email);
    await waitFor(() => items(el).length === 1 && itemOf(el, jah.id), 'found by e-mail');
    const row = itemOf(el, jah.id);
    assert(/^KYB-\d+$/.test(text(row.querySelector('.ao__number'))), `number: ${text(row)}`);
    const number = text(row.querySelector('.ao__number'));
    for (const s of ['Deposit paid', 'Needs action', `Ama ${tag}`, email, 'Jah Locs', '$395', '$197 due']) assert(text(row).includes(s), `row shows "${s}": ${text(row)}`);
    // Found by its number too, with or without the prefix.
    await type(select(el, 'Search'), number.toLowerCase());
    await waitFor(() => items(el).length === 1 && itemOf(el, jah.id), 'found by number');
    await expectAccessible(el, 'orders list');

    itemOf(el, jah.id).querySelector('[part~="open"]').click();
    const dialog = await dialogOf(el);
    for (const s of [
      `Order ${number}`,
      'Length: 24-26 in',
      'Color: Multi-tone (custom)',
      '40 locs (2 bundles of 20)',
      'deposit $198',
      'Balance due before shipping',
      'Deposit $198',
      'Guest checkout',
      'Order confirmation',
    ]) {
      assert(text(dialog).includes(s), `the order shows "${s}": ${text(dialog)}`);
    }
    equal(steps(dialog).join(), 'in_production,cancelled', 'exactly the steps a deposit-paid order allows');
    await expectAccessible(el, 'order open');

    await press(dialog, 'in_production');
    await stepDone(el, 'Production started');
    await waitFor(() => $(el, '[part~="details"]')?.dataset.status === 'in_production', 'in production');
    await waitFor(() => dialog.contains(el.shadowRoot.activeElement) && el.shadowRoot.activeElement === step(dialog, 'ready'), 'focus stays in the dialog, on the next step');
    await waitFor(() => text(step(dialog, 'ready')) === 'Mark ready and request the $197 balance', 'Mark ready says it asks for the balance');

    await press(dialog, 'ready');
    await stepDone(el, 'Marked ready, and the balance is requested by e-mail');
    await waitFor(() => $(el, '[part~="details"]')?.dataset.status === 'ready' && text(dialog).includes('Balance due'), 'ready, the balance e-mail listed');
    const mails = await stack({ op: 'mail', to: email });
    assert(
      mails.some((m) => /is ready: balance due/.test(m.subject)),
      `the balance e-mail went out (${mails.map((m) => m.subject).join(' | ')})`,
    );

    // While the balance is due, Mark shipped is shown disabled with the reason: no carrier and tracking
    // number typed first for a refusal (issue #29).
    const ship = step(dialog, 'shipped');
    equal(ship.getAttribute('aria-disabled'), 'true', 'Mark shipped disabled while the balance is due');
    const reason = $(el, '[part~="ship-blocked"]');
    equal(ship.getAttribute('aria-describedby'), reason?.id, 'the button points to its reason');
    equal(text(reason), 'The balance of $197.00 is still due: it must be paid before the order ships', 'the reason, in the words the function refuses with');
    ship.click();
    assert(!$(el, '[part~="ship-form"]'), 'pressing it opens no shipment form');
    equal($(el, '[part~="details"]').dataset.status, 'ready', 'not shipped');

    // The customer pays the balance from the order's link while the dialog is open; the admin comes back
    // to the page: the dialog and the row behind it both say it is paid (the row said "$197 due" until a
    // reload, and the dialog learned it only when opened again).
    const balance = await fn('checkout', { balance: { token: jah.token } });
    equal(balance.status, 200, `balance checkout (${JSON.stringify(balance.body)})`);
    await pay(balance.body.url, email, `Ama ${tag}`);
    assert(text(itemOf(el, jah.id)).includes('$197 due'), `the row read before the payment: ${text(itemOf(el, jah.id))}`);
    equal(document.visibilityState, 'visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => !text(itemOf(el, jah.id)).includes('due'), 'the row follows: no balance due');
    await waitFor(() => text(dialog).includes('Balance $197') && !text(dialog).includes('Balance due before shipping'), 'the balance paid, in the dialog');
    assert(dialog.open, 'the dialog stays open');

    await press(dialog, 'shipped');
    const again = await waitFor(() => $(el, '[part~="ship-form"]'), 'the form again');
    await waitFor(() => el.shadowRoot.activeElement === select(el, 'Carrier', again), 'focus on the carrier');
    choose(select(el, 'Carrier', again), 'USPS');
    await type(select(el, 'Tracking number', again), '9400111899223847569999');
    button(el, 'Mark shipped', again).click();
    await stepDone(el, 'Marked shipped, and the customer is e-mailed the tracking');
    await waitFor(() => $(el, '[part~="details"]')?.dataset.status === 'shipped', 'shipped');
    const link = [...dialog.querySelectorAll('a')].find((a) => text(a) === 'Track the package');
    assert(link?.href === 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223847569999', `tracking link: ${link?.href}`);
    equal(steps(dialog).join(), 'delivered', 'a shipped order can only be delivered');

    await press(dialog, 'delivered');
    await stepDone(el, 'Marked delivered');
    await waitFor(() => $(el, '[part~="details"]')?.dataset.status === 'delivered' && text(dialog).includes('No further steps.'), 'delivered, nothing left');
    assert(/Due on .+, 7 days after delivery/.test(text(dialog.querySelector('[part~="review-request"]'))), 'the review request is due a week later');
    equal(changes.events.map((e) => e.detail.status).join(), 'in_production,ready,shipped,delivered', 'one kyb-order-change per step');
    changes.stop();
    await waitFor(() => text($(count, '[part~="count"]')) === (before > 1 ? `${before - 1} need action` : ''), 'the nav count follows');
    const stored = (await rest(`orders?select=status,carrier,tracking_number&id=eq.${jah.id}`, adminToken)).body[0];
    equal(JSON.stringify(stored), JSON.stringify({ status: 'delivered', carrier: 'USPS', tracking_number: '9400111899223847569999' }), 'stored');
  });

  it('cancels an order only after asking, and exports the filtered view', async () => {
    const second = `pdf.${tag}@example.com`;
    const planner = await paidOrder([PLANNER], second, `Bo "Quote", ${tag}`);
    bar = await signIn(ADMIN);
    const el = await mount('<kyb-admin-orders></kyb-admin-orders>');
    await panel(el);
    await type(select(el, 'Search'), second);
    await waitFor(() => items(el).length === 1 && itemOf(el, planner.id), 'found');
    itemOf(el, planner.id).querySelector('[part~="open"]').click();
    const dialog = await dialogOf(el);
    equal(steps(dialog).join(), 'delivered,cancelled', 'a digital order is delivered by its download, or cancelled');
    await press(dialog, 'cancelled');
    const confirm = await waitFor(() => $(el, '[part~="cancel-confirm"]'), 'asked first');
    await waitFor(() => el.shadowRoot.activeElement === button(el, 'Keep the order', confirm), 'focus on Keep the order, the safe choice');
    assert(text(confirm).includes('so nothing more can be paid'), 'says what cancelling does');
    const refundBox = () => $(el, '[part~="refund-all"] input[type="checkbox"]') as HTMLInputElement;
    assert(refundBox()?.checked && text($(el, '[part~="refund-all"]')).includes('Refund what was paid ($13.00)'), 'offers to refund what was paid, ticked');
    button(el, 'Keep the order', confirm).click();
    await waitFor(() => step(dialog, 'cancelled') === el.shadowRoot.activeElement, 'kept, focus back on Cancel order');
    equal($(el, '[part~="details"]').dataset.status, 'paid');
    await press(dialog, 'cancelled');
    const asked = await waitFor(() => $(el, '[part~="cancel-confirm"]'), 'asked again');
    await waitFor(() => el.shadowRoot.activeElement === button(el, 'Keep the order', asked), 'focus on Keep the order');
    await type(select(el, 'Reason (optional)', asked), 'Bought twice by mistake');
    // Kept this time (the refund with a cancel: admin-orders-refunds.test.ts).
    refundBox().click();
    equal(refundBox().checked, false, 'unticked');
    button(el, 'Cancel order', asked).click();
    await stepDone(el, 'Order cancelled');
    await waitFor(() => $(el, '[part~="details"]')?.dataset.status === 'cancelled' && text(dialog).includes('Bought twice by mistake'), 'cancelled, the reason in the history');
    button(el, 'Close', dialog).click();

    choose(select(el, 'Status'), 'cancelled');
    await waitFor(() => items(el).length === 1 && itemOf(el, planner.id), 'among the cancelled');
    choose(select(el, 'Status'), 'needs-action');
    await waitFor(() => text($(el, '[part~="empty"]')) === 'No orders match these filters.', 'a digital order never needs action');
    choose(select(el, 'Status'), '');
    await type(select(el, 'Search'), tag);
    await waitFor(() => items(el).length === 2, 'both orders of the run');

    const blobs: Blob[] = [];
    const made = URL.createObjectURL;
    const click = HTMLAnchorElement.prototype.click;
    let downloaded = '';
    URL.createObjectURL = (b: Blob) => {
      blobs.push(b);
      return made.call(URL, b);
    };
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      downloaded = this.download;
    };
    try {
      button(el, 'Export CSV').click();
      await waitForToast(el, 'Export ready', '2 orders exported');
    } finally {
      URL.createObjectURL = made;
      HTMLAnchorElement.prototype.click = click;
    }
    assert(/^kyb-orders-\d{4}-\d{2}-\d{2}\.csv$/.test(downloaded), `file name ${downloaded}`);
    const lines = new TextDecoder()
      .decode(await blobs[0].arrayBuffer())
      .replace(/^\ufeff/, '')
      .split('\r\n');
    equal(
      lines[0],
      'Placed (UTC),Order,Status,Customer,E-mail,Checkout,Items,Subtotal,Reward,Shipping,Total,Paid,Balance due,Refunded,Ship to,Carrier,Tracking number,Shipped (UTC),Delivered (UTC),Kit terms',
    );
    // Newest first; a name with a quote and a comma is quoted as the inbox quotes it.
    assert(
      lines[1].includes(`,Cancelled,"Bo ""Quote"", ${tag}",${second},Guest,Crown Planner PDF (Digital download) × 1,13.00,0.00,0.00,13.00,13.00,0.00,0.00,`),
      `row 1: ${lines[1]}`,
    );
    assert(
      lines[2].includes(`,Delivered,Ama ${tag},${email},Guest,`) &&
        lines[2].includes(',395.00,0.00,0.00,395.00,395.00,0.00,0.00,') &&
        lines[2].includes(',USPS,9400111899223847569999,'),
      `row 2: ${lines[2]}`,
    );
    equal(lines.length, 4, 'two orders and the final line break');
  });

  it("lists the planner's files per tier, adds one and removes it after asking", async () => {
    bar = await signIn(ADMIN);
    const el = await mount('<kyb-admin-orders></kyb-admin-orders>');
    $(el, '[part~="view"][data-view="files"]').click();
    const tier = (id: string) => $(el, `[part~="tier"][data-tier="${id}"]`);
    await waitFor(() => tier('bundle')?.querySelector('[part~="file"]'), 'the files listed');
    const names = (id: string) => [...tier(id).querySelectorAll('[part~="file"]')].map((f: HTMLElement) => f.dataset.name);
    assert(names('bundle').includes('crown-planner.pdf') && names('pdf').includes('crown-planner.pdf'), `seeded files: ${names('bundle')} / ${names('pdf')}`);
    // The seeded stand-in: its true size in bytes (not the "4.0 MB" of the real planner), said plainly to be a placeholder (issue #29).
    const seeded = tier('pdf').querySelector('[part~="file"][data-name="crown-planner.pdf"]');
    assert(/^\d{3,4} bytes, updated /.test(text(seeded.querySelector('.ao__muted'))), `its true size: ${text(seeded)}`);
    equal(
      text(seeded.querySelector('[part~="placeholder"]')),
      'Placeholder, not the real planner: replace it with the real file. Buyers download this one until you do.',
      'a placeholder to replace',
    );
    await expectAccessible(el, 'planner files');

    const name = `extra-${tag}.pdf`;
    const input: HTMLInputElement = tier('bundle').querySelector('[part~="add"] input[type="file"]');
    equal(input.getAttribute('aria-label'), 'Add a file to Crown Planner Bundle');
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37])], name, { type: 'application/pdf' }));
    input.files = dt.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await waitForToast(el, 'Success', `${name} uploaded`);
    await waitFor(() => names('bundle').includes(name), 'listed');
    const added = tier('bundle').querySelector(`[part~="file"][data-name="${name}"]`);
    assert(text(added).includes('8 bytes, updated ') && !added.querySelector('[part~="placeholder"]'), `an uploaded file is no placeholder: ${text(added)}`);

    // A type the bucket does not take is refused before anything is sent.
    const bad = new DataTransfer();
    bad.items.add(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    input.files = bad.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await waitForToast(el, 'Invalid file', 'Please use a PDF, ZIP, PNG or JPEG file up to 100 MB');

    tier('bundle').querySelector(`[part~="file"][data-name="${name}"] [part~="remove"]`).click();
    const dialog = await waitFor(() => ($(el, '[part~="remove-dialog"]')?.open ? $(el, '[part~="remove-dialog"]') : null), 'asked first');
    equal(text(dialog.querySelector('h3')), `Remove ${name}?`);
    dialog.querySelector('[part~="confirm-remove"]').click();
    await waitForToast(el, 'Success', `${name} removed`);
    await waitFor(() => !names('bundle').includes(name), 'gone');
    assert(names('bundle').includes('crown-planner.pdf'), 'the others stay');
  });
});
