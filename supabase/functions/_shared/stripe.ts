/**
 * The functions' Stripe client (the official `stripe` SDK: `npm:stripe` in Deno, the npm package in the
 * local stack's Node) and what they read from Stripe's objects. Settings are function secrets:
 *
 *   STRIPE_SECRET_KEY      the API key (sk_live_… / sk_test_…); required by checkout, order-status, admin-orders,
 *                          stripe-webhook and stripe-reconcile (stripeClient)
 *   STRIPE_WEBHOOK_SECRET  the webhook endpoint's signing secret (whsec_…); required by stripe-webhook
 *   STRIPE_API_URL         local only: where the local stack's Stripe stand-in answers (supabase/local/stripe);
 *                          unset in production, so the SDK talks to api.stripe.com
 *
 * The SDK goes through `fetch` (createFetchHttpClient) in both runtimes; in the local stack that is the
 * stack's own in-process fetch when the API is the stack itself.
 */
import Stripe from 'stripe';
import type { FunctionEnv } from '../../../shared/http.ts';
import { json } from './http.ts';

export type { Stripe };

/** The client, or a 500 naming nothing to the caller when the deployment lacks its key. */
export function stripeClient(env: FunctionEnv): Stripe | Response {
  const key = env.get('STRIPE_SECRET_KEY')?.trim();
  if (!key) {
    console.error('[stripe] STRIPE_SECRET_KEY is not set: payments cannot be taken');
    return json({ code: 'internal_error', message: 'Payments are not configured.' }, 500);
  }
  const api = env.get('STRIPE_API_URL')?.trim();
  let local: Partial<Stripe.StripeConfig> = {};
  let fetchFn: typeof fetch = fetch;
  if (api) {
    const u = new URL(api);
    local = { host: u.hostname, port: u.port || (u.protocol === 'https:' ? 443 : 80), protocol: u.protocol === 'https:' ? 'https' : 'http' };
    if (env.fetch && u.origin === new URL(env.supabaseUrl).origin) fetchFn = env.fetch;
  }
  return new Stripe(key, {
    ...local,
    httpClient: Stripe.createFetchHttpClient(fetchFn),
    // The functions answer a person who is waiting: one quick retry of a network blip, no more.
    maxNetworkRetries: 1,
    timeout: 20_000,
    appInfo: { name: 'kyb-web' },
  });
}

/** The webhook secret, or null when it is not configured. */
export const webhookSecret = (env: FunctionEnv) => env.get('STRIPE_WEBHOOK_SECRET')?.trim() || null;

/** Verifies a webhook body against its Stripe-Signature header with the SDK (Web Crypto, both runtimes). */
export function verifiedEvent(stripe: Stripe, body: string, signature: string, secret: string): Promise<Stripe.Event> {
  return stripe.webhooks.constructEventAsync(body, signature, secret, undefined, Stripe.createSubtleCryptoProvider());
}

/** A Checkout Session as our orders see it (supabase/migrations/*_orders.sql order_apply_session). */
export type SessionState = 'open' | 'processing' | 'paid' | 'failed' | 'expired';

/**
 * The state of a session as Stripe reports it now. A completed session whose payment is still
 * settling (a bank debit) is `processing` until its PaymentIntent succeeds or fails; `failedEvent`
 * is Stripe's own word that it failed (checkout.session.async_payment_failed).
 */
export function sessionState(s: Stripe.Checkout.Session, failedEvent = false): SessionState {
  if (s.status === 'expired') return 'expired';
  if (s.status !== 'complete') return 'open';
  if (s.payment_status === 'paid' || s.payment_status === 'no_payment_required') return 'paid';
  const pi = typeof s.payment_intent === 'object' ? s.payment_intent : null;
  if (failedEvent || pi?.status === 'requires_payment_method' || pi?.status === 'canceled') return 'failed';
  return 'processing';
}

/** The customer's e-mail, name and shipping address as they gave them on Stripe's page. */
export function sessionCustomer(s: Stripe.Checkout.Session): { email: string | null; name: string | null; shipping: Record<string, string | null> | null } {
  const ship = s.collected_information?.shipping_details;
  return {
    email: s.customer_details?.email ?? null,
    name: ship?.name ?? s.customer_details?.name ?? null,
    shipping: ship ? { name: ship.name, ...ship.address } : null,
  };
}

/** The id of an expandable field, whether Stripe sent the id or the object. */
export const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));
