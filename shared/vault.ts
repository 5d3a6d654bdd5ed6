/**
 * The Vault's three free downloads (docs/tools.md#vault-and-resources, docs/data.md#entities): the files
 * live on the brand's site under /downloads/. The two marked PDF are PDFs the site's build makes
 * (site/pdf.ts); the Digital one is a fillable, printable page. Read by kyb-vault (its default items),
 * the site's resources page, and the lead-capture function, whose e-mail to a visitor who asked for one
 * links them (issue #23) — from this list only, never from what a browser sent.
 */
export interface VaultDownload {
  id: string;
  title: string;
  description: string;
  fileType: 'PDF' | 'Digital' | string;
  /** Absolute URL, or a path on the site (`/downloads/…`). */
  href: string;
  /** File name suggested to the browser (same-origin downloads only). */
  download?: string;
}

export const VAULT_DOWNLOADS: readonly VaultDownload[] = [
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
