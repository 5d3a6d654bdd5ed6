/**
 * Which changes ask for the site to be rebuilt (issue #23, ratings follow the data;
 * supabase/migrations/20261201000400_site_rebuilds.sql): a review the public sees (approved before or
 * after) that is approved, unapproved, edited, or deleted, and a reply to an approved review; never a
 * pending review an author writes or edits. And the debounce of site_rebuild_claim. Real supabase-js as
 * the author and the admin, on PGlite (and PostgreSQL 17 in npm test). The job that hands the requests
 * to the deploy hook: functions-contract-site-rebuild.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { adminClient, signedInClient, sqlOn, testStack, type TestClient, type TestStack } from '../support/stack.ts';

let s: TestStack;
let admin: TestClient;
let author: { client: TestClient; id: string };
const sql = sqlOn(() => s);

/** The slugs waiting for a rebuild, emptied (what a claim with no quiet time hands out). */
async function take(): Promise<string[]> {
  const [{ slugs }] = await sql<{ slugs: string[] }>('select public.site_rebuild_claim(0, 0) as slugs');
  return slugs;
}

beforeAll(async () => {
  s = await testStack({ autoconfirm: true });
  admin = await adminClient(s);
  author = await signedInClient(s);
  await take(); // the seed's own
});
afterAll(async () => {
  await s?.close();
});

describe('what asks for a rebuild', () => {
  it('an author writing or editing a pending review asks nothing; approving it asks for its product', async () => {
    const id = randomUUID();
    const wrote = await author.client.from('reviews').insert({ id, product_slug: 'irie-locs', rating: 2, title: 'Meh', content: 'Not for me', reviewer_name: 'Jo' });
    expect(wrote.error).toBeNull();
    expect((await author.client.from('reviews').update({ title: 'Hmm' }).eq('id', id)).error).toBeNull();
    expect(await take(), 'pending: nobody sees it').toEqual([]);

    expect((await admin.from('reviews').update({ is_approved: true }).eq('id', id)).error).toBeNull();
    expect(await take()).toEqual(['irie-locs']);

    // Moderation's other moves on a public review: edited, unapproved, deleted.
    expect((await admin.from('reviews').update({ title: 'Meh, really' }).eq('id', id)).error).toBeNull();
    expect(await take()).toEqual(['irie-locs']);
    expect((await admin.from('reviews').update({ is_approved: false }).eq('id', id)).error).toBeNull();
    expect(await take()).toEqual(['irie-locs']);
    expect((await admin.from('reviews').update({ is_approved: true }).eq('id', id)).error).toBeNull();
    await take();
    expect((await admin.from('reviews').delete().eq('id', id)).error).toBeNull();
    expect(await take()).toEqual(['irie-locs']);
  });

  it('a reply to an approved review, written, edited or removed, asks for its product', async () => {
    const review = '5eed0001-0000-4000-8000-000000000021'; // jah-locs, approved (seed)
    for (const step of [
      () => admin.from('review_replies').upsert({ review_id: review, content: 'Thank you!' }, { onConflict: 'review_id' }),
      () => admin.from('review_replies').update({ content: 'Thank you so much!' }).eq('review_id', review),
      () => admin.from('review_replies').delete().eq('review_id', review),
    ]) {
      expect((await step()).error).toBeNull();
      expect(await take()).toEqual(['jah-locs']);
    }
  });

  it('an edit nobody can see (the same values again) asks nothing', async () => {
    await sql(`update public.reviews set title = title where id = '5eed0001-0000-4000-8000-000000000021'`);
    await sql(`insert into public.review_replies (review_id, content) values ('5eed0001-0000-4000-8000-000000000021', 'Thanks!')`);
    await take();
    // The stamp trigger moves updated_at on every write: the reply saved again unchanged is no change.
    await sql(`update public.review_replies set content = content where review_id = '5eed0001-0000-4000-8000-000000000021'`);
    expect(await take()).toEqual([]);
    await sql(`delete from public.review_replies where review_id = '5eed0001-0000-4000-8000-000000000021'`);
    await take();
  });

  it("whole rows are compared (issue #30): a column no list names, and an approved review's files, ask for its product", async () => {
    const review = '5eed0001-0000-4000-8000-000000000021'; // jah-locs, approved (seed)
    // user_id is on no card today; the trigger names no column, so a column the cards gain later is covered the same way.
    const [{ user_id }] = await sql<{ user_id: string }>('select user_id from public.reviews where id = $1', [review]);
    await sql('update public.reviews set user_id = $2 where id = $1', [review, author.id]);
    expect(await take()).toEqual(['jah-locs']);
    await sql('update public.reviews set user_id = $2 where id = $1', [review, user_id]);
    await take();

    const path = `${user_id}/${review}/rebuild.png`;
    await sql(`insert into public.review_media (review_id, file_path, file_type, file_size) values ($1, $2, 'image/png', 5)`, [review, path]);
    expect(await take(), 'a file added to a public review').toEqual(['jah-locs']);
    await sql('delete from public.review_media where file_path = $1', [path]);
    expect(await take(), 'a file removed').toEqual(['jah-locs']);
  });
});

describe('site_rebuild_claim', () => {
  it('hands out every waiting product once nothing was asked for the quiet time, or the oldest waited long enough', async () => {
    await sql(`select public.site_rebuild_request(array['trinity-locs', 'diy-kit', null, 'diy-kit'])`);
    const claim = async (quiet: number, maxWait: number) => (await sql<{ slugs: string[] }>('select public.site_rebuild_claim($1, $2) as slugs', [quiet, maxWait]))[0].slugs;
    expect(await claim(60, 600), 'asked just now').toEqual([]);
    await sql(`update public.site_rebuild_requests set first_requested_at = now() - interval '11 minutes'`);
    expect(await claim(60, 600), 'waited past the longest wait, though asked again just now').toEqual(['diy-kit', 'trinity-locs']);
    expect(await claim(0, 0), 'cleared').toEqual([]);
    await sql(`select public.site_rebuild_request(array['trinity-locs'])`);
    await sql(`update public.site_rebuild_requests set first_requested_at = now() - interval '2 minutes', last_requested_at = now() - interval '2 minutes'`);
    expect(await claim(60, 600), 'quiet for two minutes').toEqual(['trinity-locs']);
  });
});
