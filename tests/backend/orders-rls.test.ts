/**
 * Who reads and writes orders and carts (migration orders; docs/commerce.md#who-sees-what), through the
 * real supabase-js client: a customer reads their own orders with their items, payments and history and
 * nobody else's, by id or by listing; nobody writes an order from a browser; a guest's order link token is
 * never readable through the API; a cart is its owner's alone. The functions' writes (service_role) are in
 * checkout-contract.ts. Fixture: orders made with the checkout function's own RPC (tests/support/orders.ts).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { ORDER_SELECT } from '../../shared/orders.ts';
import { createOrder } from '../support/orders.ts';
import { testStack, signedInClient, adminClient, type TestStack, type TestClient, untyped, sqlOn } from '../support/stack.ts';

let s: TestStack;
let service: TestClient;
let anon: TestClient;
let owner: { client: TestClient; id: string };
let other: { client: TestClient; id: string };
let admin: TestClient;
let ownOrder: { id: string; number: number | null };
let guestOrder: { id: string; number: number | null };
const sql = sqlOn(() => s);

beforeAll(async () => {
  s = await testStack({ autoconfirm: true });
  service = s.client({ serviceRole: true });
  anon = s.client();
  owner = await signedInClient(s);
  other = await signedInClient(s);
  admin = await adminClient(s);
  ownOrder = await createOrder(service, owner.id, 'owner@example.com');
  guestOrder = await createOrder(service, null, 'guest@example.com');
});
afterAll(async () => {
  await s?.close();
});

describe('orders: customers read their own', () => {
  it('lists the owner their order, with its items, payment and history', async () => {
    const { data, error } = await owner.client.from('orders').select(ORDER_SELECT).order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    const [o] = data!;
    expect(o).toMatchObject({ id: ownOrder.id, number: ownOrder.number, status: 'pending', total_cents: 2700, balance_due_cents: 0 });
    expect(o.order_items).toEqual([expect.objectContaining({ name: 'Crown Planner Bundle', options: ['Digital download'], unit_cents: 2700, quantity: 1 })]);
    expect(o.order_payments).toEqual([expect.objectContaining({ kind: 'full', amount_cents: 2700, status: 'open' })]);
    expect(o.order_events.map((e) => e.status)).toEqual(['pending']);
  });

  it("shows another customer nothing, by listing or by the order's id", async () => {
    expect((await other.client.from('orders').select('id')).data).toEqual([]);
    expect((await other.client.from('orders').select('id').eq('id', ownOrder.id)).data).toEqual([]);
    expect((await other.client.from('order_items').select('name').eq('order_id', ownOrder.id)).data).toEqual([]);
    expect((await other.client.from('order_payments').select('amount_cents').eq('order_id', ownOrder.id)).data).toEqual([]);
    expect((await other.client.from('order_events').select('status').eq('order_id', ownOrder.id)).data).toEqual([]);
  });

  it('shows a guest order to no signed-in customer, and anon no order at all', async () => {
    expect((await owner.client.from('orders').select('id').eq('id', guestOrder.id)).data).toEqual([]);
    const r = await anon.from('orders').select('id');
    expect(r.status).toBe(401);
    expect(r.error?.code).toBe('42501');
  });

  it('never lets the link token, the checkout attempt or the Stripe ids be read through the API', async () => {
    for (const column of ['access_token', 'checkout_attempt']) {
      const r = await untyped(owner.client).from('orders').select(column);
      expect(r.error?.code, column).toBe('42501');
    }
    for (const column of ['checkout_session_id', 'checkout_url', 'payment_intent_id']) {
      const r = await untyped(owner.client).from('order_payments').select(column);
      expect(r.error?.code, column).toBe('42501');
    }
    expect((await untyped(owner.client).from('stripe_events').select('id')).error?.code).toBe('42501');
    // Which e-mails an order sent is for admins (migration fulfilment): a customer's read finds nothing.
    expect((await owner.client.from('order_mails').select('kind')).data).toEqual([]);
  });

  it('lets an admin read every order', async () => {
    const { data } = await admin.from('orders').select('id').in('id', [ownOrder.id, guestOrder.id]);
    expect(data?.map((o) => o.id).sort()).toEqual([ownOrder.id, guestOrder.id].sort());
  });
});

describe('orders: nobody writes from a browser', () => {
  it('refuses inserts, updates and deletes by customers and admins alike, and changes nothing', async () => {
    for (const c of [owner.client, admin]) {
      const db = untyped(c);
      expect((await db.from('orders').insert({ subtotal_cents: 1, shipping_cents: 0, total_cents: 1, due_at_checkout_cents: 1, needs_shipping: false })).error?.code).toBe('42501');
      expect((await db.from('orders').update({ status: 'paid', paid_cents: 2700 }).eq('id', ownOrder.id)).error?.code).toBe('42501');
      expect((await db.from('orders').delete().eq('id', ownOrder.id)).error?.code).toBe('42501');
      expect((await db.from('order_items').update({ unit_cents: 1 }).eq('order_id', ownOrder.id)).error?.code).toBe('42501');
      expect((await db.from('order_payments').update({ status: 'paid' }).eq('order_id', ownOrder.id)).error?.code).toBe('42501');
      expect((await db.from('order_events').insert({ order_id: ownOrder.id, status: 'paid', source: 'admin' })).error?.code).toBe('42501');
    }
    expect((await anon.rpc('order_create' as never, { p_order: {}, p_items: [] } as never)).error?.code).toBe('42501');
    expect((await owner.client.rpc('order_apply_session' as never, {} as never)).error).not.toBeNull();
    const [row] = await sql<{ status: string; paid_cents: number }>('select status, paid_cents from public.orders where id = $1', [ownOrder.id]);
    expect(row).toEqual({ status: 'pending', paid_cents: 0 });
  });
});

describe('carts: each its owner only', () => {
  const lines = [{ product: 'crown-planner', configuration: { tier: 'pdf' }, quantity: 2 }];

  it('keeps, reads and deletes the owner cart', async () => {
    const up = await owner.client.from('carts').upsert({ user_id: owner.id, lines }).select('lines').single();
    expect(up.error).toBeNull();
    expect(up.data?.lines).toEqual(lines);
    expect((await owner.client.from('carts').select('lines').single()).data?.lines).toEqual(lines);
  });

  it("hides it from everyone else, and refuses a write to another's", async () => {
    expect((await other.client.from('carts').select('lines')).data).toEqual([]);
    const forged = await other.client.from('carts').insert({ user_id: owner.id, lines: [] });
    expect(forged.error?.code).toBe('42501');
    const wiped = await other.client.from('carts').delete().eq('user_id', owner.id).select();
    expect(wiped.data).toEqual([]);
    expect((await anon.from('carts').select('lines')).error?.code).toBe('42501');
    const [row] = await sql<{ lines: unknown }>('select lines from public.carts where user_id = $1', [owner.id]);
    expect(row.lines).toEqual(lines);
  });

  it('refuses a cart of more lines than the limit', async () => {
    const many = Array.from({ length: 21 }, () => lines[0]);
    const r = await owner.client.from('carts').upsert({ user_id: owner.id, lines: many });
    expect(r.error?.code).toBe('23514');
  });
});
