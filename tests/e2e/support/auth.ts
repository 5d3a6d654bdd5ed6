/**
 * Accounts for the e2e tests: create one through the stack's auth API (autoconfirmed stack), sign in
 * through the header's dialog exactly as a visitor does (docs/accounts.md#sign-in-dialog), or start a
 * browser already signed in.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContextOptions, Page } from 'playwright';
import { authStorageKey } from '../../../shared/storage.ts';
import type { Site } from './site.ts';

export interface Account {
  email: string;
  password: string;
}

export async function createAccount(site: Site, prefix = 'e2e'): Promise<Account> {
  const account = { email: `${prefix}-${randomUUID().slice(0, 8)}@example.com`, password: `pw-${randomUUID().slice(0, 12)}` };
  const { data, error } = await site.anon().auth.signUp(account);
  if (error) throw new Error(`sign-up of ${account.email} through the stack failed: ${error.message}`);
  if (!data.session) throw new Error('the e2e stack must autoconfirm sign-ups (startSite({autoconfirm: true}))');
  return account;
}

/** The header bar's account control (the slide-out menu holds a second one, `layout="menu"`). */
export const headerAuth = (page: Page) => page.locator('.site-header__actions kyb-auth-button');

/** Opens the header's dialog, signs in, and waits for the greeting, whose tooltip is the e-mail (1280 px: the full bar). */
export async function signInViaHeader(page: Page, a: Account): Promise<void> {
  const bar = headerAuth(page);
  await bar.hover(); // the button's code loads when the visitor reaches for it
  await bar.getByRole('button', { name: 'Sign in', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(a.email);
  await dialog.getByLabel('Password').fill(a.password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await bar.getByTitle(a.email, { exact: true }).waitFor({ timeout: 20_000 });
}

/**
 * The browser storage of a visitor whose sign-in has already happened: contexts made with it start
 * signed in as `a`, at any viewport. The session comes from the stack's auth API (the password grant
 * the dialog's Sign in sends) and is stored under the key supabase-js reads (shared/storage.ts), as the
 * playground's dev server does (scripts/vite/local-backend.ts). Signing in through the header is a
 * journey of its own (signInViaHeader, journeys.test.ts): as a fixture it cost a page load, the
 * button's code and the dialog, about 4 s each time, 23 times a run (issue #28).
 */
export async function signedInStorage(site: Site, a: Account): Promise<NonNullable<BrowserContextOptions['storageState']>> {
  const { data, error } = await site.anon().auth.signInWithPassword(a);
  if (error || !data.session) throw new Error(`sign-in of ${a.email} through the stack failed: ${error?.message ?? 'no session'}`);
  return { cookies: [], origins: [{ origin: site.url, localStorage: [{ name: authStorageKey(site.backendUrl), value: JSON.stringify(data.session) }] }] };
}
