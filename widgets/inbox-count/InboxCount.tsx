/**
 * <kyb-inbox-count>: a count for the admin pages' navigation. `of="inbox"` (default): how many admin inbox
 * items are new (issue #10), "N new"; `of="orders"`: how many orders need action (issue #21: physical orders
 * paid and not shipped yet), "N need action"; `of="rewards"`: how many rewards were issued that the admin has
 * not marked seen on /admin/rewards (issue #31), "N new". For a signed-in admin it renders the count (nothing when it
 * is 0, while loading, for anyone else, or when the count cannot be read: it is a hint beside a link, never
 * an error). It recounts when kyb-admin-inbox changes an item's status (`kyb-inbox-change`) or
 * kyb-admin-orders moves an order (`kyb-order-change`) or kyb-admin-rewards corrects a card or marks rewards seen
 * (`kyb-rewards-change`), on document, and when the session changes.
 *
 * @csspart count
 */
import { useEffect, useState } from 'react';
import { isAdmin, useAuth } from '../core/auth.ts';
import { getSupabase } from '../core/supabase.ts';
import { ordersNeedingAction } from '../core/domain.ts';
import { countNew } from '../admin-inbox/data.ts';
import { countNeedsAction } from '../admin-orders/count.ts';
import { countNewRewards } from '../admin-rewards/count.ts';

const COUNTS = {
  inbox: { count: countNew, event: 'kyb-inbox-change', text: (n: number) => `${n} new` },
  orders: { count: countNeedsAction, event: 'kyb-order-change', text: ordersNeedingAction },
  rewards: { count: countNewRewards, event: 'kyb-rewards-change', text: (n: number) => `${n} new` },
} as const;

export interface InboxCountProps {
  of?: string;
}

export function InboxCount({ of }: InboxCountProps) {
  const what = COUNTS[of === 'orders' || of === 'rewards' ? of : 'inbox'];
  const { initializing, user } = useAuth();
  const admin = !initializing && isAdmin(user);
  const [count, setCount] = useState<number | null>(null);

  useEffect(() => {
    if (!admin) {
      setCount(null);
      return;
    }
    let live = true;
    const recount = async () => {
      try {
        const r = await what.count(await getSupabase());
        if (live) setCount(r.ok ? r.value : null);
      } catch {
        if (live) setCount(null);
      }
    };
    void recount();
    document.addEventListener(what.event, recount);
    return () => {
      live = false;
      document.removeEventListener(what.event, recount);
    };
  }, [admin, user?.id, what]);

  if (!count) return null;
  return (
    <span className="ic" part="count" data-count={count}>
      {what.text(count)}
    </span>
  );
}
