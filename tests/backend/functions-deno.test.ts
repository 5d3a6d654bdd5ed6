/**
 * The deployed entry points under the deployed runtime: each supabase/functions/<name>/index.ts served
 * by the real Deno with its own deno.json (tests/support/deno.ts), its supabase-js talking over HTTP
 * to a local stack, held to the same contract as the Node runtime (functions-contract.ts).
 */
import { describe, it, expect } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { httpTestStack, stackClient } from '../support/stack.ts';
import { denoCheck, serveFunctionsWithDeno } from '../support/deno.ts';
import { FUNCTIONS_DIR, functionNames } from '../../supabase/local/functions/index.ts';
import { functionContracts } from './functions-contract.ts';

const names = functionNames();

describe('deployed entry points', () => {
  it('finds the project functions', () => {
    expect(names).toEqual([
      'acuity-reconcile',
      'acuity-webhook',
      'admin-orders',
      'admin-rewards',
      'beta-access',
      'checkout',
      'kit-launch',
      'lead-capture',
      'link-click',
      'newsletter-signup',
      'newsletter-unsubscribe',
      'order-status',
      'review-media-cleanup',
      'review-requests',
      'rewards-punches',
      'site-rebuild',
      'stripe-reconcile',
      'stripe-webhook',
    ]);
  });

  it('type-checks every entry point under Deno with its own deno.json', async () => {
    for (const run of await denoCheck(names)) expect(run).toEqual({ names: run.names, code: 0, output: '' });
    // Deno checks each function's graph from its entry point: a minute or so for all of them on a busy 2-core machine.
  }, 180_000);

  it('pins the same zod, supabase-js and stripe in every Deno import map as package.json does', async () => {
    const pkg = JSON.parse(await readFile(join(FUNCTIONS_DIR, '..', '..', 'package.json'), 'utf8'));
    const base = {
      'zod/mini': `npm:zod@${pkg.dependencies.zod}/mini`,
      '@supabase/supabase-js': `npm:@supabase/supabase-js@${pkg.dependencies['@supabase/supabase-js']}`,
    };
    const withStripe = { ...base, stripe: `npm:stripe@${pkg.dependencies.stripe}` };
    const shop = new Set(['admin-orders', 'checkout', 'order-status', 'review-requests', 'stripe-reconcile', 'stripe-webhook']);
    // One map per function, because a deploy reads the function's own; one shared map for editors.
    for (const dir of ['', ...names]) {
      const map = JSON.parse(await readFile(join(FUNCTIONS_DIR, dir, 'deno.json'), 'utf8'));
      expect(map.imports, dir || 'shared').toEqual(dir === '' || shop.has(dir) ? withStripe : base);
    }
  });
});

describe('under Deno', () => {
  functionContracts(async (config) => {
    const http = await httpTestStack(config);
    const deno = await serveFunctionsWithDeno(http.stack.config, names).catch(async (e: unknown) => {
      await http.close();
      throw e;
    });
    return {
      db: http.stack.db,
      client: (opts) => stackClient(http.stack.config, deno.fetch, opts),
      request: (name, init) => fetch(deno.urls[name], init),
      mail: async (to) => (await fetch(`${http.stack.config.publicUrl}/inbox?format=json&to=${encodeURIComponent(to)}`)).json(),
      close: async () => {
        await deno.close();
        await http.close();
      },
    };
  });
});
