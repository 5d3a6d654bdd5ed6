/**
 * kyb-admin-orders' money against the real local stack and its local Stripe (issue #27): the admin
 * refunds part of a deposit from the order's dialog (the amount, a reason, a question that says exactly
 * what happens, then a line saying what did), sees it on the order at once and at the local Stripe's
 * page of the payment, and is refused more than is left; an order is cancelled with its payment
 * refunded; unpaid checkouts are listed apart as Abandoned checkouts, never among the orders. Orders are
 * placed through the checkout function and paid on the local Stripe, as a guest with an e-mail unique
 * to the run.
 */
import { $, $$, anonKey, assert, backendUrl, button, cleanup, equal, expectAccessible, mount, serviceKey, stack, text, type, waitFor, type Mounted } from './support/helpers.ts';
import { stepDone } from './support/helpers.ts';
import { ADMIN, signIn, signOut } from './support/fixtures.ts';

const JAH = { product: 'jah-locs', configuration: { length: '24-26', size: 'MD', color: 'multi-tone', quantity: 40 }, quantity: 1 };
const PLANNER = { product: 'crown-planner', configuration: { tier: 'pdf' }, quantity: 1 };

async function fn(name: string, body: unknown) {
  const r = await fetch(`${backendUrl()}/functions/v1/${name}`, {
    method: 'POST',
    headers: { apikey: anonKey(), authorization: `Bearer ${anonKey()}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: await r.json().catch(() => null) };
}

async function serviceRest(path: string) {
  const key = await serviceKey();
  const r = await fetch(`${backendUrl()}/rest/v1/${path}`, { headers: { apikey: key, authorization: `Bearer ${key}` } });
  return r.json();
}

/** A guest's order of `lines`; paid with a test card unless `unpaid`. */
async function order(lines: unknown[], email: string, unpaid = false) {
  const r = await fn('checkout', { cart: crypto.randomUUID(), lines });
  equal(r.status, 200, `checkout (${JSON.stringify(r.body)})`);
  const session = String(r.body.url).split('/').pop()!;
  if (!unpaid) await stack({ op: 'stripe-pay', session, email, name: `Ama ${email}` });
  const [row] = await serviceRest(`order_payments?select=order_id&checkout_session_id=eq.${session}`);
  assert(row, `the order of ${email}`);
  return row.order_id as string;
}

const panel = (el) => waitFor(() => $(el, '[part~="status"]') && !text($(el, '[part~="status"]')).startsWith('Loading'), 'orders loaded', 15_000);
const itemOf = (el, id: string) => $(el, `li[data-id="${id}"]`);
const dialogOf = (el) => waitFor(() => ($(el, 'dialog.ao__dialog')?.open ? $(el, 'dialog.ao__dialog') : null), 'the order open');
const field = (root: ParentNode, label: string) => {
  const l = [...root.querySelectorAll('label')].find((x) => text(x) === label);
  assert(l, `field ${label}`);
  return (l.getRootNode() as ShadowRoot).getElementById(l.htmlFor) as HTMLInputElement;
};
async function openOrder(el, email: string, id: string) {
  await type(field(el.shadowRoot, 'Search'), email);
  await waitFor(() => itemOf(el, id), 'found');
  itemOf(el, id).querySelector('[part~="open"]').click();
  return dialogOf(el);
}

describe('kyb-admin-orders: refunds, cancel with refund, abandoned checkouts', () => {
  const tag = `r${Date.now().toString(36)}`;
  let bar: Mounted;

  before(() => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('sb-')) localStorage.removeItem(k);
  });
  afterEach(async () => {
    if (bar) await signOut(bar).catch(() => {});
    bar = null;
    cleanup();
  });

  it('refunds part of a deposit after asking, says what happened, and refuses more than is left', async () => {
    const email = `refund.${tag}@example.com`;
    const id = await order([JAH], email);
    bar = await signIn(ADMIN);
    const el = await mount('<kyb-admin-orders></kyb-admin-orders>');
    await panel(el);
    const dialog = await openOrder(el, email, id);
    const deposit = await waitFor(() => dialog.querySelector('[part~="payment"][data-kind="deposit"]:has([part~="refund"])'), 'the deposit with Refund');
    const view = deposit.querySelector('[part~="dashboard"]');
    assert(/\/stripe\/payments\/pi_[A-Za-z0-9]+$/.test(view.href) && text(view) === 'View in Stripe', `the local Stripe's page: ${view.href}`);
    equal(view.getAttribute('aria-label'), 'View the deposit in Stripe');

    deposit.querySelector('[part~="refund"]').click();
    const form = await waitFor(() => $(el, '[part~="refund-form"]'), 'the refund form');
    const amount = field(form, 'Amount (USD)');
    await waitFor(() => el.shadowRoot.activeElement === amount, 'focus on the amount');
    equal(amount.value, '198.00', 'what is left, by default');
    assert(text(form).includes('Up to $198.00, what is left of the deposit.'), text(form));
    await expectAccessible(el, 'refund form');

    // More than is left, and no reason: refused in place, nothing sent.
    await type(amount, '250');
    button(el, 'Continue', form).click();
    await waitFor(() => text(form).includes('At most $198.00 is left to refund') && text(form).includes('Give a reason for the refund'), 'both refused');

    await type(amount, '45');
    await type(field(form, 'Reason'), `Shorter than ordered ${tag}`);
    button(el, 'Continue', form).click();
    const ask = await waitFor(() => $(el, '[part~="refund-confirm"]'), 'asked first');
    equal(text(ask.querySelector('.ao__question')), "Refund $45.00 of the deposit to the customer's card?");
    await waitFor(() => el.shadowRoot.activeElement === button(el, 'Refund $45.00', ask), 'focus on the refund button');
    await expectAccessible(el, 'refund confirmation');
    button(el, 'Refund $45.00', ask).click();

    const done = await waitFor(() => $(el, '[part~="refund-done"]'), 'what happened, in place');
    equal(text(done), 'Refunded $45.00 of the deposit. The customer gets it back within 5-10 business days.');
    await waitFor(() => text(dialog.querySelector('[part~="payment"][data-kind="deposit"]')).includes('$45 refunded'), 'the deposit shows it');
    await waitFor(() => text(dialog).includes('Refunded $45.00 in all'), 'the history shows it');
    const [stored] = await serviceRest(`orders?select=refunded_cents,status&id=eq.${id}`);
    equal(JSON.stringify(stored), JSON.stringify({ refunded_cents: 4500, status: 'deposit_paid' }), 'stored');
    // The link names this payment (its page's content: tests/backend/admin-refunds.test.ts).
    const [paid] = await serviceRest(`order_payments?select=payment_intent_id&order_id=eq.${id}`);
    assert(view.href.endsWith(`/stripe/payments/${paid.payment_intent_id}`), `${view.href} is ${paid.payment_intent_id}`);

    // Again, for more than is left now: the form's limit follows the refund.
    dialog.querySelector('[part~="payment"][data-kind="deposit"] [part~="refund"]').click();
    const again = await waitFor(() => $(el, '[part~="refund-form"]'), 'the form again');
    equal(field(again, 'Amount (USD)').value, '153.00', 'what is left now');
  });

  it('cancels an order and refunds what was paid, in the same dialog', async () => {
    const email = `cancel.${tag}@example.com`;
    const id = await order([PLANNER], email);
    bar = await signIn(ADMIN);
    const el = await mount('<kyb-admin-orders></kyb-admin-orders>');
    await panel(el);
    const dialog = await openOrder(el, email, id);
    await waitFor(() => dialog.querySelector('[part~="payment"] [part~="refund"]'), 'the payments read');
    dialog.querySelector('[part~="step"][data-step="cancelled"]').click();
    const confirm = await waitFor(() => $(el, '[part~="cancel-confirm"]'), 'asked first');
    assert(!text(confirm).includes('refund the payment in Stripe'), 'no longer sends the admin to Stripe');
    const box = confirm.querySelector('[part~="refund-all"] input[type="checkbox"]');
    assert(box.checked, 'the refund is offered, ticked');
    equal(text(confirm.querySelector('[part~="refund-all"] label')), 'Refund what was paid ($13.00)');
    await expectAccessible(el, 'cancel with refund');
    button(el, 'Cancel order', confirm).click();
    await stepDone(el, 'Order cancelled and refunded');
    await waitFor(() => text(dialog.querySelector('[part~="payment"]')).includes('$13 refunded'), 'the payment shows the refund');
    equal(dialog.querySelector('[part~="payment"] [part~="refund"]'), null, 'nothing left to refund');
    const [stored] = await serviceRest(`orders?select=refunded_cents,paid_cents&id=eq.${id}`);
    equal(JSON.stringify(stored), JSON.stringify({ refunded_cents: 1300, paid_cents: 1300 }), 'stored');
  });

  it('lists unpaid checkouts as Abandoned checkouts, never among the orders', async () => {
    const email = `abandoned.${tag}@example.com`;
    const id = await order([JAH], email, true);
    bar = await signIn(ADMIN);
    const el = await mount('<kyb-admin-orders></kyb-admin-orders>');
    await panel(el);
    await type(field(el.shadowRoot, 'Search'), tag);
    await waitFor(() => text($(el, '[part~="status"]')).startsWith('Showing') || $(el, '[part~="empty"]'), 'searched');
    equal(itemOf(el, id), null, 'not among the orders');
    assert(![...$$(el, '[part~="status-filter"] option')].some((o: HTMLOptionElement) => o.value === 'pending' || o.value === 'expired'), 'no unpaid status to filter orders by');

    $(el, '[part~="view"][data-view="abandoned"]').click();
    const row = await waitFor(() => itemOf(el, id), 'listed as abandoned');
    equal(text($(el, '[part~="heading"]')), 'Abandoned checkouts');
    for (const s of ['$395', 'Jah Locs', 'Started', 'Open until']) assert(text(row).includes(s), `shows "${s}": ${text(row)}`);
    equal($(el, '[part~="reconcile"]'), null, 'the reconcile line belongs to the orders');
    await expectAccessible(el, 'abandoned checkouts');
    // Its record is kept: it opens with its history, and offers no step.
    row.querySelector('[part~="open"]').click();
    const dialog = await dialogOf(el);
    await waitFor(() => text(dialog).includes('Nothing to do until the payment is settled.'), 'no step');

    $(el, '[part~="view"][data-view="orders"]').click();
    await waitFor(() => $(el, '[part~="reconcile"]'), 'the reconcile line');
    assert(
      /^Stripe (checked (.+ ago|just now): (nothing to repair|repaired \d+ events?)|has not been checked yet|check .+)$/.test(text($(el, '[part~="reconcile"]'))),
      text($(el, '[part~="reconcile"]')),
    );
  });
});
