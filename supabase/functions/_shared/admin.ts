/**
 * The handlers' service-role supabase-js client. It bypasses RLS: handlers validate every input
 * before they write, and the tables it writes have no policies for anon/authenticated at all.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { FunctionEnv } from './env.ts';

export function adminClient(env: FunctionEnv): SupabaseClient {
  return createClient(env.supabaseUrl, env.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: env.fetch },
  });
}
