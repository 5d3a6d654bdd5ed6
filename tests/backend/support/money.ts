/**
 * The money tests' shop (money-model.test.ts, money-regressions.test.ts, scripts/money-check.ts): the
 * local stack in-process with the local Stripe delivering its webhooks to the real stripe-webhook
 * function, quick retries, bank debits settled only when a test says so, and an in-process stand-in for
 * the crash tests' kill -9 and restart.
 *
 * The first part is the adapters to the contracts of issue #27 (/work CONTRACTS.md §1, §3, §4, §5): the
 * requests the customer's browser, the admin's screen and the hourly job send, and the names the
 * fulfilment path gives its e-mails. They are the one place to change when a contract's shape moves.
 */
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { createStack } from '../../../supabase/local/app.ts';
import type { StackConfigOverrides } from '../../../supabase/local/config.ts';
import { adminClient, stackClient, testStack, type TestClient, type TestStack } from '../../support/stack.ts';
import { FAST_RETRIES, stripeClient } from '../../support/stripe.ts';
import type { CartLine } from '../../../shared/cart.ts';

// ---------------------------------------------------------------- adapters to the contracts

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: a function's JSON answer, read field by field by the tests
  body: any;
}

/** §1: a press of Checkout for the browser's cart id (shared by its tabs), one `attempt` per press. */
export const pressCheckout = (shop: Shop, cart: string, lines: CartLine[], attempt: string = randomUUID()) => shop.invoke('checkout', { cart, lines, attempt });

/** A press of Pay balance on the order page (the order's link token). */
export const payBalance = (shop: Shop, token: string) => shop.invoke('checkout', { balance: { token } });

/** §4: one step of an order from the admin (`refund: true` with `cancelled` refunds what is left). */
export const adminStep = (shop: Shop, order: string, status: string, extra: { carrier?: string; tracking?: string; refund?: boolean } = {}) =>
  shop.invoke('admin-orders', { order, status, ...extra }, shop.admin);

/** §4: a refund of one payment from the admin's order dialog; `request` is made once per confirmation dialog. */
export const adminRefund = (shop: Shop, order: string, payment: string, amountCents: number, reason: string, request: string = randomUUID()) =>
  shop.invoke('admin-orders', { order, refund: { payment, amount_cents: amountCents, reason }, request }, shop.admin);

/** The page Stripe returns the customer to (success_url): it asks for the session's order. */
export const successPage = (shop: Shop, sessionId: string) => shop.invoke('order-status', { sessionId });

/**
 * §5: the hourly reconcile job, as its schedule calls it (service-role bearer). Null where the function
 * does not exist (a branch without it): then a webhook Stripe gave up on stays missed.
 */
export async function reconcile(shop: Shop): Promise<{ events_seen: number; repaired: number; repairs: unknown[] } | null> {
  const r = await shop.invoke('stripe-reconcile', {}, shop.service);
  if (r.status === 404) return null;
  if (r.status !== 200) throw new Error(`stripe-reconcile answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

/** order_mails kinds of the customer's receipt for each kind of payment (§3; owner: payments). */
export const RECEIPT_KIND = { first: 'confirmation', balance: 'balance_receipt', unexpected: 'unexpected_refund' } as const;
/** The business's notice of each kind of payment. */
export const NOTICE_KIND = { first: 'business', balance: 'business_balance', unexpected: 'business_unexpected' } as const;

// ---------------------------------------------------------------- the shop under test

/** Quick webhook retries; bank debits settle only when a test settles them (or at the drain). */
export const MONEY_STACK: StackConfigOverrides = {
  autoconfirm: true,
  siteUrl: 'https://shop.example',
  stripe: { ...FAST_RETRIES, asyncSettleMs: 10 * 60_000 },
};

/** Thrown in place of the crash tests' SIGKILL at a checkpoint (`KYB_CRASH_AT`, supabase/local/functions). */
export class Crash extends Error {}

const ip = () => `10.27.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

export class Shop {
  /** Clients call through this, so they keep working over a restarted stack. */
  readonly fetch = ((input: RequestInfo | URL, init?: RequestInit) => this.stack.fetch(input, init)) as typeof fetch;
  readonly sdk: Stripe;
  readonly anon: TestClient;
  readonly service: TestClient;
  admin!: TestClient;
  /** The checkpoint a "process" dies at next, and whether it did. */
  crashAt: string | null = null;
  crashed = false;

  private constructor(public stack: TestStack) {
    this.sdk = stripeClient(stack.config, this.fetch);
    this.anon = stackClient(stack.config, this.fetch);
    this.service = stackClient(stack.config, this.fetch, { serviceRole: true });
  }

  static async open(): Promise<Shop> {
    const shop = new Shop(await testStack(MONEY_STACK));
    shop.admin = await adminClient({ ...shop.stack, client: (o) => stackClient(shop.stack.config, shop.fetch, o) });
    shop.installCrash();
    return shop;
  }

  async sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
    return (await this.stack.db.query<T>(text, params)).rows;
  }

  async invoke(name: string, body: unknown, client: TestClient = this.anon): Promise<Answer> {
    const { data, error, response } = await client.functions.invoke(name, { body: body as Record<string, unknown>, headers: { 'x-real-ip': ip() } });
    if (!error) return { status: response?.status ?? 200, body: data };
    return { status: response?.status ?? 0, body: await response?.json().catch(() => null) };
  }

  /**
   * The crash tests kill the stack's process at a named checkpoint (KYB_CRASH_AT). In-process, the kill
   * becomes an exception thrown from the checkpoint: the handler stops there, with what it committed
   * and nothing more, and its caller sees no answer (the webhook's 500, so Stripe delivers again).
   */
  private installCrash() {
    const kill = process.kill.bind(process);
    process.kill = ((pid: number, signal?: string | number) => {
      if (pid === process.pid && signal === 'SIGKILL' && this.crashAt) {
        this.crashAt = null;
        this.crashed = true;
        delete process.env.KYB_CRASH_AT;
        throw new Crash('killed at a checkpoint');
      }
      return kill(pid, signal);
    }) as typeof process.kill;
    this.restoreKill = () => {
      process.kill = kill;
    };
  }
  private restoreKill = () => {};

  armCrash(checkpoint: string) {
    this.crashAt = checkpoint;
    process.env.KYB_CRASH_AT = checkpoint;
  }

  disarm() {
    this.crashAt = null;
    delete process.env.KYB_CRASH_AT;
  }

  /** A new stack over the same database, as `npm start` after a kill: the Stripe queue resumes from its tables. */
  async restart() {
    this.disarm();
    this.crashed = false;
    await this.stack.stripe.stop();
    const next = await createStack({ db: this.stack.db, migrate: false, config: { publicUrl: this.stack.config.publicUrl, ...MONEY_STACK } });
    this.stack = Object.assign(next, { url: next.config.publicUrl, client: (o: { serviceRole?: boolean } = {}) => stackClient(next.config, this.fetch, o) });
  }

  /**
   * Everything settles: held webhooks are released, bank debits still processing settle as planned,
   * the queue drains (retries included), and the reconcile job runs, as its hourly schedule would.
   */
  async drain() {
    this.disarm();
    this.stack.stripe.resume();
    for (const { payment_intent } of await this.sql<{ payment_intent: string }>('select payment_intent from local_stripe.settlements')) {
      await this.stack.stripe.settle(payment_intent);
    }
    await this.stack.stripe.idle(60_000);
    await reconcile(this);
    await this.stack.stripe.idle(60_000);
  }

  async close() {
    this.restoreKill();
    this.disarm();
    await this.stack.close();
  }
}

export const sessionIdOf = (url: string) => String(url).split('/').pop()!.split('?')[0];

/** Every Checkout Session Stripe holds for these orders (the ids as Stripe's Dashboard lists them; the objects through the SDK). */
export async function sessionsAtStripe(shop: Shop, orderIds: string[]): Promise<Stripe.Checkout.Session[]> {
  if (!orderIds.length) return [];
  const ids = await shop.sql<{ id: string }>(
    `select id from local_stripe.objects where kind = 'checkout.session' and (data::jsonb -> 'metadata' ->> 'order_id') = any($1::text[]) order by seq`,
    [orderIds],
  );
  return Promise.all(ids.map(({ id }) => shop.sdk.checkout.sessions.retrieve(id, { expand: ['payment_intent.latest_charge'] })));
}

/** What Stripe kept of a session's payment: captured less refunded. */
export function keptAtStripe(s: Stripe.Checkout.Session): number {
  const pi = s.payment_intent as Stripe.PaymentIntent | null;
  const charge = pi?.latest_charge as Stripe.Charge | null | undefined;
  if (charge?.status !== 'succeeded' || !charge.captured) return 0;
  return charge.amount_captured - charge.amount_refunded;
}

export const orderOf = (s: Stripe.Checkout.Session) => s.metadata?.order_id ?? '';
