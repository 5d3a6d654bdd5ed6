/**
 * Page-wide registry of backend clients, on globalThis under Symbol.for keys, so two copies of the
 * widget bundle on one page (a host that includes the script twice, or two builds) share them.
 * Internal to widgets/core: elements use supabase.ts / rest.ts / functions.ts.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/types/database.ts';
import type { KybConfig } from './config.ts';

/**
 * The page's supabase-js client, typed by the schema the migrations build (`npm run gen:types`). Named
 * here, where the registry holds it, so that supabase.ts (which re-exports it) is not imported back.
 */
export type KybClient = SupabaseClient<Database>;

export interface ClientEntry {
  promise: Promise<KybClient>;
  /** Set once loaded, so callers can use it without awaiting (or downloading) anything. */
  client?: KybClient;
}

const g = globalThis as unknown as Record<symbol, unknown>;

export function clientEntries(): Map<string, ClientEntry> {
  return (g[Symbol.for('kyb.supabase')] ??= new Map()) as Map<string, ClientEntry>;
}

/** Page-wide singletons other than the supabase client (light REST/functions clients, stores). */
export function pageWide<T>(key: string, make: () => T): T {
  const k = Symbol.for(`kyb.${key}`);
  return (g[k] ??= make()) as T;
}

export const clientId = (c: Pick<KybConfig, 'supabaseUrl' | 'supabaseAnonKey'>) => `${c.supabaseUrl}|${c.supabaseAnonKey}`;
