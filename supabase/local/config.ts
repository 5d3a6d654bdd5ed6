/**
 * Settings of the local stack. Defaults match the Supabase CLI's local development values (the
 * well-known demo JWT secret, anon and service_role keys), so tooling written for `supabase start`
 * works unchanged. None of these are production secrets.
 */
import { signJwt } from './jwt.ts';
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { TxEnd } from './rest/prefer.ts';

export const DEMO_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
/** exp as in the CLI's keys (2032-11-12). */
const KEY_EXP = 1983812996;

export function apiKeys(secret = DEMO_JWT_SECRET) {
  return {
    anonKey: signJwt({ iss: 'supabase-demo', role: 'anon', exp: KEY_EXP }, secret),
    serviceRoleKey: signJwt({ iss: 'supabase-demo', role: 'service_role', exp: KEY_EXP }, secret),
  };
}

export interface StackConfig {
  /** Public base URL of the stack, e.g. http://127.0.0.1:54321 (used in links and JWT iss). */
  publicUrl: string;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtExpiry: number;
  /** true: sign-up returns a session at once; false: the user confirms through the mail link. */
  autoconfirm: boolean;
  /** Where verify/recover links land when redirect_to is missing or not allowed. */
  siteUrl: string;
  additionalRedirectUrls: string[];
  /** Seconds during which a just-rotated refresh token may be used again (several tabs). */
  refreshTokenReuseInterval: number;
  minimumPasswordLength: number;
  /** Storage: where object bytes live; undefined = in memory. */
  storageDir?: string;
  /** Largest request body accepted at all (storage bucket limits are checked separately). */
  maxBodyBytes: number;
  /** GoTrue's per-address request limits, per 5 minutes (supabase/config.toml `[auth.rate_limit]`). */
  authRateLimits: AuthRateLimits;
  /** Environment given to function handlers (BETA_PASSWORD_SHA256, …). */
  functionEnv: Record<string, string | undefined>;
  /**
   * PostgREST's `db-tx-end`. Hosted Supabase runs the default, `commit`, and offers no way to change it,
   * so `Prefer: tx=rollback` is ignored there and the write commits; `commit-allow-override` lets a
   * request roll itself back, as a self-hosted PostgREST configured for it would (rest/prefer.ts).
   */
  dbTxEnd: TxEnd;
  /** The local Stripe stand-in (supabase/local/stripe/). */
  stripe: StripeConfig;
  /** The local Acuity Scheduling stand-in (supabase/local/acuity/). */
  acuity: AcuityConfig;
}

/** What a caller may override: any setting, and any part of the Stripe stand-in's. */
export type StackConfigOverrides = Partial<Omit<StackConfig, 'stripe' | 'acuity'>> & { stripe?: Partial<StripeConfig>; acuity?: Partial<AcuityConfig> };

/**
 * The local Acuity stand-in's account. Not Acuity credentials: they open only the stand-in; the functions
 * get them as ACUITY_USER_ID / ACUITY_API_KEY (functions/index.ts deployedEnv), as a deployment gets its
 * real ones, and the stand-in signs its webhooks with the key, as Acuity does.
 */
export interface AcuityConfig {
  userId: string;
  /** The API key: Basic auth's password, and the key of every webhook's `X-Acuity-Signature`. */
  apiKey: string;
  /** Where notifications go: the stack's acuity-webhook function, unless a test or env ACUITY_WEBHOOK_URL says otherwise ('' sends nothing). */
  webhookUrl: string;
  /** A webhook that has not answered after this long counts as failed. */
  deliveryTimeoutMs: number;
}

export const LOCAL_ACUITY_USER_ID = '31000031';

/** The stand-in's account: a fixed user id, an API key derived from the JWT secret (stable across restarts). */
export function acuityConfig(publicUrl: string, jwtSecret: string, overrides: Partial<AcuityConfig> = {}): AcuityConfig {
  return {
    userId: LOCAL_ACUITY_USER_ID,
    apiKey: process.env.ACUITY_API_KEY || createHmac('sha256', jwtSecret).update('kyb local acuity api key').digest('hex').slice(0, 32),
    webhookUrl: process.env.ACUITY_WEBHOOK_URL ?? `${publicUrl}/functions/v1/acuity-webhook`,
    deliveryTimeoutMs: 10_000,
    ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)),
  };
}

/**
 * The local Stripe stand-in's keys and webhook endpoint. None of these are Stripe credentials: the keys
 * open only this stand-in, and the functions get them as STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET
 * (functions/index.ts deployedEnv), as a deployment gets its real ones.
 */
export interface StripeConfig {
  /** The key the API accepts (`Authorization: Bearer sk_test_…`). */
  secretKey: string;
  publishableKey: string;
  /** Signs every webhook (`Stripe-Signature`), as `stripe listen` prints its `whsec_…`. */
  webhookSecret: string;
  /**
   * Where events are delivered: the stack's own stripe-webhook function, unless a test or env
   * STRIPE_WEBHOOK_URL points elsewhere ('' delivers nothing).
   */
  webhookUrl: string;
  /** Retry schedule of a failed delivery: first retry after retryBaseMs, doubling, capped at retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Attempts in all (the first one included) before a delivery is given up. */
  maxAttempts: number;
  /** A webhook that has not answered after this long counts as failed (and is retried). */
  deliveryTimeoutMs: number;
  /** How long a US bank account payment stays `processing` before it settles. */
  asyncSettleMs: number;
  /** How often open sessions past their expires_at are expired. */
  expirySweepMs: number;
}

export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_kyb_local_stand_in_0000000000000000';
export const LOCAL_STRIPE_PUBLISHABLE_KEY = 'pk_test_kyb_local_stand_in_0000000000000000';

/**
 * Stripe's own schedule (exponential backoff over three days in live mode) scaled down for a laptop: ten
 * attempts over about fifty minutes. Tests pass their own, in milliseconds.
 */
export const STRIPE_RETRY_DEFAULTS = { retryBaseMs: 10_000, retryMaxMs: 15 * 60_000, maxAttempts: 10, deliveryTimeoutMs: 10_000 };

/** The stand-in's settings: fixed local keys, a signing secret derived from the JWT secret (stable across restarts). */
export function stripeConfig(publicUrl: string, jwtSecret: string, overrides: Partial<StripeConfig> = {}): StripeConfig {
  const derived = `whsec_${createHmac('sha256', jwtSecret).update('kyb local stripe webhook signing secret').digest('hex').slice(0, 32)}`;
  return {
    secretKey: LOCAL_STRIPE_SECRET_KEY,
    publishableKey: LOCAL_STRIPE_PUBLISHABLE_KEY,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || derived,
    webhookUrl: process.env.STRIPE_WEBHOOK_URL ?? `${publicUrl}/functions/v1/stripe-webhook`,
    ...STRIPE_RETRY_DEFAULTS,
    asyncSettleMs: 5_000,
    expirySweepMs: 30_000,
    ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)),
  };
}

export interface AuthRateLimits {
  sign_in_sign_ups: number;
  token_refresh: number;
  token_verifications: number;
}

/**
 * `[auth.rate_limit]` of supabase/config.toml, the file `supabase start` and `supabase config push`
 * read, so the local stack limits what the hosted project is configured to limit. Only the keys this
 * stack applies are read; a missing file or key keeps hosted Supabase's default.
 */
export function authRateLimitsFromConfig(toml = readConfigToml()): AuthRateLimits {
  const out: AuthRateLimits = { sign_in_sign_ups: 30, token_refresh: 150, token_verifications: 30 };
  const section = /^\[auth\.rate_limit\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(toml)?.[1] ?? '';
  for (const key of Object.keys(out) as (keyof AuthRateLimits)[]) {
    const m = new RegExp(`^\\s*${key}\\s*=\\s*(\\d+)\\s*(?:#.*)?$`, 'm').exec(section);
    if (m) out[key] = Number(m[1]);
  }
  return out;
}

/**
 * The functions supabase/config.toml deploys with `verify_jwt = false`: the gateway hands their requests
 * on unread. Every other function gets hosted's default, `verify_jwt = true`: the gateway checks the
 * Authorization header before the function runs (app.ts).
 */
export function functionsWithoutJwtCheck(toml = readConfigToml()): Set<string> {
  const out = new Set<string>();
  for (const m of toml.matchAll(/^\[functions\.([A-Za-z0-9_-]+)\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/gm)) {
    if (/^\s*verify_jwt\s*=\s*false\s*(?:#.*)?$/m.test(m[2])) out.add(m[1]);
  }
  return out;
}

export function readConfigToml(): string {
  try {
    return readFileSync(new URL('../config.toml', import.meta.url), 'utf8');
  } catch {
    return '';
  }
}

export const DEFAULT_BETA_PASSWORD = 'crown-beta-2025';
/**
 * The key the functions present to the dev inbox's e-mail API stand-in (RESEND_API_KEY locally; a
 * real Resend key is a hosted secret). Not a secret: the stand-in delivers only to the dev inbox.
 */
export const LOCAL_MAIL_API_KEY = 're_local_dev_inbox';
/** Where new partnership inquiries and beta requests are announced locally (NOTIFY_EMAIL_TO). */
export const LOCAL_NOTIFY_TO = 'hello@kybhaircare.com';
export const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

export function defaultConfig(overrides: StackConfigOverrides = {}): StackConfig {
  const jwtSecret = overrides.jwtSecret ?? process.env.JWT_SECRET ?? DEMO_JWT_SECRET;
  const keys = apiKeys(jwtSecret);
  const env = process.env;
  const publicUrl = overrides.publicUrl ?? 'http://127.0.0.1:54321';
  const { stripe, acuity, ...rest } = overrides;
  return {
    publicUrl,
    jwtSecret,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    jwtExpiry: 3600,
    autoconfirm: env.AUTH_AUTOCONFIRM === 'true',
    siteUrl: env.SITE_URL ?? 'http://127.0.0.1:5173',
    additionalRedirectUrls: [],
    refreshTokenReuseInterval: 10,
    minimumPasswordLength: 6,
    maxBodyBytes: 12 * 1024 * 1024,
    dbTxEnd: 'commit',
    authRateLimits: authRateLimitsFromConfig(),
    functionEnv: {
      BETA_PASSWORD_SHA256: env.BETA_PASSWORD_SHA256 ?? sha256Hex(DEFAULT_BETA_PASSWORD),
      // Notification e-mails (supabase/functions/_shared/notify.ts) go to the dev inbox; EMAIL_API_URL
      // defaults to this stack's /inbox/emails (deployedEnv), as its URL is known only once it runs.
      RESEND_API_KEY: env.RESEND_API_KEY ?? LOCAL_MAIL_API_KEY,
      NOTIFY_EMAIL_TO: env.NOTIFY_EMAIL_TO ?? LOCAL_NOTIFY_TO,
      NOTIFY_EMAIL_FROM: env.NOTIFY_EMAIL_FROM ?? 'KYB website <notifications@localhost>',
      SUPABASE_URL: undefined,
      ...Object.fromEntries(Object.entries(env).filter(([k]) => k.startsWith('KYB_'))),
    },
    ...rest,
    stripe: stripeConfig(publicUrl, jwtSecret, stripe),
    acuity: acuityConfig(publicUrl, jwtSecret, acuity),
  };
}
