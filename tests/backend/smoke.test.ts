import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { testStack, type TestStack } from '../support/stack.ts';

let s: TestStack;
beforeAll(async () => {
  s = await testStack();
});
afterAll(async () => {
  await s?.close();
});

describe('local stack', () => {
  it('answers health and refuses a missing apikey like the gateway', async () => {
    const h = await s.fetch('http://127.0.0.1:54321/health');
    expect(h.status).toBe(200);
    const r = await s.fetch('http://127.0.0.1:54321/rest/v1/reviews');
    expect(r.status).toBe(401);
    expect(await r.json()).toMatchObject({ message: 'No API key found in request' });
  });
  it('runs requests as the role from the JWT', async () => {
    const rows = await s.db.asRole({ role: 'anon', claims: {} }, (q) => q<{ u: string }>('select current_user as u'));
    expect(rows.rows[0].u).toBe('anon');
  });
});
