/**
 * The commerce functions answer in the words of shared/messages.ts (issue #27: each message is defined
 * once, COMMERCE_MESSAGES), never in a sentence of their own: an `error:` of their answers is a reference
 * to the catalogue (or text that comes from elsewhere, such as a contract's issue or the database's refusal).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { COMMERCE_MESSAGES } from '../../shared/messages.ts';
import { historyNote } from '../../shared/orders.ts';

const FUNCTIONS = fileURLToPath(new URL('../../supabase/functions/', import.meta.url));
const FILES = [
  ...['checkout', 'admin-orders', 'order-status', 'stripe-webhook'].flatMap((dir) =>
    readdirSync(`${FUNCTIONS}${dir}`)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `${dir}/${f}`),
  ),
  '_shared/orders.ts',
];

describe('the commerce functions’ messages', () => {
  it.each(FILES)('%s writes no message of its own', (file) => {
    const source = readFileSync(`${FUNCTIONS}${file}`, 'utf8');
    // `error: 'Order not found'`, `?? 'Invalid request'` in an answer, or `name: \`Balance of …\``.
    const literals = [...source.matchAll(/(?:error:|\?\?|name:)\s*(['"`])([A-Z][^'"`]*\s[^'"`]*)\1/g)].map((m) => m[2]);
    expect(literals).toEqual([]);
  });

  it('keeps the wording the functions answered with', () => {
    expect(COMMERCE_MESSAGES.pressAgain).toBe('This checkout has closed. Please press Checkout again.');
    expect(COMMERCE_MESSAGES.balanceLine(1009)).toBe('Balance of order KYB-1009');
    expect(COMMERCE_MESSAGES.adminSignIn).toBe('Please sign in to access the admin panel.');
  });
});

describe('history notes about money (shared/orders.ts historyNote)', () => {
  const note = (n: string | null, amount_cents: number | null = null, due_cents: number | null = null) => historyNote({ note: n, amount_cents, due_cents });

  it('words the keys the database stores with their cents, as it worded them before', () => {
    expect(note('balance_requested', 19_700)).toBe('Balance of $197.00 requested');
    expect(note('refunded_total', 4500)).toBe('Refunded $45.00 in all');
    expect(note('refunded_total', 105_050)).toBe('Refunded $1,050.50 in all');
    expect(note('amount_differs', 19_800, 19_700)).toBe('Stripe reported $198.00 paid; $197.00 was due');
    expect(note('unexpected_payment:order_cancelled', 19_700)).toBe('Payment of $197.00 received that the order no longer expected (the order was cancelled): refunded in full');
    expect(note('unexpected_payment:order_refunded', 19_700)).toBe('Payment of $197.00 received that the order no longer expected (the order was refunded): refunded in full');
    expect(note('unexpected_payment:checkout_closed', 500)).toBe('Payment of $5.00 received that the order no longer expected (its checkout had been closed): refunded in full');
    expect(note('unexpected_payment:no_balance', 500)).toBe('Payment of $5.00 received that the order no longer expected (no balance was due any more): refunded in full');
  });

  it('shows a note in words as it is: older rows, the admin’s own notes, and keys without their cents', () => {
    expect(note('Balance of $110.00 requested')).toBe('Balance of $110.00 requested');
    expect(note('USPS 9400100000000000000000')).toBe('USPS 9400100000000000000000');
    expect(note('balance_requested')).toBe('balance_requested');
    expect(note('unexpected_payment:something_else', 500)).toBe('unexpected_payment:something_else');
    expect(note(null)).toBeNull();
  });

  it('words the refused shipment with the balance', () => {
    expect(COMMERCE_MESSAGES.balanceStillDue('$197.00')).toBe('The balance of $197.00 is still due: it must be paid before the order ships');
  });
});
