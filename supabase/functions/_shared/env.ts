/**
 * What a function handler gets from its runtime: Deno's environment on hosted Supabase (index.ts),
 * the local stack's config in Node (supabase/local/functions). Handlers never read globals for it, so
 * the same handler runs, and is tested, in both.
 */
export interface FunctionEnv {
  /** The project URL (SUPABASE_URL on hosted). */
  supabaseUrl: string;
  /** SUPABASE_SERVICE_ROLE_KEY: the handler's database access bypasses RLS, so it validates everything itself. */
  serviceRoleKey: string;
  /** Other settings and secrets (BETA_PASSWORD_SHA256, …). */
  get(name: string): string | undefined;
  /** The fetch the service client uses (the local stack passes its in-process fetch). */
  fetch?: typeof fetch;
  /**
   * Local stack only: a named point in a handler where the stack's crash tests may stop the process
   * (`KYB_CRASH_AT=<name>`, supabase/local/functions). Unset on hosted Supabase: a no-op there.
   */
  checkpoint?(name: string): void;
}
