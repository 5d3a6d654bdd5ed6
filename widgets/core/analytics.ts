/**
 * The spec's analytics (docs/data.md#entities, #calls): events kept only in memory and logged to the console.
 *
 * API
 * - `track(name, metadata?)` → the recorded `AnalyticsEvent` `{name, timestamp (ISO), userId?, metadata?}`;
 *   logged as `[kyb] <name> {…}`. The signed-in user's id is added when the auth store knows one.
 * - `trackedEvents()` → the page's log (shared by every element and bundle copy), oldest first.
 * Names used by the spec: AccessBetaClicked, NotifyModalOpened, NotifySubmitted (email),
 * VaultItemOptIn (item, email); elements add their own in PascalCase.
 */
import { pageWide } from './registry.ts';

export interface AnalyticsEvent {
  name: string;
  timestamp: string;
  userId?: string;
  metadata?: Record<string, unknown>;
}

/** At most this many events are kept (a long-lived page must not grow without bound). */
const MAX_EVENTS = 500;

const log = () => pageWide<AnalyticsEvent[]>('analytics', () => []);

export function track(name: string, metadata?: Record<string, unknown>): AnalyticsEvent {
  // Read the auth store without importing auth.ts (and with it the supabase loader) into every chunk.
  const auth = (globalThis as unknown as Record<symbol, { state?: { user?: { id?: string } | null } } | undefined>)[Symbol.for('kyb.auth')];
  const userId = auth?.state?.user?.id;
  const ev: AnalyticsEvent = { name, timestamp: new Date().toISOString(), ...(userId ? { userId } : {}), ...(metadata ? { metadata } : {}) };
  const xs = log();
  xs.push(ev);
  if (xs.length > MAX_EVENTS) xs.splice(0, xs.length - MAX_EVENTS);
  console.info('[kyb]', name, metadata ?? {});
  return ev;
}

export function trackedEvents(): readonly AnalyticsEvent[] {
  return log();
}
