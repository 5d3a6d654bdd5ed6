/**
 * Checkout from the cart (docs/commerce.md#cart): the `checkout` function takes the cart's id (`cart`,
 * store.ts: one payable checkout per cart, whichever tab or device presses), the lines as they are
 * (`{product, configuration, quantity}`, never a price), the kit terms' version when the cart holds a
 * kit, a signed-in member's reward code when they typed one (docs/rewards.md#at-checkout), and
 * `attempt`, a UUID naming one press of Checkout, so that a double tap or a retry opens one order, not two.
 *
 * - Each press makes a new attempt, except a press that repeats one whose answer never came or said
 *   "try again" (no answer, 429, 5xx, 502 "Stripe unreachable"): that is a retry, and the function finds
 *   the order it already opened and asks Stripe again with the same key.
 * - The attempt is dropped when the cart (or the terms) changed since, once it succeeded, and on 400,
 *   401 and 409 (the function says the cart changed under it: a new press is a new attempt).
 * - Pressed again with the same lines (after Back from Stripe, in another tab), the function answers the
 *   same Stripe page; with other lines, it closes the old one first.
 * - A 409 with `paid`: this cart was paid already (in another tab, on another device): the outcome
 *   carries that order's page, which the cart opens after emptying itself.
 * - On success the order's id is kept with the cart (store.ts `order`), so the confirmation page can
 *   empty this cart once that order is paid, and the browser goes to Stripe's page.
 */
import { ensureAuth } from '../core/auth.ts';
import { invokeFunction } from '../core/functions.ts';
import { shouldLoadAuth } from '../core/public.ts';
import type { CartLine } from '../core/domain.ts';
import { uuid } from './store.ts';

export type CheckoutOutcome = { ok: true; url: string; order: string } | { ok: false; status: number | null; message: string | null; field?: string; paidOrderUrl?: string };

let last: { attempt: string; what: string } | null = null;

/** Whether a failed press may be retried as the same attempt. */
export const retriable = (status: number | null) => status === null || status === 429 || status >= 500;

/** The attempt for a press of Checkout with these lines, terms and code (a retry keeps the last one). */
export function attemptFor(cart: string, lines: readonly CartLine[], kitTerms: string | undefined, rewardCode?: string): string {
  const what = JSON.stringify([cart, lines, kitTerms ?? null, rewardCode ?? null]);
  if (!last || last.what !== what) last = { attempt: uuid(), what };
  return last.attempt;
}

/** The paid order's page a 409 names (`/order?token=…`), if it is one. */
function paidOrderUrl(body: unknown): string | undefined {
  const b = body as { paid?: unknown; orderUrl?: unknown } | null | undefined;
  return b?.paid === true && typeof b.orderUrl === 'string' && b.orderUrl.startsWith('/order?') ? b.orderUrl : undefined;
}

export async function checkout(cart: string, lines: readonly CartLine[], kitTerms: string | undefined, rewardCode?: string): Promise<CheckoutOutcome> {
  const attempt = attemptFor(cart, lines, kitTerms, rewardCode);
  // Signed in: the session's client carries the token, so the order is the account's.
  if (shouldLoadAuth()) await ensureAuth().catch(() => {});
  const r = await invokeFunction<{ url: string; order: string }>('checkout', { cart, lines, ...(kitTerms ? { kitTerms } : {}), ...(rewardCode ? { rewardCode } : {}), attempt });
  if (r.ok && typeof r.data.url === 'string') {
    last = null;
    return { ok: true, url: r.data.url, order: r.data.order };
  }
  if (r.ok) {
    // A 200 without a URL: nothing to go to, and nothing to retry.
    last = null;
    return { ok: false, status: 200, message: null };
  }
  if (!retriable(r.status)) last = null;
  const paid = r.status === 409 ? paidOrderUrl(r.body) : undefined;
  return { ok: false, status: r.status, message: r.message, field: r.field, ...(paid ? { paidOrderUrl: paid } : {}) };
}
