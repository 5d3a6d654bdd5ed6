/**
 * /storage/v1 over a real HTTP server (not in-process): a large upload is refused promptly, before it
 * is all read, and a good one from a browser origin is served back with CORS headers. The test buckets:
 * tests/support/storage-fixture.ts.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { httpTestStack } from '../support/stack.ts';
import { signJwt } from '../../supabase/local/jwt.ts';
import type { Database } from '../../supabase/types/database.ts';
import { FIXTURE_SQL, MEDIA, png } from '../support/storage-fixture.ts';
describe('storage over real HTTP', () => {
  let h: Awaited<ReturnType<typeof httpTestStack>>;
  beforeAll(async () => {
    h = await httpTestStack();
    await h.stack.db.exec(FIXTURE_SQL);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses a large upload promptly, then accepts a good one from a browser origin', async () => {
    const id = randomUUID();
    const now = Math.floor(Date.now() / 1000);
    const token = signJwt({ sub: id, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 600 }, h.stack.config.jwtSecret);
    const c = createClient<Database>(h.url, h.stack.config.anonKey, { accessToken: async () => token, global: { headers: { origin: 'http://127.0.0.1:5173' } } });

    const big = new Uint8Array(8 * 1024 * 1024); // far over the bucket's limit: refused without reading it all
    const t0 = Date.now();
    const refused = await c.storage.from(MEDIA).upload(`${id}/big.png`, new File([big], 'big.png', { type: 'image/png' }));
    expect(refused.error).toMatchObject({ status: 400, statusCode: '413' });
    expect(Date.now() - t0).toBeLessThan(5000);

    const ok = await c.storage.from(MEDIA).upload(`${id}/ok.png`, new File([png(10)], 'ok.png', { type: 'image/png' }));
    expect(ok.error).toBeNull();
    const res = await fetch(c.storage.from(MEDIA).getPublicUrl(`${id}/ok.png`).data.publicUrl, { headers: { origin: 'http://127.0.0.1:5173' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(res.headers.get('access-control-expose-headers')).toMatch(/ETag/);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(png(10));
  });
});
