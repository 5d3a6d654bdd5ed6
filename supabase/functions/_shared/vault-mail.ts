/**
 * The one e-mail a Vault opt-in sends the visitor (issue #23; docs/tools.md#vault-and-resources): the
 * card says "check your inbox for more from the Vault!", so lead-capture keeps that promise after it has
 * stored the opt-in. The mail links the file the visitor asked for and the Vault's other files, from
 * shared/vault.ts only (the `item` a browser sends names a file; it never supplies a link), on the site's
 * address (the SITE_URL secret, else the brand's site). Its words are shared/messages.ts VAULT_MAIL.
 *
 * Consent-aware: it answers the visitor's own request and nothing more. It subscribes them to nothing,
 * says it is the only mail they will get, and goes at most once a day per address (every mail links
 * every file), so nobody can use the form to fill someone else's inbox.
 */
import { BUSINESS } from '../../../shared/business.ts';
import { VAULT_MAIL } from '../../../shared/messages.ts';
import { VAULT_DOWNLOADS } from '../../../shared/vault.ts';
import type { AdminClient } from './admin.ts';
import type { FunctionEnv } from '../../../shared/http.ts';
import { mailTransport, sendEmail, type Email } from './notify.ts';

/** At most one Vault mail per address in this long. */
export const VAULT_MAIL_EVERY_HOURS = 24;

/** The site the links point at: the SITE_URL secret, else the brand's site. */
export function siteUrlOf(env: FunctionEnv): string {
  return (env.get('SITE_URL')?.trim() || BUSINESS.siteUrl).replace(/\/+$/, '');
}

export function vaultMail(item: string, to: string, siteUrl: string): Email {
  const link = (href: string) => new URL(href, `${siteUrl}/`).toString();
  const asked = VAULT_DOWNLOADS.find((d) => d.title === item);
  const line = (d: (typeof VAULT_DOWNLOADS)[number]) => `- ${d.title} (${d.fileType}): ${link(d.href)}`;
  const body = asked
    ? [VAULT_MAIL.intro(asked.title), link(asked.href), '', VAULT_MAIL.more, ...VAULT_DOWNLOADS.filter((d) => d !== asked).map(line)]
    : [VAULT_MAIL.introAny, ...VAULT_DOWNLOADS.map(line)];
  return {
    to,
    subject: asked ? VAULT_MAIL.subject(asked.title) : VAULT_MAIL.subjectAny,
    text: ['Hello,', '', ...body, '', VAULT_MAIL.why, `${siteUrl}/`, '', VAULT_MAIL.signOff].join('\n'),
    replyTo: BUSINESS.email,
  };
}

/**
 * Sends the Vault mail for the opt-in stored as lead `leadId`, unless the deployment has no e-mail API
 * key or this address had a Vault mail within VAULT_MAIL_EVERY_HOURS (both `skipped`). Never
 * throws: the opt-in is stored, and the visitor's answer does not depend on the mail.
 */
export async function sendVaultMail(db: AdminClient, env: FunctionEnv, email: string, item: string, leadId: string): Promise<'sent' | 'failed' | 'skipped'> {
  const transport = mailTransport(env);
  if (!transport) {
    console.warn('[lead-capture] e-mail not configured (RESEND_API_KEY): Vault opt-in stored, no download e-mail sent');
    return 'skipped';
  }
  try {
    if (!(await vaultMailDue(db, email, leadId))) return 'skipped';
  } catch (e) {
    console.error('[lead-capture]', e);
    return 'failed';
  }
  // One send per opt-in, however often this runs: the API keeps the key for a day.
  return (await sendEmail(transport, { ...vaultMail(item, email, siteUrlOf(env)), idempotencyKey: `vault-optin-${leadId}` }, env)) ? 'sent' : 'failed';
}

/** False when this address was sent a Vault mail within VAULT_MAIL_EVERY_HOURS (lead `except` aside). */
async function vaultMailDue(db: AdminClient, email: string, except: string): Promise<boolean> {
  const since = new Date(Date.now() - VAULT_MAIL_EVERY_HOURS * 3600_000).toISOString();
  const { count, error } = await db
    .from('leads')
    .select('id', { count: 'exact', head: true })
    .eq('kind', 'vault_optin')
    .eq('email', email)
    .eq('notification', 'sent')
    .gt('created_at', since)
    .neq('id', except);
  if (error) throw new Error(`vault mail check failed: ${error.message}`);
  return (count ?? 0) === 0;
}
