/**
 * The shop's functions in the local stack's Node runtime, in-process (the contract: checkout-contract.ts).
 */
import { describe } from 'vitest';
import { signedInClient, testStack } from '../support/stack.ts';
import { shopContracts } from './checkout-contract.ts';

describe('shop functions (Node runtime)', () => {
  shopContracts(async () => {
    const s = await testStack({ autoconfirm: true, siteUrl: 'https://shop.example' });
    return {
      db: s.db,
      config: s.config,
      client: () => s.client(),
      request: (name, init) => s.fetch(`${s.url}/functions/v1/${name}`, init),
      stripe: s.stripe,
      fetch: s.fetch,
      signedIn: () => signedInClient(s),
      close: () => s.close(),
    };
  });
});
