/**
 * The local Stripe's hosted checkout page (supabase/local/stripe/pages.ts) as a customer fills it in: the
 * e2e tests of the page itself (stripe-checkout.test.ts) and of buying on the site (journeys-shop.test.ts).
 */
import type { Page } from 'playwright';

/**
 * Types the customer's details and a card: the e-mail when asked (a guest's; a signed-in customer's is
 * given), the shipping address when the session collects one (`address`), then the card.
 */
export async function fillCheckout(page: Page, card: string, o: { email?: string; address?: boolean } = {}) {
  if (o.email) await page.getByLabel('Email').fill(o.email);
  if (o.address) {
    await page.getByLabel('Full name').fill('Ada Customer');
    await page.getByLabel('Address line 1').fill('12 Loc Lane');
    await page.getByLabel('City').fill('Atlanta');
    await page.locator('select[name=state]').selectOption('GA');
    await page.getByLabel('ZIP').fill('30303');
  }
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Cardholder name').fill('Ada Customer');
}
