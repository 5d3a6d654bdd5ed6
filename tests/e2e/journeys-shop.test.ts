/**
 * Buying, end to end, on a 390 px touch phone (issue #20, "Done when"; docs/commerce.md): the built site,
 * the checkout and order-status functions, the local Stripe's hosted page and its signed webhooks, the
 * dev inbox. Every step is what a customer does: tap, type, read.
 *
 * - Signed in, Jah Locs with a deposit (the customizer, the drawer's words and deposit, the receipt, the
 *   emptied cart, /account, one confirmation e-mail): bought once, at the start of the order's whole
 *   life in journeys-fulfilment.test.ts.
 * - A guest buys the planner's bundle (no address asked) and reaches the order page from its link.
 * - A mixed cart (locs, the handmade locs, the planner) ships free and charges everything in full.
 * - Cancel on Stripe's page comes back to /cart, the cart intact; a declined card leaves the order unpaid.
 */
import { describe, expect, it } from 'vitest';
import { useSite } from './support/hooks.ts';
import { openPage } from './support/page.ts';
import { uid } from './support/journeys.ts';
import { stripeClient } from '../support/stripe.ts';
import { checkout, drawer, headerCart, mails as inboxMails, pay, phone as shopPhone, pick, receipt, totalsOf } from './support/shop.ts';

const ctx = useSite();
const phone = () => shopPhone(ctx.site);
const mails = (to: string) => inboxMails(ctx.site, to);

describe('buying on a phone (issue #20)', () => {
  it("a guest buys the planner's bundle: no address asked, the receipt, the order page from its link, one e-mail", async () => {
    const email = `guest-${uid()}@example.com`;
    const context = await phone();
    const page = await context.newPage();
    await openPage(ctx.site, '/digital-tools/crown-planner', page);
    await page.getByRole('button', { name: 'Buy the Bundle' }).tap();
    const d = drawer(page);
    await d.locator('[part~="line"]').getByText('Crown Planner Bundle', { exact: true }).waitFor();
    expect(await totalsOf(d)).toEqual(['Subtotal $27', 'Total $27']);
    await d.getByRole('button', { name: 'Checkout' }).tap();
    await page.waitForURL(/\/stripe\/pay\/cs_/, { timeout: 20_000 });
    expect(await page.getByLabel('Address line 1').count(), 'a download ships nothing').toBe(0);
    await pay(page, '4242 4242 4242 4242', { email });
    const order = await receipt(page);
    await expect.poll(() => order.locator('[part~="status"]').textContent(), { timeout: 30_000 }).toBe('Paid');
    expect(await totalsOf(order)).toEqual(['Subtotal $27', 'Total $27', 'Paid $27']);
    await order.getByText(`Receipt sent to ${email}`).waitFor();
    const link = await order.locator('[part~="link"] a').getAttribute('href');
    expect(link).toMatch(/\/order\?token=/);
    await page.goto(link!);
    const again = page.locator('kyb-order');
    await again.locator('[part~="receipt"]').waitFor({ timeout: 20_000 });
    expect(await again.locator('[part~="status"]').textContent()).toBe('Paid');
    await expect.poll(async () => (await mails(email)).length, { timeout: 20_000 }).toBe(1);
    await context.close();
  });

  it('a mixed cart (locs, the handmade locs, the planner) ships free over $100 and charges everything in full', async () => {
    const context = await phone();
    const page = await context.newPage();
    await openPage(ctx.site, '/products/trinity-locs', page);
    await pick(page, 'length', '20');
    await page.locator('kyb-loc-configurator').getByRole('button', { name: 'Add to Cart' }).tap();
    await expect.poll(() => headerCart(page).locator('[part~="count"]').textContent()).toBe('1');
    await openPage(ctx.site, '/handmade-locs', page);
    await page.getByRole('button', { name: 'Add to Cart' }).tap();
    await expect.poll(() => headerCart(page).locator('[part~="count"]').textContent()).toBe('2');
    await openPage(ctx.site, '/digital-tools/crown-planner', page);
    await page.getByRole('button', { name: 'Buy the PDF' }).tap();
    const d = drawer(page);
    await d.locator('[part~="line"]').getByText('Crown Planner PDF', { exact: true }).waitFor();
    expect(await d.locator('[part~="line"]').count()).toBe(3);
    expect(await totalsOf(d)).toEqual(['Subtotal $190', 'Shipping Free', 'Total $190']);
    await d.getByRole('button', { name: 'Checkout' }).tap();
    await page.waitForURL(/\/stripe\/pay\/cs_/, { timeout: 20_000 });
    await pay(page, '4242 4242 4242 4242', { email: `mixed-${uid()}@example.com`, address: true });
    const order = await receipt(page);
    await expect.poll(() => order.locator('[part~="status"]').textContent(), { timeout: 30_000 }).toBe('Paid');
    expect(await order.locator('[part~="item"]').count()).toBe(3);
    expect(await totalsOf(order)).toEqual(['Subtotal $190', 'Shipping Free', 'Total $190', 'Paid $190']);
    await context.close();
  });

  it("Cancel on Stripe's page comes back to /cart with the cart intact; a declined card leaves the order unpaid", async () => {
    const context = await phone();
    const page = await context.newPage();
    await openPage(ctx.site, '/handmade-locs', page);
    await page.getByRole('button', { name: 'Add to Cart' }).tap();
    await expect.poll(() => headerCart(page).locator('[part~="count"]').textContent()).toBe('1');
    await checkout(page);
    await page.getByRole('link', { name: /Back/ }).tap();
    await page.waitForURL(`${ctx.site.url}/cart?checkout=cancelled`);
    const cart = page.locator('main kyb-cart');
    await cart.getByText('Checkout cancelled').waitFor({ timeout: 20_000 });
    await cart.getByText('Handmade Faux Locs', { exact: true }).waitFor();
    expect(await totalsOf(cart)).toEqual(['Subtotal $79', 'Shipping $8', 'Total $87']);

    // A new press from the cart page itself, and a card that is declined.
    await cart.getByRole('button', { name: 'Checkout' }).tap();
    await page.waitForURL(/\/stripe\/pay\/cs_/, { timeout: 20_000 });
    const sessionUrl = page.url();
    const session = new URL(sessionUrl).pathname.split('/').pop()!;
    const declined = `declined-${uid()}@example.com`;
    await pay(page, '4000 0000 0000 0002', { email: declined, address: true });
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Your card was declined.');
    // Stripe's page stays, with what was typed, so the customer only changes the card (the one declined
    // card of the e2e suite: stripe-checkout.test.ts covers the page's paid path).
    expect(page.url()).toBe(sessionUrl);
    expect(await page.getByLabel('Address line 1').inputValue()).toBe('12 Loc Lane');
    await page.screenshot({ path: '/tmp/kyb-stripe-declined-390.png', fullPage: true });
    expect((await stripeClient(ctx.site.stack.config).checkout.sessions.retrieve(session)).status, 'the session stays open at Stripe').toBe('open');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: '/tmp/kyb-stripe-declined-1280.png', fullPage: true });
    const { data: payment } = await ctx.site.service().from('order_payments').select('status, order_id').eq('checkout_session_id', session).single();
    expect(payment!.status).toBe('open');
    const { data: row } = await ctx.site.service().from('orders').select('status, paid_cents').eq('id', payment!.order_id).single();
    expect(row).toEqual({ status: 'pending', paid_cents: 0 });
    await ctx.site.stack.stripe.idle();
    expect(await mails(declined), 'no receipt for a declined card').toEqual([]);
    // Back to the site: the cart is still there.
    await page.goto(`${ctx.site.url}/cart`);
    await page.locator('main kyb-cart').getByText('Handmade Faux Locs', { exact: true }).waitFor({ timeout: 20_000 });
    await context.close();
  });
});
