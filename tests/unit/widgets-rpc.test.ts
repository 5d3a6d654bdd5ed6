/**
 * widgets/core/rpc.ts against the real local stack over HTTP (serve() migrates and seeds its own
 * in-memory database): the light GET path answers what postgrest-js would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgrestClient } from '@supabase/postgrest-js';
import { serve } from '../../supabase/local/server.ts';
import { rpcGet } from '../../widgets/core/rpc.ts';
import type { Database } from '../../supabase/types/database.ts';

let s: Awaited<ReturnType<typeof serve>>;
let config: { supabaseUrl: string; supabaseAnonKey: string };

beforeAll(async () => {
  s = await serve({ port: 0 });
  config = { supabaseUrl: s.url, supabaseAnonKey: s.stack.config.anonKey };
}, 120_000);
afterAll(() => s?.close());

describe('rpcGet', () => {
  it('returns the same body as postgrest-js rpc(…, {get: true})', async () => {
    const args = { p_slug: 'handmade-locs', p_sort: 'newest', p_limit: 5 };
    // null is left out (the default applies) where postgrest-js would send the text "null".
    const light = await rpcGet('review_feed', { ...args, p_rating: null }, { config });
    const pg = new PostgrestClient<Database>(`${s.url}/rest/v1`, { headers: { apikey: config.supabaseAnonKey, Authorization: `Bearer ${config.supabaseAnonKey}` } });
    const full = await pg.rpc('review_feed', args, { get: true });
    expect(light.error).toBeNull();
    expect(full.error).toBeNull();
    expect(light.data).toEqual(full.data);
    expect(light.data).toMatchObject({ summary: expect.any(Object), total: expect.any(Number), reviews: expect.any(Array) });
  });

  it("passes PostgREST's error body and status through", async () => {
    const r = await rpcGet('no_such_function', {}, { config });
    expect(r.data).toBeNull();
    expect(r.error).toMatchObject({ status: 404, code: 'PGRST202' });
  });

  it('reports a request that cannot be made with status 0', async () => {
    const r = await rpcGet('review_feed', {}, { config: { ...config, supabaseUrl: 'http://127.0.0.1:9' } });
    expect(r.error?.status).toBe(0);
    expect(r.data).toBeNull();
  });
});
