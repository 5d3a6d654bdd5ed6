/**
 * How often the success page asks for its order while Stripe has not settled the payment
 * (docs/commerce.md#order-pages): soon at first (a card payment is usually confirmed within a few
 * seconds, by the webhook or by order-status asking Stripe itself), then less and less often, and not
 * forever: after GIVE_UP_MS it stops and offers "Check again" (each ask may ask Stripe, and the
 * function's rate limit is per visitor). Pure, so it is unit-tested.
 */

/** The first wait, and how much longer each next one is, up to MAX_DELAY_MS. */
export const FIRST_DELAY_MS = 1000;
export const GROWTH = 1.5;
export const MAX_DELAY_MS = 8000;
/** Asking stops this long after the page started (or after Check again). */
export const GIVE_UP_MS = 120_000;

/** The wait before ask number `n` (0-based) after the first answer. */
export function delayBefore(n: number): number {
  return Math.min(MAX_DELAY_MS, Math.round(FIRST_DELAY_MS * GROWTH ** Math.max(0, n)));
}

/**
 * The wait before the next ask, or null to stop: `n` asks were answered so far, `elapsed` ms since the
 * start. A 429 (`slowDown`) waits the longest.
 */
export function nextDelay(n: number, elapsed: number, slowDown = false): number | null {
  const d = slowDown ? MAX_DELAY_MS : delayBefore(n);
  return elapsed + d > GIVE_UP_MS ? null : d;
}
