/**
 * What the rest of the stack holds of the Acuity stand-in (StackContext.acuity) and what tests book with:
 * types only, apart from index.ts that implements them, so that ../http.ts can name the stand-in without
 * an import cycle (index.ts reads ../http.ts).
 */
import type { render } from './api.ts';
import type { Appointment, Webhook } from './store.ts';

export interface BookInput {
  email: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  appointmentTypeID?: number;
  /** ISO 8601 start; or startsInMinutes from now (default 60). */
  datetime?: string;
  startsInMinutes?: number;
}

export interface AcuityStandIn {
  /** `/api/v1/*` (path after /api/v1). */
  api(req: Request, path: string): Promise<Response>;
  /** `/acuity/*` (path after /acuity). */
  site(req: Request, path: string): Promise<Response>;
  book(input: BookInput): Promise<Appointment>;
  cancel(id: number): Promise<Appointment>;
  noShow(id: number, noShow?: boolean): Promise<Appointment>;
  reschedule(id: number, datetime: string): Promise<Appointment>;
  /** Moves the clock so the appointment ends now (it started `duration` minutes ago). */
  endNow(id: number): Promise<Appointment>;
  /** The appointment as the API renders it. */
  appointment(id: number): Promise<ReturnType<typeof render> | null>;
  webhooks(appointmentId: number): Promise<Webhook[]>;
  /** Sends one notification now (again, if it was sent already), even while held; resolves with its record. */
  deliver(webhookId: number): Promise<Webhook>;
  /** Holds every notification (pending) until resume() or deliver(). */
  pause(): void;
  /** Sends what was held, oldest first, and sends at once again. */
  resume(): Promise<void>;
  readonly paused: boolean;
}
