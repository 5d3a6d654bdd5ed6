/**
 * Buying on the built site, as the shop journeys do it (journeys-shop.test.ts, journeys-fulfilment.test.ts):
 * a 390 px touch phone, the header's cart and its drawer, the configurator's options, the local Stripe's
 * hosted page, the receipt on the confirmation page, the totals as the customer reads them, and the dev
 * inbox's mail for an address.
 */
import type { BrowserContext, Locator, Page } from 'playwright';
import type { signedInStorage } from './auth.ts';
import { MOBILE, type Site } from './site.ts';
import { fillCheckout } from './stripe-page.ts';

export const PHONE = { viewport: MOBILE, isMobile: true, hasTouch: true };

/** A phone context, signed in with `storageState` when given. */
export const phone = (site: Site, storageState?: Awaited<ReturnType<typeof signedInStorage>>): Promise<BrowserContext> => site.context({ ...PHONE, storageState });
export const headerCart = (page: Page) => page.locator('.site-header__actions kyb-cart');
export const drawer = (page: Page) => headerCart(page).locator('dialog[open]');

/** Taps a configurator option (its radio covers the chip). */
export const pick = (page: Page, group: string, value: string) => page.locator(`kyb-loc-configurator fieldset[data-group="${group}"] input[value="${value}"]`).tap();

export interface InboxMail {
  subject: string;
  to: string;
  text: string;
  html: string | null;
}

/** The mails the dev inbox holds for `to`, newest first. */
export async function mails(site: Site, to: string): Promise<InboxMail[]> {
  const r = await fetch(`${site.backendUrl}/inbox?format=json&to=${encodeURIComponent(to)}`);
  return r.json();
}

/** On the local Stripe's hosted page: the customer's details and a card, then Pay. */
export async function pay(page: Page, card: string, o: { email?: string; address?: boolean } = {}) {
  await page.getByRole('heading', { name: 'Pay KYB' }).waitFor();
  await fillCheckout(page, card, o);
  await page.getByRole('button', { name: /^Pay \$/ }).tap();
}

/** Opens the header's drawer and taps Checkout; answers once Stripe's page is there. */
export async function checkout(page: Page) {
  await headerCart(page).locator('[part~="button"]').tap();
  await drawer(page).getByRole('button', { name: 'Checkout' }).tap();
  await page.waitForURL(/\/stripe\/pay\/cs_/, { timeout: 20_000 });
}

/** The receipt on the confirmation page, once Stripe's word is in. */
export async function receipt(page: Page) {
  await page.waitForURL(/\/order\/confirmed\?session_id=cs_/, { timeout: 20_000 });
  const order = page.locator('kyb-order');
  await order.locator('[part~="receipt"]').waitFor({ timeout: 30_000 });
  return order;
}

/** Totals as "label amount" lines. */
export const totalsOf = (root: Locator) =>
  root.locator('.kyb-totals__row').evaluateAll((rows) => rows.map((r) => `${r.querySelector('dt')!.textContent!.trim()} ${r.querySelector('dd')!.textContent!.trim()}`));
