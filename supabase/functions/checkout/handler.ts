/**
 * checkout: `{cart, lines: [{product, configuration, quantity}], kitTerms?, attempt?, rewardCode?}` → 200
 * `{url, order}` | 400 `{error, field}` | 401 | 403 `{error, field}` (a reward code from a guest) | 409
 * `{error}` (or `{error, paid: true, orderUrl}`: the cart was paid; or `{error, field}`: a used code) | 429 |
 * 502 `{error}` (docs/commerce.md#checkout); or `{balance: {token} | {order}}` for the balance of a
 * made-to-order order (payBalance).
 *
 * The browser sends what the visitor chose and never a price: every amount is computed here with
 * shared/cart.ts. A cart (its id: the browser's, shared by its tabs and, for a member, their devices) has
 * one payable checkout at a time, decided under the cart's lock in the database (checkout_cart_begin):
 * the same lines again reuse its order and session (another tab, Back, a reload); other lines, or a
 * session about to close, first expire the old session at Stripe (expireAtStripe), and if Stripe says it
 * was paid meanwhile the press answers that order instead of opening another. A new checkout's order (no
 * number until paid), items and first payment are written in one transaction, then Stripe opens a
 * Checkout Session for exactly what is due now, with an idempotency key per payment. Nothing is marked
 * paid here: only Stripe's word does that (stripe-webhook, order-status).
 *
 * A bad line is refused with a 400 naming its field, before anything is written. When Stripe cannot be
 * reached the order stays pending with no session and the visitor keeps the cart: the next press with
 * the same lines finds the same payment and asks Stripe again with the same key. Two presses of one cart
 * with different lines that interleave: the session of the one that lost cannot be attached (the
 * database refuses it), so it is expired at Stripe and that press answers 409.
 */
import { balanceRequest, checkoutRequest, firstIssuePath } from '../../../shared/contracts.ts';
import { CartError, priceCart, type PricedCart } from '../../../shared/cart.ts';
import { CHECKOUT_SESSION_MINUTES, CURRENCY, DEPOSIT, KIT_TERMS, SHIPPING, orderNumber } from '../../../shared/rules/commerce.ts';
import { COMMERCE_MESSAGES } from '../../../shared/messages.ts';
import { postJsonHandler, type PostJsonRequest } from '../_shared/handler.ts';
import { RATE_LIMITS } from '../_shared/rate-limit.ts';
import { json } from '../_shared/http.ts';
import { stripeClient, type Stripe } from '../_shared/stripe.ts';
import { orderFor, orderPageUrl, siteUrl, type Fulfilment } from '../_shared/orders.ts';
import { expireAtStripe, stateAtStripe } from '../_shared/sessions.ts';
import type { AdminClient } from '../_shared/admin.ts';
import { callerOf, SESSION_EXPIRED } from '../_shared/caller.ts';
import { memberCode, promotionCodeFor, type MemberCode } from '../_shared/reward-codes.ts';
import type { Json } from '../../types/database.ts';

/** Stripe's lines for what is due now: a deposit line carries only its deposit (docs/commerce.md#deposits). */
function stripeLines(cart: PricedCart): Stripe.Checkout.SessionCreateParams.LineItem[] {
  return cart.lines.map((l) => {
    const description = l.options.join(' · ');
    if (l.balanceCents > 0) {
      const pct = Math.round(DEPOSIT.rate * 100);
      return {
        quantity: 1,
        price_data: {
          currency: CURRENCY,
          unit_amount: l.dueNowCents,
          product_data: {
            name: `${l.name}${l.quantity > 1 ? ` × ${l.quantity}` : ''}: ${pct}% deposit`,
            description: `${description ? `${description}. ` : ''}Balance due before shipping.`,
            metadata: { product: l.product },
          },
        },
      };
    }
    return {
      quantity: l.quantity,
      price_data: {
        currency: CURRENCY,
        unit_amount: l.unitCents,
        product_data: { name: l.name, ...(description ? { description } : {}), metadata: { product: l.product } },
      },
    };
  });
}

/**
 * When a payment's session closes: CHECKOUT_SESSION_MINUTES after the payment was created, so that a
 * retry for the same payment (a double tap, a retry after Stripe was unreachable) sends Stripe exactly
 * the same parameters under the same idempotency key, and gets the same session back. Null once that
 * is too close for Stripe, which wants at least 30 minutes: then a new press of Checkout is needed.
 */
function sessionEnd(paymentCreatedAt: string): number | null {
  const end = Math.floor(Date.parse(paymentCreatedAt) / 1000) + CHECKOUT_SESSION_MINUTES * 60;
  return end - Date.now() / 1000 > 31 * 60 ? end : null;
}

/**
 * The balance of a made-to-order order (docs/commerce.md#balance): a fresh Checkout Session for what is
 * still due, for whoever holds the order's link (or its signed-in customer), reused while it stays open.
 */
async function payBalance({ req, env, db, body, settings: stripe }: PostJsonRequest<Stripe>): Promise<Response> {
  const parsed = balanceRequest.safeParse(body);
  if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? COMMERCE_MESSAGES.invalidRequest, field: firstIssuePath(parsed.error) }, 400);
  const found = await orderFor(db, req, parsed.data.balance);
  if (found === 'expired') return json({ error: SESSION_EXPIRED }, 401);
  if (!found) return json({ error: COMMERCE_MESSAGES.orderNotFound }, 404);
  // The order page shows a balance Stripe took (or is settling) instead of a second checkout for it.
  const orderPage = (number: number) => json({ url: orderPageUrl(env, found.token), order: orderNumber(number), paid: true });
  let due = await balanceDue(db, found.id);
  // An open balance that cannot be reused is expired at Stripe before another opens, never only here.
  // (Again only if another press opened one meanwhile; a few rounds at most.)
  for (let round = 0; due?.close && round < 3; round++) {
    let closed: string[];
    try {
      closed = await Promise.all(due.close.map((id) => expireAtStripe({ db, env, stripe }, id)));
    } catch (e) {
      console.error(`[checkout] could not close the open balance sessions of order ${found.id}`, e);
      return json({ error: COMMERCE_MESSAGES.paymentUnavailable }, 502);
    }
    if (closed.some((state) => state === 'paid' || state === 'processing')) return orderPage(due.number);
    due = await balanceDue(db, found.id);
  }
  if (!due) return json({ error: COMMERCE_MESSAGES.nothingDue }, 409);
  if (due.processing) return orderPage(due.number);
  if (due.close) throw new Error(`order ${found.id}: open balance sessions kept reopening`);
  return openBalance(env, db, stripe, found, due);
}

/** What order_balance_payment answers: the payment to open or reuse, or the sessions to close first, or a balance settling. */
interface BalanceDue {
  payment_id: string;
  amount_cents: number;
  checkout_url: string | null;
  created_at: string;
  number: number;
  email: string | null;
  close?: string[];
  processing?: boolean;
}

async function balanceDue(db: AdminClient, orderId: string): Promise<BalanceDue | null> {
  const { data, error } = await db.rpc('order_balance_payment', { p_order: orderId });
  if (error) throw new Error(`order_balance_payment failed: ${error.message}`);
  return data as unknown as BalanceDue | null;
}

/** The balance's Checkout Session: the open one again, or a new one for exactly what is due. */
async function openBalance(env: PostJsonRequest<Stripe>['env'], db: AdminClient, stripe: Stripe, found: { id: string; token: string }, due: BalanceDue): Promise<Response> {
  if (due.checkout_url) return json({ url: due.checkout_url, order: orderNumber(due.number) });
  const site = siteUrl(env);
  const metadata = { order_id: found.id, order_number: orderNumber(due.number), payment_id: due.payment_id };
  const expiresAt = sessionEnd(due.created_at);
  if (!expiresAt) return json({ error: COMMERCE_MESSAGES.pressAgain }, 409);
  const session = await openSession(stripe, {
    orderId: found.id,
    paymentId: due.payment_id,
    lines: [{ quantity: 1, price_data: { currency: CURRENCY, unit_amount: due.amount_cents, product_data: { name: COMMERCE_MESSAGES.balanceLine(due.number) } } }],
    metadata,
    description: `${orderNumber(due.number)} balance`,
    email: due.email,
    expiresAt,
    successUrl: `${site}/order/confirmed?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: orderPageUrl(env, found.token),
    what: `the balance of order ${found.id}`,
  });
  if (session instanceof Response) return session;
  await attach(db, due.payment_id, session, expiresAt);
  return json({ url: session.url, order: orderNumber(due.number) });
}

/** One payment's Checkout Session, as openSession opens it for a cart or a balance. */
interface SessionOf {
  orderId: string;
  paymentId: string;
  lines: Stripe.Checkout.SessionCreateParams.LineItem[];
  metadata: Record<string, string>;
  description: string;
  email: string | null | undefined;
  /** A reward code's promotion code (docs/rewards.md#at-checkout). */
  discounts?: Stripe.Checkout.SessionCreateParams['discounts'];
  /** A cart that ships: the address Stripe collects and the one shipping rate. */
  shipping?: Pick<Stripe.Checkout.SessionCreateParams, 'shipping_address_collection' | 'shipping_options'>;
  expiresAt: number;
  successUrl: string;
  cancelUrl: string;
  /** For the log: what the session pays. */
  what: string;
}

/**
 * Opens the Checkout Session of one payment (a cart's, or an order's balance): the order as its client
 * reference, the same metadata on the session and its PaymentIntent, and the payment's idempotency key,
 * so there is one session per payment however often this runs for it. Stripe's refusal or silence is
 * the customer's 502; a session without a URL is a fault.
 */
async function openSession(stripe: Stripe, o: SessionOf): Promise<Stripe.Checkout.Session | Response> {
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: o.lines,
        client_reference_id: o.orderId,
        metadata: o.metadata,
        payment_intent_data: { metadata: o.metadata, description: o.description },
        ...(o.email ? { customer_email: o.email } : {}),
        ...o.shipping,
        ...(o.discounts ? { discounts: o.discounts } : {}),
        expires_at: o.expiresAt,
        success_url: o.successUrl,
        cancel_url: o.cancelUrl,
      },
      { idempotencyKey: `kyb-checkout-${o.paymentId}` },
    );
  } catch (e) {
    console.error(`[checkout] Stripe refused or could not be reached for ${o.what}`, e);
    return json({ error: COMMERCE_MESSAGES.paymentUnavailable }, 502);
  }
  if (!session.url) throw new Error(`Stripe answered session ${session.id} without a URL`);
  return session;
}

/** Attaches the session to its payment; false when the payment is no longer its cart's current one (P0409). */
async function attach(db: AdminClient, paymentId: string, session: Stripe.Checkout.Session, expiresAt: number): Promise<boolean> {
  const { error } = await db.rpc('order_payment_session', {
    p_payment: paymentId,
    p_session: session.id,
    p_url: session.url!,
    p_expires_at: new Date((session.expires_at ?? expiresAt) * 1000).toISOString(),
  });
  if (error?.code === SUPERSEDED) return false;
  if (error) throw new Error(`order_payment_session failed: ${error.message}`);
  return true;
}
/** order_payment_session's refusal of a payment that is no longer its cart's current checkout. */
const SUPERSEDED = 'P0409';

/** What checkout_cart_begin decided for a press (the migration checkout_carts says when each comes). */
/** The state at Stripe of the session a reuse would hand out ('open' while it has none yet). */
async function reusable(f: Fulfilment, orderId: string, url: string): Promise<string> {
  const { data, error } = await f.db.from('order_payments').select('checkout_session_id').eq('order_id', orderId).eq('checkout_url', url).maybeSingle();
  if (error) throw new Error(`order_payments read failed: ${error.message}`);
  return data?.checkout_session_id ? stateAtStripe(f, data.checkout_session_id) : 'open';
}

type Begun =
  | { action: 'paid'; order_id: string; token: string }
  | { action: 'changed' }
  | { action: 'reuse'; order_id: string; url: string }
  | { action: 'expire'; order_id: string; session: string }
  | { action: 'open'; id: string; payment_id: string; payment_created_at: string };

/**
 * The lines as priced, in one canonical form, with who checks out, the kit terms and the reward code: a
 * press with the same key may reuse the cart's session (the same lines in the same order, the same
 * customer and code on it).
 */
function checkoutKey(cart: PricedCart, userId: string | null, rewardCode: string | null): string {
  // The reward code is part of what the session was made for: another code (or none) is another cart.
  // Without one the key is what it was before codes existed, so an open session survives a deploy.
  const lines = cart.lines.map((l) => `${l.key}×${l.quantity}`);
  return [userId ?? 'guest', cart.needsKitTerms ? KIT_TERMS.version : '', ...(rewardCode ? [`code:${rewardCode}`] : []), ...lines].join('|');
}

/**
 * The Coming Soon products the admin's launch switch has put on sale (migration kit_launch), read at each
 * press: a product is sold from the moment the switch flips, and refused again if it is turned off.
 */
async function launchedProducts(db: AdminClient): Promise<Set<string>> {
  const { data, error } = await db.from('product_launches').select('product').eq('on_sale', true);
  if (error) throw new Error(`product_launches read failed: ${error.message}`);
  return new Set(data.map((r) => r.product));
}

/** A press that closing a session at Stripe and asking again has not settled after this many rounds. */
const MAX_ROUNDS = 3;

export const handle = postJsonHandler({
  name: 'checkout',
  perClient: RATE_LIMITS.checkoutPerClient,
  setup: (env) => stripeClient(env),
  async handle(request) {
    if ('balance' in request.body) return payBalance(request);
    const { req, env, db, body, settings: stripe } = request;
    const parsed = checkoutRequest.safeParse(body);
    if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? COMMERCE_MESSAGES.invalidRequest, field: firstIssuePath(parsed.error) }, 400);
    const { cart: cartId, lines, kitTerms, attempt, rewardCode } = parsed.data;
    let cart: PricedCart;
    try {
      cart = priceCart(lines, await launchedProducts(db));
    } catch (e) {
      if (e instanceof CartError) return json({ error: e.message, field: e.field }, 400);
      throw e;
    }
    if (cart.needsKitTerms && kitTerms !== KIT_TERMS.version) return json({ error: COMMERCE_MESSAGES.kitTermsRequired, field: 'kitTerms' }, 400);

    const who = await callerOf(db, req);
    if (who === 'expired') return json({ error: SESSION_EXPIRED }, 401);
    const f: Fulfilment = { db, env, stripe };
    // A reward code (docs/rewards.md#at-checkout): the signed-in member's own, and not used.
    let code: MemberCode | null = null;
    if (rewardCode) {
      const found = await memberCode(db, who, rewardCode);
      if ('error' in found) return json({ error: found.error, field: 'rewardCode' }, found.status);
      code = found;
    }

    const begin = {
      p_cart: cartId.toLowerCase(),
      p_key: checkoutKey(cart, who?.id ?? null, code?.code ?? null),
      p_order: {
        user_id: who?.id ?? null,
        email: who?.email ?? null,
        subtotal_cents: cart.subtotalCents,
        shipping_cents: cart.shippingCents,
        total_cents: cart.totalCents,
        due_at_checkout_cents: cart.dueNowCents,
        needs_shipping: cart.needsShipping,
        kit_terms_version: cart.needsKitTerms ? KIT_TERMS.version : null,
        checkout_attempt: attempt ?? null,
      },
      p_items: cart.lines.map((l) => ({
        product: l.product,
        name: l.name,
        options: l.options,
        // Validated by priceCart: only the catalog's option names and values.
        configuration: l.configuration as Json,
        unit_cents: l.unitCents,
        quantity: l.quantity,
        line_cents: l.lineCents,
        due_at_checkout_cents: l.dueNowCents,
        digital: l.digital,
      })),
    };
    let step: Begun | null = null;
    // The cart's current checkout is reused, or closed at Stripe before another opens (then asked again:
    // Stripe's answer, applied by expireAtStripe, decides whether the cart was paid meanwhile).
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const { data, error } = await db.rpc('checkout_cart_begin', begin);
      if (error) throw new Error(`checkout_cart_begin failed: ${error.message}`);
      step = data as unknown as Begun;
      if (step.action === 'reuse') {
        // The page is handed out again only while Stripe says it is open: a customer who paid and closed
        // the tab before the webhook arrived gets that order, not a page that was completed.
        let state: string;
        try {
          state = await reusable(f, step.order_id, step.url);
        } catch (e) {
          console.error(`[checkout] could not read the session of order ${step.order_id} at Stripe`, e);
          return json({ error: COMMERCE_MESSAGES.paymentUnavailable }, 502);
        }
        if (state === 'open') break;
        step = null;
        continue;
      }
      if (step.action !== 'expire') break;
      try {
        await expireAtStripe(f, step.session);
      } catch (e) {
        console.error(`[checkout] could not close session ${step.session} of order ${step.order_id} at Stripe`, e);
        return json({ error: COMMERCE_MESSAGES.paymentUnavailable }, 502);
      }
    }
    if (!step || step.action === 'expire') return json({ error: COMMERCE_MESSAGES.pressAgain }, 409);
    if (step.action === 'paid') return json({ error: COMMERCE_MESSAGES.cartAlreadyPaid, paid: true, orderUrl: `/order?token=${encodeURIComponent(step.token)}` }, 409);
    if (step.action === 'changed') return json({ error: COMMERCE_MESSAGES.cartChanged }, 409);
    if (step.action === 'reuse') return json({ url: step.url, order: step.order_id });

    const order = step;
    const expiresAt = sessionEnd(order.payment_created_at);
    if (!expiresAt) return json({ error: COMMERCE_MESSAGES.pressAgain }, 409);

    let discounts: SessionOf['discounts'];
    if (code) {
      // The order names its code before Stripe is asked, so the payment that completes it marks the code
      // used (migration reward_code_checkout); a retry of this press sets it again.
      const { error } = await db.from('orders').update({ reward_code_id: code.id }).eq('id', order.id);
      if (error) throw new Error(`orders update failed: ${error.message}`);
      try {
        discounts = [{ promotion_code: await promotionCodeFor(db, stripe, code) }];
      } catch (e) {
        console.error(`[checkout] could not get the promotion code of reward code ${code.id} from Stripe`, e);
        return json({ error: COMMERCE_MESSAGES.paymentUnavailable }, 502);
      }
    }

    const site = siteUrl(env);
    // No order number yet: an order is numbered once paid (migration checkout_carts).
    const metadata = { order_id: order.id, payment_id: order.payment_id };
    const session = await openSession(stripe, {
      orderId: order.id,
      paymentId: order.payment_id,
      lines: stripeLines(cart),
      metadata,
      description: `KYB order ${order.id}`,
      email: who?.email,
      shipping: cart.needsShipping
        ? {
            shipping_address_collection: { allowed_countries: [...SHIPPING.countries] },
            shipping_options: [
              {
                shipping_rate_data: {
                  type: 'fixed_amount',
                  fixed_amount: { amount: cart.shippingCents, currency: CURRENCY },
                  display_name: cart.shippingCents ? SHIPPING.label : SHIPPING.freeLabel,
                },
              },
            ],
          }
        : {},
      discounts,
      expiresAt,
      successUrl: `${site}/order/confirmed?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${site}/cart?checkout=cancelled`,
      what: `order ${order.id}`,
    });
    if (session instanceof Response) return session;
    if (!(await attach(db, order.payment_id, session, expiresAt))) {
      // Another press of this cart, with other lines, came first: this session is never handed out.
      await expireAtStripe(f, session.id).catch((e) => console.error(`[checkout] could not close superseded session ${session.id} at Stripe`, e));
      return json({ error: COMMERCE_MESSAGES.cartChanged }, 409);
    }
    return json({ url: session.url, order: order.id });
  },
});
