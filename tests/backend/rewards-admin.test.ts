/**
 * What the member and the business see of the rewards cards (issue #31, items 4 and 5; docs/rewards.md,
 * docs/admin.md#rewards), on the local stack with the seed's cards (supabase/seed.sql, "rewards"):
 * a member reads only their own punches, bookings, codes and row of rewards_members; an admin reads
 * every member by visits; the admin-rewards function corrects a card through rewards_adjust for an admin
 * only, records who did it and why, deletes nothing, refuses in the words of shared/messages.ts, issues
 * the code a punch added earns, and marks the new rewards seen (the nav's count).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { adminClient, invokeFunction, signedInClient, sqlOn, testStack, type TestClient, type TestStack } from '../support/stack.ts';
import { REWARDS_CREDENTIALS } from '../../supabase/local/admin-credentials.ts';
import { REWARDS_MESSAGES } from '../../shared/messages.ts';
import { CUSTOMER_CREDENTIALS } from '../../supabase/local/admin-credentials.ts';

let s: TestStack;
let admin: TestClient;
let adminId: string;
const sql = sqlOn(() => s);
const ip = () => `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const invoke = (body: unknown, client: TestClient = admin) => invokeFunction(client, 'admin-rewards', body, { 'x-real-ip': ip() });

async function signIn(who: { email: string; password: string }): Promise<TestClient> {
  const c = s.client();
  const { error } = await c.auth.signInWithPassword(who);
  if (error) throw error;
  return c;
}
const visits = async (email: string) => Number((await sql<{ n: string }>('select coalesce(sum(change), 0) as n from public.punches where email = $1', [email]))[0].n);

beforeAll(async () => {
  s = await testStack({ autoconfirm: true });
  admin = await adminClient(s);
  adminId = (await admin.auth.getUser()).data.user!.id;
});
afterAll(() => s?.close());

describe('the seed: a member in each card state', () => {
  it('holds the cards the states catalogue shows, consistent with the job (which finds nothing to do)', async () => {
    expect(await visits(REWARDS_CREDENTIALS['rewards-mid'].email)).toBe(3);
    expect(await visits(REWARDS_CREDENTIALS['rewards-ready'].email)).toBe(5);
    expect(await visits(REWARDS_CREDENTIALS['rewards-taken-back'].email)).toBe(3);
    expect(await visits(CUSTOMER_CREDENTIALS.email)).toBe(7);
    const settled = await sql<{ r: { punched: number; taken_back: number } }>('select public.rewards_settle(null) as r');
    expect(settled[0].r).toEqual({ punched: 0, taken_back: 0 });
    expect(await sql('select email, status from public.reward_codes where email like $1 or email like $2 order by email', ['nia.%', 'amara.johnson%'])).toEqual([
      { email: 'amara.johnson@example.com', status: 'used' },
      { email: 'nia.campbell@example.com', status: 'issued' },
    ]);
  });
});

describe('RLS: a member reads only their own', () => {
  it('punches, bookings, codes and their row of rewards_members; no write', async () => {
    const keisha = await signIn(REWARDS_CREDENTIALS['rewards-mid']);
    const email = REWARDS_CREDENTIALS['rewards-mid'].email;
    const punches = await keisha.from('punches').select('email');
    expect(punches.error).toBeNull();
    expect(new Set(punches.data!.map((p) => p.email))).toEqual(new Set([email]));
    const bookings = await keisha.from('bookings').select('email, confirmation_page');
    expect(new Set(bookings.data!.map((b) => b.email))).toEqual(new Set([email]));
    expect(bookings.data!.some((b) => b.confirmation_page)).toBe(true);
    expect((await keisha.from('reward_codes').select('code')).data).toEqual([]);
    expect((await keisha.from('rewards_members').select('email, visits')).data).toEqual([{ email, visits: 3 }]);
    // Nia's code is hers alone.
    const nia = await signIn(REWARDS_CREDENTIALS['rewards-ready']);
    expect((await nia.from('reward_codes').select('code, status')).data).toEqual([{ code: 'KYB-5EED0000A005', status: 'issued' }]);
    // Nobody writes from a browser: not the member, not the admin.
    for (const c of [keisha, admin]) {
      expect((await c.from('reward_codes').update({ admin_seen_at: new Date().toISOString() }).eq('code', 'KYB-5EED0000A005')).error).toMatchObject({ code: '42501' });
      expect((await c.from('punches').insert({ email, change: 1, reason: 'admin_add', note: 'me' })).error).toMatchObject({ code: '42501' });
    }
    // A new member sees an empty card; anon sees nothing.
    const fresh = await signedInClient(s);
    expect((await fresh.client.from('rewards_members').select('email')).data).toEqual([]);
    expect((await s.client().from('rewards_members').select('email')).error).toMatchObject({ code: '42501' });
  });

  it('an admin reads every member, by visits', async () => {
    const { data, error } = await admin.from('rewards_members').select('email, visits').order('visits', { ascending: false }).order('email');
    expect(error).toBeNull();
    expect(data!.slice(0, 4)).toEqual([
      { email: 'amara.johnson@example.com', visits: 7 },
      { email: 'nia.campbell@example.com', visits: 5 },
      { email: 'keisha.williams@example.com', visits: 3 },
      { email: 'tariq.brown@example.com', visits: 3 },
    ]);
  });
});

describe('admin-rewards: the business corrects a card', () => {
  it('answers an admin only', async () => {
    const email = REWARDS_CREDENTIALS['rewards-taken-back'].email;
    const before = await visits(email);
    expect((await invoke({ email, change: 1, reason: 'walk-in' }, s.client())).status).toBe(401);
    const member = await signIn(REWARDS_CREDENTIALS['rewards-taken-back']);
    expect(await invoke({ email, change: 1, reason: 'walk-in' }, member)).toMatchObject({ status: 403, body: { error: REWARDS_MESSAGES.adminOnly } });
    expect(await invoke({ seen: true }, member)).toMatchObject({ status: 403 });
    expect(await visits(email)).toBe(before);
  });

  it('refuses in clear words, and writes nothing', async () => {
    const count = async () => Number((await sql<{ n: string }>('select count(*) as n from public.punches'))[0].n);
    const n = await count();
    expect(await invoke({ email: 'nobody.yet@example.com', change: -1, reason: 'typo' })).toMatchObject({
      status: 400,
      body: { error: REWARDS_MESSAGES.noPunchToTakeBack, field: 'change' },
    });
    expect(await invoke({ email: 'nia.campbell@example.com', change: 1, reason: '   ' })).toMatchObject({
      status: 400,
      body: { error: REWARDS_MESSAGES.reasonRequired, field: 'reason' },
    });
    expect(await invoke({ email: 'nia.campbell@example.com', change: 2, reason: 'two' })).toMatchObject({
      status: 400,
      body: { error: REWARDS_MESSAGES.changeInvalid, field: 'change' },
    });
    expect(await invoke({ email: 'not an address', change: 1, reason: 'x' })).toMatchObject({ status: 400, body: { field: 'email' } });
    expect(await invoke({ email: 'nia.campbell@example.com', change: 1, reason: 'x', by: adminId })).toMatchObject({ status: 400 });
    expect(await count()).toBe(n);
  });

  it('adds and takes back with the reason and the admin who did it; nothing deleted; a marker reached earns its code', async () => {
    const email = REWARDS_CREDENTIALS['rewards-taken-back'].email;
    const rows = async () => (await sql<{ id: string }>('select id from public.punches where email = $1 order by id', [email])).map((r) => r.id);
    const before = await rows();
    expect(await invoke({ email: 'Tariq.Brown@Example.com', change: 1, reason: 'Walk-in retwist, not booked' })).toMatchObject({
      status: 200,
      body: { email, visits: 4, codesIssued: 0 },
    });
    expect(await invoke({ email, change: 1, reason: 'The canceled visit happened after all' })).toMatchObject({ status: 200, body: { visits: 5, codesIssued: 1 } });
    expect(await invoke({ email, change: -1, reason: 'Counted twice' })).toMatchObject({ status: 200, body: { visits: 4, codesIssued: 0 } });
    const after = await sql<{ change: number; reason: string; note: string; created_by: string }>(
      'select change, reason, note, created_by from public.punches where email = $1 and booking_id is null order by id',
      [email],
    );
    expect(after).toEqual([
      { change: 1, reason: 'admin_add', note: 'Walk-in retwist, not booked', created_by: adminId },
      { change: 1, reason: 'admin_add', note: 'The canceled visit happened after all', created_by: adminId },
      { change: -1, reason: 'admin_take_back', note: 'Counted twice', created_by: adminId },
    ]);
    // Append-only: every row that was there still is.
    expect((await rows()).slice(0, before.length)).toEqual(before);
    // The member reads the corrections, with their reasons, and the code the 5th visit earned.
    const tariq = await signIn(REWARDS_CREDENTIALS['rewards-taken-back']);
    expect((await tariq.from('punches').select('reason, note').is('booking_id', null)).data).toHaveLength(3);
    expect((await tariq.from('reward_codes').select('earned_at_visit, percent_off, status')).data).toEqual([{ earned_at_visit: 5, percent_off: 10, status: 'issued' }]);
  });

  it('marks the new rewards seen: the nav counts none after', async () => {
    const unseen = async () => (await admin.from('reward_codes').select('id', { count: 'exact', head: true }).is('admin_seen_at', null)).count;
    expect(await unseen()).toBeGreaterThanOrEqual(1);
    const r = await invoke({ seen: true });
    expect(r.status).toBe(200);
    expect((r.body as { seen: number }).seen).toBeGreaterThanOrEqual(1);
    expect(await unseen()).toBe(0);
    expect(await invoke({ seen: false })).toMatchObject({ status: 400 });
  });
});
