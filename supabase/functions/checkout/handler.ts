/**
 * checkout: `{lines: [{product, configuration, quantity}], kitTerms?, attempt?}` → 200 `{url, order}` |
 * 400 `{error, field}` | 401 | 409 `{error}` | 429 | 502 `{error}` (docs/commerce.md#checkout); or
 * `{balance: {token} | {order}}` for the balance of a made-to-order order (payBalance).
 *
 * The browser sends what the visitor chose and never a price: every amount is computed here with
 * shared/cart.ts. The order (status pending), its items as sold and its first payment are written in one
 * transaction (order_create), then Stripe opens a Checkout Session for exactly what is due now, with an
 * idempotency key per payment, and the browser is sent to its URL. Nothing is marked paid here: only
 * Stripe's word does that (stripe-webhook, order-status).
 *
 * A bad line is refused with a 400 naming its field, before anything is written. When Stripe cannot be
 * reached the order stays pending with no session and the visitor keeps the cart: the same press of
 * Checkout (the same `attempt`) finds the same order and asks Stripe again with the same key.
 */
import { balanceRequest, checkoutRequest, firstIssuePath } from '../../../shared/contracts.ts';
import { CartError, lineKey, priceCart, type PricedCart } from '../../../shared/cart.ts';
import { CHECKOUT_SESSION_MINUTES, CURRENCY, DEPOSIT, KIT_TERMS, SHIPPING, orderNumber } from '../../../shared/rules/commerce.ts';
import { COMMERCE_MESSAGES } from '../../../shared/messages.ts';
import { postJsonHandler, type PostJsonRequest } from '../_shared/handler.ts';
import { RATE_LIMITS } from '../_shared/rate-limit.ts';
import { json } from '../_shared/http.ts';
import { stripeClient, type Stripe } from '../_shared/stripe.ts';
import { orderFor, orderPageUrl, siteUrl } from '../_shared/orders.ts';
import type { AdminClient } from '../_shared/admin.ts';
import { callerOf, SESSION_EXPIRED } from '../_shared/caller.ts';
import type { Json } from '../../types/database.ts';

interface Created {
  id: string;
  number: number;
  status: string;
  payment_id: string;
  checkout_url: string | null;
  expires_at: string | null;
  payment_status: string;
  payment_created_at: string;
  replayed: boolean;
}

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
  const { data, error } = await db.rpc('order_balance_payment', { p_order: found.id });
  if (error) throw new Error(`order_balance_payment failed: ${error.message}`);
  const due = data as unknown as { payment_id: string; amount_cents: number; checkout_url: string | null; created_at: string; number: number; email: string | null } | null;
  if (!due) return json({ error: COMMERCE_MESSAGES.nothingDue }, 409);
  if (due.checkout_url) return json({ url: due.checkout_url, order: orderNumber(due.number) });
  const site = siteUrl(env);
  const metadata = { order_id: found.id, order_number: orderNumber(due.number), payment_id: due.payment_id };
  const expiresAt = sessionEnd(due.created_at);
  if (!expiresAt) return json({ error: COMMERCE_MESSAGES.pressAgain }, 409);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: { currency: CURRENCY, unit_amount: due.amount_cents, product_data: { name: COMMERCE_MESSAGES.balanceLine(due.number) } },
          },
        ],
        client_reference_id: found.id,
        metadata,
        payment_intent_data: { metadata, description: `${orderNumber(due.number)} balance` },
        ...(due.email ? { customer_email: due.email } : {}),
        expires_at: expiresAt,
        success_url: `${site}/order/confirmed?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: orderPageUrl(env, found.token),
      },
      { idempotencyKey: `kyb-checkout-${due.payment_id}` },
    );
  } catch (e) {
    console.error(`[checkout] Stripe refused or could not be reached for the balance of order ${found.id}`, e);
    return json({ error: COMMERCE_MESSAGES.paymentUnavailable }, 502);
  }
  if (!session.url) throw new Error(`Stripe answered session ${session.id} without a URL`);
  await attach(db, due.payment_id, session, expiresAt);
  return json({ url: session.url, order: orderNumber(due.number) });
}

async function attach(db: AdminClient, paymentId: string, session: Stripe.Checkout.Session, expiresAt: number) {
  const { error } = await db.rpc('order_payment_session', {
    p_payment: paymentId,
    p_session: session.id,
    p_url: session.url!,
    p_expires_at: new Date((session.expires_at ?? expiresAt) * 1000).toISOString(),
  });
  if (error) throw new Error(`order_payment_session failed: ${error.message}`);
}

export const handle = postJsonHandler({
  name: 'checkout',
  perClient: RATE_LIMITS.checkoutPerClient,
  setup: (env) => stripeClient(env),
  async handle(request) {
    if ('balance' in request.body) return payBalance(request);
    const { req, env, db, body, settings: stripe } = request;
    const parsed = checkoutRequest.safeParse(body);
    if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? COMMERCE_MESSAGES.invalidRequest, field: firstIssuePath(parsed.error) }, 400);
    const { lines, kitTerms, attempt } = parsed.data;
    let cart: PricedCart;
    try {
      cart = priceCart(lines);
    } catch (e) {
      if (e instanceof CartError) return json({ error: e.message, field: e.field }, 400);
      throw e;
    }
    if (cart.needsKitTerms && kitTerms !== KIT_TERMS.version) return json({ error: COMMERCE_MESSAGES.kitTermsRequired, field: 'kitTerms' }, 400);

    const who = await callerOf(db, req);
    if (who === 'expired') return json({ error: SESSION_EXPIRED }, 401);

    const { data, error } = await db.rpc('order_create', {
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
    });
    if (error) throw new Error(`order_create failed: ${error.message}`);
    const order = data as unknown as Created;

    if (order.replayed) {
      // The same press of Checkout again (a double tap, a retry after a network error): the same order,
      // if it still is the same cart.
      const { data: items } = await db.from('order_items').select('product, configuration, quantity').eq('order_id', order.id).order('position');
      const same = (items ?? []).map((i) => `${lineKey(i.product, i.configuration as Record<string, unknown>)}×${i.quantity}`).join('|');
      if (same !== cart.lines.map((l) => `${l.key}×${l.quantity}`).join('|')) return json({ error: COMMERCE_MESSAGES.cartChanged }, 409);
      if (order.payment_status !== 'open') return json({ error: COMMERCE_MESSAGES.checkoutComplete, order: orderNumber(order.number) }, 409);
      if (order.checkout_url) {
        if (order.expires_at && Date.parse(order.expires_at) > Date.now() + 60_000) return json({ url: order.checkout_url, order: orderNumber(order.number) });
        return json({ error: COMMERCE_MESSAGES.pressAgain }, 409);
      }
    }
    const expiresAt = sessionEnd(order.payment_created_at);
    if (!expiresAt) return json({ error: COMMERCE_MESSAGES.pressAgain }, 409);

    const site = siteUrl(env);
    const metadata = { order_id: order.id, order_number: orderNumber(order.number), payment_id: order.payment_id };
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: stripeLines(cart),
          client_reference_id: order.id,
          metadata,
          payment_intent_data: { metadata, description: `${orderNumber(order.number)}` },
          ...(who?.email ? { customer_email: who.email } : {}),
          ...(cart.needsShipping
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
            : {}),
          expires_at: expiresAt,
          success_url: `${site}/order/confirmed?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${site}/cart?checkout=cancelled`,
        },
        // One session per payment, however often this runs for it.
        { idempotencyKey: `kyb-checkout-${order.payment_id}` },
      );
    } catch (e) {
      console.error(`[checkout] Stripe refused or could not be reached for order ${order.id}`, e);
      return json({ error: COMMERCE_MESSAGES.paymentUnavailable }, 502);
    }
    if (!session.url) throw new Error(`Stripe answered session ${session.id} without a URL`);
    await attach(db, order.payment_id, session, expiresAt);
    return json({ url: session.url, order: orderNumber(order.number) });
  },
});
