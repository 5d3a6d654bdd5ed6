/**
 * The link-click function's part of the functions' contract (functions-contract.ts runs it in both
 * runtimes, on the same target): /links counts a click with the browser's hyperlink-auditing ping, a
 * `POST ?link=<id>` whose body is `PING` (docs/data.md#calls).
 */
import { describe, it, expect } from 'vitest';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { FUNCTION_MESSAGES } from '../../shared/messages.ts';
import { LINK_CLICK_IDS } from '../../shared/links.ts';
import { RATE_LIMITS } from '../../supabase/functions/_shared/rate-limit.ts';
import type { FunctionsTarget } from './support/functions-target.ts';

export function linkClickContracts(target: () => FunctionsTarget, nextIp: () => string) {
  /** What a browser sends for `<a ping>`: POST, `text/ping`, body `PING`. */
  async function ping(query: string, ip = nextIp(), method = 'POST') {
    const r = await target()
      .client()
      .functions.invoke(`link-click${query}`, {
        method: method as 'POST',
        body: method === 'GET' ? undefined : 'PING',
        headers: { 'content-type': 'text/ping', 'x-forwarded-for': ip },
      });
    if (r.error) {
      expect(r.error).toBeInstanceOf(FunctionsHttpError);
      const res = r.error.context as Response;
      return { status: res.status, body: await res.json(), headers: res.headers };
    }
    return { status: r.response!.status, body: r.data, headers: r.response!.headers };
  }
  const today = async () => {
    const { rows } = await target().db.query<{ link: string; clicks: number }>(
      `select link, clicks from link_clicks where day = (now() at time zone 'America/New_York')::date order by link`,
    );
    return Object.fromEntries(rows.map((r) => [r.link, r.clicks]));
  };

  describe('link-click', () => {
    it('adds one click per ping to today’s count of that link, and answers 204 with no body', async () => {
      const before = await today();
      const r = await ping('?link=book');
      expect(r).toMatchObject({ status: 204 });
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
      await ping('?link=book');
      await ping('?link=instagram');
      const after = await today();
      expect((after.book ?? 0) - (before.book ?? 0)).toBe(2);
      expect((after.instagram ?? 0) - (before.instagram ?? 0)).toBe(1);
    });

    it('counts only the links of /links (400), and nothing for them', async () => {
      const before = await today();
      for (const query of ['', '?link=', '?link=Book', '?link=nope', '?link=book%00', `?link=${'a'.repeat(41)}`, '?other=book']) {
        expect(await ping(query), query).toMatchObject({ status: 400, body: { error: FUNCTION_MESSAGES.linkUnknown } });
      }
      expect(await today()).toEqual(before);
      expect(LINK_CLICK_IDS).toContain('book');
    });

    it('answers 405 to anything but POST', async () => {
      expect(await ping('?link=book', nextIp(), 'GET')).toMatchObject({ status: 405, body: { error: FUNCTION_MESSAGES.methodNotAllowed } });
    });

    it('stops a loop from inflating the counts with a per-client limit (429)', async () => {
      const ip = nextIp();
      const before = await today();
      for (let i = 0; i < RATE_LIMITS.linkClickPerClient.limit; i++) expect((await ping('?link=shop', ip)).status).toBe(204);
      expect(await ping('?link=shop', ip)).toMatchObject({ status: 429, body: { error: FUNCTION_MESSAGES.tooManyRequests } });
      expect((await today()).shop - (before.shop ?? 0)).toBe(RATE_LIMITS.linkClickPerClient.limit);
    });
  });
}
