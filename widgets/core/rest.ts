/**
 * `rest()`: a light PostgREST client (postgrest-js alone, ~5 kB gzip) that always sends the anon key,
 * for public reads that must not wait for (or download) the auth client:
 *
 *   const { data, error } = await rest().rpc('review_feed', { p_slug: slug }, { get: true });
 *   const { data } = await rest().from('planner_gallery').select('*').eq('is_active', true);
 *
 * One instance per backend per page (shared across bundle copies). For the signed-in user's own rows
 * use `(await getSupabase()).from(…)`, which sends the user's token.
 */
import { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from '../../supabase/types/database.ts';
import { getConfig } from './config.ts';
import { clientId, pageWide } from './registry.ts';

/** Typed by the schema the migrations build (`npm run gen:types`). */
export type RestClient = PostgrestClient<Database>;

export function rest(): RestClient {
  const cfg = getConfig();
  const map = pageWide('rest', () => new Map<string, RestClient>());
  const id = clientId(cfg);
  let c = map.get(id);
  if (!c) {
    c = new PostgrestClient<Database>(`${cfg.supabaseUrl}/rest/v1`, {
      headers: { apikey: cfg.supabaseAnonKey, Authorization: `Bearer ${cfg.supabaseAnonKey}` },
    });
    map.set(id, c);
  }
  return c;
}
