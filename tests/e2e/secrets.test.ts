/**
 * No secret reaches a browser (DEVELOPERS' standards; README.md, "Deploy"): every file the build writes
 * for the web (dist/site, the widgets inside it, and both widget builds) is read, text and binary alike,
 * and none may hold the service role key, the JWT secret, a Stripe secret or restricted key
 * (`sk_live_…`, `sk_test_…`, `rk_…`), a webhook signing secret (`whsec_…`), the local stack's own
 * Stripe keys, or the beta password. The anon key and Stripe's publishable key are public by design and
 * are not looked for. The fixture is the local stack's configuration, the secrets a careless build
 * would have at hand.
 */
import { readdir, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BETA_PASSWORD, defaultConfig } from '../../supabase/local/config.ts';
import { ROOT, assertBuilt } from './support/site.ts';

const OUTPUTS = ['dist/site', 'dist/widgets', 'dist/widgets-react'].map((d) => join(ROOT, d));

async function files(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) if (e.isFile()) out.push(join(e.parentPath, e.name));
  return out.sort();
}

describe('built files hold no secret', () => {
  it('finds none of the keys, secrets or passwords in any file the web gets', async () => {
    assertBuilt();
    const config = defaultConfig();
    const exact = {
      'service role key': config.serviceRoleKey,
      'JWT secret': config.jwtSecret,
      'local Stripe secret key': config.stripe.secretKey,
      'local webhook signing secret': config.stripe.webhookSecret,
      'beta password': DEFAULT_BETA_PASSWORD,
    };
    const patterns = {
      'a Stripe secret or restricted key': /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,}/,
      'a webhook signing secret': /\bwhsec_[A-Za-z0-9]{16,}/,
    };
    const found: string[] = [];
    let read = 0;
    for (const dir of OUTPUTS.filter((d) => existsSync(d))) {
      for (const file of await files(dir)) {
        const text = (await readFile(file)).toString('latin1');
        read++;
        for (const [what, secret] of Object.entries(exact)) if (text.includes(secret)) found.push(`${relative(ROOT, file)}: the ${what}`);
        for (const [what, re] of Object.entries(patterns)) if (re.test(text)) found.push(`${relative(ROOT, file)}: ${what} (${re.exec(text)![0].slice(0, 12)}…)`);
      }
    }
    expect(read, 'files read').toBeGreaterThan(50);
    expect(found).toEqual([]);
  });
});
