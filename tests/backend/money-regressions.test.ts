/**
 * The money defects of issue #27, one named test each, written to the contracts (CONTRACTS.md §1, §3, §4)
 * through the adapters of support/money.ts, against the real stack in-process: each failed before its
 * fix. A counterexample the money model finds (money-model.test.ts, `npm run money-check`) is added here
 * under a name that says what went wrong.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartLine } from '../../shared/cart.ts';
import { formatCents } from '../../shared/money.ts';
import { signatureHeader } from '../../supabase/local/stripe/webhooks.ts';
import {
  NOTICE_KIND,
  RECEIPT_KIND,
  Shop,
  adminRefund,
  adminStep,
  keptAtStripe,
  orderOf,
  payBalance,
  pressCheckout,
  sessionIdOf,
  sessionsAtStripe,
  successPage,
} from './support/money.ts';

const JAH: CartLine = { product: 'jah-locs', configuration: { length: '24-26', size: 'MD', color: 'multi-tone', quantity: 40 }, quantity: 1 };
const PLANNER: CartLine = { product: 'crown-planner', configuration: { tier: 'pdf' }, quantity: 1 };
const CARD = { card: '4242424242424242' };

let shop: Shop;
beforeAll(async () => {
  shop = await Shop.open();
});
afterAll(() => shop?.close());

const newEmail = () => `reg-${randomUUID().slice(0, 8)}@example.com`;

/** What Stripe kept, net of refunds, over every session of these orders. */
async function keptFor(...orders: string[]) {
  return (await sessionsAtStripe(shop, orders)).reduce((sum, s) => sum + keptAtStripe(s), 0);
}
const orderRow = async (id: string) =>
  (await shop.sql<{ status: string; paid_cents: number; refunded_cents: number }>('select status, paid_cents, refunded_cents from public.orders where id = $1', [id]))[0];
const mailsOf = (id: string) =>
  shop.sql<{ kind: string; subject_key: string; status: string }>('select kind, subject_key, status from public.order_mails where order_id = $1', [id]);

/** A Jah Locs order, its deposit paid by card and back on the shop's page, made and ready: its balance is due. */
async function balanceDue(email: string) {
  const press = await pressCheckout(shop, randomUUID(), [JAH]);
  expect(press.status, JSON.stringify(press.body)).toBe(200);
  const first = sessionIdOf(press.body.url);
  expect(await shop.stack.stripe.pay(first, { ...CARD, email })).toMatchObject({ ok: true });
  await successPage(shop, first);
  await shop.stack.stripe.idle();
  const order = orderOf(await shop.sdk.checkout.sessions.retrieve(first));
  expect((await adminStep(shop, order, 'in_production')).status).toBe(200);
  expect((await adminStep(shop, order, 'ready')).status).toBe(200);
  const [{ access_token: token }] = await shop.sql<{ access_token: string }>('select access_token from public.orders where id = $1', [order]);
  const { paid_cents: deposit } = await orderRow(order);
  return { order, token, deposit };
}

async function balanceSession(token: string) {
  const a = await payBalance(shop, token);
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  return sessionIdOf(a.body.url);
}

describe('one payable checkout per cart (§1)', () => {
  it('two tabs of one cart, each paying its Stripe page: the cart is charged once', async () => {
    const cart = randomUUID();
    const [tab1, tab2] = await Promise.all([pressCheckout(shop, cart, [PLANNER]), pressCheckout(shop, cart, [PLANNER])]);
    expect([tab1.status, tab2.status]).toEqual([200, 200]);
    const email = newEmail();
    for (const tab of [tab1, tab2]) await shop.stack.stripe.pay(sessionIdOf(tab.body.url), { ...CARD, email });
    await shop.drain();
    const sessions = await Promise.all([tab1, tab2].map((t) => shop.sdk.checkout.sessions.retrieve(sessionIdOf(t.body.url))));
    const orders = [...new Set(sessions.map(orderOf))];
    expect(await keptFor(...orders), 'what Stripe kept of this cart').toBe(sessions[0].amount_total);
  });

  it('Back from Stripe, then Checkout again: the same order and the same payable session', async () => {
    const cart = randomUUID();
    const first = await pressCheckout(shop, cart, [PLANNER]);
    const again = await pressCheckout(shop, cart, [PLANNER]);
    expect([first.status, again.status]).toEqual([200, 200]);
    const sessions = await Promise.all([first, again].map((t) => shop.sdk.checkout.sessions.retrieve(sessionIdOf(t.body.url))));
    expect(new Set(sessions.map(orderOf)).size, 'orders opened by one cart').toBe(1);
    expect(sessionIdOf(again.body.url)).toBe(sessionIdOf(first.body.url));
  });
});

describe('no balance session outlives the shop’s intent (§3)', () => {
  it('a balance paid on the page a later Pay balance press superseded is recorded, not dropped', async () => {
    const { order, token } = await balanceDue(newEmail());
    const old = await balanceSession(token);
    // Fifty-eight minutes later, in the shop's view of that session (Stripe's own clock is not ours to move):
    // a second press in its last two minutes opens another.
    await shop.sql(`update public.order_payments set expires_at = now() + interval '90 seconds' where checkout_session_id = $1`, [old]);
    await balanceSession(token);
    await shop.stack.stripe.pay(old, CARD);
    await shop.drain();
    const o = await orderRow(order);
    expect(await keptFor(order), 'what Stripe kept equals what the order says it kept').toBe(o.paid_cents - o.refunded_cents);
  });

  it('a balance page paid after the order was cancelled: refused or refunded, and the customer is told', async () => {
    const email = newEmail();
    const { order, token, deposit } = await balanceDue(email);
    const session = await balanceSession(token);
    expect((await adminStep(shop, order, 'cancelled')).status).toBe(200);
    const paid = await shop.stack.stripe.pay(session, CARD);
    await shop.drain();
    expect(await keptFor(order), 'the cancelled order keeps only its deposit').toBe(deposit);
    if (paid.ok) expect(await mailsOf(order)).toContainEqual(expect.objectContaining({ kind: RECEIPT_KIND.unexpected, status: 'sent' }));
    // Refused at Stripe: the cancel itself told the customer (it told nobody before migration money_fixes).
    else expect(await mailsOf(order)).toContainEqual(expect.objectContaining({ kind: 'cancelled', status: 'sent' }));
  });

  it('a balance page paid after the deposit was refunded in full: refused or refunded', async () => {
    const { order, token } = await balanceDue(newEmail());
    const session = await balanceSession(token);
    const [deposit] = await sessionsAtStripe(shop, [order]);
    await shop.sdk.refunds.create({ payment_intent: String((deposit.payment_intent as { id: string }).id) });
    await shop.stack.stripe.idle();
    expect((await orderRow(order)).status).toBe('refunded');
    await shop.stack.stripe.pay(session, CARD);
    await shop.drain();
    expect(await keptFor(order), 'a refunded order keeps nothing').toBe(0);
  });
});

describe('a receipt for every payment (§3)', () => {
  it('the balance payment e-mails the customer a receipt and notifies the business, once each', async () => {
    const email = newEmail();
    const { order, token } = await balanceDue(email);
    const session = await balanceSession(token);
    await shop.stack.stripe.pay(session, { ...CARD, email });
    await successPage(shop, session);
    await shop.drain();
    const [payment] = await shop.sql<{ id: string }>('select id from public.order_payments where checkout_session_id = $1', [session]);
    const mails = await mailsOf(order);
    expect(mails).toContainEqual({ kind: RECEIPT_KIND.balance, subject_key: payment.id, status: 'sent' });
    expect(mails).toContainEqual({ kind: NOTICE_KIND.balance, subject_key: payment.id, status: 'sent' });
    // The deposit's confirmation, the balance due, the balance's receipt.
    expect(await shop.sql('select subject from local_inbox.mails where to_address = $1', [email])).toHaveLength(3);
  });

  it('a refund delivered before the payment it refunds: the business still gets the new-order notice', async () => {
    shop.stack.stripe.pause();
    try {
      const press = await pressCheckout(shop, randomUUID(), [PLANNER]);
      const session = sessionIdOf(press.body.url);
      await shop.stack.stripe.pay(session, { ...CARD, email: newEmail() });
      const pi = String((await shop.sdk.checkout.sessions.retrieve(session)).payment_intent);
      await shop.sdk.refunds.create({ payment_intent: pi });
      const refunded = (await shop.stack.stripe.events(session)).find((e) => e.event.type === 'charge.refunded')!;
      await shop.stack.stripe.deliverNow(refunded.event.id);
      await shop.drain();
      const order = orderOf(await shop.sdk.checkout.sessions.retrieve(session));
      expect((await orderRow(order)).status).toBe('refunded');
      expect(await mailsOf(order)).toContainEqual(expect.objectContaining({ kind: NOTICE_KIND.first, status: 'sent' }));
    } finally {
      shop.stack.stripe.resume();
    }
  });
});

describe('counterexamples the money model found', () => {
  // money-check --seed 31 --without both-tabs,back --skip answers,b,c,f: the receipt and the notice
  // were owed by the order's current status, not by the payment.
  it('a deposit paid, its e-mails cut off by a crash, then the order cancelled: the receipt and the notice still go', async () => {
    shop.stack.stripe.pause();
    try {
      const press = await pressCheckout(shop, randomUUID(), [JAH]);
      const session = sessionIdOf(press.body.url);
      await shop.stack.stripe.pay(session, { bankAccount: '000123456789', email: newEmail() });
      const [completed] = await shop.stack.stripe.events(session);
      await shop.stack.stripe.deliverNow(completed.event.id);
      await shop.stack.stripe.settle(session);
      const [, succeeded] = await shop.stack.stripe.events(session);
      shop.armCrash('stripe-webhook:applied');
      await shop.stack.stripe.deliverNow(succeeded.event.id);
      expect(shop.crashed, 'the handler died after applying the payment').toBe(true);
      const order = orderOf(await shop.sdk.checkout.sessions.retrieve(session));
      expect((await adminStep(shop, order, 'cancelled')).status).toBe(200);
      await shop.restart();
      await shop.drain();
      const mails = await mailsOf(order);
      expect(mails).toContainEqual(expect.objectContaining({ kind: RECEIPT_KIND.first, status: 'sent' }));
      expect(mails).toContainEqual(expect.objectContaining({ kind: NOTICE_KIND.first, status: 'sent' }));
    } finally {
      shop.stack.stripe.resume();
    }
  });
});

describe('a refund notice says what was refunded when it was owed (§3)', () => {
  const inbox = (email: string) => shop.sql<{ subject: string; text: string }>('select subject, text from local_inbox.mails where to_address = $1 order by seq', [email]);
  const refundLines = async (email: string) =>
    (await inbox(email)).filter((m) => m.subject.startsWith('Refund for your order')).map((m) => m.text.split('\n').find((l) => l.startsWith("We've refunded")));
  const pending = async (session: string) => (await shop.stack.stripe.events(session)).filter((e) => e.deliveries.some((d) => d.state === 'pending'));

  // npm test's own seed (2711), on a busy machine: a notice for an older refunded total went after a newer
  // one and read the order as it then stood, so the customer had "refunded in full" twice.
  it('a notice that failed, tried again after a newer refund: it tells its own total, not the newer one again', async () => {
    const email = newEmail();
    const press = await pressCheckout(shop, randomUUID(), [PLANNER]);
    const session = sessionIdOf(press.body.url);
    await shop.stack.stripe.pay(session, { ...CARD, email });
    await successPage(shop, session);
    await shop.drain();
    const order = orderOf(await shop.sdk.checkout.sessions.retrieve(session));
    const { paid_cents: paid } = await orderRow(order);
    const pi = String((await shop.sdk.checkout.sessions.retrieve(session)).payment_intent);
    shop.stack.stripe.pause();
    try {
      // A part refunded from Stripe's Dashboard while the e-mail API is down: its notice fails.
      await shop.sdk.refunds.create({ payment_intent: pi, amount: 500 });
      shop.stack.config.functionEnv.EMAIL_API_URL = 'http://127.0.0.1:9/emails';
      try {
        for (const e of await pending(session)) await shop.stack.stripe.deliverNow(e.event.id);
      } finally {
        delete shop.stack.config.functionEnv.EMAIL_API_URL;
      }
      expect(await mailsOf(order)).toContainEqual({ kind: 'refund', subject_key: '500', status: 'failed' });
      // The rest refunded, and its notice sent; then the hourly job tries the failed one again.
      await shop.sdk.refunds.create({ payment_intent: pi });
      for (const e of (await pending(session)).slice(1)) await shop.stack.stripe.deliverNow(e.event.id);
      expect((await shop.invoke('review-requests', {}, shop.service)).status).toBe(200);
    } finally {
      shop.stack.stripe.resume();
    }
    await shop.drain();
    // Each notice tells its own total: the late one does not repeat "in full".
    expect(await refundLines(email)).toEqual([`We've refunded your order in full: ${formatCents(paid)}.`, `We've refunded ${formatCents(500)} of your order.`]);
    expect(await mailsOf(order)).toEqual(
      expect.arrayContaining([
        { kind: 'refund', subject_key: '500', status: 'sent' },
        { kind: 'refund', subject_key: String(paid), status: 'sent' },
      ]),
    );
  });

  it('a balance refunded because the order was cancelled, then part of the deposit: the notice tells only the deposit’s part', async () => {
    const email = newEmail();
    const { order, token, deposit } = await balanceDue(email);
    const session = await balanceSession(token);
    // The balance is paid while Stripe's word of it is on its way, and the admin cancels meanwhile.
    shop.stack.stripe.pause();
    try {
      expect(await shop.stack.stripe.pay(session, { ...CARD, email })).toMatchObject({ ok: true });
      expect((await adminStep(shop, order, 'cancelled')).status).toBe(200);
    } finally {
      shop.stack.stripe.resume();
    }
    await shop.drain();
    const [first] = await shop.sql<{ id: string }>(`select id from public.order_payments where order_id = $1 and kind = 'deposit'`, [order]);
    const part = Math.floor(deposit / 4);
    expect((await adminRefund(shop, order, first.id, part, 'Customer asked')).status).toBe(200);
    await shop.drain();
    expect(await refundLines(email)).toEqual([`We've refunded ${formatCents(part)} of your order.`]);
    const o = await orderRow(order);
    expect(o.refunded_cents, 'the order counts the unexpected balance too').toBeGreaterThan(part);
  });
});

describe('the reconcile job finishes what a dead webhook left (§5)', () => {
  // money-check --seed 1475298298 (shrunk): the event was recorded as applied, so the job skipped it,
  // and nothing else sent the e-mails its payment owed.
  it('a payment applied by a webhook that died before its e-mails, then given up on by Stripe: the receipt and the notice still go', async () => {
    const email = newEmail();
    shop.stack.stripe.pause();
    let session = '';
    try {
      session = sessionIdOf((await pressCheckout(shop, randomUUID(), [JAH])).body.url);
      expect(await shop.stack.stripe.pay(session, { ...CARD, email })).toMatchObject({ ok: true });
      const [completed] = await shop.stack.stripe.events(session);
      shop.armCrash('stripe-webhook:applied');
      await shop.stack.stripe.deliverNow(completed.event.id);
      expect(shop.crashed, 'the handler died after applying the payment').toBe(true);
      // Three days of failed retries later, Stripe stops trying.
      await shop.sql(`update local_stripe.deliveries set state = 'failed' where state = 'pending' and event_id = $1`, [completed.event.id]);
      await shop.restart();
    } finally {
      shop.stack.stripe.resume();
    }
    await shop.drain();
    const order = orderOf(await shop.sdk.checkout.sessions.retrieve(session));
    expect((await orderRow(order)).status).toBe('deposit_paid');
    const mails = await mailsOf(order);
    expect(mails).toContainEqual(expect.objectContaining({ kind: RECEIPT_KIND.first, status: 'sent' }));
    expect(mails).toContainEqual(expect.objectContaining({ kind: NOTICE_KIND.first, status: 'sent' }));
  });
});

describe('the webhook reads only events (§8)', () => {
  it('a signed request whose body is null answers 400', async () => {
    const body = 'null';
    const res = await shop.fetch(`${shop.stack.url}/functions/v1/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signatureHeader(body, shop.stack.config.stripe.webhookSecret) },
      body,
    });
    expect(res.status).toBe(400);
  });
});
