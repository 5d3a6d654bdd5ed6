/**
 * The local Stripe's hosted checkout page (supabase/local/stripe/pages.ts) as a customer uses it on a
 * 390 px touch phone in Chromium, against the stack over HTTP: a session created with the official SDK,
 * the page showing its lines and totals, a shipping address typed in, then 4242 4242 4242 4242 →
 * redirected to success_url with the session id. axe finds nothing on the page; nothing overflows the
 * phone's width. The declined card (4000 0000 0000 0002 → "Your card was declined.", the page and what was
 * typed kept, the session still open) is checked once, in a purchase: journeys-shop.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { useSite } from './support/hooks.ts';
import { MOBILE, ROOT } from './support/site.ts';
import { sessionParams, stripeClient } from '../support/stripe.ts';
import { fillCheckout } from './support/stripe-page.ts';

const ctx = useSite();

async function checkoutPage(successPath: string) {
  const site = ctx.site;
  const stripe = stripeClient(site.stack.config);
  const session = await stripe.checkout.sessions.create(
    sessionParams(randomUUID(), { success_url: `${site.url}${successPath}?session_id={CHECKOUT_SESSION_ID}`, cancel_url: `${site.url}/` }),
  );
  const page = await site.page({ viewport: MOBILE, isMobile: true, hasTouch: true, bypassCSP: true });
  const res = await page.goto(session.url!);
  expect(res?.status()).toBe(200);
  return { page, session, stripe };
}

const fillCustomer = (page: Page, card: string) => fillCheckout(page, card, { address: true });

describe('the local hosted checkout page at 390 px', () => {
  it('shows the order, takes 4242 and returns to success_url with the session id', async () => {
    const { page, session, stripe } = await checkoutPage('/');
    await page.getByRole('heading', { name: 'Pay KYB' }).waitFor();
    const summary = page.locator('.summary');
    for (const text of ['Jah Locs', 'Loc care kit', 'Qty 2', 'Subtotal', '$450.00', 'Shipping', '$8.00', 'Total due', '$458.00']) {
      expect(await summary.textContent()).toContain(text);
    }
    expect(await page.getByLabel('Email').inputValue()).toBe('buyer@example.com');
    expect(await page.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(`${ctx.site.url}/`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'nothing wider than the phone').toBeLessThanOrEqual(0);

    const axe = await readFile(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
    await page.addScriptTag({ content: axe });
    const violations = await page.evaluate(async () => {
      const a = (window as unknown as { axe: { run: (d: Document, o: object) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
      return (await a.run(document, { resultTypes: ['violations'] })).violations.map((v) => `${v.id} (${v.nodes.length})`);
    });
    expect(violations).toEqual([]);

    await fillCustomer(page, '4242 4242 4242 4242');
    await page.screenshot({ path: '/tmp/kyb-stripe-checkout-390.png', fullPage: true });
    await Promise.all([page.waitForURL(`${ctx.site.url}/?session_id=${session.id}`), page.getByRole('button', { name: 'Pay $458.00' }).tap()]);
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      collected_information: { shipping_details: { name: 'Ada Customer', address: { line1: '12 Loc Lane', state: 'GA' } } },
    });
  });
});
