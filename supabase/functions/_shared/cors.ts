/**
 * CORS for the functions. Hosted Supabase passes a function's OPTIONS request to the function
 * itself, so each handler answers its preflight (supabase-js's own list of the headers it sends:
 * node_modules/@supabase/supabase-js/src/cors.ts).
 */
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-retry-count',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Max-Age': '86400',
};

/** The preflight answer, or null when the request is not a preflight. */
export function preflight(req: Request): Response | null {
  return req.method === 'OPTIONS' ? new Response('ok', { headers: corsHeaders }) : null;
}
