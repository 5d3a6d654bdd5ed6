/**
 * The shop's functions under the real Deno from their deployed entry points (index.ts with their own
 * deno.json, tests/support/deno.ts), talking over HTTP to a local stack whose Stripe stand-in delivers
 * its webhooks to the Deno-served stripe-webhook; the same contract as the Node runtime
 * (checkout-contract.ts).
 */
import { describe } from 'vitest';
import { randomUUID } from 'node:crypto';
import { httpTestStack, stackClient } from '../support/stack.ts';
import { serveFunctionsWithDeno } from '../support/deno.ts';
import { shopContracts } from './checkout-contract.ts';

describe('shop functions (Deno)', () => {
  shopContracts(async () => {
    const http = await httpTestStack({ autoconfirm: true, siteUrl: 'https://shop.example' });
    const deno = await serveFunctionsWithDeno(http.stack.config, ['checkout', 'order-status', 'stripe-webhook']).catch(async (e: unknown) => {
      await http.close();
      throw e;
    });
    // Stripe delivers to the deployed endpoint: here, the Deno server.
    http.stack.config.stripe.webhookUrl = deno.urls['stripe-webhook'];
    const client = () => stackClient(http.stack.config, deno.fetch);
    return {
      db: http.stack.db,
      config: http.stack.config,
      client,
      request: (name, init) => fetch(deno.urls[name], init),
      stripe: http.stack.stripe,
      fetch,
      signedIn: async () => {
        const c = client();
        const email = `u${randomUUID().slice(0, 8)}@example.com`;
        const { data, error } = await c.auth.signUp({ email, password: 'secret-pass-1' });
        if (error) throw error;
        return { client: c, id: data.user!.id, email };
      },
      close: async () => {
        await deno.close();
        await http.close();
      },
    };
  });
});
