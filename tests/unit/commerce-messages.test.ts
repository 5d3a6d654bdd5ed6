/**
 * The commerce functions answer in the words of shared/messages.ts (issue #27: each message is defined
 * once, COMMERCE_MESSAGES), never in a sentence of their own: an `error:` of their answers is a reference
 * to the catalogue (or text that comes from elsewhere, such as a contract's issue or the database's refusal).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { COMMERCE_MESSAGES } from '../../shared/messages.ts';

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
