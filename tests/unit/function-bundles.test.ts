/**
 * What `supabase functions deploy` uploads for each function. The CLI starts at the entry point, follows
 * every relative import that names a file (`./x.ts`, `../../../shared/x.ts`), and uploads each file it
 * reaches by its path from the project root (supabase/functions/README.md, "Deploy"). A file it cannot
 * read, or one outside the project, fails the deploy; this walk catches both before a deploy does, and
 * holds the functions to importing only the parts of shared/ they use (`deno check` in
 * tests/backend/functions-deno.test.ts checks that the same imports resolve under Deno).
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { FUNCTIONS_DIR, functionNames } from '../../supabase/local/functions/index.ts';

const ROOT = resolve(FUNCTIONS_DIR, '..', '..');
/** `import … from '…'`, `export … from '…'`, `import('…')`: the forms the CLI follows. */
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function uploadedFiles(name: string): string[] {
  const seen = new Set<string>();
  const queue = [join(FUNCTIONS_DIR, name, 'index.ts')];
  while (queue.length) {
    const file = queue.pop() as string;
    const path = relative(ROOT, file);
    if (seen.has(path)) continue;
    if (path.startsWith('..') || !existsSync(file)) throw new Error(`${name}: ${path} cannot be uploaded`);
    seen.add(path);
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      if (spec.startsWith('./') || spec.startsWith('../')) queue.push(resolve(dirname(file), spec));
    }
  }
  return [...seen].sort();
}

describe('function deploy bundles', () => {
  const bundles = Object.fromEntries(functionNames().map((n) => [n, uploadedFiles(n)]));

  it('reach only the function, _shared/, shared/ and the Database type', () => {
    for (const [name, files] of Object.entries(bundles)) {
      for (const f of files) expect(f, name).toMatch(new RegExp(`^(supabase/functions/(${name}|_shared)/|shared/|supabase/types/database\\.ts$)`));
    }
  });

  // Every function reads its request through shared/http.ts (_shared/http.ts: capped bodies, JSON checks)
  // and answers in the message catalogue's words, which carry the rules they quote. The form functions
  // carry the zod contracts too; the shop's functions carry the catalog and its prices (they price every
  // order themselves: docs/commerce.md#checkout). The jobs and the webhook read no form: no contracts.
  const FRAME = ['shared/http.ts', 'shared/messages.ts', 'shared/rules/accounts.ts', 'shared/rules/commerce.ts', 'shared/rules/forms.ts'];
  const FORMS = [...FRAME, 'shared/contracts.ts'].sort();
  const SHOP_JOBS = [...FRAME, 'shared/business.ts', 'shared/cart.ts', 'shared/catalog.ts', 'shared/money.ts', 'shared/orders.ts', 'shared/pricing.ts'].sort();
  const SHOP = [...SHOP_JOBS, 'shared/contracts.ts'].sort();
  const SHARED: Record<string, string[]> = {
    // link-click checks ids against the links of /links (shared/links.ts, with the business's links).
    'link-click': [...FRAME, 'shared/business.ts', 'shared/links.ts'].sort(),
    checkout: SHOP,
    'order-status': SHOP,
    'admin-orders': SHOP,
    'stripe-webhook': SHOP_JOBS,
    'review-requests': SHOP_JOBS,
    'stripe-reconcile': SHOP_JOBS,
    'review-media-cleanup': FRAME.sort(),
    // The rewards card's rule (shared/catalog.ts REWARDS_CARD) decides when a visit earns a code.
    'acuity-webhook': [...FRAME, 'shared/catalog.ts'].sort(),
    'rewards-punches': [...FRAME, 'shared/catalog.ts'].sort(),
    // The reconcile job applies what it finds through the webhook's path, codes included.
    'acuity-reconcile': [...FRAME, 'shared/catalog.ts'].sort(),
    // The correction checks its request (shared/contracts.ts) and issues what an added punch earned.
    'admin-rewards': [...FRAME, 'shared/catalog.ts', 'shared/contracts.ts'].sort(),
    'site-rebuild': FRAME.sort(),
    // kit-launch mails the waiting list with the order e-mails' shell (thumbnails from the cart) and the
    // site's address as the Vault's e-mail builds it (_shared/vault-mail.ts siteUrlOf).
    'kit-launch': [...SHOP, 'shared/vault.ts'].sort(),
    // lead-capture's Vault e-mail links the Vault's files on the brand's site (issue #23).
    'lead-capture': [...FORMS, 'shared/business.ts', 'shared/vault.ts'].sort(),
  };

  it('take from shared/ only what the handlers use', () => {
    for (const [name, files] of Object.entries(bundles)) {
      expect(
        files.filter((f) => f.startsWith('shared/')),
        name,
      ).toEqual(SHARED[name] ?? FORMS);
    }
  });
});
