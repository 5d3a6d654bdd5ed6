/**
 * GoTrue's per-address request limits (supabase/auth internal/api/apilimiter): a token bucket per client
 * address and endpoint group, holding 30 requests and refilled at the configured number per 5 minutes,
 * the values of `[auth.rate_limit]` in supabase/config.toml. Over the limit: 429 over_request_rate_limit.
 *
 * The address is the one the stack's gateway sets (CLIENT_ADDRESS_HEADER, overwritten on every request
 * from the connection, server.ts). A request without one — in-process, from a test or from a function's
 * admin client — is not limited, as GoTrue does not limit a request that lacks its rate-limit header.
 */
import type { StackContext } from '../http.ts';
import { CLIENT_ADDRESS_HEADER } from '../http.ts';
import { tooManyRequests } from './errors.ts';

/** Requests a bucket holds: bursts up to this many pass at once (GoTrue's SetBurst(30)). */
export const BURST = 30;
const INTERVAL_MS = 5 * 60 * 1000;

/** Endpoint groups and the `[auth.rate_limit]` key that sets each one's refill per 5 minutes. */
export const LIMITED = {
  /** POST /token (password and refresh grants alike, as GoTrue's Token limiter). */
  token: 'token_refresh',
  /** POST /signup, /otp, /magiclink, /recover, /resend, PUT /user (GoTrue's RATE_LIMIT_OTP group). */
  signInSignUps: 'sign_in_sign_ups',
  /** GET and POST /verify. */
  verify: 'token_verifications',
} as const;

type Group = keyof typeof LIMITED;
interface Bucket {
  tokens: number;
  at: number;
}

const buckets = new WeakMap<StackContext, Map<string, Bucket>>();
/** Buckets untouched this long are full again and can be forgotten. */
const FORGET_MS = 60 * 60 * 1000;

export function limitRequest(req: Request, ctx: StackContext, group: Group): void {
  const address = req.headers.get(CLIENT_ADDRESS_HEADER);
  if (!address) return;
  const perInterval = ctx.config.authRateLimits[LIMITED[group]];
  let map = buckets.get(ctx);
  if (!map) buckets.set(ctx, (map = new Map()));
  const now = Date.now();
  if (map.size > 10_000) for (const [k, b] of map) if (now - b.at > FORGET_MS) map.delete(k);
  const key = `${group}:${address}`;
  const b = map.get(key) ?? { tokens: BURST, at: now };
  b.tokens = Math.min(BURST, b.tokens + ((now - b.at) * perInterval) / INTERVAL_MS);
  b.at = now;
  map.set(key, b);
  if (b.tokens < 1) throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
  b.tokens -= 1;
}
