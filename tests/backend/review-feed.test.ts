/**
 * review_feed at a cost that does not depend on the review count
 * (supabase/migrations/20261123000300_review_summaries.sql, 20261123000400_review_feed_keyset.sql), with
 * each review's reply (20261123000600_review_replies.sql):
 *
 *   1. review_summaries always equals a count from scratch, whatever happens to reviews and files,
 *      through the API (authors and admins, who cannot write the summary) and as server code.
 *   2. Keyset pages (p_after = the previous page's next_cursor) concatenate to the whole ordered list, for
 *      each sort and filter, with no duplicate and no gap; page N's cursor gives page N + 1.
 *   3. A cursor that is not one is a 400 with PostgREST's body, not a server error.
 *
 * Expected values come from the database itself, as the superuser.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import { testStack, adminClient, signedInClient, type TestStack, type TestClient, sqlOn } from '../support/stack.ts';

// Seeded rows (supabase/seed.sql).
const AMARA = '5eed0000-0000-4000-8000-000000000011';

let s: TestStack;
let anon: TestClient;
let admin: TestClient;

beforeAll(async () => {
  s = await testStack({ autoconfirm: true });
  anon = s.client();
  admin = await adminClient(s);
});
afterAll(async () => {
  await s?.close();
});

const sql = sqlOn(() => s);

type Summary = Record<string, number | string>;
const CELLS = [1, 2, 3, 4, 5].flatMap((k) => [`stars_${k}`, `media_stars_${k}`]);
const nonZero = (rows: Summary[]) => rows.filter((r) => CELLS.some((c) => Number(r[c]) !== 0));

/** The summaries as the triggers keep them, and as a count from scratch says they should be. */
async function summaries() {
  const stored = await sql<Summary>(`select * from public.review_summaries order by product_slug`);
  const counted = await sql<Summary>(
    `select r.product_slug, ${[1, 2, 3, 4, 5]
      .map((k) => `count(*) filter (where r.rating = ${k})::int as stars_${k}, count(*) filter (where r.rating = ${k} and m.has)::int as media_stars_${k}`)
      .join(', ')}
       from public.reviews r
       cross join lateral (select exists (select 1 from public.review_media x where x.review_id = r.id) as has) m
      where r.is_approved
      group by r.product_slug order by r.product_slug`,
  );
  return { stored: nonZero(stored), counted };
}
async function expectSummariesExact(step: string) {
  const { stored, counted } = await summaries();
  expect(stored, step).toEqual(counted);
}

function ok<T extends { error: unknown }>(what: string, r: T): T {
  if (r.error) throw new Error(`${what}: ${JSON.stringify(r.error)}`);
  return r;
}

/** Inserts a review as the superuser (approved unless told), returning its id. */
async function review(slug: string, rating: number, approved = true, at = '2025-05-01T10:00:00Z'): Promise<string> {
  const [r] = await sql<{ id: string }>(
    `insert into public.reviews (user_id, product_slug, rating, title, content, reviewer_name, is_approved, created_at)
     values ($1, $2, $3, 'T', 'C', 'R', $4, $5) returning id`,
    [AMARA, slug, rating, approved, at],
  );
  return r.id;
}
const filePath = (reviewId: string, n: number) => `${AMARA}/${reviewId}/${n}.png`;

describe('review_summaries', () => {
  it('equals a count from scratch after each kind of change to reviews and their files', async () => {
    await expectSummariesExact('after the seed (backfill and triggers)');
    const author = await signedInClient(s);

    // An author's pending review and its file count nowhere.
    const id = randomUUID();
    ok('insert', await author.client.from('reviews').insert({ id, product_slug: 'irie-locs', rating: 4, title: 'Soft', content: 'Lovely', reviewer_name: 'Ada' }));
    ok('attach', await author.client.from('review_media').insert({ review_id: id, file_path: `${author.id}/${id}/0.png`, file_type: 'image/png', file_size: 10 }));
    await expectSummariesExact('pending review with a file');

    ok('approve', await admin.from('reviews').update({ is_approved: true }).eq('id', id));
    await expectSummariesExact('approved, with its file');
    ok('rate', await admin.from('reviews').update({ rating: 2 }).eq('id', id));
    await expectSummariesExact('rating changed');
    ok('move', await admin.from('reviews').update({ product_slug: 'jah-locs' }).eq('id', id));
    await expectSummariesExact('slug changed');
    ok('remove file', await admin.from('review_media').delete().eq('review_id', id));
    await expectSummariesExact('last file removed');
    ok('unapprove', await admin.from('reviews').update({ is_approved: false }).eq('id', id));
    await expectSummariesExact('unapproved');
    ok('approve again', await admin.from('reviews').update({ is_approved: true, rating: 5 }).eq('id', id));
    await expectSummariesExact('approved again with another rating');

    // Server code: several files in one statement count the review once; it keeps counting until the last goes.
    const a = await review('trinity-locs', 3);
    const b = await review('trinity-locs', 1);
    await sql(`insert into public.review_media (review_id, file_path, file_type, file_size) values ($1, $2, 'image/png', 5), ($1, $3, 'image/png', 5)`, [
      a,
      filePath(a, 0),
      filePath(a, 1),
    ]);
    await expectSummariesExact('two files at once');
    await sql(`delete from public.review_media where file_path = $1`, [filePath(a, 0)]);
    await expectSummariesExact('one of two files removed');
    await sql(`update public.review_media set review_id = $1, file_path = $2 where review_id = $3`, [b, filePath(b, 0), a]);
    await expectSummariesExact('file moved to another review');

    // Many reviews in one statement, in and out.
    await sql(
      `insert into public.reviews (user_id, product_slug, rating, title, content, reviewer_name, is_approved)
       select $1, 'diy-kit', 1 + n % 5, 'T', 'C', 'R', n % 3 = 0 from generate_series(1, 30) n`,
      [AMARA],
    );
    await expectSummariesExact('bulk insert');
    await sql(`update public.reviews set is_approved = not is_approved where product_slug = 'diy-kit'`);
    await expectSummariesExact('bulk approval flip');
    await sql(`update public.reviews set product_slug = 'lock-kit', rating = 6 - rating where product_slug = 'diy-kit'`);
    await expectSummariesExact('bulk slug and rating change');
    await sql(`delete from public.reviews where product_slug = 'lock-kit' and rating > 2`);
    await expectSummariesExact('bulk delete');

    // Deleting an approved review deletes its files (cascade); deleting a user deletes their reviews.
    await sql(`insert into public.review_media (review_id, file_path, file_type, file_size) values ($1, $2, 'image/png', 5)`, [a, filePath(a, 2)]);
    ok('delete with file', await admin.from('reviews').delete().eq('id', a));
    await expectSummariesExact('approved review with a file deleted');
    await sql(`delete from auth.users where id = $1`, [author.id]);
    await expectSummariesExact("author's account deleted");
    await sql(`delete from public.reviews where user_id = $1 and product_slug = 'handmade-locs'`, [AMARA]);
    await expectSummariesExact('seeded reviews with files deleted');
  });

  it('loses no count when approvals and first files arrive at the same time', async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => review('holistic-haircare', 1 + (i % 5), false)));
    const withFiles = await review('holistic-haircare', 4);
    // Each in its own transaction (on PostgreSQL, its own connection), all at once.
    await Promise.all([
      ...ids.map((id) =>
        admin
          .from('reviews')
          .update({ is_approved: true })
          .eq('id', id)
          .then((r) => ok('approve', r)),
      ),
      ...[0, 1, 2, 3].map((n) =>
        sql(`insert into public.review_media (review_id, file_path, file_type, file_size) values ($1, $2, 'image/png', 5)`, [withFiles, filePath(withFiles, n)]),
      ),
    ]);
    await expectSummariesExact('concurrent approvals and uploads');
  });

  it('is readable by everyone and writable by no client', async () => {
    const read = await anon.from('review_summaries').select('product_slug, stars_5').eq('product_slug', 'irie-locs');
    expect(read.error).toBeNull();
    expect(read.data).toHaveLength(1);
    const user = await signedInClient(s);
    for (const [c, status] of [
      [anon, 401],
      [user.client, 403],
    ] as const) {
      const ins = await c.from('review_summaries').insert({ product_slug: 'irie-locs', stars_5: 1000 });
      expect(ins).toMatchObject({ status, error: { code: '42501' } });
      const upd = await c.from('review_summaries').update({ stars_5: 1000 }).eq('product_slug', 'irie-locs');
      expect(upd).toMatchObject({ status, error: { code: '42501' } });
    }
  });
});

describe('review_feed keyset pages', () => {
  const SLUG = 'protective-style-planner';
  type Page = { total: number; reviews: { id: string; rating: number; media: unknown[] }[]; next_cursor: string | null };

  beforeAll(async () => {
    // 45 approved reviews besides the seed's, with ties on created_at (three per instant, some a
    // microsecond apart), every second one with a file, and pending ones that must never show.
    await sql(
      `insert into public.reviews (user_id, product_slug, rating, title, content, reviewer_name, is_approved, created_at)
       select $1, $2, 1 + (n * 7) % 5, 'T' || n, 'C', 'R', n <= 45,
              timestamptz '2025-06-01' + (n / 3) * interval '1 hour' + case when n % 6 = 0 then interval '1 microsecond' else interval '0' end
       from generate_series(1, 50) n`,
      [AMARA, SLUG],
    );
    await sql(
      `insert into public.review_media (review_id, file_path, file_type, file_size)
       select r.id, r.user_id || '/' || r.id || '/keyset.png', 'image/png', 5
       from public.reviews r where r.product_slug = $1 and r.title ~ '^T[0-9]*[02468]$'`,
      [SLUG],
    );
  });

  const ORDER = {
    newest: 'r.created_at desc, r.id desc',
    highest: 'r.rating desc, r.created_at desc, r.id desc',
    lowest: 'r.rating asc, r.created_at desc, r.id desc',
  } as const;
  const FILTERS: { p_rating?: number; p_with_media?: boolean }[] = [{}, { p_rating: 3 }, { p_with_media: true }, { p_rating: 2, p_with_media: true }];

  async function expected(sort: keyof typeof ORDER, f: { p_rating?: number; p_with_media?: boolean }): Promise<string[]> {
    const rows = await sql<{ id: string }>(
      `select r.id from public.reviews r
        where r.product_slug = $1 and r.is_approved and ($2::int is null or r.rating = $2)
          and (not $3 or exists (select 1 from public.review_media m where m.review_id = r.id))
        order by ${ORDER[sort]}`,
      [SLUG, f.p_rating ?? null, f.p_with_media ?? false],
    );
    return rows.map((r) => r.id);
  }

  async function page(args: Record<string, unknown>, get = true): Promise<Page> {
    const { data, error, status } = await anon.rpc('review_feed', { p_slug: SLUG, ...args }, { get });
    expect(error).toBeNull();
    expect(status).toBe(200);
    return data as Page;
  }

  it('concatenate to the whole ordered list for each sort and filter, without duplicates or gaps', async () => {
    for (const sort of ['newest', 'highest', 'lowest'] as const) {
      for (const f of FILTERS) {
        const want = await expected(sort, f);
        const what = JSON.stringify({ sort, ...f });
        expect(want.length, what).toBeGreaterThan(3); // two pages at least
        const got: string[] = [];
        let cursor: string | null = null;
        // GET and POST in turn: both carry the cursor the same way.
        for (let n = 0; n < 20; n++) {
          const p: Page = await page({ p_sort: sort, p_limit: 3, ...f, ...(cursor ? { p_after: cursor } : {}) }, n % 2 === 0);
          expect(p.total, what).toBe(want.length);
          got.push(...p.reviews.map((r) => r.id));
          cursor = p.next_cursor;
          if (!cursor) break;
          expect(p.reviews, what).toHaveLength(3);
        }
        expect(got, what).toEqual(want);
        expect(new Set(got).size, what).toBe(got.length);
      }
    }
  });

  it('give from page N the page that offset N + 1 gives, and nothing after the last', async () => {
    for (const sort of ['newest', 'highest', 'lowest'] as const) {
      let cursor: string | null = null;
      for (let n = 0; n < 4; n++) {
        const byCursor: Page = await page({ p_sort: sort, p_limit: 5, ...(cursor ? { p_after: cursor } : {}) });
        const byOffset = await page({ p_sort: sort, p_limit: 5, p_offset: n * 5 });
        expect(
          byCursor.reviews.map((r) => r.id),
          `${sort} page ${n + 1}`,
        ).toEqual(byOffset.reviews.map((r) => r.id));
        cursor = byCursor.next_cursor;
      }
    }
    const all = await page({ p_limit: 50 });
    const n = (await expected('newest', {})).length;
    expect(all.reviews).toHaveLength(n);
    expect(all.next_cursor).toBeNull();
    const exact = await page({ p_limit: n });
    expect(exact.next_cursor, 'no cursor when no review follows').toBeNull();
    const last = await page({ p_limit: n - 1 });
    expect((await page({ p_limit: 10, p_after: last.next_cursor })).reviews.map((r) => r.id)).toEqual([all.reviews[n - 1].id]);
  });

  it("carry each review's reply (20261123000600_review_replies.sql) on every page, null where there is none", async () => {
    const replied = await sql<{ id: string }>(
      `insert into public.review_replies (review_id, content)
       select r.id, 'Reply to ' || r.title from public.reviews r where r.product_slug = $1 and r.rating = 4 and r.is_approved
       returning review_id as id`,
      [SLUG],
    );
    expect(replied.length).toBeGreaterThan(3);
    const want = new Set(replied.map((r) => r.id));
    type WithReply = { id: string; title: string; reply: { content: string; created_at: string; updated_at: string } | null };
    for (const sort of ['newest', 'highest', 'lowest'] as const) {
      let cursor: string | null = null;
      let seen = 0;
      do {
        const p: Page = await page({ p_sort: sort, p_limit: 7, ...(cursor ? { p_after: cursor } : {}) });
        for (const r of p.reviews as unknown as WithReply[]) {
          if (want.has(r.id)) {
            seen++;
            expect(r.reply, sort).toEqual({ content: `Reply to ${r.title}`, created_at: expect.any(String), updated_at: expect.any(String) });
          } else {
            expect(r.reply, sort).toBeNull();
          }
        }
        cursor = p.next_cursor;
      } while (cursor);
      expect(seen, sort).toBe(want.size);
    }
  });

  it('answers a cursor that is not one with 400 22023, over supabase-js and plain GET', async () => {
    const [{ id }] = await sql<{ id: string }>(`select id from public.reviews where product_slug = $1 limit 1`, [SLUG]);
    const body = {
      code: '22023',
      message: 'p_after is not a cursor of review_feed',
      details: null,
      hint: 'Pass the next_cursor of the previous page unchanged.',
    };
    for (const bad of ['', 'abc', `6:1748736000000000:${id}`, `3:17487360000000001234:${id}`, `3:1748736000000000:${id}x`, `3:x:${id}`, `3:1:not-a-uuid`]) {
      for (const get of [true, false]) {
        const r = await anon.rpc('review_feed', { p_slug: SLUG, p_after: bad }, { get });
        expect(r.status, `${bad} ${get ? 'GET' : 'POST'}`).toBe(400);
        expect(r.error).toEqual(body);
      }
      const url = `${s.url}/rest/v1/rpc/review_feed?${new URLSearchParams({ p_slug: SLUG, p_after: bad })}`;
      const res = await s.fetch(url, { headers: { apikey: s.config.anonKey, Authorization: `Bearer ${s.config.anonKey}` } });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(body);
    }
  });
});
