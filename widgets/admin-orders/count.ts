/**
 * The orders the business has to act on (NEEDS_ACTION: physical orders paid and not shipped yet), as
 * the signed-in admin: the admin nav's count (kyb-inbox-count of="orders") and the orders screen's
 * summary and filter. A module of its own, so the nav's count carries nothing else of the orders screen.
 */
import type { Result } from '../core/admin-gate.tsx';
import type { KybClient } from '../core/supabase.ts';
import { NEEDS_ACTION, type OrderStatus } from '../core/domain.ts';

/** The part of postgrest-js's filter builder used here (its full generic type is too deep to carry). */
interface Filterable {
  eq(column: string, value: unknown): Filterable;
  in(column: string, values: readonly unknown[]): Filterable;
}

/** Narrows an orders query to those that need action. */
export function needingAction<Q>(query: Q): Q {
  return (query as unknown as Filterable).in('status', NEEDS_ACTION).eq('needs_shipping', true) as unknown as Q;
}

/** How many orders need action (HEAD request: the count only). */
export async function countNeedsAction(sb: KybClient): Promise<Result<number>> {
  const { error, count } = await needingAction(sb.from('orders').select('id', { count: 'exact', head: true }));
  if (error) return { ok: false, error };
  return { ok: true, value: count ?? 0 };
}

/** Whether one order needs action (the list's mark). */
export const needsAction = (o: { status: OrderStatus; needs_shipping: boolean }) => o.needs_shipping && NEEDS_ACTION.includes(o.status);
