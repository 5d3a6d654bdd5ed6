/**
 * Fixtures for the local Stripe stand-in's tests (supabase/local/stripe/): the official SDK pointed at a
 * stack the way the functions point it (host/port/protocol from STRIPE_API_URL, a fetch HTTP client),
 * a small webhook endpoint that records what it receives and answers what a test tells it to, and the
 * session a checkout typically creates.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import type { StackConfigOverrides } from '../../supabase/local/config.ts';

/** The SDK as a function builds it, over `fetchFn` (a stack's in-process fetch, or the network). */
export function stripeClient(config: { publicUrl: string; stripe: { secretKey: string } }, fetchFn: typeof fetch = fetch, key = config.stripe.secretKey): Stripe {
  const api = new URL(config.publicUrl);
  return new Stripe(key, {
    host: api.hostname,
    port: Number(api.port),
    protocol: api.protocol === 'https:' ? 'https' : 'http',
    httpClient: Stripe.createFetchHttpClient(fetchFn),
    maxNetworkRetries: 0,
  });
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A webhook endpoint on a free loopback port. `answers` are the statuses of the next requests, in order
 * (then 200); `delayMs` holds every answer back that long.
 */
export async function webhookEndpoint() {
  const received: Received[] = [];
  const answers: number[] = [];
  let delayMs = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const status = answers.shift() ?? 200;
      setTimeout(() => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ received: status < 300 }));
      }, delayMs);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    received,
    /** Parsed events received, in arrival order. */
    events: () => received.map((r) => JSON.parse(r.body) as Stripe.Event),
    answer: (...statuses: number[]) => answers.push(...statuses),
    /** Forgets the statuses not used yet: every request gets 200 again. */
    recover: () => {
      answers.length = 0;
    },
    delay: (ms: number) => {
      delayMs = ms;
    },
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/** Fast retries for tests: attempts 50, 100, 200, 200 ms apart. */
export const FAST_RETRIES: StackConfigOverrides['stripe'] = { retryBaseMs: 50, retryMaxMs: 200, maxAttempts: 5, deliveryTimeoutMs: 2_000, asyncSettleMs: 60_000 };

export const inMinutes = (m: number) => Math.floor(Date.now() / 1000) + m * 60;

/** A session like the checkout function creates: one physical line, the order id everywhere, US shipping. */
export function sessionParams(orderId: string, extra: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    line_items: [
      {
        price_data: {
          currency: 'usd',
          unit_amount: 42000,
          product_data: { name: 'Jah Locs', description: '24-26 in · MD · multi-tone · 40 locs', metadata: { product: 'jah-locs' } },
        },
        quantity: 1,
      },
      { price_data: { currency: 'usd', unit_amount: 1500, product_data: { name: 'Loc care kit' } }, quantity: 2 },
    ],
    client_reference_id: orderId,
    metadata: { order_id: orderId },
    payment_intent_data: { metadata: { order_id: orderId } },
    shipping_address_collection: { allowed_countries: ['US'] },
    shipping_options: [{ shipping_rate_data: { type: 'fixed_amount', fixed_amount: { amount: 800, currency: 'usd' }, display_name: 'Standard shipping' } }],
    customer_email: 'buyer@example.com',
    expires_at: inMinutes(45),
    success_url: 'http://127.0.0.1:5173/order/confirmed?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://127.0.0.1:5173/cart',
    ...extra,
  };
}
