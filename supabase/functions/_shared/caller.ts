/**
 * Who is calling a function: the signed-in user of the request's token, checked with the auth server
 * (a function gets the anon key from a signed-out visitor, a user's access token otherwise). With
 * verify_jwt = false the gateway checks nothing, so this is the check. The header is read as GoTrue reads
 * it (shared/http.ts, rule `ours`): a header the auth server would refuse carries no token here either.
 */
import type { AdminClient } from './admin.ts';
import { bearerToken } from '../../../shared/http.ts';

export interface Caller {
  id: string;
  email: string | null;
  /** Their address, lower-cased, once confirmed (private.my_confirmed_email() in SQL); null before. */
  confirmedEmail: string | null;
  /** app_metadata.role = 'admin', set server-side only (the same rule as public.is_admin()). */
  admin: boolean;
}

/** The signed-in caller; null for the anon key (a guest); 'expired' for a user token the auth server refuses. */
export async function callerOf(db: AdminClient, req: Request): Promise<Caller | null | 'expired'> {
  const token = bearerToken(req, 'ours') ?? '';
  let role: unknown;
  try {
    role = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).role;
  } catch {
    return null;
  }
  if (role !== 'authenticated') return null;
  const { data, error } = await db.auth.getUser(token);
  if (error || !data.user) return 'expired';
  const u = data.user;
  return { id: u.id, email: u.email ?? null, confirmedEmail: u.email && u.email_confirmed_at ? u.email.toLowerCase() : null, admin: u.app_metadata?.role === 'admin' };
}

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
