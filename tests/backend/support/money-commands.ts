/**
 * The money model's commands (fast-check model-based testing, `fc.commands` / `fc.asyncModelRun`): what a
 * customer with two tabs, the business at its admin screen, Stripe's webhook queue and a power cut may do,
 * in any order. Each command carries only abstract choices (which session, which order: an index taken
 * modulo what exists), so a shrunk sequence replays. The model keeps only what the customer holds (the
 * cart, the Stripe pages they were sent to, the order links) and checks, as it goes, what the checkout
 * contract promises at that moment; the rest is checked on the real state once it settles
 * (money-invariants.ts).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { expect } from 'vitest';
import { maxQuantityOf, type CartLine } from '../../../shared/cart.ts';
import { adminRefund, adminStep, payBalance, pressCheckout, sessionIdOf, successPage, type Shop } from './money.ts';
import type { RunMark } from './money-invariants.ts';

export interface Cart {
  id: string;
  lines: CartLine[];
}
export interface Seen {
  session: string;
  kind: 'checkout' | 'balance';
  cart?: string;
  /** The lines this session was opened for (a checkout). */
  key?: string;
  paidWith?: Method;
}
export interface Model {
  cart: Cart;
  /** Every Stripe page the customer was sent to, in order. */
  seen: Seen[];
  /** Orders the customer holds a link to (id, token). */
  orders: { id: string; token: string }[];
  paused: boolean;
}
export interface Real {
  shop: Shop;
  run: RunMark;
  /** Checks left out (money-check --skip): `answers` are what a press of Checkout and the admin's refund must answer. */
  skip: string[];
}
type Cmd = fc.AsyncCommand<Model, Real>;

// ---------------------------------------------------------------- the catalogue the carts draw from
const PRODUCTS: Record<string, Omit<CartLine, 'quantity'>> = {
  jah: { product: 'jah-locs', configuration: { length: '24-26', size: 'MD', color: 'multi-tone', quantity: 40 } },
  planner: { product: 'crown-planner', configuration: { tier: 'pdf' } },
  bundle: { product: 'crown-planner', configuration: { tier: 'bundle' } },
};
/** A run starts with a cart ready for checkout. */
export const newModel = (lines: CartLine[]): Model => ({ cart: { id: randomUUID(), lines }, seen: [], orders: [], paused: false });
const linesKey = (lines: CartLine[]) => lines.map((l) => `${l.product}:${JSON.stringify(l.configuration)}×${l.quantity}`).join('|');
const linesText = (lines: CartLine[]) =>
  lines
    .map((l) => `${Object.keys(PRODUCTS).find((k) => JSON.stringify(PRODUCTS[k]) === JSON.stringify({ product: l.product, configuration: l.configuration }))}×${l.quantity}`)
    .join(' ');

const METHODS = { card: { card: '4242424242424242' }, declined: { card: '4000000000000002' }, bank: { bankAccount: '000123456789' }, bankFails: { bankAccount: '000111111113' } };
export type Method = keyof typeof METHODS;

const pick = <T>(list: T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);

/** Learns a session's order and its link, as the success page and the e-mails give them to the customer. */
async function learnOrder(m: Model, r: Real, sessionId: string) {
  const s = await r.shop.sdk.checkout.sessions.retrieve(sessionId);
  const id = s.metadata?.order_id;
  if (!id || m.orders.some((o) => o.id === id)) return;
  const [row] = await r.shop.sql<{ access_token: string }>('select access_token from public.orders where id = $1', [id]);
  if (row) m.orders.push({ id, token: row.access_token });
}

/** A press of Checkout answers the cart's one payable session (§1), or says the cart was paid. */
async function press(m: Model, r: Real, tabs: number[]) {
  const cart = m.cart;
  const key = linesKey(cart.lines);
  const before = [...m.seen].reverse().find((x) => x.cart === cart.id && x.key === key);
  const stillOpen = before && (await r.shop.sdk.checkout.sessions.retrieve(before.session)).status === 'open';
  const answers = await Promise.all(tabs.map(() => pressCheckout(r.shop, cart.id, cart.lines)));
  for (const a of answers) {
    if (a.status === 409 && a.body?.paid) {
      // The widget shows the paid order and empties the cart: a new cart id.
      m.cart = { id: randomUUID(), lines: [] };
      continue;
    }
    expect(a.status, `Checkout answered ${JSON.stringify(a.body)}`).toBe(200);
    const session = sessionIdOf(a.body.url);
    if (!r.skip.includes('answers')) {
      expect((await r.shop.sdk.checkout.sessions.retrieve(session)).status, 'Checkout answers a payable Stripe page').toBe('open');
    }
    if (stillOpen && !r.skip.includes('answers')) expect(session, 'the same cart and lines get the same Stripe page while it is open').toBe(before!.session);
    if (!m.seen.some((x) => x.session === session)) m.seen.push({ session, kind: 'checkout', cart: cart.id, key });
    r.run.cartOf.set(session, cart.id);
    await learnOrder(m, r, session);
  }
  if (!r.skip.includes('answers') && answers.filter((a) => a.status === 200).length === 2) {
    expect(sessionIdOf(answers[0].body.url), 'two tabs of one cart get one Stripe page').toBe(sessionIdOf(answers[1].body.url));
  }
}

// ---------------------------------------------------------------- the commands

const command = (text: string, check: (m: Readonly<Model>) => boolean, run: (m: Model, r: Real) => Promise<void>): Cmd => ({
  check,
  run,
  toString: () => text,
});

const setCart = (lines: CartLine[]) =>
  command(
    `cart: ${linesText(lines)}`,
    () => true,
    async (m) => {
      m.cart = { ...m.cart, lines };
    },
  );
const pressOne = (tab: number, back: boolean) =>
  command(
    back ? `tab ${tab}: Back from Stripe then Checkout again` : `tab ${tab}: Checkout`,
    (m) => m.cart.lines.length > 0 && (!back || m.seen.some((x) => x.cart === m.cart.id)),
    (m, r) => press(m, r, [tab]),
  );
const pressBoth = () =>
  command(
    'tabs 1 and 2: Checkout at once',
    (m) => m.cart.lines.length > 0,
    (m, r) => press(m, r, [1, 2]),
  );

const pay = (i: number, method: Method, returns: boolean) =>
  command(
    `pay page #${i} with ${method} then ${returns ? 'back to the shop' : 'close the tab'}`,
    (m) => m.seen.length > 0,
    async (m, r) => {
      const seen = pick(m.seen, i)!;
      const paid = await r.shop.stack.stripe.pay(seen.session, { ...METHODS[method], email: r.run.email, name: 'Ama Mensah' });
      if (!paid.ok) return;
      seen.paidWith = method;
      if (!returns) return;
      const page = await successPage(r.shop, seen.session);
      expect([200, 404], `the success page answered ${JSON.stringify(page.body)}`).toContain(page.status);
      await learnOrder(m, r, seen.session);
      // The success page empties a paid cart: the browser makes a new cart id.
      if (seen.cart === m.cart.id && method !== 'declined') m.cart = { id: randomUUID(), lines: [] };
    },
  );

const settle = (i: number) =>
  command(
    `bank debit of page #${i} settles`,
    (m) => m.seen.some((x) => x.paidWith === 'bank' || x.paidWith === 'bankFails'),
    async (m, r) => {
      const seen = pick(
        m.seen.filter((x) => x.paidWith === 'bank' || x.paidWith === 'bankFails'),
        i,
      )!;
      const s = await r.shop.sdk.checkout.sessions.retrieve(seen.session, { expand: ['payment_intent'] });
      if (s.payment_intent && typeof s.payment_intent !== 'string' && s.payment_intent.status === 'processing') await r.shop.stack.stripe.settle(seen.session);
    },
  );

const expireDue = () =>
  command(
    'an hour passes: Stripe expires the sessions due',
    () => true,
    async (_m, r) => {
      await r.shop.stack.stripe.expireDue(Math.floor(Date.now() / 1000) + 2 * 60 * 60);
    },
  );

const STEPS = ['in_production', 'ready', 'shipped', 'delivered', 'cancelled', 'cancelled+refund'] as const;
const admin = (i: number, step: (typeof STEPS)[number]) =>
  command(
    `admin: order #${i} → ${step}`,
    (m) => m.orders.length > 0,
    async (m, r) => {
      const order = pick(m.orders, i)!;
      const status = step === 'cancelled+refund' ? 'cancelled' : step;
      const extra = step === 'shipped' ? { carrier: 'USPS', tracking: '9400100000000000000000' } : step === 'cancelled+refund' ? { refund: true } : {};
      const a = await adminStep(r.shop, order.id, status, extra);
      expect([200, 409], `admin-orders answered ${JSON.stringify(a.body)}`).toContain(a.status);
    },
  );

const balance = (i: number, tab: number) =>
  command(
    `tab ${tab}: Pay balance on order #${i}`,
    (m) => m.orders.length > 0,
    async (m, r) => {
      const order = pick(m.orders, i)!;
      const a = await payBalance(r.shop, order.token);
      expect([200, 409], `Pay balance answered ${JSON.stringify(a.body)}`).toContain(a.status);
      if (a.status !== 200) return;
      const session = sessionIdOf(a.body.url);
      if (!m.seen.some((x) => x.session === session)) m.seen.push({ session, kind: 'balance' });
    },
  );

const refund = (i: number, j: number, full: boolean, from: 'admin' | 'dashboard') =>
  command(
    `${from}: refund ${full ? 'all that is left' : 'part'} of payment #${j} of order #${i}`,
    (m) => m.orders.length > 0,
    async (m, r) => {
      const order = pick(m.orders, i)!;
      const payments = await r.shop.sql<{ id: string; left: number; payment_intent_id: string }>(
        `select id, amount_cents - refunded_cents as left, payment_intent_id from public.order_payments
          where order_id = $1 and status = 'paid' and amount_cents > refunded_cents order by created_at, id`,
        [order.id],
      );
      const p = pick(payments, j);
      if (!p) return;
      const amount = full ? p.left : Math.max(1, Math.floor(p.left / 3));
      if (from === 'dashboard') {
        // The Stripe Dashboard: the shop hears of it only through charge.refunded.
        await r.shop.sdk.refunds.create({ payment_intent: p.payment_intent_id, amount }).catch(() => null);
        return;
      }
      const a = await adminRefund(r.shop, order.id, p.id, amount, 'Customer asked');
      if (!r.skip.includes('answers')) expect([200, 409], `the admin's refund answered ${JSON.stringify(a.body)}`).toContain(a.status);
    },
  );

const hold = () =>
  command(
    'Stripe holds its webhooks',
    (m) => !m.paused,
    async (m, r) => {
      r.shop.stack.stripe.pause();
      m.paused = true;
    },
  );
const release = () =>
  command(
    'Stripe delivers the held webhooks (late)',
    (m) => m.paused,
    async (m, r) => {
      r.shop.stack.stripe.resume();
      m.paused = false;
      await r.shop.stack.stripe.idle(60_000);
    },
  );
/** The newest held event of a page first: out of order. */
const deliverOne = (i: number) =>
  command(
    `Stripe delivers the last held event of page #${i} first`,
    (m) => m.paused && m.seen.length > 0,
    async (m, r) => {
      const events = await r.shop.stack.stripe.events(pick(m.seen, i)!.session);
      const held = events.filter((e) => e.deliveries.some((d) => d.state === 'pending')).at(-1);
      if (held) await r.shop.stack.stripe.deliverNow(held.event.id);
    },
  );
const twice = (i: number) =>
  command(
    `Stripe delivers every event of page #${i} again twice at once`,
    (m) => m.seen.length > 0,
    async (m, r) => {
      for (const e of await r.shop.stack.stripe.events(pick(m.seen, i)!.session)) await r.shop.stack.stripe.redeliver(e.event.id, 2);
      if (!m.paused) await r.shop.stack.stripe.idle(60_000);
    },
  );
/** Stripe stops retrying (after three days in production): only the reconcile job can find these events. */
const lose = () =>
  command(
    'Stripe gives up on the held webhooks',
    (m) => m.paused,
    async (_m, r) => {
      await r.shop.sql(`update local_stripe.deliveries set state = 'failed' where state = 'pending'`);
    },
  );

export const CHECKPOINTS = ['stripe-webhook:applied'] as const;
/** The crash tests' mail checkpoints leave a claim that is taken again only after STALE_CLAIM_SECONDS: money-check --slow. */
export const SLOW_CHECKPOINTS = ['order-mail:confirmation:claimed', 'order-mail:confirmation:sent'] as const;
const crash = (checkpoint: string) =>
  command(
    `the next handler to reach ${checkpoint} dies there`,
    () => true,
    async (_m, r) => {
      r.shop.armCrash(checkpoint);
    },
  );
const restart = () =>
  command(
    'the stack restarts on its database',
    () => true,
    async (_m, r) => {
      await r.shop.restart();
    },
  );

// ---------------------------------------------------------------- arbitraries

const lineArb = fc.record({ name: fc.constantFrom(...Object.keys(PRODUCTS)), quantity: fc.integer({ min: 1, max: 2 }) });
/** A cart's lines, printed in a counterexample as the customer would say them. */
export const cartArb: fc.Arbitrary<CartLine[]> = fc.uniqueArray(lineArb, { minLength: 1, maxLength: 2, selector: (l) => l.name }).map((ls) => {
  // A download is one per order (shared/cart.ts maxQuantityOf): two of it is a cart checkout refuses.
  const lines = ls.map((l) => ({ ...PRODUCTS[l.name], quantity: Math.min(l.quantity, maxQuantityOf(PRODUCTS[l.name].product)) }));
  return Object.assign(lines, { [fc.toStringMethod]: () => `first cart: ${linesText(lines)}` });
});
const tab = fc.constantFrom(1, 2);
const index = fc.nat({ max: 7 });

/** Every kind of command, by the name `npm run money-check -- --without a,b` leaves out. */
export function commandArbs(opts: { slowCrashes?: boolean; without?: string[] } = {}): fc.Arbitrary<Cmd>[] {
  const checkpoints = opts.slowCrashes ? [...CHECKPOINTS, ...SLOW_CHECKPOINTS] : [...CHECKPOINTS];
  const all: Record<string, fc.Arbitrary<Cmd>> = {
    cart: cartArb.map(setCart),
    checkout: tab.map((t) => pressOne(t, false)),
    back: tab.map((t) => pressOne(t, true)),
    'both-tabs': fc.constant(null).map(pressBoth),
    pay: fc.tuple(index, fc.constantFrom<Method>('card', 'card', 'declined', 'bank', 'bankFails'), fc.boolean()).map(([i, method, returns]) => pay(i, method, returns)),
    settle: index.map(settle),
    expire: fc.constant(null).map(expireDue),
    admin: fc.tuple(index, fc.constantFrom(...STEPS)).map(([i, s]) => admin(i, s)),
    balance: fc.tuple(index, tab).map(([i, t]) => balance(i, t)),
    refund: fc.tuple(index, index, fc.boolean(), fc.constantFrom<'admin' | 'dashboard'>('admin', 'dashboard')).map(([i, j, full, from]) => refund(i, j, full, from)),
    hold: fc.constant(null).map(hold),
    release: fc.constant(null).map(release),
    'deliver-first': index.map(deliverOne),
    twice: index.map(twice),
    lose: fc.constant(null).map(lose),
    crash: fc.constantFrom(...checkpoints).map(crash),
    restart: fc.constant(null).map(restart),
  };
  const unknown = (opts.without ?? []).filter((n) => !(n in all));
  if (unknown.length) throw new Error(`no such command: ${unknown.join(', ')} (commands: ${Object.keys(all).join(', ')})`);
  // What moves money comes up more often than what only disturbs it.
  const weight: Record<string, number> = { checkout: 4, pay: 5, admin: 4, balance: 3, refund: 2 };
  return Object.entries(all)
    .filter(([name]) => !opts.without?.includes(name))
    .flatMap(([name, arb]) => Array.from({ length: weight[name] ?? 1 }, () => arb));
}
