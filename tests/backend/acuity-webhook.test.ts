/**
 * Rewards from bookings (issue #31 items 1, 2 and 6; docs/rewards.md): the local Acuity books, cancels,
 * marks no-shows and ends appointments (its clock moved, never waited for); its signed webhooks reach the
 * acuity-webhook function in-process, which reads each appointment back from the stand-in's API; the
 * bookings and the card's history are read from the database and through supabase-js as each role.
 * Forged, missing, replayed and reordered notifications; a cancellation and a no-show after the visit;
 * an address with no account that an account later confirms; the hourly job; the admin's corrections;
 * and the stand-in's refusals.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import { testStack, signedInClient, sqlOn, adminClient, untyped, type TestStack } from '../support/stack.ts';
import { signBody } from '../../supabase/local/acuity/index.ts';
import { REWARDS_MESSAGES } from '../../shared/messages.ts';
import { JOB_UNAUTHORIZED as UNAUTHORIZED } from '../../supabase/functions/_shared/http.ts';

let s: TestStack;
const sql = sqlOn(() => s);
const email = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

type Punch = { email: string; booking_id: number | null; change: number; reason: string; note: string | null };
const punchesOf = (bookingId: number) =>
  sql<Punch>('select email, booking_id::int as booking_id, change::int as change, reason, note from public.punches where booking_id = $1 order by id', [bookingId]);
const card = async (address: string) => Number((await sql<{ n: number }>('select coalesce(sum(change), 0)::int as n from public.punches where email = $1', [address]))[0].n);
const booking = async (id: number) => (await sql<Record<string, unknown>>('select * from public.bookings where acuity_id = $1', [id]))[0];
const counts = async () => (await sql<{ b: number; p: number }>('select (select count(*) from public.bookings)::int as b, (select count(*) from public.punches)::int as p'))[0];

/** Posts a notification to the function as Acuity would, signed with `key` (the stand-in's by default). */
const notify = (body: string, signature: string | null = signBody(s.config.acuity.apiKey, body)) =>
  s.fetch(`${s.url}/functions/v1/acuity-webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature === null ? {} : { 'x-acuity-signature': signature }) },
    body,
  });
const form = (id: number, action = 'appointment.changed') => new URLSearchParams({ action, id: String(id), calendarID: '4401', appointmentTypeID: '5501' }).toString();
const runJob = async (key = s.config.serviceRoleKey) => {
  const res = await s.fetch(`${s.url}/functions/v1/rewards-punches`, {
    method: 'POST',
    headers: { apikey: s.config.anonKey, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: '{}',
  });
  return { status: res.status, body: await res.json() };
};

beforeAll(async () => {
  s = await testStack({ autoconfirm: true });
});
afterAll(() => s?.close());

describe('bookings arrive from Acuity, verified', () => {
  it('stores a booking as Acuity describes it, e-mail lower-cased, each notification delivered once', async () => {
    const address = email('Ama');
    const a = await s.acuity.book({ email: address.toUpperCase(), firstName: 'Ama', startsInMinutes: 120 });
    const [hook] = await s.acuity.webhooks(a.id);
    expect(hook).toMatchObject({ action: 'appointment.scheduled', state: 'delivered', status: 200 });
    expect(JSON.parse(hook.response!)).toMatchObject({ received: true, applied: true, punched: 0, taken_back: 0 });
    const rendered = (await s.acuity.appointment(a.id))!;
    expect(await booking(a.id)).toMatchObject({
      email: address.toLowerCase(),
      first_name: 'Ama',
      appointment_type: rendered.type,
      canceled: false,
      no_show: false,
      confirmation_page: rendered.confirmationPage,
    });
    const row = await booking(a.id);
    // bigint: a number on PGlite, a string on PostgreSQL's driver.
    expect([Number(row.appointment_type_id), Number(row.calendar_id)]).toEqual([rendered.appointmentTypeID, rendered.calendarID]);
    expect(new Date(row.starts_at as string).getTime()).toBe(Date.parse(rendered.datetime));
    expect(new Date(row.ends_at as string).getTime() - new Date(row.starts_at as string).getTime()).toBe(Number(rendered.duration) * 60_000);
    // Upcoming: no visit yet.
    expect(await punchesOf(a.id)).toEqual([]);
  });

  it('refuses a missing, forged or altered signature with 400, and writes nothing', async () => {
    const a = await s.acuity.book({ email: email('forge'), startsInMinutes: -120 });
    const before = await counts();
    const body = form(a.id, 'appointment.canceled');
    const answers = [
      await notify(body, null),
      await notify(body, signBody('not-the-api-key', body)),
      await notify(body, ''),
      await notify(body, 'x'.repeat(44)),
      // Signed for another appointment: the body was altered after signing.
      await notify(form(a.id + 1, 'appointment.canceled'), signBody(s.config.acuity.apiKey, body)),
    ];
    expect(await Promise.all(answers.map(async (r) => ({ status: r.status, body: await r.json() })))).toEqual([
      { status: 400, body: { error: REWARDS_MESSAGES.missingSignature } },
      { status: 400, body: { error: REWARDS_MESSAGES.invalidSignature } },
      { status: 400, body: { error: REWARDS_MESSAGES.missingSignature } },
      { status: 400, body: { error: REWARDS_MESSAGES.invalidSignature } },
      { status: 400, body: { error: REWARDS_MESSAGES.invalidSignature } },
    ]);
    expect(await counts()).toEqual(before);
    expect((await s.fetch(`${s.url}/functions/v1/acuity-webhook`, { method: 'GET' })).status).toBe(405);
  });

  it('trusts only the id: a signed body claiming a cancellation changes nothing Acuity does not say', async () => {
    const address = email('trust');
    const a = await s.acuity.book({ email: address, startsInMinutes: -200 });
    expect(await card(address)).toBe(1);
    const res = await notify(form(a.id, 'appointment.canceled'));
    expect(res.status).toBe(200);
    expect(await booking(a.id)).toMatchObject({ canceled: false });
    expect(await card(address)).toBe(1);
  });

  it('takes both spellings of an action, ignores orders, and refuses what is not a notification', async () => {
    const a = await s.acuity.book({ email: email('static'), startsInMinutes: 30 });
    expect((await notify(form(a.id, 'scheduled'))).status).toBe(200);
    expect(await (await notify('action=order.completed&id=77')).json()).toEqual({ received: true, ignored: 'order.completed' });
    for (const bad of ['action=appointment.deleted&id=1', `action=changed&id=abc`, 'action=changed', 'id=5', '']) {
      const r = await notify(bad);
      expect({ bad, status: r.status, body: await r.json() }).toEqual({ bad, status: 400, body: { error: REWARDS_MESSAGES.notANotification } });
    }
    // An id Acuity does not know (deleted, or another account's): acknowledged, nothing written.
    expect(await (await notify(form(999_999_999))).json()).toEqual({ received: true, ignored: 'not_found' });
    expect(await booking(999_999_999)).toBeUndefined();
  });

  it('answers 500 and writes nothing when Acuity cannot be read, so Acuity sends again', async () => {
    const a = await s.acuity.book({ email: email('down'), startsInMinutes: 30 });
    const before = await booking(a.id);
    s.config.functionEnv.ACUITY_API_URL = 'http://127.0.0.1:9/api/v1';
    try {
      const r = await notify(form(a.id, 'appointment.canceled'));
      expect({ status: r.status, body: await r.json() }).toEqual({ status: 500, body: { error: REWARDS_MESSAGES.acuityUnavailable } });
    } finally {
      delete s.config.functionEnv.ACUITY_API_URL;
    }
    expect(await booking(a.id)).toEqual(before);
  });
});

describe('a visit counts once it happened', () => {
  it('punches an appointment once it has ended (the clock moved), and the member reads it', async () => {
    const member = await signedInClient(s, email('member'));
    const a = await s.acuity.book({ email: member.email, startsInMinutes: 45 });
    expect(await card(member.email)).toBe(0);
    await s.acuity.endNow(a.id);
    expect(await punchesOf(a.id)).toEqual([{ email: member.email, booking_id: a.id, change: 1, reason: 'visit', note: null }]);
    const mine = await member.client.from('punches').select('booking_id, change, reason');
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual([{ booking_id: a.id, change: 1, reason: 'visit' }]);
    expect((await member.client.from('bookings').select('acuity_id, canceled')).data).toEqual([{ acuity_id: a.id, canceled: false }]);
  });

  it('the hourly job punches what ended since, once, however often it runs', async () => {
    const address = email('job');
    const a = await s.acuity.book({ email: address, startsInMinutes: 10 });
    expect((await runJob()).status).toBe(200);
    expect(await card(address)).toBe(0);
    // Time passes with nothing sent (Acuity says nothing when an appointment ends): the database's copy
    // is the same appointment, a day further in the past.
    await sql(`update public.bookings set starts_at = starts_at - interval '1 day', ends_at = ends_at - interval '1 day' where acuity_id = $1`, [a.id]);
    const first = await runJob();
    expect(first.status).toBe(200);
    expect(first.body.punched).toBeGreaterThanOrEqual(1);
    expect(await punchesOf(a.id)).toMatchObject([{ change: 1, reason: 'visit' }]);
    expect(await runJob()).toEqual({ status: 200, body: { punched: 0, taken_back: 0, codes_issued: 0 } });
    expect(await card(address)).toBe(1);
  });

  it('answers the job only to the service role key', async () => {
    const before = await counts();
    const admin = await adminClient(s);
    const token = (await admin.auth.getSession()).data.session!.access_token;
    for (const key of [s.config.anonKey, token]) expect(await runJob(key)).toEqual({ status: 401, body: { error: UNAUTHORIZED } });
    // Not a JWT: the gateway refuses it before the job runs (verify_jwt, supabase/local/app.ts).
    expect(await runJob('nope')).toEqual({ status: 401, body: { code: 401, message: 'Invalid Token or Protected Header formatting' } });
    expect(await counts()).toEqual(before);
  });

  it('takes a punch back when the appointment is canceled after the fact, in a new history row', async () => {
    const address = email('cancel');
    const a = await s.acuity.book({ email: address, startsInMinutes: -180 });
    expect(await punchesOf(a.id)).toMatchObject([{ change: 1, reason: 'visit' }]);
    await s.acuity.cancel(a.id);
    expect(await punchesOf(a.id)).toMatchObject([
      { change: 1, reason: 'visit' },
      { change: -1, reason: 'canceled' },
    ]);
    expect(await card(address)).toBe(0);
    expect(await runJob()).toMatchObject({ status: 200 });
    expect(await punchesOf(a.id)).toHaveLength(2);
  });

  it('takes a punch back for a no-show, and gives it again when the no-show is cleared', async () => {
    const address = email('noshow');
    const a = await s.acuity.book({ email: address, startsInMinutes: -180 });
    await s.acuity.noShow(a.id);
    expect(await booking(a.id)).toMatchObject({ no_show: true });
    await s.acuity.noShow(a.id, false);
    expect(await punchesOf(a.id)).toMatchObject([
      { change: 1, reason: 'visit' },
      { change: -1, reason: 'no_show' },
      { change: 1, reason: 'visit' },
    ]);
    expect(await card(address)).toBe(1);
  });

  it('never punches a canceled appointment, nor one moved back into the future', async () => {
    const address = email('never');
    const canceled = await s.acuity.book({ email: address, startsInMinutes: 30 });
    await s.acuity.cancel(canceled.id);
    await s.acuity.endNow(canceled.id);
    expect(await punchesOf(canceled.id)).toEqual([]);
    const moved = await s.acuity.book({ email: address, startsInMinutes: -180 });
    await s.acuity.reschedule(moved.id, new Date(Date.now() + 86_400_000).toISOString());
    expect(await punchesOf(moved.id)).toMatchObject([
      { change: 1, reason: 'visit' },
      { change: -1, reason: 'rescheduled' },
    ]);
    expect(await card(address)).toBe(0);
  });

  it('ends in the same state whatever the order and however often a notification arrives', async () => {
    const address = email('order');
    s.acuity.pause();
    let hooks: Awaited<ReturnType<typeof s.acuity.webhooks>>;
    let id: number;
    try {
      const a = await s.acuity.book({ email: address, startsInMinutes: -180 });
      id = a.id;
      await s.acuity.cancel(a.id);
      hooks = await s.acuity.webhooks(a.id);
      expect(hooks.map((h) => [h.action, h.state])).toEqual([
        ['appointment.scheduled', 'pending'],
        ['appointment.canceled', 'pending'],
      ]);
      // The cancellation arrives first, then the booking, then each again.
      await s.acuity.deliver(hooks[1].id);
      await s.acuity.deliver(hooks[0].id);
      await Promise.all([s.acuity.deliver(hooks[1].id), s.acuity.deliver(hooks[0].id), s.acuity.deliver(hooks[0].id)]);
    } finally {
      await s.acuity.resume();
    }
    expect(await booking(id)).toMatchObject({ canceled: true });
    expect(await punchesOf(id)).toEqual([]);
    expect(await card(address)).toBe(0);
    const state = await sql('select * from public.bookings where acuity_id = $1', [id]);
    // A replay of any of them changes nothing but the time of the last read.
    for (const h of hooks) expect((await notify(h.body)).status).toBe(200);
    expect((await sql<Record<string, unknown>>('select * from public.bookings where acuity_id = $1', [id])).map(({ synced_at: _, ...r }) => r)).toEqual(
      state.map(({ synced_at: _, ...r }) => r),
    );
    expect(await punchesOf(id)).toEqual([]);
  });

  it('never lets an older read of Acuity overwrite a newer one', async () => {
    const a = await s.acuity.book({ email: email('stale'), startsInMinutes: 60 });
    const service = s.client({ serviceRole: true });
    const current = await booking(a.id);
    const older = new Date(new Date(current.synced_at as string).getTime() - 1000).toISOString();
    const stale = await service.rpc('booking_apply', {
      p: {
        acuity_id: a.id,
        email: 'someone-else@example.com',
        starts_at: new Date(current.starts_at as string).toISOString(),
        ends_at: new Date(current.ends_at as string).toISOString(),
        canceled: true,
      },
      p_synced_at: older,
    });
    expect(stale).toMatchObject({ error: null, data: false });
    expect(await booking(a.id)).toEqual(current);
  });
});

describe('whose card', () => {
  it('keeps an unclaimed address waiting, and gives its visits to the account that confirms it', async () => {
    const address = email('guest');
    const a = await s.acuity.book({ email: address, startsInMinutes: -120 });
    expect(await card(address)).toBe(1);
    const member = await signedInClient(s, address);
    expect((await member.client.from('punches').select('booking_id, reason')).data).toEqual([{ booking_id: a.id, reason: 'visit' }]);
    // Unconfirmed, the address is not theirs yet: nothing shows.
    await sql('update auth.users set email_confirmed_at = null where id = $1', [member.id]);
    expect((await member.client.from('punches').select('booking_id')).data).toEqual([]);
    expect((await member.client.from('bookings').select('acuity_id')).data).toEqual([]);
  });

  it('moves the punch when Acuity says the appointment belongs to another address', async () => {
    const first = email('first');
    const a = await s.acuity.book({ email: first, startsInMinutes: -120 });
    await sql(`update local_acuity.appointments set data = json_build_object('email', $2::text)::jsonb || (data::jsonb - 'email') where id = $1`, [
      a.id,
      first.replace('first', 'second'),
    ]);
    expect((await notify(form(a.id))).status).toBe(200);
    expect(await punchesOf(a.id)).toMatchObject([
      { email: first, change: 1, reason: 'visit' },
      { email: first, change: -1, reason: 'email_changed' },
      { email: first.replace('first', 'second'), change: 1, reason: 'visit' },
    ]);
  });

  it('shows a member only their own rows, and lets no client write', async () => {
    const owner = await signedInClient(s, email('owner'));
    const other = await signedInClient(s, email('other'));
    const a = await s.acuity.book({ email: owner.email, startsInMinutes: -120 });
    expect((await other.client.from('punches').select('id')).data).toEqual([]);
    expect((await other.client.from('bookings').select('acuity_id')).data).toEqual([]);
    expect((await s.client().from('punches').select('id')).error).toMatchObject({ code: '42501' });
    expect((await s.client().from('bookings').select('acuity_id')).error).toMatchObject({ code: '42501' });
    const before = await counts();
    for (const c of [owner.client, other.client, s.client()]) {
      const u = untyped(c);
      expect((await u.from('punches').insert({ email: owner.email, change: 1, reason: 'admin_add', note: 'me' })).error).toMatchObject({ code: '42501' });
      expect((await u.from('bookings').insert({ acuity_id: 1, starts_at: 'now', ends_at: 'now', synced_at: 'now' })).error).toMatchObject({ code: '42501' });
      expect((await u.from('bookings').update({ canceled: true }).eq('acuity_id', a.id)).error).toMatchObject({ code: '42501' });
      expect((await u.from('punches').delete().eq('booking_id', a.id)).error).toMatchObject({ code: '42501' });
      expect((await u.rpc('rewards_adjust', { p_email: owner.email, p_change: 1, p_reason: 'x', p_by: owner.id })).error).not.toBeNull();
    }
    expect(await counts()).toEqual(before);
    // The admin reads everyone's.
    const admin = await adminClient(s);
    expect((await admin.from('punches').select('id').eq('booking_id', a.id)).data).toHaveLength(1);
  });

  it("records an admin's corrections with who and why, never below an empty card, never rewriting history", async () => {
    const address = email('adjust');
    const service = s.client({ serviceRole: true });
    const { data: admins } = await untyped(service).auth.admin.listUsers();
    const adminId = (admins.users as { id: string; email: string }[]).find((u) => u.email === 'admin@kyb.local')!.id;
    const refused = await service.rpc('rewards_adjust', { p_email: address, p_change: -1, p_reason: 'typo', p_by: adminId });
    expect(refused.error?.message).toMatch(/no punch to take back/);
    expect((await service.rpc('rewards_adjust', { p_email: address, p_change: 1, p_reason: '', p_by: adminId })).error?.message).toMatch(/needs a reason/);
    const added = await service.rpc('rewards_adjust', { p_email: address.toUpperCase(), p_change: 1, p_reason: 'Visit booked by phone', p_by: adminId });
    expect(added.error).toBeNull();
    expect(await sql('select email, change::int as change, reason, note, created_by from public.punches where email = $1', [address])).toEqual([
      { email: address, change: 1, reason: 'admin_add', note: 'Visit booked by phone', created_by: adminId },
    ]);
    expect((await service.rpc('rewards_adjust', { p_email: address, p_change: -1, p_reason: 'Counted twice', p_by: adminId })).error).toBeNull();
    expect(await card(address)).toBe(0);
    // Append-only, the service role and the database owner included.
    expect((await untyped(service).from('punches').delete().eq('email', address)).error).toMatchObject({ code: '42501' });
    await expect(sql('update public.punches set change = 1 where email = $1', [address])).rejects.toThrow(/append-only/);
    await expect(sql('delete from public.punches where email = $1', [address])).rejects.toThrow(/append-only/);
  });
});

describe('the local Acuity', () => {
  const get = (path: string, auth: string | null = `Basic ${Buffer.from(`${s.config.acuity.userId}:${s.config.acuity.apiKey}`).toString('base64')}`, method = 'GET') =>
    s.fetch(`${s.url}/api/v1${path}`, { method, headers: auth ? { authorization: auth } : {} });

  it("answers GET /appointments/:id with Acuity's fields, to Basic auth with the user id and API key only", async () => {
    const a = await s.acuity.book({ email: 'fields@example.com', firstName: 'Nia', lastName: 'Brown', datetime: '2026-12-03T15:00:00Z' });
    const res = await get(`/appointments/${a.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: a.id,
      firstName: 'Nia',
      lastName: 'Brown',
      email: 'fields@example.com',
      datetime: '2026-12-03T10:00:00-0500',
      date: 'December 3, 2026',
      time: '10:00am',
      endTime: '11:30am',
      duration: '90',
      type: 'Loc Retwist',
      appointmentTypeID: 5501,
      calendarID: 4401,
      canceled: false,
      noShow: false,
      timezone: 'America/New_York',
      confirmationPage: expect.stringContaining(`/acuity/appointments/${a.id}?`),
    });
    for (const auth of [null, `Basic ${Buffer.from(`${s.config.acuity.userId}:wrong`).toString('base64')}`, `Bearer ${s.config.acuity.apiKey}`]) {
      const r = await get(`/appointments/${a.id}`, auth);
      expect({ status: r.status, body: await r.json() }).toMatchObject({ status: 401, body: { status_code: 401, error: 'unauthorized' } });
    }
    expect(await (await get('/appointments/42')).json()).toMatchObject({ status_code: 404, error: 'not_found' });
  });

  it('refuses what it does not implement, naming it', async () => {
    for (const [path, method] of [
      ['/appointments', 'POST'],
      ['/appointments?email=a@b.c', 'GET'],
      ['/appointments/1000001?pastFormAnswers=true', 'GET'],
      ['/appointments/1000001/cancel', 'PUT'],
      ['/appointments/1000001', 'PUT'],
      ['/certificates', 'GET'],
      ['/webhooks', 'POST'],
    ] as const) {
      const r = await get(path, undefined, method);
      expect({ path, status: r.status, body: await r.json() }).toMatchObject({ path, status: 404, body: { status_code: 404, error: 'not_implemented_locally' } });
    }
  });

  it('offers its test controls as JSON only, and its page', async () => {
    const post = (path: string, body: unknown, type = 'application/json') =>
      s.fetch(`${s.url}/acuity/_test${path}`, { method: 'POST', headers: { 'content-type': type }, body: JSON.stringify(body) });
    expect((await post('/appointments', { email: 'x@example.com' }, 'text/plain')).status).toBe(415);
    const booked = await post('/appointments', { email: 'ctl@example.com', startsInMinutes: 5, appointmentTypeID: 5503 });
    const a = (await booked.json()) as { id: number; type: string };
    expect(a.type).toBe('Holistic Consultation');
    expect((await post(`/appointments/${a.id}/end`, {})).status).toBe(200);
    expect(await booking(a.id)).toBeDefined();
    expect((await post('/appointments', { email: 'x@example.com', appointmentTypeID: 1 })).status).toBe(400);
    const hooks = await (await s.fetch(`${s.url}/acuity/_test/appointments/${a.id}/webhooks`)).json();
    expect(hooks.map((h: { action: string }) => h.action)).toEqual(['appointment.scheduled', 'appointment.changed']);
    const page = await s.fetch(`${s.url}/acuity`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain(`#${a.id} Holistic Consultation`);
    const fromPage = await s.fetch(`${s.url}/acuity/book`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=page%40example.com&startsInMinutes=-200&appointmentTypeID=5501',
      redirect: 'manual',
    });
    expect(fromPage.status).toBe(303);
    expect(await card('page@example.com')).toBe(1);
  });
});
