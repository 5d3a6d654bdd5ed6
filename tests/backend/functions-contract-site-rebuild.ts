/**
 * The site-rebuild job's contract (issue #23, ratings follow the data), run by functionContracts under
 * Node and under Deno: only the service role runs it; it waits for the quiet time the debounce asks,
 * then POSTs the static host's deploy hook once with the products whose public reviews changed; a hook
 * that fails keeps them for the next run; without a hook it claims nothing. The hook is a small HTTP
 * server of this file, on the loopback. Which changes ask for a rebuild: site-rebuild.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FunctionsHttpError } from '@supabase/supabase-js';
import { defaultConfig } from '../../supabase/local/config.ts';
import { UNAUTHORIZED } from '../../supabase/functions/site-rebuild/handler.ts';
import type { FunctionsTarget, StartTarget } from './functions-contract.ts';

/** A seeded approved review of jah-locs (supabase/seed.sql). */
const JAH_REVIEW = '5eed0001-0000-4000-8000-000000000021';
const QUIET_SECONDS = 60;

export function siteRebuildContract(start: StartTarget) {
  describe('site-rebuild', () => {
    let hooked: FunctionsTarget;
    let unhooked: FunctionsTarget;
    let hook: Server;
    let hookStatus = 200;
    const calls: unknown[] = [];
    beforeAll(async () => {
      hook = createServer((req, res) => {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          calls.push({ method: req.method, path: req.url, body: JSON.parse(body || 'null') });
          res.writeHead(hookStatus, { 'content-type': 'application/json' }).end('{}');
        });
      });
      await new Promise<void>((ok) => hook.listen(0, '127.0.0.1', ok));
      const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/build_hooks/kyb`;
      hooked = await start({ functionEnv: { ...defaultConfig().functionEnv, SITE_DEPLOY_HOOK_URL: url, SITE_REBUILD_QUIET_SECONDS: String(QUIET_SECONDS) } });
      unhooked = await start();
    });
    afterAll(async () => {
      await hooked?.close();
      await unhooked?.close();
      hook?.closeAllConnections();
      await new Promise((ok) => hook?.close(ok));
    });

    async function run(target: FunctionsTarget) {
      const r = await target.client({ serviceRole: true }).functions.invoke('site-rebuild', { body: {} });
      if (!r.error) return { status: 200, body: r.data };
      const res = (r.error as FunctionsHttpError).context as Response;
      return { status: res.status, body: await res.json() };
    }
    /** A change the public sees: an approved review's title. */
    const touch = (target: FunctionsTarget) => target.db.query(`update public.reviews set title = title || '.' where id = $1`, [JAH_REVIEW]);
    /** The quiet time passing, on the database's clock: the waiting requests are moved back past it rather than waited out. */
    const quietTimePasses = (target: FunctionsTarget) =>
      target.db.query(
        `update public.site_rebuild_requests
            set first_requested_at = first_requested_at - make_interval(secs => $1), last_requested_at = last_requested_at - make_interval(secs => $1)`,
        [QUIET_SECONDS + 1],
      );

    it('runs for the service role key only, and on POST only', async () => {
      const anon = await hooked.client().functions.invoke('site-rebuild', { body: {} });
      const res = (anon.error as FunctionsHttpError).context as Response;
      expect({ status: res.status, body: await res.json() }).toEqual({ status: 401, body: { error: UNAUTHORIZED } });
      expect((await hooked.request('site-rebuild', { method: 'GET' })).status).toBe(405);
    });

    it('waits for the quiet time, then calls the deploy hook once with the products whose reviews changed', async () => {
      // Whatever the seed's own reviews asked for when they were written goes first.
      await quietTimePasses(hooked);
      expect((await run(hooked)).status).toBe(200);
      calls.length = 0;

      await touch(hooked);
      expect(await run(hooked), 'a change a moment ago: not yet').toEqual({ status: 200, body: { rebuilt: false, slugs: [] } });
      await quietTimePasses(hooked);
      expect(await run(hooked)).toEqual({ status: 200, body: { rebuilt: true, slugs: ['jah-locs'] } });
      expect(calls).toEqual([{ method: 'POST', path: '/build_hooks/kyb', body: { trigger: 'reviews', slugs: ['jah-locs'] } }]);
      expect(await run(hooked), 'handed out once').toEqual({ status: 200, body: { rebuilt: false, slugs: [] } });
    });

    it('keeps the products for the next run when the hook fails', async () => {
      hookStatus = 500;
      try {
        await touch(hooked);
        await quietTimePasses(hooked);
        const failed = await run(hooked);
        expect(failed).toMatchObject({ status: 502, body: { slugs: ['jah-locs'] } });
        expect(failed.body.error).toMatch(/deploy hook answered 500/);
      } finally {
        hookStatus = 200;
      }
      // Kept for the next run: a run before its quiet time has passed again rebuilds nothing and changes
      // nothing; once it has, a run hands it to the hook.
      expect(await run(hooked), 'put back a moment ago: not yet').toEqual({ status: 200, body: { rebuilt: false, slugs: [] } });
      await quietTimePasses(hooked);
      expect(await run(hooked)).toEqual({ status: 200, body: { rebuilt: true, slugs: ['jah-locs'] } });
    });

    it('claims nothing without a deploy hook: the requests wait', async () => {
      await touch(unhooked);
      expect(await run(unhooked)).toEqual({ status: 200, body: { rebuilt: false, slugs: [], reason: 'SITE_DEPLOY_HOOK_URL is not set' } });
      expect((await unhooked.db.query(`select 1 from public.site_rebuild_requests where product_slug = 'jah-locs'`)).rows).toHaveLength(1);
    });
  });
}
