/**
 * Money as the pages and e-mails write it: whole dollars in the catalog (shared/pricing.ts) and integer
 * cents in carts and orders (shared/cart.ts, shared/orders.ts). A file of its own, with no imports, so an
 * order screen that only writes amounts carries neither the catalog nor the cart's schemas.
 */

const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** US dollars as the pages show them: "$65", "$1,050", "$110.50" (cents only when there are any). */
export function formatUSD(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Not an amount: ${amount}`);
  const cents = Math.round(amount * 100);
  return cents % 100 === 0 ? usdWhole.format(cents / 100) : usdCents.format(cents / 100);
}

/** Cents as the pages show money: "$395", "$19.50". */
export const formatCents = (cents: number) => formatUSD(cents / 100);
