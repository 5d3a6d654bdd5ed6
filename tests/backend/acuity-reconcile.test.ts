/**
 * Bookings whose webhook never arrived (issue #31; docs/rewards.md#reconciliation): the local Acuity books,
 * cancels and reschedules with its notifications failing (its webhook URL emptied, as when this project's
 * function is down), and the acuity-reconcile job, run in-process, lists Acuity's appointments and applies
 * what the webhook would have: the same rows, the same punches, the same codes, once however often it
 * runs. Also the listing as the stand-in implements it (GET /api/v1/appointments and the parameters the
 * job sends) and what it refuses. The Deno twin is in acuity-webhook-deno.test.ts.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import { testStack, sqlOn, type TestStack } from '../support/stack.ts';
import { JOB_UNAUTHORIZED } from '../../supabase/functions/_shared/http.ts';
import { LIST_MAX } from '../../supabase/functions/_shared/acuity.ts';
import { RECONCILE_DAYS_AHEAD } from '../../supabase/functions/acuity-reconcile/handler.ts';

let s: TestStack;
const sql = sqlOn(() => s);
const email = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;
const DAY = 24 * 60 * 60 * 1000;

const booking = async (id: number) => (await sql<Record<string, unknown>>('select * from public.bookings where acuity_id = $1', [id]))[0];
const history = (id: number) => sql<{ change: number; reason: string }>('select change::int as change, reason from public.punches where booking_id = $1 order by id', [id]);
/** Everything the webhook and the job write, as it stands. */
const everything = async () => ({
  bookings: await sql('select * from public.bookings order by acuity_id'),
  punches: await sql('select * from public.punches order by id'),
  codes: await sql('select * from public.reward_codes order by id'),
});

const reconcile = async (key = s.config.serviceRoleKey) => {
  const res = await s.fetch(`${s.url}/functions/v1/acuity-reconcile`, {
    method: 'POST',
    headers: { apikey: s.config.anonKey, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: '{}',
  });
  return { status: res.status, body: await res.json() };
};

/** Runs `fn` with every notification of the stand-in failing (no webhook URL), as a lost webhook. */
async function lost<T>(fn: () => Promise<T>): Promise<T> {
  const url = s.config.acuity.webhookUrl;
  s.config.acuity.webhookUrl = '';
  try {
    return await fn();
  } finally {
    s.config.acuity.webhookUrl = url;
  }
}

/**
 * `n` Holistic Consultations stored straight into the stand-in (one per address `<tag><k>@example.com`),
 * starting `stepMs` apart after `startMs`: appointments Acuity has and never notified, as when every
 * webhook is lost. Returns their ids.
 */
async function atAcuity(tag: string, startMs: number, stepMs: number, n: number): Promise<number[]> {
  const rows = await sql<{ id: string }>(
    `insert into local_acuity.appointments (data)
     select json_build_object('firstName', 'Lost', 'lastName', 'Client', 'email', $1 || k || '@example.com', 'phone', '',
                              'start', $2::float8 + k * $3::float8, 'duration', 30, 'appointmentTypeID', 5503, 'calendarID', 4401,
                              'canceled', false, 'noShow', false, 'created', $2::float8, 'key', md5($1 || k))
       from generate_series(1, $4::int) k
     returning id::text`,
    [tag, startMs, stepMs, n],
  );
  return rows.map((r) => Number(r.id));
}

beforeAll(async () => {
  s = await testStack({ autoconfirm: true });
});
afterAll(() => s?.close());

describe('acuity-reconcile: bookings whose webhook never arrived', () => {
  it('stores a booking no webhook brought, punches it, and ends as the webhook would have', async () => {
    const address = email('lost');
    const a = await lost(() => s.acuity.book({ email: address, startsInMinutes: -180 }));
    const [hook] = await s.acuity.webhooks(a.id);
    expect(hook).toMatchObject({ state: 'failed', status: null });
    expect(await booking(a.id)).toBeUndefined();

    const run = await reconcile();
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ repaired: 1, repairs: [{ acuity_id: a.id, was: 'missing' }], punched: 1, taken_back: 0, codes_issued: 0 });
    expect(run.body.appointments_seen).toBeGreaterThanOrEqual(1);
    expect(await history(a.id)).toEqual([{ change: 1, reason: 'visit' }]);
    const rendered = (await s.acuity.appointment(a.id))!;
    expect(await booking(a.id)).toMatchObject({ email: address, canceled: false, no_show: false, confirmation_page: rendered.confirmationPage });

    // The webhook delivered late reads the same appointment and stores the same booking: nothing but the
    // time of the last read changes, and no punch is added.
    const before = await everything();
    const late = await s.acuity.deliver(hook.id);
    expect(late).toMatchObject({ state: 'delivered', status: 200 });
    expect(JSON.parse(late.response!)).toEqual({ received: true, applied: true, punched: 0, taken_back: 0, codes_issued: 0 });
    const after = await everything();
    const unsynced = (rows: Record<string, unknown>[]) => rows.map(({ synced_at: _, ...r }) => r);
    expect({ ...after, bookings: unsynced(after.bookings) }).toEqual({ ...before, bookings: unsynced(before.bookings) });
  });

  it('takes back the punch of a visit canceled after the fact when the cancellation was lost', async () => {
    const address = email('cancel');
    const a = await s.acuity.book({ email: address, startsInMinutes: -240 });
    expect(await history(a.id)).toEqual([{ change: 1, reason: 'visit' }]);
    await lost(() => s.acuity.cancel(a.id));
    expect(await booking(a.id)).toMatchObject({ canceled: false });

    const run = await reconcile();
    expect(run).toMatchObject({ status: 200, body: { repaired: 1, repairs: [{ acuity_id: a.id, was: 'changed' }], punched: 0, taken_back: 1 } });
    expect(await booking(a.id)).toMatchObject({ canceled: true });
    expect(await history(a.id)).toEqual([
      { change: 1, reason: 'visit' },
      { change: -1, reason: 'canceled' },
    ]);
  });

  it('applies a lost no-show mark, and a lost reschedule out of the window, read by id', async () => {
    const address = email('moved');
    const noShow = await s.acuity.book({ email: address, startsInMinutes: -300 });
    const moved = await s.acuity.book({ email: address, startsInMinutes: -120 });
    await lost(async () => {
      await s.acuity.noShow(noShow.id);
      // Beyond the days the job lists: only a read by id finds where it went.
      await s.acuity.reschedule(moved.id, new Date(Date.now() + (RECONCILE_DAYS_AHEAD + 30) * DAY).toISOString());
    });
    const run = await reconcile();
    expect(run.status).toBe(200);
    expect(run.body.repairs).toEqual(
      expect.arrayContaining([
        { acuity_id: noShow.id, was: 'changed' },
        { acuity_id: moved.id, was: 'not_listed' },
      ]),
    );
    expect(run.body).toMatchObject({ repaired: 2, taken_back: 2 });
    expect(await history(noShow.id)).toEqual([
      { change: 1, reason: 'visit' },
      { change: -1, reason: 'no_show' },
    ]);
    expect(await history(moved.id)).toEqual([
      { change: 1, reason: 'visit' },
      { change: -1, reason: 'rescheduled' },
    ]);
    expect(new Date((await booking(moved.id)).starts_at as string).getTime()).toBe(Date.parse((await s.acuity.appointment(moved.id))!.datetime));
  });

  it('issues the code a visit it punched earned, as the webhook does', async () => {
    const address = email('fifth');
    for (let i = 0; i < 4; i++) await s.acuity.book({ email: address, startsInMinutes: -1000 - i * 200 });
    const fifth = await lost(() => s.acuity.book({ email: address, startsInMinutes: -200 }));
    expect(await sql('select count(*)::int as n from public.reward_codes where email = $1', [address])).toEqual([{ n: 0 }]);
    const run = await reconcile();
    expect(run).toMatchObject({ status: 200, body: { repaired: 1, repairs: [{ acuity_id: fifth.id, was: 'missing' }], punched: 1, codes_issued: 1 } });
    expect(await sql('select earned_at_visit::int as visit, status from public.reward_codes where email = $1', [address])).toEqual([{ visit: 5, status: 'issued' }]);
  });

  it('changes nothing when run again, nor when what it lists was delivered', async () => {
    await lost(() => s.acuity.book({ email: email('again'), startsInMinutes: 90 }));
    expect((await reconcile()).body.repaired).toBe(1);
    const before = await everything();
    const again = await reconcile();
    expect(again).toMatchObject({ status: 200, body: { repaired: 0, repairs: [], punched: 0, taken_back: 0, codes_issued: 0 } });
    const [first, second] = await Promise.all([reconcile(), reconcile()]);
    expect([first.body.repaired, second.body.repaired]).toEqual([0, 0]);
    expect(await everything()).toEqual(before);
  });

  it("reads past a full page of Acuity's list (no offset: the next page ends on the last page's day)", async () => {
    // A page and a tenth, every 30 minutes from now on, none ever notified (as if all were lost).
    const n = LIST_MAX + 10;
    const ids = await atAcuity('bulk', Date.now(), 30 * 60_000, n);
    const run = await reconcile();
    expect(run.status).toBe(200);
    expect(run.body.repaired).toBe(n);
    expect((await sql<{ n: number }>('select count(*)::int as n from public.bookings where acuity_id = any($1::bigint[])', [ids]))[0].n).toBe(n);
    expect((await reconcile()).body.repaired).toBe(0);
    // Two runs that store a page and more: about two seconds alone, longer on a loaded machine.
  }, 120_000);

  it('answers the service role key only, and 500 with nothing written when Acuity cannot be read', async () => {
    for (const key of [s.config.anonKey]) expect(await reconcile(key)).toEqual({ status: 401, body: { error: JOB_UNAUTHORIZED } });
    expect((await s.fetch(`${s.url}/functions/v1/acuity-reconcile`, { method: 'GET', headers: { authorization: `Bearer ${s.config.serviceRoleKey}` } })).status).toBe(405);
    const a = await lost(() => s.acuity.book({ email: email('down'), startsInMinutes: -90 }));
    const before = await everything();
    s.config.functionEnv.ACUITY_API_URL = 'http://127.0.0.1:9/api/v1';
    try {
      expect((await reconcile()).status).toBe(500);
    } finally {
      delete s.config.functionEnv.ACUITY_API_URL;
    }
    expect(await everything()).toEqual(before);
    expect((await reconcile()).body.repairs).toEqual([{ acuity_id: a.id, was: 'missing' }]);
  });

  it('fails the run, writing nothing, when one day alone fills a page (it cannot be listed whole)', async () => {
    const noon = new Date(Date.now() + 40 * DAY);
    noon.setUTCHours(16, 0, 0, 0);
    const ids = await atAcuity('day', noon.getTime(), 60_000, LIST_MAX);
    try {
      const before = await everything();
      expect(await reconcile()).toMatchObject({ status: 500, body: { code: 'internal_error' } });
      expect(await everything()).toEqual(before);
    } finally {
      await sql('delete from local_acuity.appointments where id = any($1::bigint[])', [ids]);
    }
  });
});

describe("the local Acuity's list (GET /api/v1/appointments)", () => {
  const auth = () => `Basic ${Buffer.from(`${s.config.acuity.userId}:${s.config.acuity.apiKey}`).toString('base64')}`;
  const list = async (query: string, authorization = auth()) => {
    const r = await s.fetch(`${s.url}/api/v1/appointments${query}`, { headers: { authorization } });
    return { status: r.status, body: await r.json() };
  };

  it('lists by the calendar day, both ends included, latest first, scheduled and canceled apart, with the fields of one appointment', async () => {
    // Far ahead, on days nothing else in this file uses; 15:00Z and 04:30Z are 10:00 and 23:30 the day before in New York (EST).
    const base = Date.UTC(2031, 0, 10);
    const day1 = await s.acuity.book({ email: email('l1'), datetime: new Date(base + 15 * 3600_000).toISOString() });
    const day2 = await s.acuity.book({ email: email('l2'), datetime: new Date(base + DAY + 15 * 3600_000).toISOString() });
    const lateDay1 = await s.acuity.book({ email: email('l3'), datetime: new Date(base + DAY + 4.5 * 3600_000).toISOString() });
    const day3 = await s.acuity.book({ email: email('l4'), datetime: new Date(base + 2 * DAY + 15 * 3600_000).toISOString() });
    await s.acuity.cancel(day3.id);

    const both = await list('?minDate=2031-01-10&maxDate=2031-01-11');
    expect(both.status).toBe(200);
    expect(both.body.map((a: { id: number }) => a.id)).toEqual([day2.id, lateDay1.id, day1.id]);
    expect(both.body[0]).toEqual(await s.acuity.appointment(day2.id));
    expect((await list('?minDate=2031-01-10&maxDate=2031-01-10')).body.map((a: { id: number }) => a.id)).toEqual([lateDay1.id, day1.id]);
    expect((await list('?minDate=2031-01-10&maxDate=2031-01-12&max=1')).body.map((a: { id: number }) => a.id)).toEqual([day2.id]);
    expect((await list('?minDate=2031-01-10&maxDate=2031-01-12&canceled=true')).body).toEqual([await s.acuity.appointment(day3.id)]);
    expect((await list('?minDate=2031-01-10&maxDate=2031-01-12&canceled=false')).body).toHaveLength(3);
    expect(await list('?minDate=2031-01-10', `Basic ${Buffer.from(`${s.config.acuity.userId}:wrong`).toString('base64')}`)).toMatchObject({
      status: 401,
      body: { error: 'unauthorized' },
    });
  });

  it('refuses every parameter and value it does not implement, naming it', async () => {
    for (const query of [
      '?direction=ASC',
      '?showall=true',
      '?excludeForms=true',
      '?email=a@example.com',
      '?calendarID=4401',
      '?minDate=2031/03/10',
      '?maxDate=tomorrow',
      '?max=0',
      '?max=ten',
      '?canceled=1',
      '?minDate=2031-01-10&minDate=2031-01-11',
    ]) {
      const r = await list(query);
      expect({ query, ...r }).toMatchObject({ query, status: 404, body: { status_code: 404, error: 'not_implemented_locally' } });
    }
  });
});
