/**
 * The receipt's totals (shared/orders.ts orderTotals, drawn by the order page, My Account, the admin's
 * order and the e-mails): a reward code's discount is its own line, to the cent, right after the
 * subtotal, and the total is after it (docs/rewards.md#at-checkout). The words are restated from docs/commerce.md.
 */
import { describe, expect, it } from 'vitest';
import { orderTotals, type TotalsOf } from '../../shared/orders.ts';

const paid: TotalsOf = {
  subtotal_cents: 2_700,
  shipping_cents: 0,
  total_cents: 2_700,
  due_at_checkout_cents: 2_700,
  paid_cents: 2_430,
  refunded_cents: 0,
  balance_due_cents: 0,
  needs_shipping: false,
};
const lines = (o: TotalsOf) => orderTotals(o).map((l) => [l.label, l.text]);

describe('orderTotals with a reward code', () => {
  it('shows the code and what it took off, and the total after it', () => {
    expect(lines({ ...paid, discount_cents: 270, reward_code: 'KYB-0123456789AB' })).toEqual([
      ['Subtotal', '$27'],
      ['Reward KYB-0123456789AB', '−$2.70'],
      ['Total', '$24.30'],
      ['Paid', '$24.30'],
    ]);
  });

  it("puts the discount right after the subtotal, before the shipping, as Stripe's Checkout lists it", () => {
    const shipped: TotalsOf = { ...paid, subtotal_cents: 9_100, shipping_cents: 800, total_cents: 9_900, due_at_checkout_cents: 9_900, paid_cents: 8_990, needs_shipping: true };
    expect(lines({ ...shipped, discount_cents: 910, reward_code: 'KYB-0123456789AB' })).toEqual([
      ['Subtotal', '$91'],
      ['Reward KYB-0123456789AB', '−$9.10'],
      ['Shipping', '$8'],
      ['Total', '$89.90'],
      ['Paid', '$89.90'],
    ]);
    expect(lines({ ...shipped, shipping_cents: 0, discount_cents: 910 }).map(([label]) => label)).toEqual(['Subtotal', 'Reward', 'Shipping', 'Total', 'Paid']);
  });

  it('says "Reward" where the code is not known (My Account reads the table, not the view), and nothing without a discount', () => {
    expect(lines({ ...paid, discount_cents: 270 })[1]).toEqual(['Reward', '−$2.70']);
    expect(lines({ ...paid, paid_cents: 2_700, discount_cents: 0 }).map(([label]) => label)).toEqual(['Subtotal', 'Total', 'Paid']);
    expect(lines({ ...paid, paid_cents: 2_700 }).map(([label]) => label)).toEqual(['Subtotal', 'Total', 'Paid']);
  });
});
