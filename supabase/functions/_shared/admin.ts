/**
 * The handlers' service-role supabase-js client. It bypasses RLS: handlers validate every input
 * before they write, and the tables it writes have no policies for anon/authenticated at all.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../types/database.ts';
import type { FunctionEnv } from '../../../shared/http.ts';

/** Typed by the schema the migrations build (`npm run gen:types`). */
export type AdminClient = SupabaseClient<Database>;

export function adminClient(env: FunctionEnv): AdminClient {
  return createClient<Database>(env.supabaseUrl, env.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: env.fetch },
  });
}
