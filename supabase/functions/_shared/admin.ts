/**
 * The handlers' service-role supabase-js client. It bypasses RLS: handlers validate every input
 * before they write, and the tables it writes have no policies for anon/authenticated at all.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { FunctionEnv } from './env.ts';

/**
 * Functions never open a realtime channel, but supabase-js builds its realtime client up front and
 * refuses to when the runtime has no WebSocket (Node < 22, where the local stack may run). There it
 * gets a transport that only fails if a channel is ever opened.
 */
class NoWebSocket {
  constructor() {
    throw new Error('Realtime is not available to functions in this runtime');
  }
}

export function adminClient(env: FunctionEnv): SupabaseClient {
  const hasWebSocket = typeof (globalThis as { WebSocket?: unknown }).WebSocket !== 'undefined';
  return createClient(env.supabaseUrl, env.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: env.fetch },
    ...(hasWebSocket ? {} : { realtime: { transport: NoWebSocket as unknown as typeof WebSocket } }),
  });
}
