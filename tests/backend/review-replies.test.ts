/**
 * The brand's public replies to reviews (issue #10, supabase/migrations/20261123000600_review_replies.sql),
 * through real supabase-js against the local stack:
 *
 *   1. Admins write, edit and remove a reply; nobody else can, whatever they send.
 *   2. Anyone reads the reply of an approved review, in the table and in review_feed; the reply of a
 *      pending review stays hidden from visitors and from the review's own author.
 *   3. A reply that is too long or blank is a 400 with PostgREST's body, and the stored reply is kept.
 *   4. The dates are the database's, and a reply goes with its review.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { REVIEW_REPLY_MAX } from '../../shared/rules/reviews.ts';
import { testStack, adminClient, signedInClient, type TestStack } from '../support/stack.ts';

let s: TestStack;
let anon: SupabaseClient;
let admin: SupabaseClient;
let author: { client: SupabaseClient; id: string };

beforeAll(async () => {
  s = await testStack({ autoconfirm: true });
  anon = s.client();
  admin = await adminClient(s);
  author = await signedInClient(s);
});
afterAll(async () => {
  await s?.close();
});

/** A review by `author`, approved by the admin unless told. */
async function review(approved = true): Promise<string> {
  const id = randomUUID();
  const ins = await author.client.from('reviews').insert({ id, product_slug: 'jah-locs', rating: 4, title: 'Soft', content: 'Lovely locs', reviewer_name: 'Jordan' });
  expect(ins.error).toBeNull();
  if (approved) expect((await admin.from('reviews').update({ is_approved: true }).eq('id', id).select('id')).data).toHaveLength(1);
  return id;
}

const readReply = (c: SupabaseClient, id: string) => c.from('review_replies').select('content').eq('review_id', id);
async function feedReply(c: SupabaseClient, id: string) {
  const { data, error } = await c.rpc('review_feed', { p_slug: 'jah-locs', p_limit: 50 });
  expect(error).toBeNull();
  return (data.reviews as { id: string; reply: unknown }[]).find((r) => r.id === id);
}

describe('review_replies', () => {
  it('lets an admin write, edit and remove a reply, shown with the approved review in the table and the feed', async () => {
    const id = await review();
    expect((await feedReply(anon, id))?.reply).toBeNull();

    const w = await admin.from('review_replies').insert({ review_id: id, content: 'Thank you, Jordan!' }).select('content, created_at, updated_at').single();
    expect(w.error).toBeNull();
    expect((await readReply(anon, id)).data).toEqual([{ content: 'Thank you, Jordan!' }]);
    expect((await readReply(author.client, id)).data).toEqual([{ content: 'Thank you, Jordan!' }]);
    expect((await feedReply(anon, id))?.reply).toEqual({ content: 'Thank you, Jordan!', created_at: expect.any(String), updated_at: expect.any(String) });
    expect((await feedReply(author.client, id))?.reply).toMatchObject({ content: 'Thank you, Jordan!' });

    const e = await admin.from('review_replies').update({ content: 'Thank you, Jordan! Enjoy them.' }).eq('review_id', id).select('content');
    expect(e.data).toEqual([{ content: 'Thank you, Jordan! Enjoy them.' }]);
    expect((await feedReply(anon, id))?.reply).toMatchObject({ content: 'Thank you, Jordan! Enjoy them.' });

    expect((await admin.from('review_replies').delete().eq('review_id', id).select('review_id')).data).toHaveLength(1);
    expect((await readReply(anon, id)).data).toEqual([]);
    expect((await feedReply(anon, id))?.reply).toBeNull();
  });

  it('refuses every write by anyone but an admin, and keeps the reply', async () => {
    const id = await review();
    expect((await admin.from('review_replies').insert({ review_id: id, content: 'From the brand' })).error).toBeNull();
    for (const [who, c] of [
      ['anon', anon],
      ['author', author.client],
    ] as const) {
      const ins = await c.from('review_replies').insert({ review_id: await review(), content: 'Fake brand reply' });
      expect(ins.status, who).toBe(who === 'anon' ? 401 : 403);
      expect(ins.error?.code, who).toBe('42501');
      // anon holds no update or delete privilege (42501); a signed-in non-admin does, and RLS leaves it no
      // row to change (200, nothing done).
      const upd = await c.from('review_replies').update({ content: 'Changed' }).eq('review_id', id).select('review_id');
      const del = await c.from('review_replies').delete().eq('review_id', id).select('review_id');
      if (who === 'anon') {
        expect([upd.error?.code, del.error?.code]).toEqual(['42501', '42501']);
      } else {
        expect([upd.data, del.data]).toEqual([[], []]);
      }
    }
    expect((await readReply(anon, id)).data).toEqual([{ content: 'From the brand' }]);
  });

  it('hides the reply of a pending review from visitors and its author, and shows it to admins', async () => {
    const id = await review(false);
    expect((await admin.from('review_replies').insert({ review_id: id, content: 'We will be in touch' })).error).toBeNull();
    expect((await readReply(anon, id)).data).toEqual([]);
    expect((await readReply(author.client, id)).data).toEqual([]);
    expect((await readReply(admin, id)).data).toEqual([{ content: 'We will be in touch' }]);
    // Approved, then unapproved: the reply follows the review.
    await admin.from('reviews').update({ is_approved: true }).eq('id', id);
    expect((await readReply(anon, id)).data).toEqual([{ content: 'We will be in touch' }]);
    await admin.from('reviews').update({ is_approved: false }).eq('id', id);
    expect((await readReply(anon, id)).data).toEqual([]);
    expect(await feedReply(anon, id)).toBeUndefined();
  });

  it(`takes up to REVIEW_REPLY_MAX (${REVIEW_REPLY_MAX}) characters; longer or blank is a 400 that keeps the stored reply`, async () => {
    const id = await review();
    expect((await admin.from('review_replies').insert({ review_id: id, content: 'x'.repeat(REVIEW_REPLY_MAX) })).error).toBeNull();
    for (const content of ['x'.repeat(REVIEW_REPLY_MAX + 1), ' \n\t ']) {
      const r = await admin.from('review_replies').update({ content }).eq('review_id', id);
      expect(r.status).toBe(400);
      expect(r.error).toMatchObject({ code: '23514', message: expect.stringContaining('review_replies_content_check') });
    }
    const other = await review();
    const r = await admin.from('review_replies').insert({ review_id: other, content: '' });
    expect(r.status).toBe(400);
    expect(r.error?.code).toBe('23514');
    expect((await readReply(anon, id)).data).toEqual([{ content: 'x'.repeat(REVIEW_REPLY_MAX) }]);
    expect((await readReply(admin, other)).data).toEqual([]);
  });

  it('stamps the dates itself, keeps the first date on edits, and goes with its review', async () => {
    const id = await review();
    const w = await admin
      .from('review_replies')
      .insert({ review_id: id, content: 'First', created_at: '2001-01-01T00:00:00Z', updated_at: '2001-01-01T00:00:00Z' })
      .select('created_at, updated_at')
      .single();
    expect(w.error).toBeNull();
    const first = w.data as { created_at: string; updated_at: string };
    expect(Date.now() - Date.parse(first.created_at)).toBeLessThan(60_000);
    // The database's clock has moved past the reply's time, so the edit's now() is later.
    await expect.poll(async () => (await s.db.query<{ moved: boolean }>(`select now() > $1::timestamptz as moved`, [first.updated_at])).rows[0].moved).toBe(true);
    const e = await admin.from('review_replies').update({ content: 'Second', created_at: '2001-01-01T00:00:00Z' }).eq('review_id', id).select('created_at, updated_at').single();
    const edited = e.data as { created_at: string; updated_at: string };
    expect(edited.created_at).toBe(first.created_at);
    expect(Date.parse(edited.updated_at)).toBeGreaterThan(Date.parse(first.updated_at));

    expect((await admin.from('reviews').delete().eq('id', id).select('id')).data).toHaveLength(1);
    expect(await s.db.query('select 1 from public.review_replies where review_id = $1', [id]).then((r) => r.rows)).toEqual([]);
  });
});
