/**
 * Money as the pages and e-mails write it: whole dollars in the catalog (shared/pricing.ts) and integer
 * cents in carts and orders (shared/cart.ts, shared/orders.ts). A file of its own, with no imports, so an
 * order screen that only writes amounts carries neither the catalog nor the cart's schemas.
 */

/**
 * Written out, not Intl.NumberFormat: the first currency formatter a page creates loads ICU's currency
 * data, about 40 ms of a throttled phone's main thread, the largest single task on a product page when
 * the configurator upgrades (issue #20, `npm run lighthouse`). en-US dollars need no locale data: a sign,
 * "$", digits grouped by three with commas, and cents when there are any. tests/unit/pricing.test.ts
 * checks it against Intl.NumberFormat.
 */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

/** US dollars as the pages show them: "$65", "$1,050", "$110.50" (cents only when there are any). */
export function formatUSD(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Not an amount: ${amount}`);
  // Rounded half away from zero, as Intl.NumberFormat rounds.
  const cents = Math.round(Math.abs(amount) * 100);
  const rest = cents % 100;
  return `${amount < 0 && cents ? '-' : ''}$${grouped((cents - rest) / 100)}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}

/** Cents as the pages show money: "$395", "$19.50". */
export const formatCents = (cents: number) => formatUSD(cents / 100);

/** Cents to the cent, as a refund or a charge is stated: "$45.00", "$1,050.50". */
export const formatCentsExact = (cents: number) => {
  const abs = Math.abs(Math.round(cents));
  return `${cents < 0 && abs ? '-' : ''}$${grouped(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
};
