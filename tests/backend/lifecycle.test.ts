/**
 * One lifecycle, stated once (issue #27): shared/rules/commerce.ts holds the order statuses, their steps
 * (ORDER_STEPS) and the paid, payable and awaiting sets; the database holds the same facts in its own
 * words. This file asks the database, for every status and both kinds of order (shipped or digital), and
 * compares each answer with the TypeScript, so a change on either side alone fails here:
 *
 *   - the CHECK of orders.status (read from pg_constraint) lists ORDER_STATUSES;
 *   - order_next_statuses(status, needs_shipping) answers nextStatuses (ORDER_STEPS);
 *   - order_balance_payment accepts a due balance exactly in BALANCE_PAYABLE;
 *   - purchased() counts an order exactly in PAID_STATUSES;
 *   - review_slug_of answers reviewSlugOf for every product, and the products' CHECK lists CART_PRODUCTS.
 *
 * The database is asked by calling its functions on real rows, not by reading their source, so any way of
 * writing them is held to the same answers.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { signedInClient, sqlOn, testStack, type TestStack } from '../support/stack.ts';
import {
  AWAITING_PAYMENT,
  BALANCE_PAYABLE,
  NEEDS_ACTION,
  ORDER_STATUSES,
  ORDER_STEPS,
  ORDER_STEP_STATUSES,
  PAID_STATUSES,
  nextStatuses,
  type OrderStatus,
} from '../../shared/rules/commerce.ts';
import { CART_PRODUCTS, reviewSlugOf } from '../../shared/cart.ts';
import { REVIEW_SLUGS } from '../../shared/rules/reviews.ts';

let s: TestStack;
let userId: string;
const sql = sqlOn(() => s);
const sorted = <T>(xs: readonly T[]) => [...xs].sort();

/** The quoted values of a column's `CHECK (col = ANY (ARRAY[…]))` (or `IN (…)`) on `table`. */
async function checkValues(table: string, column: string): Promise<string[]> {
  const defs = await sql<{ def: string }>(
    `select pg_get_constraintdef(c.oid) as def from pg_constraint c
      where c.conrelid = $1::regclass and c.contype = 'c' and pg_get_constraintdef(c.oid) ~ ('^CHECK \\(\\(?' || $2 || ' ')`,
    [table, column],
  );
  expect(defs, `${table}.${column}: one CHECK of its values`).toHaveLength(1);
  return [...defs[0].def.matchAll(/'([^']+)'::text/g)].map((m) => m[1]);
}

/**
 * An order of the planner for the test's user, in `status`, half paid so a balance is due where the
 * status allows one (the row is written as the owner, as only the functions write orders).
 */
async function orderIn(status: OrderStatus, needsShipping = true): Promise<string> {
  const [{ id }] = await sql<{ id: string }>(
    `insert into public.orders (user_id, status, subtotal_cents, shipping_cents, total_cents, due_at_checkout_cents, paid_cents, needs_shipping, carrier, tracking_number)
     values ($1, $2, 2000, 0, 2000, 1000, 1000, $3, 'USPS', '9400100000000000000000') returning id`,
    [userId, status, needsShipping],
  );
  await sql(
    `insert into public.order_items (order_id, position, product, name, configuration, unit_cents, quantity, line_cents, due_at_checkout_cents, digital)
     values ($1, 0, 'crown-planner', 'Crown Planner PDF', '{"tier":"pdf"}', 2000, 1, 2000, 1000, true)`,
    [id],
  );
  return id;
}

beforeAll(async () => {
  s = await testStack({ autoconfirm: true });
  userId = (await signedInClient(s)).id;
});
afterAll(async () => {
  await s?.close();
});

describe('the lifecycle in TypeScript', () => {
  it('names only statuses, and its sets and steps agree with each other', () => {
    const known = new Set<string>(ORDER_STATUSES);
    for (const set of [PAID_STATUSES, AWAITING_PAYMENT, BALANCE_PAYABLE, NEEDS_ACTION, ORDER_STEP_STATUSES]) for (const x of set) expect(known.has(x), x).toBe(true);
    const steps = Object.values(ORDER_STEPS).flatMap((table) => Object.entries(table));
    for (const [from, to] of steps) {
      expect(known.has(from), from).toBe(true);
      // A step starts from a paid order, never from one still waiting on Stripe.
      expect(PAID_STATUSES, from).toContain(from);
      for (const x of to ?? []) expect(ORDER_STEP_STATUSES, x).toContain(x);
    }
    // Every step status is the end of some step, and nothing is both paid and still awaiting payment.
    expect(sorted([...new Set(steps.flatMap(([, to]) => to ?? []))])).toEqual(sorted(ORDER_STEP_STATUSES));
    expect(PAID_STATUSES.filter((x) => AWAITING_PAYMENT.includes(x))).toEqual([]);
    for (const x of [...BALANCE_PAYABLE, ...NEEDS_ACTION]) expect(PAID_STATUSES, x).toContain(x);
  });
});

describe('the lifecycle in SQL agrees with shared/rules/commerce.ts', () => {
  it('the CHECK of orders.status lists exactly ORDER_STATUSES', async () => {
    expect(sorted(await checkValues('public.orders', 'status'))).toEqual(sorted(ORDER_STATUSES));
  });

  it('order_next_statuses answers nextStatuses (ORDER_STEPS) for every status, shipped or digital', async () => {
    for (const status of ORDER_STATUSES) {
      for (const ships of [true, false]) {
        const [{ next }] = await sql<{ next: string[] }>('select public.order_next_statuses($1, $2) as next', [status, ships]);
        expect(sorted(next), `${status}, needs_shipping ${ships}`).toEqual(sorted(nextStatuses(status, ships)));
      }
    }
  });

  it('order_balance_payment opens a due balance exactly in the BALANCE_PAYABLE statuses', async () => {
    for (const status of ORDER_STATUSES) {
      for (const ships of [true, false]) {
        const order = await orderIn(status, ships);
        // Refused is null (or, written otherwise, an error); accepted is the balance payment to open.
        const answer = await sql<{ r: { payment_id?: string } | null }>('select public.order_balance_payment($1) as r', [order]).then(
          ([row]) => row.r,
          () => null,
        );
        expect(!!answer?.payment_id, `${status}, needs_shipping ${ships}`).toBe(BALANCE_PAYABLE.includes(status));
      }
    }
  });

  it('purchased() counts an order exactly in the PAID_STATUSES', async () => {
    for (const status of ORDER_STATUSES) {
      await sql(`delete from public.orders where user_id = $1`, [userId]);
      await orderIn(status);
      const [{ bought }] = await sql<{ bought: boolean }>(`select private.purchased($1, 'protective-style-planner') as bought`, [userId]);
      expect(bought, status).toBe(PAID_STATUSES.includes(status));
    }
  });

  it('review_slug_of answers reviewSlugOf for every product, and the products and slugs are the CHECKs of the tables', async () => {
    expect(sorted(await checkValues('public.order_items', 'product'))).toEqual(sorted(CART_PRODUCTS));
    for (const product of CART_PRODUCTS) {
      const [{ slug }] = await sql<{ slug: string }>('select public.review_slug_of($1) as slug', [product]);
      expect(slug, product).toBe(reviewSlugOf(product));
      expect(REVIEW_SLUGS, product).toContain(slug);
    }
    expect(sorted(await checkValues('public.reviews', 'product_slug'))).toEqual(sorted(REVIEW_SLUGS));
  });
});
