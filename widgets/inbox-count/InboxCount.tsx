/**
 * <kyb-inbox-count>: how many admin inbox items are new, for the admin pages' navigation (issue #10).
 * For a signed-in admin it renders "N new" (nothing when none is new, while loading, for anyone else,
 * or when the count cannot be read: it is a hint beside a link, never an error). It recounts when kyb-admin-inbox
 * changes an item's status (`kyb-inbox-change` on document) and when the session changes.
 *
 * @csspart count
 */
import { useEffect, useState } from 'react';
import { isAdmin, useAuth } from '../core/auth.ts';
import { getSupabase } from '../core/supabase.ts';
import { countNew } from '../admin-inbox/data.ts';

export function InboxCount() {
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
        const r = await countNew(await getSupabase());
        if (live) setCount(r.ok ? r.value : null);
      } catch {
        if (live) setCount(null);
      }
    };
    void recount();
    document.addEventListener('kyb-inbox-change', recount);
    return () => {
      live = false;
      document.removeEventListener('kyb-inbox-change', recount);
    };
  }, [admin, user?.id]);

  if (!count) return null;
  return (
    <span className="ic" part="count" data-count={count}>
      {count} new
    </span>
  );
}
