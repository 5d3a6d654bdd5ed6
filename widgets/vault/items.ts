/**
 * The Vault's three downloads (docs/tools.md#vault-and-resources, docs/data.md#entities). Defaults for
 * kyb-vault's `items` attribute: the files live on the brand's site under /downloads/ (relative
 * hrefs resolve against the site's origin, widgets/core/config.ts siteUrl). The two marked PDF are
 * PDFs the site's build makes (site/pdf.ts); the Digital one is a fillable, printable page.
 */
export interface VaultItem {
  id: string;
  title: string;
  description: string;
  fileType: 'PDF' | 'Digital' | string;
  /** Absolute URL, or a path on the site (`/downloads/…`). */
  href: string;
  /** File name suggested to the browser (same-origin downloads only). */
  download?: string;
}

export const VAULT_ITEMS: readonly VaultItem[] = [
  {
    id: 'starter-care-checklist',
    title: 'Starter Care Checklist',
    description: 'The first 90 days of a new loc or protective-style install, week by week.',
    fileType: 'PDF',
    href: '/downloads/starter-care-checklist.pdf',
    download: 'kyb-starter-care-checklist.pdf',
  },
  {
    id: 'takedown-guide',
    title: 'Takedown Guide',
    description: 'Remove braids, twists and loc extensions gently, without losing length or breaking your edges.',
    fileType: 'PDF',
    href: '/downloads/takedown-guide.pdf',
    download: 'kyb-takedown-guide.pdf',
  },
  {
    id: 'ritual-tracker',
    title: 'Ritual Tracker',
    description: 'A printable and fillable tracker for wash days, oiling, retwists and how your scalp feels.',
    fileType: 'Digital',
    href: '/downloads/ritual-tracker.html',
    download: 'kyb-ritual-tracker.html',
  },
];

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
