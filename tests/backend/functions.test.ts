/**
 * The project's functions as the local stack runs them (their handlers, in-process under Node, behind
 * /functions/v1), against the shared contract; then what only the stack's gateway does. The same
 * contract runs under Deno in functions-deno.test.ts.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createClient, FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import { testStack, type TestStack } from '../support/stack.ts';
import { functions } from '../../supabase/local/functions/index.ts';
import { functionContracts } from './functions-contract.ts';
import type { Database } from '../../supabase/types/database.ts';

functionContracts(async (config) => {
  const s = await testStack(config);
  return Object.assign(s, {
    // The runtime itself, past the stack's router (which answers every OPTIONS on its own).
    request: (name: string, init: RequestInit) => functions(new Request(`${s.url}/functions/v1/${name}`, init), `/${name}`, s.ctx),
    mail: async (to: string) => (await s.fetch(`${s.url}/inbox?format=json&to=${encodeURIComponent(to)}`)).json(),
  });
});

describe('functions runtime', () => {
  let s: TestStack;
  beforeAll(async () => {
    s = await testStack();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers an unknown function as hosted does', async () => {
    for (const name of ['no-such-function', '_shared', '..%2F_shared']) {
      const { error } = await s.client().functions.invoke(name, { body: {} });
      expect(error, name).toBeInstanceOf(FunctionsHttpError);
      const res = (error as FunctionsHttpError).context as Response;
      expect({ status: res.status, body: await res.json() }, name).toEqual({
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Requested function was not found' },
      });
    }
  });

  it('reports a network failure as FunctionsFetchError', async () => {
    const offline = createClient<Database>(s.url, s.config.anonKey, {
      global: { fetch: () => Promise.reject(new TypeError('fetch failed')) },
    });
    const { data, error } = await offline.functions.invoke('newsletter-signup', { body: { name: 'Ann', email: 'a@example.com', consentGiven: true } });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsFetchError);
  });
});
