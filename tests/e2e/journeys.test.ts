/**
 * The visitor journeys of issue #4 around accounts, end to end: the built site in Chromium, the widgets
 * it ships, the local stack over HTTP with its real Postgres (PGlite), checked in the database with the
 * service role.
 *
 *   sign up → signed in → sign out → sign in (header greeting with the e-mail); sign-up with e-mail
 *   confirmation (the mail link signs the visitor in); a review with a photo, approved by the admin,
 *   then listed with its image; the profile on /account.
 *
 * The lead forms and pricing: journeys-leads.test.ts; the gallery admin: journeys-admin.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createAccount, headerAuth, signInViaHeader } from './support/auth.ts';
import { useSite } from './support/hooks.ts';
import { expectToast, journeyHelpers, uid } from './support/journeys.ts';
import { placeholderPng } from './support/site.ts';
import { widgetsUpgraded } from './support/page.ts';

const ctx = useSite({ autoconfirm: true });
const { open, signedInAdmin } = journeyHelpers(ctx);
const authBar = headerAuth;
describe('accounts (docs/pages.md#shared-layout, docs/accounts.md#sign-in-dialog, #messages)', () => {
  it('signs up, shows the greeting, signs out and signs in again', async () => {
    const email = `journey-${uid()}@example.com`;
    const password = `pw-${uid()}-long`;
    const page = await open('/');
    const bar = authBar(page);
    await bar.getByRole('button', { name: 'Sign in', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Create account' }).click();
    await dialog.getByLabel('Display name').fill('Journey Tester');
    await dialog.getByLabel('Email').fill(email);
    const pw = dialog.getByLabel('Password');
    expect(await pw.getAttribute('placeholder'), 'password hint').toMatch(/at least 6 characters/i);
    await pw.fill(password);
    await dialog.getByRole('button', { name: 'Create account', exact: true }).click();
    await bar.getByTitle(email, { exact: true }).waitFor({ timeout: 20_000 });
    expect(await dialog.count(), 'the dialog closes on success').toBe(0);
    expect(await bar.getByRole('link', { name: 'My Account' }).getAttribute('href'), 'My Account link').toBe(`${ctx.site.url}/account`);

    await bar.getByRole('button', { name: 'Sign out' }).click();
    await expectToast(page, 'Signed out', 'You have been signed out');
    await bar.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await bar.getByTitle(email, { exact: true }).count(), 'greeting gone').toBe(0);

    await page.reload();
    await widgetsUpgraded(page);
    await signInViaHeader(page, { email, password });
    await expectToast(page, 'Welcome back!', "You're signed in");
    await page.reload();
    await widgetsUpgraded(page);
    await bar.getByTitle(email, { exact: true }).waitFor({ timeout: 15_000 });
  }, 120_000);

  it('with e-mail confirmation on: "Check your email", then the mail link signs the visitor in', async () => {
    const stack = ctx.site.stack;
    const email = `confirm-${uid()}@example.com`;
    stack.config.autoconfirm = false;
    try {
      const page = await open('/');
      const bar = authBar(page);
      await bar.getByRole('button', { name: 'Sign in', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('tab', { name: 'Create account' }).click();
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Password').fill('confirm-me-please');
      await dialog.getByRole('button', { name: 'Create account', exact: true }).click();
      await expectToast(page, 'Check your email', "We've sent a confirmation link to complete sign up");
      await bar.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
      const mail = stack.ctx.mail.find((m) => m.to === email && m.kind === 'confirmation');
      expect(mail, `a confirmation mail to ${email}`).toBeDefined();
      await page.goto(mail!.link);
      await page.waitForURL((u) => u.origin === ctx.site.url, { timeout: 15_000 });
      await widgetsUpgraded(page);
      await bar.getByTitle(email, { exact: true }).waitFor({ timeout: 20_000 });
      expect(new URL(page.url()).hash, 'the tokens are removed from the address').not.toMatch(/access_token/);
    } finally {
      stack.config.autoconfirm = true;
    }
  });
});

describe('reviews (docs/reviews.md#reviews-section, #review-form, #states)', () => {
  it('a signed-in user writes a review with a photo; once the admin approves it, it is listed with its image', async () => {
    const user = await createAccount(ctx.site, 'reviewer');
    const page = await open('/products/irie-locs');
    await signInViaHeader(page, user);
    const reviews = page.locator('kyb-reviews');
    await reviews.getByRole('heading', { name: 'Customer Reviews' }).waitFor();
    await reviews
      .getByRole('button', { name: /^Write (a |the First )?Review$/ })
      .first()
      .click();
    const title = `E2E photo review ${uid()}`;
    // The radios are drawn as stars: click the fifth star, as a visitor does.
    await reviews
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: '5 stars' }) })
      .click();
    expect(await reviews.getByRole('radio', { name: '5 stars' }).isChecked(), 'five stars chosen').toBe(true);
    await reviews.getByLabel('Review Title').fill(title);
    await reviews.getByLabel('Your Name').fill('Journey Reviewer');
    await reviews.getByLabel('Your Review').fill('Light, soft and they held up through a whole month of workouts.');
    expect(await reviews.getByText('Max 5 files, 5MB each').count(), 'file hint').toBeGreaterThan(0);
    await reviews.locator('input[type="file"]').setInputFiles({ name: 'locs.png', mimeType: 'image/png', buffer: placeholderPng(3, 64, 64) });
    await reviews.getByRole('list', { name: 'Chosen files' }).getByRole('listitem').first().waitFor();
    await reviews.getByRole('button', { name: 'Submit Review' }).click();
    await expectToast(page, 'Review submitted!', 'Thank you for your feedback');
    await reviews.getByRole('button', { name: 'Submit Review' }).waitFor({ state: 'detached' });
    expect(await reviews.getByRole('heading', { name: title }).count(), 'not listed before approval').toBe(0);

    const service = ctx.site.service();
    const { data: rows } = await service.from('reviews').select('id, user_id, product_slug, rating, reviewer_name, is_approved').eq('title', title);
    expect(rows, 'the review is stored, pending').toMatchObject([{ product_slug: 'irie-locs', rating: 5, reviewer_name: 'Journey Reviewer', is_approved: false }]);
    const { data: media } = await service.from('review_media').select('file_path, file_type').eq('review_id', rows![0].id);
    expect(media, 'its photo is stored at {user id}/{review id}/0.png').toEqual([{ file_path: `${rows![0].user_id}/${rows![0].id}/0.png`, file_type: 'image/png' }]);

    const admin = await signedInAdmin();
    const { data: approved, error } = await admin.from('reviews').update({ is_approved: true }).eq('id', rows![0].id).select('id');
    expect(error, 'the admin may approve').toBeNull();
    expect(approved?.length, 'one review approved').toBe(1);

    await page.reload();
    await widgetsUpgraded(page);
    const card = reviews.locator('article').filter({ has: page.getByRole('heading', { name: title }) });
    await card.waitFor({ timeout: 15_000 });
    const today = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'America/New_York' }).format(new Date());
    expect(await card.innerText(), 'dated in US English long form').toContain(today);
    const img = card.locator('img').first();
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth), { message: 'the photo loads', timeout: 15_000 }).toBe(64);
  }, 120_000);
});

describe('My Account (docs/pages.md, docs/limits.md#validation-rules, docs/errors.md)', () => {
  it('edits the display name (saved, still there after a reload); signing out on /account leads to /', async () => {
    const user = await createAccount(ctx.site, 'profile');
    const page = await open('/');
    await signInViaHeader(page, user);
    await authBar(page).getByRole('link', { name: 'My Account' }).click();
    await page.waitForURL(`${ctx.site.url}/account`);
    await widgetsUpgraded(page);
    const account = page.locator('kyb-account');
    const nameField = account.getByLabel('Display name');
    await nameField.waitFor();
    const emailField = account.getByLabel('Email');
    expect(await emailField.inputValue(), 'the e-mail is shown').toBe(user.email);
    expect(await emailField.evaluate((e: HTMLInputElement) => e.readOnly || e.disabled), 'read-only').toBe(true);
    expect(await account.getByText('Email cannot be changed').count(), 'says why').toBeGreaterThan(0);
    const newName = `Crown Keeper ${uid()}`;
    await nameField.fill(`  ${newName}  `);
    await account.getByRole('button', { name: /Save|Update/ }).click();
    await expectToast(page, 'Success', 'Profile updated successfully');
    await page.reload();
    await widgetsUpgraded(page);
    await expect.poll(() => account.getByLabel('Display name').inputValue(), { message: 'saved, trimmed', timeout: 15_000 }).toBe(newName);
    const { data } = await ctx.site.service().from('profiles').select('display_name').eq('display_name', newName);
    expect(data?.length, 'stored in profiles').toBe(1);

    await authBar(page).getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${ctx.site.url}/`, { timeout: 15_000 });
  });

  it('sends a signed-out visitor from /account to /', async () => {
    const page = await ctx.site.page();
    await page.goto(`${ctx.site.url}/account`);
    await page.waitForURL(`${ctx.site.url}/`, { timeout: 20_000 });
  });
});
