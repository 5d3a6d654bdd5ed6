/**
 * The visitor journeys of issue #4 that leave a lead or a price, end to end on the built site and the
 * local stack (checked in the database with the service role): newsletter on / and the DIY-kit waiting
 * list on /products, both stored; Jah Locs priced from the spec's table; the beta gate (wrong password
 * alert, right password → Beta Access Tools); a partnership inquiry stored as a lead.
 */
import { describe, expect, it } from 'vitest';
import { useSite } from './support/hooks.ts';
import { expectToast, journeyHelpers, uid } from './support/journeys.ts';

const ctx = useSite({ autoconfirm: true });
const { open } = journeyHelpers(ctx);
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
      { email: waitEmail, list: 'diy-kit-waitlist', name: null, status: 'subscribed' },
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
    // shared/pricing.ts: 40 locs are two bundles; the length price and the size adder are per bundle.
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
