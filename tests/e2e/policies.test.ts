/**
 * The cookie policy against a real browser (docs/pages.md#privacy-and-cookies): a visitor signs in,
 * builds a configuration and unlocks the beta tools on the built site and the local stack, and
 * everything then kept in the browser is a key the cookie table lists, in the storage it says, with no
 * cookie (of any origin), IndexedDB database or Cache storage; signing out removes what the table says
 * it does. The source-level guard is tests/unit/site-policies.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { BROWSER_STORAGE, type BrowserStorageId } from '../../shared/storage.ts';
import { DEFAULT_BETA_PASSWORD } from '../../supabase/local/config.ts';
import { createAccount, headerAuth, signInViaHeader } from './support/auth.ts';
import { useSite } from './support/hooks.ts';
import { journeyHelpers } from './support/journeys.ts';

const ctx = useSite({ autoconfirm: true });
const { open } = journeyHelpers(ctx);

interface Kept {
  localStorage: string[];
  sessionStorage: string[];
  documentCookie: string;
  databases: string[];
  caches: string[];
}

const kept = (page: Page): Promise<Kept> =>
  page.evaluate(async () => ({
    localStorage: Object.keys(localStorage),
    sessionStorage: Object.keys(sessionStorage),
    documentCookie: document.cookie,
    databases: (await indexedDB.databases()).map((d) => d.name ?? ''),
    caches: 'caches' in globalThis ? await caches.keys() : [],
  }));

/** The table's row for each key, or the key itself when no row (in that storage) covers it. */
function rows(k: Kept): string[] {
  const of = (area: 'localStorage' | 'sessionStorage', key: string) =>
    (Object.entries(BROWSER_STORAGE) as [BrowserStorageId, (typeof BROWSER_STORAGE)[BrowserStorageId]][]).find(([, e]) => e.area === area && e.matches(key))?.[0] ??
    `${area}:${key} (not in the cookie table)`;
  return [...k.localStorage.map((key) => of('localStorage', key)), ...k.sessionStorage.map((key) => of('sessionStorage', key))].sort();
}

describe('what the site keeps in the browser (the cookie table, /cookies)', () => {
  it('is exactly what the table lists, in the storage it names, and no cookies; signing out removes the session', async () => {
    const account = await createAccount(ctx.site, 'policies');
    const page = await ctx.site.page();
    await open('/', page);
    expect(await kept(page), 'a first visit keeps nothing').toEqual({ localStorage: [], sessionStorage: [], documentCookie: '', databases: [], caches: [] });

    await signInViaHeader(page, account);
    await expect.poll(async () => rows(await kept(page)), { message: 'signed in: the session and the profile note', timeout: 15_000 }).toEqual(['profileSynced', 'session']);

    await open('/products/jah-locs', page);
    await page.locator('kyb-loc-configurator').getByRole('radio', { name: /^MD\b/ }).check();
    await expect.poll(async () => rows(await kept(page)), { message: 'a configurator choice', timeout: 10_000 }).toEqual(['configurator', 'profileSynced', 'session']);

    await open('/beta', page);
    const field = page.locator('kyb-beta-gate input[type="password"]');
    await field.fill(DEFAULT_BETA_PASSWORD);
    await field.press('Enter');
    await page.locator('kyb-beta-gate').getByRole('heading', { name: 'Beta Access Tools' }).waitFor({ timeout: 15_000 });
    const all = await kept(page);
    expect(rows(all), 'every key kept is a row of the table').toEqual(['betaUnlocked', 'configurator', 'profileSynced', 'session']);
    expect(all.documentCookie, 'no cookie readable by the page').toBe('');
    expect(await page.context().cookies(), 'no cookie of any origin, HttpOnly included').toEqual([]);
    expect(all.databases, 'no IndexedDB').toEqual([]);
    expect(all.caches, 'no Cache storage').toEqual([]);

    await headerAuth(page).getByRole('button', { name: 'Sign out' }).click();
    await expect
      .poll(async () => rows(await kept(page)), { message: 'signed out: the session and the profile note are gone', timeout: 15_000 })
      .toEqual(['betaUnlocked', 'configurator']);
  });
});
