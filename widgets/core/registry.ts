/**
 * Page-wide registry of backend clients, on globalThis under Symbol.for keys, so two copies of the
 * widget bundle on one page (a host that includes the script twice, or two builds) share them.
 * Internal to widgets/core: elements use supabase.ts / rest.ts / functions.ts.
 */
import type { KybConfig } from './config.ts';

/**
 * A page-wide client: supabase.ts's KybClient. Generic rather than importing that type, so this module,
 * which supabase.ts imports, imports nothing back (no import circle, type-only ones included).
 */
export interface ClientEntry<C> {
  promise: Promise<C>;
  /** Set once loaded, so callers can use it without awaiting (or downloading) anything. */
  client?: C;
}

const g = globalThis as unknown as Record<symbol, unknown>;

export function clientEntries<C>(): Map<string, ClientEntry<C>> {
  return (g[Symbol.for('kyb.supabase')] ??= new Map()) as Map<string, ClientEntry<C>>;
}

/** Page-wide singletons other than the supabase client (light REST/functions clients, stores). */
export function pageWide<T>(key: string, make: () => T): T {
  const k = Symbol.for(`kyb.${key}`);
  return (g[k] ??= make()) as T;
}

export const clientId = (c: Pick<KybConfig, 'supabaseUrl' | 'supabaseAnonKey'>) => `${c.supabaseUrl}|${c.supabaseAnonKey}`;
