/**
 * Buying, end to end, on a 390 px touch phone (issue #20, "Done when"; docs/commerce.md): the built site,
 * the checkout and order-status functions, the local Stripe's hosted page and its signed webhooks, the
 * dev inbox. Every step is what a customer does: tap, type, read.
 *
 * - Signed in: Jah Locs 24-26 in, MD, multi-tone, 40 locs → Add to Cart → the header counts 1 → the
 *   drawer shows the options in words and the deposit → Checkout → 4242 on the local Stripe → the
 *   confirmation page shows the deposit paid and the balance due → the cart is empty → /account lists
 *   the order → one confirmation e-mail.
 * - A guest buys the planner's bundle (no address asked) and reaches the order page from its link.
 * - A mixed cart (locs, the handmade locs, the planner) ships free and charges everything in full.
 * - Cancel on Stripe's page comes back to /cart, the cart intact; a declined card leaves the order unpaid.
 */
import { describe, expect, it } from 'vitest';
import { useSite } from './support/hooks.ts';
import { createAccount, signedInStorage } from './support/auth.ts';
import { openPage } from './support/page.ts';
import { uid } from './support/journeys.ts';
import { checkout, drawer, headerCart, mails as inboxMails, pay, phone as shopPhone, pick, receipt, totalsOf } from './support/shop.ts';

const ctx = useSite();
const phone = (storageState?: Awaited<ReturnType<typeof signedInStorage>>) => shopPhone(ctx.site, storageState);
const mails = (to: string) => inboxMails(ctx.site, to);

describe('buying on a phone (issue #20)', () => {
  it('signed in: Jah Locs with a deposit, from the customizer to the receipt, My Account and one e-mail', async () => {
    const account = await createAccount(ctx.site, 'buyer');
    const context = await phone(await signedInStorage(ctx.site, account));
    const page = await context.newPage();
    await openPage(ctx.site, '/products/jah-locs', page);
    await pick(page, 'length', '24-26');
    await pick(page, 'size', 'MD');
    await pick(page, 'color', 'multi-tone');
    await pick(page, 'quantity', '40');
    await expect.poll(() => page.locator('kyb-loc-configurator [part~="price"] output').textContent()).toBe('$395');
    await page.locator('kyb-loc-configurator').getByRole('button', { name: 'Add to Cart' }).tap();
    await page.getByText('Added to cart').first().waitFor();
    await expect.poll(() => headerCart(page).locator('[part~="count"]').textContent()).toBe('1');

    await headerCart(page).locator('[part~="button"]').tap();
    const d = drawer(page);
    const line = d.locator('[part~="line"]');
    for (const words of ['Jah Locs', 'Length: 24-26 in', 'Size: MD (1.2-1.5 cm)', 'Color: Multi-tone (custom)', '40 locs (2 bundles of 20)'])
      await line.getByText(words, { exact: true }).waitFor();
    expect(await totalsOf(d)).toEqual(['Subtotal $395', 'Shipping Free', 'Total $395', 'Due today $198', 'Balance due before shipping $197']);
    await d.getByText('A deposit is collected at checkout and the balance is due before shipping.').waitFor();
    await d.getByRole('button', { name: 'Checkout' }).tap();
    await page.waitForURL(/\/stripe\/pay\/cs_/, { timeout: 20_000 });
    expect(await page.getByLabel('Email').inputValue(), "the account's address, given to Stripe").toBe(account.email);
    await pay(page, '4242 4242 4242 4242', { address: true });

    const order = await receipt(page);
    await expect.poll(() => order.locator('[part~="status"]').textContent(), { timeout: 30_000 }).toBe('Deposit paid');
    expect(await totalsOf(order)).toEqual(['Subtotal $395', 'Shipping Free', 'Total $395', 'Paid $198', 'Balance due before shipping $197']);
    await order.getByText('12 Loc Lane').waitFor();
    const number = (await order.locator('[part~="title"]').textContent())!.replace('Order ', '');
    expect(number).toMatch(/^KYB-\d+$/);
    // The cart it came from is empty, here and in the account.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('kyb-cart'))).toBeNull();
    await expect.poll(() => headerCart(page).locator('[part~="count"]').count()).toBe(0);

    await openPage(ctx.site, '/account', page);
    const mine = page.locator('kyb-order[of="account"] [part~="receipt"]');
    await mine.first().waitFor({ timeout: 20_000 });
    expect(await mine.first().locator('[part~="title"]').textContent()).toBe(`Order ${number}`);
    expect(await mine.first().locator('[part~="status"]').textContent()).toBe('Deposit paid');

    // Exactly one confirmation e-mail (the webhook and the success page both fulfil; it goes once). Once
    // every webhook has been delivered and the order's confirmation is recorded as sent, none can follow:
    // the success page has answered already (the receipt above), and the mail is claimed before it goes.
    await expect.poll(async () => (await mails(account.email)).length, { timeout: 20_000 }).toBe(1);
    await ctx.site.stack.stripe.idle();
    const service = ctx.site.service();
    const { data: paid } = await service
      .from('orders')
      .select('id')
      .eq('number', Number(number.replace('KYB-', '')))
      .single();
    await expect
      .poll(async () => (await service.from('order_mails').select('status').eq('order_id', paid!.id).eq('kind', 'confirmation')).data?.map((m) => m.status), {
        timeout: 20_000,
      })
      .toEqual(['sent']);
    const inbox = await mails(account.email);
    expect(inbox.map((m) => m.subject)).toEqual([`Deposit received: Order ${number}`]);
    await context.close();
  });

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
    const session = new URL(page.url()).pathname.split('/').pop()!;
    await pay(page, '4000 0000 0000 0002', { email: `declined-${uid()}@example.com`, address: true });
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Your card was declined.');
    const { data: payment } = await ctx.site.service().from('order_payments').select('status, order_id').eq('checkout_session_id', session).single();
    expect(payment!.status).toBe('open');
    const { data: row } = await ctx.site.service().from('orders').select('status, paid_cents').eq('id', payment!.order_id).single();
    expect(row).toEqual({ status: 'pending', paid_cents: 0 });
    // Back to the site: the cart is still there.
    await page.goto(`${ctx.site.url}/cart`);
    await page.locator('main kyb-cart').getByText('Handmade Faux Locs', { exact: true }).waitFor({ timeout: 20_000 });
    await context.close();
  });
});
