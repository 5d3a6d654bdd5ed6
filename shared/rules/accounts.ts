/**
 * Account rules (docs/data.md#entities, docs/accounts.md#validation).
 * No imports: this file runs unchanged in Deno (functions), Node (site build, local stack, tests) and the browser.
 */

/** display_name rule: full name from metadata, else the part of the e-mail before @, else User. */
export function displayNameFor(user: { email?: string | null; user_metadata?: Record<string, unknown> | null }): string {
  const full = user.user_metadata?.full_name;
  if (typeof full === 'string' && full.trim()) return full.trim();
  const local = user.email?.split('@')[0];
  return local ? local : 'User';
}
export const PASSWORD_MIN = 6;
