/**
 * The unit test's own reading of which `::part` names each element really sets
 * (tests/unit/elements-manifest.test.ts holds every register.ts `@csspart` list to it), kept apart from
 * the generator it checks (scripts/elements.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/**
 * The part names an element's own source sets (`part="a b"`, and the quoted names in `part={…}`), plus
 * those of the shared core components it renders (form fields, toasts, dialogs, the admin gate). The
 * unit test holds each element's `@csspart` list to exactly this set.
 */
export function partsInSource(folder: string): Set<string> {
  const dir = join(ROOT, 'widgets', folder);
  const parts = new Set<string>();
  let imports = '';
  // The element's folder and its subfolders (auth-button keeps its forms in forms/).
  for (const f of readdirSync(dir, { recursive: true }) as string[]) {
    if (!/\.tsx?$/.test(f)) continue;
    const src = readFileSync(join(dir, f), 'utf8');
    imports += src.match(/^import .*$/gm)?.join('\n') ?? '';
    for (const m of src.matchAll(/\bpart="([^"]*)"/g)) for (const p of m[1].split(/\s+/)) if (p) parts.add(p);
    for (const m of src.matchAll(/\bpart=\{([^}]*)\}/g)) for (const q of m[1].matchAll(/'([a-z- ]+)'/g)) for (const p of q[1].split(/\s+/)) if (p) parts.add(p);
    // A component whose part name is a prop with a default (`part = 'reply'`).
    for (const m of src.matchAll(/\bpart = '([a-z-]+)'/g)) parts.add(m[1]);
    // A part name handed to markup drawn elsewhere in an options object (`{ …, part: 'table' }`: the
    // configurator's price tables come from ui/price-table.ts).
    for (const m of src.matchAll(/\bpart: '([a-z-]+)'/g)) parts.add(m[1]);
    // Shared components take their outer part name as a prop (`<Field part="…">`, `<Modal part="…">`).
    for (const m of src.matchAll(/<(?:Field|Modal)\b[^>]*?\bpart="([^"]*)"/g)) for (const p of m[1].split(/\s+/)) if (p) parts.add(p);
  }
  const core: Record<string, string[]> = {
    'form.tsx': ['field', 'label', 'hint', 'error'],
    'toast.tsx': ['toasts', 'toast'],
    'dialog.tsx': ['dialog'],
    'admin-gate.tsx': ['root', 'loading', 'denied', 'sign-in'],
    // The admin lists' search, export, status line, list and "Load more" (kyb-admin-inbox, kyb-admin-orders).
    'admin-list.tsx': ['search', 'export', 'status', 'empty', 'list', 'load-more'],
    'tab-list.tsx': ['tabs', 'tab', 'tab-selected', 'panel'],
    // An item and the totals, drawn alike by the cart and the order screens (core/commerce.tsx).
    'commerce.tsx': ['name', 'options', 'totals'],
    // How a review looks, shared by kyb-reviews and kyb-review-moderation (ui/reviews/view/), and the
    // card both draw (ui/reviews/ReviewCard.tsx, with those pieces).
    'reviews/view/index.ts': ['avatar', 'verified', 'reply'],
    'reviews/ReviewCard.tsx': ['review', 'avatar', 'verified', 'reply'],
  };
  for (const [file, names] of Object.entries(core)) if (imports.includes(file.includes('/') ? `${file}'` : `core/${file}'`)) for (const n of names) parts.add(n);
  return parts;
}
