/**
 * Rate limits of the public functions, counted in Postgres (public.rate_limit_hit, one atomic
 * statement per hit, fixed windows) so they hold across function instances. Keys hold a SHA-256 of
 * the e-mail or address, never the value itself.
 */
import { sha256Hex } from './http.ts';
import type { AdminClient } from './admin.ts';

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

export const RATE_LIMITS = {
  /** Per e-mail address: a person signs up once or twice; more is someone else typing their address. */
  signupPerEmail: { limit: 5, windowSeconds: 60 * 60 },
  signupPerClient: { limit: 20, windowSeconds: 10 * 60 },
  unsubscribePerClient: { limit: 20, windowSeconds: 10 * 60 },
  leadPerEmail: { limit: 10, windowSeconds: 60 * 60 },
  leadPerClient: { limit: 20, windowSeconds: 10 * 60 },
  /** The beta password is shared and short: slow down guessing. */
  betaPerClient: { limit: 10, windowSeconds: 10 * 60 },
  /** Each press of Checkout opens a Stripe session: plenty for a shopper, a wall for a script. */
  checkoutPerClient: { limit: 30, windowSeconds: 10 * 60 },
  /** An admin working through the day's orders. */
  adminPerClient: { limit: 300, windowSeconds: 10 * 60 },
  /** The success page asks every few seconds while a payment settles. */
  orderStatusPerClient: { limit: 200, windowSeconds: 10 * 60 },
} as const satisfies Record<string, RateLimit>;

/**
 * Counts one hit against `scope` + `subject` and answers 0 when it is within the limit, else the
 * seconds until the window resets.
 */
export async function rateLimitHit(db: AdminClient, scope: string, subject: string, rule: RateLimit): Promise<number> {
  const { data, error } = await db.rpc('rate_limit_hit', {
    p_key: `${scope}:${await sha256Hex(subject)}`,
    p_limit: rule.limit,
    p_window_seconds: rule.windowSeconds,
  });
  if (error) throw new Error(`rate_limit_hit failed: ${error.message}`);
  return Number(data) || 0;
}
