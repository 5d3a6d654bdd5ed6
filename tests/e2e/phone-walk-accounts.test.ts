/**
 * Issue #23, item 5, end to end on a 390 px touch phone (the built site, the local stack with its mail
 * inbox, Chromium): the confirmation link of a sign-up brings the visitor back to the page they signed up
 * from, signed in, and says so; after a password reset the toast says they are signed in; a failed
 * sign-in's toast goes when the next try succeeds. Toasts and the review journeys: phone-walk.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright';
import { createAccount, headerAuth } from './support/auth.ts';
import { useSite } from './support/hooks.ts';
import { MOBILE } from './support/site.ts';
import { widgetsUpgraded } from './support/page.ts';
import { expectToast, uid } from './support/journeys.ts';

const ctx = useSite({ autoconfirm: true });
const PHONE: BrowserContextOptions = { viewport: MOBILE, isMobile: true, hasTouch: true };

async function open(path: string): Promise<Page> {
  const page = await ctx.site.page(PHONE);
  const res = await page.goto(ctx.site.url + path);
  expect(res?.status(), `${path} answers 200`).toBe(200);
  await widgetsUpgraded(page);
  return page;
}

async function openDialog(page: Page) {
  await headerAuth(page).getByRole('button', { name: 'Sign in', exact: true }).tap();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ timeout: 15_000 });
  return dialog;
}

const toasts = (page: Page, title: string) => page.locator('[part~="toast"]').filter({ hasText: title });

describe('account feedback on a phone (issue #23, item 5)', () => {
  it('the confirmation link returns the visitor to the product page they signed up on, signed in, with a toast saying so', async () => {
    const stack = ctx.site.stack;
    const email = `confirm-${uid()}@example.com`;
    const path = '/products/jah-locs';
    stack.config.autoconfirm = false;
    try {
      const page = await open(path);
      const dialog = await openDialog(page);
      await dialog.getByRole('tab', { name: 'Create account' }).tap();
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Password').fill('confirm-me-please');
      await dialog.getByRole('button', { name: 'Create account', exact: true }).tap();
      await expectToast(page, 'Check your email', "We've sent a confirmation link to complete sign up");
      const mail = stack.ctx.mail.find((m) => m.to === email && m.kind === 'confirmation');
      expect(mail, `a confirmation mail to ${email}`).toBeDefined();
      expect(new URL(mail!.link).searchParams.get('redirect_to'), 'the link comes back to the page, on the allow-list').toBe(`${ctx.site.url}${path}`);

      // The link opened later, in a new tab of the same phone (as a mail app does).
      const landing = await page.context().newPage();
      await landing.goto(mail!.link);
      await landing.waitForURL((u) => u.origin === ctx.site.url && u.pathname === path, { timeout: 15_000 });
      await widgetsUpgraded(landing);
      await expectToast(landing, 'Email confirmed', "You're signed in. Welcome to KYB!");
      await expect.poll(() => landing.evaluate(() => document.documentElement.dataset.kybAuth), { timeout: 15_000 }).toBe('signed-in');
      expect(new URL(landing.url()).hash, 'the tokens are removed from the address').toBe('');
    } finally {
      stack.config.autoconfirm = true;
    }
  });

  it('after a password reset the toast says the visitor is signed in, on the page they asked from', async () => {
    const account = await createAccount(ctx.site, 'reset');
    const path = '/products/irie-locs';
    const page = await open(path);
    const dialog = await openDialog(page);
    await dialog.getByRole('button', { name: 'Forgot password?' }).tap();
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByRole('button', { name: 'Send reset link' }).tap();
    await expectToast(page, 'Check your email', "We've sent a link to reset your password");
    const mail = ctx.site.stack.ctx.mail.find((m) => m.to === account.email && m.kind === 'recovery');
    expect(mail, 'a reset mail').toBeDefined();

    const landing = await page.context().newPage();
    await landing.goto(mail!.link);
    await landing.waitForURL((u) => u.origin === ctx.site.url && u.pathname === path, { timeout: 15_000 });
    await widgetsUpgraded(landing);
    const reset = landing.getByRole('dialog', { name: 'Choose a new password' });
    await reset.waitFor({ timeout: 15_000 });
    await reset.getByLabel('New password').fill(`new-${uid()}-pw`);
    await reset.getByRole('button', { name: 'Save new password' }).tap();
    await expectToast(landing, 'Password updated', "You're signed in with your new password");
    expect(await landing.getByText('You can now sign in with your new password').count()).toBe(0);
    expect(await landing.evaluate(() => document.documentElement.dataset.kybAuth)).toBe('signed-in');
  });

  it('"Sign in failed" goes when the next try signs the visitor in', async () => {
    const account = await createAccount(ctx.site, 'retry');
    ctx.site.allowConsole(null, /status of 400|Invalid login/);
    const page = await open('/');
    const dialog = await openDialog(page);
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).tap();
    await toasts(page, 'Sign in failed').waitFor({ timeout: 15_000 });
    // A quick retry, well within the failure toast's few seconds on screen.
    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).tap();
    await toasts(page, 'Welcome back!').waitFor({ timeout: 15_000 });
    expect(await toasts(page, 'Sign in failed').count(), 'the failure is withdrawn by the success').toBe(0);
  });
});
