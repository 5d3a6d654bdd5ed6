/**
 * Checkout from the cart (docs/commerce.md#cart): the `checkout` function takes the lines as they are
 * (`{product, configuration, quantity}`, never a price), the kit terms' version when the cart holds a
 * kit, and `attempt`, a UUID naming one press of Checkout, so that a double tap or a retry opens one
 * order, not two.
 *
 * - Each press makes a new attempt, except a press that repeats one whose answer never came or said
 *   "try again" (no answer, 429, 5xx, 502 "Stripe unreachable"): that is a retry, and the function finds
 *   the order it already opened and asks Stripe again with the same key.
 * - The attempt is dropped when the cart (or the terms) changed since, once it succeeded, and on 400,
 *   401 and 409 (the function says the cart changed under it: a new press is a new attempt).
 * - On success the order number is kept with the cart (store.ts `order`), so the confirmation page can
 *   empty this cart once that order is paid, and the browser goes to Stripe's page.
 */
import { ensureAuth } from '../core/auth.ts';
import { invokeFunction } from '../core/functions.ts';
import { shouldLoadAuth } from '../core/public.ts';
import type { CartLine } from '../core/domain.ts';

export type CheckoutOutcome = { ok: true; url: string; order: string } | { ok: false; status: number | null; message: string | null; field?: string };

let last: { attempt: string; what: string } | null = null;

/** RFC 4122 version 4 (crypto.randomUUID is missing outside secure contexts, such as a LAN address). */
export function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Whether a failed press may be retried as the same attempt. */
export const retriable = (status: number | null) => status === null || status === 429 || status >= 500;

/** The attempt for a press of Checkout with these lines and terms (a retry keeps the last one). */
export function attemptFor(lines: readonly CartLine[], kitTerms: string | undefined): string {
  const what = JSON.stringify([lines, kitTerms ?? null]);
  if (!last || last.what !== what) last = { attempt: uuid(), what };
  return last.attempt;
}

export async function checkout(lines: readonly CartLine[], kitTerms: string | undefined): Promise<CheckoutOutcome> {
  const attempt = attemptFor(lines, kitTerms);
  // Signed in: the session's client carries the token, so the order is the account's.
  if (shouldLoadAuth()) await ensureAuth().catch(() => {});
  const r = await invokeFunction<{ url: string; order: string }>('checkout', { lines, ...(kitTerms ? { kitTerms } : {}), attempt });
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
  return { ok: false, status: r.status, message: r.message, field: r.field };
}
