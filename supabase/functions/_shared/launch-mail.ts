/**
 * The kit's launch e-mail (issue #29, item 2; docs/admin.md#kit-launch): the one e-mail the DIY kit's
 * waiting list gets, when the admin puts the kit on sale. Queued per subscription by the database
 * (product_launch_set, migration kit_launch) and sent from here: each row claimed before it goes, so it
 * goes once; a failed one is retried by the hourly run; whoever unsubscribed since is skipped. Its words
 * are shared/messages.ts LAUNCH_MAIL; it links the product page and the subscription's own unsubscribe
 * page, and nothing else.
 */
import { LAUNCH_MAIL } from '../../../shared/messages.ts';
import { productById } from '../../../shared/catalog.ts';
import { BUSINESS } from '../../../shared/business.ts';
import type { AdminClient } from './admin.ts';
import type { FunctionEnv } from '../../../shared/http.ts';
import { mailTransport, sendEmail, type Email } from './notify.ts';
import { siteUrlOf as siteUrl } from './vault-mail.ts';
import { esc, mailButtons, mailShell } from './order-mail.ts';

/** A bound on one run's work; whatever is left waits for the next run (or the next press). */
export const LAUNCH_MAIL_BATCH = 200;
/** A claim older than this was left by a process that died: it may be taken again. */
export const LAUNCH_MAIL_STALE_SECONDS = 600;

export function launchMail(product: 'diy-kit', to: string, unsubscribeToken: string, site: string): Email {
  const page = `${site}${productById(product)!.href}`;
  const unsubscribe = `${site}/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`;
  const text = [LAUNCH_MAIL.intro, '', `${LAUNCH_MAIL.cta}: ${page}`, '', LAUNCH_MAIL.signOff, '', LAUNCH_MAIL.why, `${LAUNCH_MAIL.unsubscribe}: ${unsubscribe}`].join('\n');
  // Inline styles only (mail clients drop stylesheets); a phone's width, never wider: the links are words.
  // The order e-mails' shell: a phone's width, never wider; the links are words.
  const html = mailShell(
    LAUNCH_MAIL.subject,
    `<h1 style="font-size:22px;margin:0 0 12px">${esc(LAUNCH_MAIL.subject)}</h1>
<p>${esc(LAUNCH_MAIL.intro)}</p>
${mailButtons([{ label: LAUNCH_MAIL.cta, url: page }])}
<p>${LAUNCH_MAIL.signOff.split('\n').map(esc).join('<br>')}</p>
<p style="color:#6b5a4b;font-size:14px">${esc(LAUNCH_MAIL.why)} <a href="${esc(unsubscribe)}" style="color:#6b5a4b">${esc(LAUNCH_MAIL.unsubscribe)}</a></p>`,
  );
  return { to, subject: LAUNCH_MAIL.subject, text, html, replyTo: BUSINESS.email };
}

/**
 * Sends up to LAUNCH_MAIL_BATCH owed launch e-mails of `product`. Without an e-mail API key nothing is
 * claimed: the queue waits for one (`configured: false`).
 */
export async function sendLaunchMails(db: AdminClient, env: FunctionEnv, product: 'diy-kit'): Promise<{ sent: number; failed: number; configured: boolean }> {
  const transport = mailTransport(env);
  if (!transport) return { sent: 0, failed: 0, configured: false };
  const { data, error } = await db.rpc('launch_mail_claim', { p_product: product, p_limit: LAUNCH_MAIL_BATCH, p_stale_seconds: LAUNCH_MAIL_STALE_SECONDS });
  if (error) throw new Error(`launch_mail_claim failed: ${error.message}`);
  let sent = 0;
  let failed = 0;
  const site = siteUrl(env);
  for (const m of data ?? []) {
    // One send per subscription, however often it is claimed: the API keeps the key for a day.
    const ok = await sendEmail(transport, { ...launchMail(product, m.email, m.unsubscribe_token, site), idempotencyKey: `kyb-launch-${product}-${m.subscriber_id}` }, env);
    const done = await db.rpc('launch_mail_done', { p_product: product, p_subscriber: m.subscriber_id, p_status: ok ? 'sent' : 'failed' });
    if (done.error) throw new Error(`launch_mail_done failed: ${done.error.message}`);
    if (ok) sent++;
    else failed++;
  }
  return { sent, failed, configured: true };
}
