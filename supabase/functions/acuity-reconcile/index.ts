// Deno entry on hosted Supabase; the logic is in handler.ts (runtime-agnostic, also run by the local stack).
import { handle } from './handler.ts';

Deno.serve((req) =>
  handle(req, {
    supabaseUrl: Deno.env.get('SUPABASE_URL')!,
    serviceRoleKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!,
    get: (name) => Deno.env.get(name),
  }),
);
