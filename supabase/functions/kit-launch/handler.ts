/**
 * kit-launch (issue #29, item 2; docs/admin.md#kit-launch): the DIY Trinity Kit's launch switch.
 *   read     `{product}` from a signed-in admin → 200 KitLaunchState
 *   switch   `{product, onSale}` from a signed-in admin → 200 KitLaunchState
 *   schedule `{}` with the service role key → 200 `{sent, failed}`
 * | 400 `{error, field}` | 401 | 403 | 429.
 *
 * The switch puts the kit on sale (or off) with no deploy: the database records it (product_launch_set,
 * migration kit_launch), the checkout function reads it at each press, and the product's pages are built
 * again through the ratings' rebuild hook (site_rebuild_request, then the site-rebuild job). Turning it
 * on queues the launch e-mail for everyone on the kit's waiting list, once; this function sends the
 * queue at once, and the hourly run (hosted: pg_cron, README "Deploy"; local: supabase/local/functions/
 * jobs.ts) sends again what failed. The browser holds no key: this function checks that the caller is an
 * admin, as admin-orders does.
 */
import { firstIssuePath, kitLaunchRequest, type KitLaunchState } from '../../../shared/contracts.ts';
import { COMMERCE_MESSAGES, LAUNCH_MESSAGES } from '../../../shared/messages.ts';
import { PRODUCTS } from '../../../shared/catalog.ts';
import type { AdminClient } from '../_shared/admin.ts';
import { callerOf, SESSION_EXPIRED } from '../_shared/caller.ts';
import { postJsonHandler } from '../_shared/handler.ts';
import { isServiceRole, json } from '../_shared/http.ts';
import { mailTransport } from '../_shared/notify.ts';
import { RATE_LIMITS } from '../_shared/rate-limit.ts';
import { sendLaunchMails } from '../_shared/launch-mail.ts';
import type { FunctionEnv } from '../../../shared/http.ts';

/** The products that launch by the switch: the catalogue's Coming Soon ones. */
const LAUNCHES = PRODUCTS.filter((p) => p.comingSoon).map((p) => p.id as 'diy-kit');

async function state(db: AdminClient, env: FunctionEnv, product: 'diy-kit'): Promise<KitLaunchState> {
  const { data: launch, error } = await db.from('product_launches').select('on_sale, changed_at, waitlist').eq('product', product).single();
  if (error) throw new Error(`product_launches read failed: ${error.message}`);
  const { count, error: countError } = await db.from('subscribers').select('id', { count: 'exact', head: true }).eq('list', launch.waitlist).eq('status', 'subscribed');
  if (countError) throw new Error(`subscribers count failed: ${countError.message}`);
  const mails = { queued: 0, sending: 0, sent: 0, failed: 0, skipped: 0 };
  for (const status of Object.keys(mails) as (keyof typeof mails)[]) {
    const { count: n, error: e } = await db.from('launch_mails').select('subscriber_id', { count: 'exact', head: true }).eq('product', product).eq('status', status);
    if (e) throw new Error(`launch_mails count failed: ${e.message}`);
    mails[status] = n ?? 0;
  }
  return { product, onSale: launch.on_sale, changedAt: launch.changed_at, waiting: count ?? 0, mails, mailConfigured: mailTransport(env) !== null };
}

export const handle = postJsonHandler({
  name: 'kit-launch',
  perClient: RATE_LIMITS.adminPerClient,
  async handle({ req, env, db, body }) {
    // The schedule: what is owed of every launch, sent again.
    if (isServiceRole(req, env)) {
      let sent = 0;
      let failed = 0;
      for (const product of LAUNCHES) {
        const r = await sendLaunchMails(db, env, product);
        sent += r.sent;
        failed += r.failed;
      }
      return json({ sent, failed });
    }
    const who = await callerOf(db, req);
    if (who === 'expired') return json({ error: SESSION_EXPIRED }, 401);
    if (!who) return json({ error: COMMERCE_MESSAGES.adminSignIn }, 401);
    if (!who.admin) return json({ error: LAUNCH_MESSAGES.adminOnly }, 403);
    const parsed = kitLaunchRequest.safeParse(body);
    if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? COMMERCE_MESSAGES.invalidRequest, field: firstIssuePath(parsed.error) }, 400);
    const { product, onSale } = parsed.data;
    if (onSale !== undefined) {
      const { error } = await db.rpc('product_launch_set', { p_product: product, p_on_sale: onSale, p_by: who.id });
      if (error) throw new Error(`product_launch_set failed: ${error.message}`);
      // The queue goes now; what fails waits for the hourly run, and the admin sees it counted.
      if (onSale) await sendLaunchMails(db, env, product);
    }
    return json(await state(db, env, product));
  },
});
