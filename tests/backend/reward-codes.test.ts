/**
 * Reward codes (issue #31 item 3; docs/rewards.md#reward-codes): a card that reaches a marker of
 * REWARDS_CARD (shared/catalog.ts) earns its client one single-use code. Visits come from the local
 * Acuity (appointments ended by its test control, their signed webhooks handled in-process) and from the
 * admin's corrections; the codes are read from the database and through supabase-js as each role.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import { testStack, signedInClient, sqlOn, adminClient, untyped, type TestStack } from '../support/stack.ts';
import { REWARDS_CARD } from '../../shared/catalog.ts';

let s: TestStack;
const sql = sqlOn(() => s);
const email = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

type Code = { code: string; earned_at_visit: number; percent_off: number; status: string };
const codesOf = (address: string) =>
  sql<Code>('select code, earned_at_visit, percent_off::int as percent_off, status from public.reward_codes where email = $1 order by earned_at_visit', [address]);
/** An admin's correction: a punch added (or taken back) by hand, as the admin function will do it. */
const adjust = (address: string, change: 1 | -1, times = 1) =>
  sql(`select public.rewards_adjust($1, $2, 'Visit booked by phone', (select id from auth.users order by created_at limit 1)) from generate_series(1, $3)`, [
    address,
    change,
    times,
  ]);
const runJob = async () => {
  const res = await s.fetch(`${s.url}/functions/v1/rewards-punches`, {
    method: 'POST',
    headers: { apikey: s.config.anonKey, authorization: `Bearer ${s.config.serviceRoleKey}`, 'content-type': 'application/json' },
    body: '{}',
  });
  return { status: res.status, body: (await res.json()) as { punched: number; taken_back: number; codes_issued: number } };
};
/** Books an appointment on the local Acuity for this address and ends it now: one visit, punched by its webhook. */
const visit = async (address: string) => {
  const a = await s.acuity.book({ email: address, startsInMinutes: 30 });
  await s.acuity.endNow(a.id);
  const hooks = await s.acuity.webhooks(a.id);
  return JSON.parse(hooks[hooks.length - 1].response!) as { punched: number; codes_issued: number };
};
const [FIRST, LAST] = [REWARDS_CARD.markers[0], REWARDS_CARD.markers[REWARDS_CARD.markers.length - 1]];

beforeAll(async () => {
  s = await testStack({ autoconfirm: true });
});
afterAll(() => s?.close());

describe('a card that reaches a marker earns a single-use code', () => {
  it('issues the first code on the visit that reaches the first marker, not before, and the member reads it', async () => {
    const member = await signedInClient(s, email('member'));
    for (let n = 1; n < FIRST.visit; n++) expect((await visit(member.email)).codes_issued).toBe(0);
    expect(await codesOf(member.email)).toEqual([]);
    const reached = await visit(member.email);
    expect(reached).toMatchObject({ punched: 1, codes_issued: 1 });
    const [code] = await codesOf(member.email);
    expect(code).toMatchObject({ earned_at_visit: FIRST.visit, percent_off: FIRST.percentOff, status: 'issued' });
    expect(code.code).toMatch(/^KYB-[0-9A-F]{12}$/);
    const mine = await member.client.from('reward_codes').select('code, earned_at_visit, percent_off, status');
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual([code]);
    // The job finds nothing more to issue for this card, however often it runs.
    expect((await runJob()).status).toBe(200);
    expect(await codesOf(member.email)).toEqual([code]);
  });

  it("issues the last marker's code, then the card starts again: the first marker pays again on the next card", async () => {
    const address = email('loyal');
    await adjust(address, 1, LAST.visit);
    expect((await runJob()).body.codes_issued).toBeGreaterThanOrEqual(2);
    await adjust(address, 1, FIRST.visit);
    expect((await runJob()).body.codes_issued).toBeGreaterThanOrEqual(1);
    expect((await codesOf(address)).map((c) => [c.earned_at_visit, c.percent_off])).toEqual([
      [FIRST.visit, FIRST.percentOff],
      [LAST.visit, LAST.percentOff],
      [REWARDS_CARD.slots + FIRST.visit, FIRST.percentOff],
    ]);
    const codes = (await codesOf(address)).map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('a punch taken back keeps the code it earned, and reaching the marker again issues no second one', async () => {
    const address = email('takeback');
    await adjust(address, 1, FIRST.visit);
    await runJob();
    const before = await codesOf(address);
    expect(before).toHaveLength(1);
    await adjust(address, -1);
    await runJob();
    await adjust(address, 1);
    await runJob();
    expect(await codesOf(address)).toEqual(before);
  });

  it('reward_codes_issue never issues past what the card holds (a punch taken back since the job read it)', async () => {
    const address = email('race');
    await adjust(address, 1, FIRST.visit - 1);
    const [{ n }] = await sql<{ n: number }>('select public.reward_codes_issue($1, $2::jsonb) as n', [
      address,
      JSON.stringify([{ visit: FIRST.visit, percent_off: FIRST.percentOff }]),
    ]);
    expect(n).toBe(0);
    expect(await codesOf(address)).toEqual([]);
  });
});

describe('whose codes (RLS, grants)', () => {
  it('a member reads only their own, a visitor nothing, an admin all, and nobody writes from a client', async () => {
    const owner = await signedInClient(s, email('owner'));
    const other = await signedInClient(s, email('other'));
    await adjust(owner.email, 1, FIRST.visit);
    await runJob();
    const [code] = await codesOf(owner.email);
    expect((await owner.client.from('reward_codes').select('code')).data).toEqual([{ code: code.code }]);
    expect((await other.client.from('reward_codes').select('code')).data).toEqual([]);
    expect((await other.client.from('reward_codes').select('code').eq('code', code.code)).data).toEqual([]);
    const anonRead = await s.client().from('reward_codes').select('code');
    expect(anonRead.error).toMatchObject({ code: '42501' });
    const admin = await adminClient(s);
    expect((await admin.from('reward_codes').select('code').eq('email', owner.email)).data).toEqual([{ code: code.code }]);
    for (const c of [owner.client, other.client, admin, s.client()]) {
      expect((await untyped(c).from('reward_codes').insert({ code: 'KYB-000000000000', email: other.email, earned_at_visit: 5, percent_off: 90 })).error).toMatchObject({
        code: '42501',
      });
      expect((await untyped(c).from('reward_codes').update({ status: 'issued', percent_off: 90 }).eq('code', code.code)).error).toMatchObject({ code: '42501' });
      expect((await untyped(c).from('reward_codes').delete().eq('code', code.code)).error).toMatchObject({ code: '42501' });
      expect((await untyped(c).rpc('reward_codes_issue', { p_email: other.email, p_earned: [{ visit: 1, percent_off: 90 }] })).error).not.toBeNull();
    }
    expect(await codesOf(owner.email)).toEqual([code]);
    expect(await codesOf(other.email)).toEqual([]);
  });
});
