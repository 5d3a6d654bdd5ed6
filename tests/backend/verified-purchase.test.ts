/**
 * Verified Purchase comes only from orders (issue #27; migration verified_purchase, docs/reviews.md#verified-purchase):
 * the database sets the mark from its author's paid orders on insert, moves it when an order changes, and
 * keeps it on every update, whatever a customer or an admin sends. The helpers that take a user id
 * (purchased, owns_order) and my_confirmed_email are out of the Data API. The paid flow through Stripe,
 * refunds and guest orders: fulfilment.test.ts.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { adminClient, signedInClient, sqlOn, testStack, untyped, type TestClient, type TestStack } from '../support/stack.ts';
import { createOrder } from '../support/orders.ts';

type User = Awaited<ReturnType<typeof signedInClient>>;

let s: TestStack;
let admin: TestClient;
let buyer: User;
let stranger: User;
let bought: string;
const sql = sqlOn(() => s);

/** A review of `slug` as `c` sends it: claiming a purchase, which the database never takes from a client. */
const review = (c: TestClient, slug: 'protective-style-planner' | 'jah-locs') =>
  c
    .from('reviews')
    .insert({ product_slug: slug, rating: 5, title: 'Love it', content: 'So good', reviewer_name: 'Ama', is_verified_purchase: true })
    .select('id, is_verified_purchase')
    .single();
const stored = async (id: string) => (await sql<{ v: boolean }>('select is_verified_purchase as v from public.reviews where id = $1', [id]))[0].v;
/** An order of the planner bundle for `userId`, moved to `status` as the functions would (the orders trigger follows). */
async function orderIn(userId: string, status: string) {
  const { id } = await createOrder(s.client({ serviceRole: true }), userId);
  await sql('update public.orders set status = $2, paid_cents = total_cents, paid_at = now() where id = $1', [id, status]);
  return id;
}

beforeAll(async () => {
  s = await testStack({ autoconfirm: true });
  admin = await adminClient(s);
  buyer = await signedInClient(s);
  stranger = await signedInClient(s);
  bought = await orderIn(buyer.id, 'paid');
});
afterAll(async () => {
  await s?.close();
});

describe('the Verified Purchase mark', () => {
  it('is set on a review whose author has a paid order holding the product, and on no other', async () => {
    const mine = await review(buyer.client, 'protective-style-planner');
    expect(mine.error).toBeNull();
    expect(mine.data?.is_verified_purchase).toBe(true);
    expect((await review(buyer.client, 'jah-locs')).data?.is_verified_purchase).toBe(false);
    expect((await review(stranger.client, 'protective-style-planner')).data?.is_verified_purchase).toBe(false);
  });

  it("is refused from an admin: a PATCH of the flag keeps the orders' word, either way", async () => {
    const backed = (await review(buyer.client, 'protective-style-planner')).data!.id;
    const unbacked = (await review(stranger.client, 'protective-style-planner')).data!.id;
    const off = await admin.from('reviews').update({ is_verified_purchase: false }).eq('id', backed).select('is_verified_purchase');
    expect(off).toMatchObject({ error: null, data: [{ is_verified_purchase: true }] });
    const on = await admin.from('reviews').update({ is_verified_purchase: true, is_approved: true }).eq('id', unbacked).select('is_verified_purchase, is_approved');
    expect(on).toMatchObject({ error: null, data: [{ is_verified_purchase: false, is_approved: true }] });
    expect([await stored(backed), await stored(unbacked)]).toEqual([true, false]);
    // An author cannot change it at all (reviews_protect_moderation), nor reach the row to try.
    expect((await stranger.client.from('reviews').update({ is_verified_purchase: true }).eq('id', unbacked).select()).data).toEqual([]);
    expect(await stored(unbacked)).toBe(false);
  });

  it('follows the orders: set when one is paid, cleared when it is cancelled, and any update recomputes it', async () => {
    const later = await signedInClient(s);
    const r = (await review(later.client, 'protective-style-planner')).data!.id;
    expect(await stored(r)).toBe(false);
    const order = await orderIn(later.id, 'deposit_paid');
    expect(await stored(r)).toBe(true);
    await sql(`update public.orders set status = 'cancelled' where id = $1`, [order]);
    expect(await stored(r)).toBe(false);
    // A value written behind the trigger's back (the owner may) is corrected by the next moderation.
    await sql('update public.reviews set is_verified_purchase = true where id = $1', [r]);
    expect((await admin.from('reviews').update({ is_approved: true }).eq('id', r).select('is_verified_purchase')).data).toEqual([{ is_verified_purchase: false }]);
  });
});

describe('helpers that take a user id', () => {
  it('are not callable through the Data API, signed in or not', async () => {
    const calls = {
      purchased: { p_user: buyer.id, p_slug: 'protective-style-planner' },
      owns_order: { p_user_id: buyer.id, p_email: buyer.email },
      my_confirmed_email: {},
    };
    for (const c of [buyer.client, admin, s.client()]) {
      for (const [name, args] of Object.entries(calls)) {
        const r = await untyped(c).rpc(name, args);
        expect(r, name).toMatchObject({ status: 404, error: { code: 'PGRST202' }, data: null });
        // Nor by naming their schema: PostgREST serves `public` only.
        const named = await untyped(c).schema('private').rpc(name, args);
        expect(named, `private.${name}`).toMatchObject({ status: 406, error: { code: 'PGRST106' }, data: null });
      }
    }
  });

  it('leave the API no function of public that a client may call with a user id', async () => {
    const callable = await sql<{ fn: string }>(
      `select p.oid::regprocedure::text as fn
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public'
          and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))
          and ('uuid'::regtype = any (p.proargtypes::regtype[]) or exists (select 1 from unnest(p.proargnames) a where a ilike '%user%'))`,
    );
    expect(callable).toEqual([]);
  });

  it('still let the policies show customers their own orders', async () => {
    expect((await buyer.client.from('orders').select('id')).data).toEqual([{ id: bought }]);
    expect((await stranger.client.from('orders').select('id')).data).toEqual([]);
  });
});
