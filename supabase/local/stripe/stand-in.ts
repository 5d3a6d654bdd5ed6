/**
 * What the rest of the stack holds of the Stripe stand-in (StackContext.stripe) and what tests pay with:
 * types only, apart from index.ts that implements them, so that ../http.ts can name the stand-in without
 * an import cycle (index.ts reads ../http.ts).
 */
import type { PayInput, PayResult } from './flows.ts';
import type { PaymentIntent } from './objects.ts';
import type { EventRecord } from './pages.ts';

/** How a test pays: a card number or a bank account number, the rest defaulted like a typical customer. */
export interface TestPayment {
  card?: string;
  /** Card expiry `MM / YY` and CVC (defaults: a future date, 123). */
  expiry?: string;
  cvc?: string;
  /** A US bank account number (routing 110000000). */
  bankAccount?: string;
  email?: string;
  name?: string;
  shipping?: PayInput['shipping'];
  shippingRate?: string;
}

export interface StripeStandIn {
  /** `/v1/*` (path after /v1). */
  api(req: Request, path: string): Promise<Response>;
  /** `/stripe/*` (path after /stripe). */
  site(req: Request, path: string): Promise<Response>;
  /** Pays an open session as the hosted page would. */
  pay(sessionId: string, payment: TestPayment): Promise<PayResult>;
  /** Settles a processing bank payment now (a payment intent or its session's id): as planned, or as given. */
  settle(id: string, outcome?: 'succeeded' | 'failed'): Promise<PaymentIntent>;
  /** Expires every open session whose expires_at is at or before `at` (default now), as the clock would. */
  expireDue(at?: number): Promise<string[]>;
  /** Queues `times` more deliveries of an event, sent at once (concurrently), each tried once. */
  redeliver(eventId: string, times?: number): Promise<void>;
  /** Sends an event's pending delivery now, even while the queue is paused, and waits for the answer. */
  deliverNow(eventId: string): Promise<void>;
  pause(): void;
  resume(): void;
  readonly paused: boolean;
  /** A session's events, oldest first, each with its deliveries and attempts. */
  events(sessionId: string): Promise<EventRecord[]>;
  /** Resolves once nothing runs and the webhook queue is drained (retries included; held deliveries excepted). */
  idle(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}
