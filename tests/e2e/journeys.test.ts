/**
 * The visitor journeys of issue #4, end to end: the built site in Chromium, the widgets it ships, the
 * local stack over HTTP with its real Postgres (PGlite), checked in the database with the service role.
 *
 *   sign up → signed in → sign out → sign in (header greeting with the e-mail); sign-up with e-mail
 *   confirmation (the mail link signs the visitor in); a review with a photo, approved by the admin,
 *   then listed with its image; newsletter on / and the DIY-kit waiting list on /products, both stored;
 *   Jah Locs priced from the spec's table; the beta gate (wrong password alert, right password → Beta
 *   Access Tools); a partnership inquiry stored as a lead; the profile on /account; the admin uploads,
 *   reorders, hides and deletes gallery items and the planner landing page's carousel follows.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright';
import { ADMIN } from '../support/stack.ts';
import { createAccount, headerAuth, signInViaHeader } from './support/auth.ts';
import { useSite } from './support/hooks.ts';
import { placeholderPng, widgetsUpgraded } from './support/site.ts';

const ctx = useSite({ autoconfirm: true });

const uid = () => randomUUID().slice(0, 8);

async function open(path: string, page?: Page): Promise<Page> {
  const p = page ?? (await ctx.site.page());
  const res = await p.goto(ctx.site.url + path);
  expect(res?.status(), `${path} answers 200`).toBe(200);
  await widgetsUpgraded(p);
  return p;
}

/** A toast (title and text) shown by any widget on the page. */
async function expectToast(page: Page, title: string | RegExp, text?: string | RegExp) {
  await page.getByText(title).first().waitFor({ timeout: 15_000 });
  if (text) await page.getByText(text).first().waitFor({ timeout: 5_000 });
}

const authBar = headerAuth;

async function signedInAdmin() {
  const c = ctx.site.anon();
  const { error } = await c.auth.signInWithPassword(ADMIN);
  if (error) throw new Error(`admin sign-in failed: ${error.message}`);
  return c;
}

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
    await bar.getByText(email).waitFor({ timeout: 20_000 });
    expect(await dialog.count(), 'the dialog closes on success').toBe(0);
    expect(await bar.getByRole('link', { name: 'My Account' }).getAttribute('href'), 'My Account link').toBe(`${ctx.site.url}/account`);

    await bar.getByRole('button', { name: 'Sign out' }).click();
    await expectToast(page, 'Signed out', 'You have been signed out');
    await bar.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await bar.getByText(email).count(), 'greeting gone').toBe(0);

    await page.reload();
    await widgetsUpgraded(page);
    await signInViaHeader(page, { email, password });
    await expectToast(page, 'Welcome back!', "You're signed in");
    await page.reload();
    await widgetsUpgraded(page);
    await bar.getByText(email).waitFor({ timeout: 15_000 });
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
      await bar.getByText(email).waitFor({ timeout: 20_000 });
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

describe('newsletter and waiting list (docs/newsletter-and-leads.md#newsletter-card, docs/catalog.md#products-page, docs/data.md#calls)', () => {
  it('joins the newsletter on / and the DIY-kit waiting list on /products; both are stored', async () => {
    const email = `circle-${uid()}@example.com`;
    const page = await open('/');
    const card = page.locator('kyb-newsletter');
    await card.scrollIntoViewIfNeeded();
    await card.getByLabel('Name').fill('Circle Member');
    await card.getByLabel('Email').fill(email);
    await card.getByRole('checkbox').check();
    await card.getByRole('button', { name: 'Join the Circle' }).click();
    await card.getByText('Welcome to the Circle', { exact: true }).waitFor({ timeout: 15_000 });
    await expectToast(page, 'Welcome to the Circle!');
    expect(await card.getByRole('button', { name: 'Subscribe Another Email' }).isVisible()).toBe(true);

    const waitEmail = `kit-${uid()}@example.com`;
    await open('/products', page);
    const wl = page.locator('kyb-waitlist');
    await wl.scrollIntoViewIfNeeded();
    await wl.getByLabel('Email').fill(waitEmail);
    await wl.getByRole('button', { name: /Join/ }).click();
    await wl.getByText("You're on the list!").first().waitFor({ timeout: 15_000 });
    await expectToast(page, "You're on the list!", "We'll notify you as soon as the DIY Trinity Loc Kit is available");

    const service = ctx.site.service();
    const { data: sub, error } = await service.from('subscribers').select('email, list, name, status').in('email', [email, waitEmail]).order('list');
    expect(error, 'service role reads subscribers').toBeNull();
    expect(sub, 'both subscriptions stored').toEqual([
      { email: waitEmail, list: 'diy-kit-waitlist', name: 'DIY Kit Waiting List', status: 'subscribed' },
      { email, list: 'newsletter', name: 'Circle Member', status: 'subscribed' },
    ]);
  });
});

describe('Jah Locs pricing (docs/catalog.md#product-detail-pages, #limits)', () => {
  it('prices 16-18 in, MD, one bundle at $110 + $30 = $140, and scales by bundles', async () => {
    const page = await open('/products/jah-locs');
    const cfg = page.locator('kyb-loc-configurator');
    const pick = (name: RegExp) => cfg.getByRole('radio', { name }).check();
    const total = cfg.locator('output').first();
    await pick(/^16-18 in/);
    await pick(/^MD\b/);
    await pick(/^Black\b/);
    await pick(/^20 locs/);
    await expect.poll(() => total.innerText(), { message: '16-18 in + MD, 20 locs (one bundle)', timeout: 10_000 }).toBe('$140');
    // widgets/core/pricing.ts: 40 locs are two bundles; the length price and the size adder are per bundle.
    await pick(/^40 locs/);
    await expect.poll(() => total.innerText(), { message: '40 locs = 2 × ($110 + $30)', timeout: 10_000 }).toBe('$280');
    // Multi-tone is +$75 once per order.
    await pick(/^Multi-tone/);
    await expect.poll(() => total.innerText(), { message: '+ multi-tone $75', timeout: 10_000 }).toBe('$355');
    await pick(/^XS\b/);
    await pick(/^12-14 in/);
    await pick(/^Black\b/);
    await pick(/^20 locs/);
    await expect.poll(() => total.innerText(), { message: 'the "from $90" configuration', timeout: 10_000 }).toBe('$90');
  });
});

describe('beta gate (docs/tools.md#beta-area, #messages)', () => {
  it('alerts "Incorrect password. Please try again." on a wrong password and opens Beta Access Tools on the right one', async () => {
    const page = await ctx.site.page();
    ctx.site.allowConsole(page, /status of 401/);
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(`${d.type()}: ${d.message()}`);
      void d.accept();
    });
    await open('/beta', page);
    const gate = page.locator('kyb-beta-gate');
    const field = gate.locator('input[type="password"]');
    await field.fill('not-the-password');
    await field.press('Enter');
    await expect.poll(() => alerts, { message: 'browser alert', timeout: 15_000 }).toEqual(['alert: Incorrect password. Please try again.']);
    expect(await gate.getByRole('heading', { name: 'Beta Access Tools' }).count(), 'still locked').toBe(0);
    await field.fill('crown-beta-2025');
    await field.press('Enter');
    await gate.getByRole('heading', { name: 'Beta Access Tools' }).waitFor({ timeout: 15_000 });
    expect(alerts.length, 'no second alert').toBe(1);
    expect(
      await gate
        .getByRole('link', { name: /Crown Planner|Open/ })
        .first()
        .getAttribute('href'),
    ).toMatch(/\/digital-tools\/crown-planner$/);
    for (const t of ['AI Hair Quiz', 'Community Hub', 'Digital Library', 'Smart Scheduler', 'Goals Tracker']) {
      expect.soft(await gate.getByText(t).count(), `${t} listed`).toBeGreaterThan(0);
    }
    const soon = gate.getByRole('button', { name: /Coming Soon/ });
    expect(await soon.count(), 'five Coming Soon tools').toBe(5);
    for (const b of await soon.all()) expect.soft(await b.isDisabled(), 'Coming Soon is disabled').toBe(true);
  });
});

describe('partnership inquiry (docs/newsletter-and-leads.md#partnership-inquiry, #validation)', () => {
  it('submits the form, shows the thank-you with Submit Another Inquiry, and stores the lead', async () => {
    const email = `partner-${uid()}@example.com`;
    const page = await open('/partners');
    const form = page.locator('kyb-partnership-form');
    await form.getByLabel('Full Name').fill('Pat Partner');
    await form.getByLabel('Email Address').fill(email);
    await form.getByLabel('Company/Brand Name').fill('Clean Roots Co.');
    await form.getByLabel('Partnership Type').selectOption({ label: 'Brand Collaboration' });
    await form.getByLabel('Message/Notes').fill('A co-branded scalp oil for the studio.');
    await form.getByRole('button', { name: /Submit/ }).click();
    await form
      .getByText(/thank you/i)
      .first()
      .waitFor({ timeout: 15_000 });
    const again = form.getByRole('button', { name: 'Submit Another Inquiry' });
    expect(await again.isVisible(), 'Submit Another Inquiry').toBe(true);

    const { data, error } = await ctx.site.service().from('leads').select('kind, email, payload').eq('email', email);
    expect(error).toBeNull();
    expect(data, 'the inquiry is stored as a lead').toMatchObject([
      {
        kind: 'partnership',
        email,
        payload: { name: 'Pat Partner', company: 'Clean Roots Co.', partnershipType: 'collaboration', message: 'A co-branded scalp oil for the studio.' },
      },
    ]);

    await again.click();
    const name = form.getByLabel('Full Name');
    await name.waitFor();
    expect(await name.inputValue(), 'a fresh form').toBe('');
  });
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

describe('gallery admin and the planner carousel (docs/pages.md, docs/data.md#states-and-transitions, #calls, docs/errors.md)', () => {
  it("refuses a visitor once, in place, and its Sign in opens the header's dialog", async () => {
    const page = await open('/admin/gallery');
    const panel = page.locator('kyb-gallery-admin');
    await panel.getByText('Please sign in to access the admin panel.').waitFor({ timeout: 15_000 });
    expect(await page.getByText('Authentication required').count(), 'said once (no toast repeating the card)').toBe(1);
    expect(await panel.locator('input[type="file"]').count(), 'no upload').toBe(0);
    await panel.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('dialog').getByLabel('Email').waitFor({ timeout: 15_000 });
  });

  it('uploads, reorders, hides and deletes items; the planner landing page carousel follows', async () => {
    const page = await open('/admin/gallery');
    await signInViaHeader(page, ADMIN);
    const panel = page.locator('kyb-gallery-admin');
    await panel.getByRole('heading', { name: 'Gallery Administration' }).waitFor();
    const items = panel.getByRole('listitem');
    await expect.poll(() => items.count(), { message: 'the seeded items (3 active, 1 hidden)', timeout: 10_000 }).toBe(4);
    const row = (alt: string): Locator => items.filter({ has: page.getByRole('img', { name: alt, exact: true }) });
    const COVER = 'Crown Planner cover with a gold crown on deep green';
    const WASH = 'Wash-day ritual tracker page';
    const CHECKLIST = 'Protective style install checklist';

    // Upload: appended with display_order = current count, active.
    await panel.locator('input[type="file"]').setInputFiles({ name: 'slide.png', mimeType: 'image/png', buffer: placeholderPng(5, 96, 54) });
    await expectToast(page, 'Success', /image uploaded successfully/i);
    await expect.poll(() => items.count(), { message: 'five items after the upload', timeout: 10_000 }).toBe(5);
    await panel.getByText('5 of 10 items').waitFor();
    const alt = `E2E slide ${uid()}`;
    const newest = items.nth(4);
    await newest.getByLabel('Alt text').fill(alt);
    await newest.getByLabel('Alt text').press('Tab');
    await row(alt).waitFor({ timeout: 15_000 });

    // Reorder: the new slide first, the cover last.
    await row(alt).getByLabel('Order').fill('0');
    await row(alt).getByLabel('Order').press('Enter');
    await expect
      .poll(
        async () =>
          (await row(alt).getByLabel('Order').inputValue()) === '0' &&
          (await ctx.site.service().from('planner_gallery').select('display_order').eq('alt_text', alt)).data?.[0]?.display_order,
        { message: 'order saved', timeout: 10_000 },
      )
      .toBe(0);
    await row(COVER).getByLabel('Order').fill('7');
    await row(COVER).getByLabel('Order').press('Enter');
    await expect
      .poll(async () => (await items.last().getByRole('img').first().getAttribute('alt')) ?? '', { message: 'the list is ordered by display_order', timeout: 15_000 })
      .toBe(COVER);

    // Hide the wash-day page.
    const active = row(WASH).getByRole('switch', { name: 'Active' });
    expect(await active.isChecked(), 'seeded as active').toBe(true);
    await row(WASH).getByText('Active', { exact: true }).click();
    await expect.poll(() => active.isChecked(), { message: 'the switch turns off', timeout: 10_000 }).toBe(false);
    await expect
      .poll(async () => (await ctx.site.service().from('planner_gallery').select('is_active').eq('alt_text', WASH)).data?.[0]?.is_active, {
        message: 'hidden in the database',
        timeout: 10_000,
      })
      .toBe(false);

    const visitor = await open('/digital-tools/crown-planner');
    const carousel = visitor.locator('kyb-planner-gallery');
    const thumbs = carousel.getByRole('button', { name: /^Show slide/ });
    await expect.poll(() => thumbs.count(), { message: 'three active items', timeout: 15_000 }).toBe(3);
    expect(await thumbs.evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label'))), 'active items, display_order ascending').toEqual([
      `Show slide 1: ${alt}`,
      `Show slide 2: ${CHECKLIST}`,
      `Show slide 3: ${COVER}`,
    ]);
    const first = carousel.getByRole('img', { name: alt, exact: true }).first();
    await expect.poll(() => first.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth), { message: 'the uploaded image shows first', timeout: 15_000 }).toBe(96);

    // Delete: Cancel keeps it, Delete removes it.
    await row(alt)
      .getByRole('button', { name: /Delete/ })
      .click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await row(alt).count(), 'Cancel keeps the item').toBe(1);
    await row(alt)
      .getByRole('button', { name: /Delete/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Success', 'Item deleted successfully');
    await expect.poll(() => items.count(), { message: 'four items after the delete', timeout: 10_000 }).toBe(4);

    await visitor.reload();
    await widgetsUpgraded(visitor);
    await expect
      .poll(() => thumbs.evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label'))), { message: 'the carousel follows', timeout: 15_000 })
      .toEqual([`Show slide 1: ${CHECKLIST}`, `Show slide 2: ${COVER}`]);
  }, 120_000);
});
