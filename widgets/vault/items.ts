/**
 * The Vault's downloads as kyb-vault shows them (docs/tools.md#vault-and-resources, docs/data.md#entities):
 * the defaults of its `items` attribute are the Vault's own files (shared/vault.ts, which the site and
 * the lead-capture function's download e-mail read too); relative hrefs resolve against the site's
 * origin (widgets/core/config.ts siteUrl).
 */
import { VAULT_DOWNLOADS, type VaultDownload } from '../core/domain.ts';

export type VaultItem = VaultDownload;

export const VAULT_ITEMS: readonly VaultItem[] = VAULT_DOWNLOADS;

/** The attribute's items, or the defaults when it is missing or not a list of usable items. */
export function vaultItems(value: unknown): VaultItem[] {
  if (!Array.isArray(value)) return [...VAULT_ITEMS];
  const ok = value.filter(
    (x): x is VaultItem => !!x && typeof x === 'object' && typeof x.title === 'string' && x.title.trim() !== '' && typeof x.href === 'string' && x.href.trim() !== '',
  );
  if (!ok.length) return [...VAULT_ITEMS];
  return ok.map((x, i) => ({
    id: typeof x.id === 'string' && x.id ? x.id : `item-${i + 1}`,
    title: x.title.trim(),
    description: typeof x.description === 'string' ? x.description : '',
    fileType: typeof x.fileType === 'string' ? x.fileType : '',
    href: x.href.trim(),
    ...(typeof x.download === 'string' && x.download ? { download: x.download } : {}),
  }));
}

/**
 * Where a download points and how to start it: `download` only works on the page's own origin
 * (browsers ignore it across origins and would navigate away), so a cross-origin file opens in a
 * new tab instead.
 */
export function downloadTarget(href: string, siteOrigin: string, pageOrigin: string): { url: string; sameOrigin: boolean } {
  const url = new URL(href, `${siteOrigin}/`);
  return { url: url.toString(), sameOrigin: url.origin === pageOrigin };
}
