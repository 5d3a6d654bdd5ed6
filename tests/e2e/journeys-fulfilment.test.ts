/**
 * Running the orders, end to end (issue #21, "Done when"; docs/admin.md#orders, docs/commerce.md#fulfilment):
 * the built site, the shop's functions, the local Stripe's hosted page and its signed webhooks, the dev
 * inbox and the review-requests job. The admin works at 1280 px; the customer on a 390 px touch phone.
 *
 * - A Jah Locs order paid by deposit, signed in (the customizer, the drawer, the receipt, the emptied
 *   cart, /account and one confirmation e-mail, as issue #20 asks) → the admin starts production → marks it ready, which e-mails the
 *   balance → the customer pays it from the e-mailed link → the admin ships it with a tracking number →
 *   the customer's order page shows the tracking → delivered → a week later the job sends the review
 *   request → the customer follows it (signed out: the sign-in comes first), writes the review → the
 *   admin approves it → it shows "Verified Purchase".
 * - The planner bought as a guest → Download works, from the receipt and from the order's link → a
 *   refund on the local Stripe (its SDK's refunds.create) → Download is refused and the order shows
 *   Refunded.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright';
import { ADMIN } from '../support/stack.ts';
import { stripeClient } from '../support/stripe.ts';
import { createAccount, signedInStorage } from './support/auth.ts';
import { useSite } from './support/hooks.ts';
import { expectToast, uid } from './support/journeys.ts';
import { openPage } from './support/page.ts';
import { drawer, headerCart, mails, pay, phone, pick, receipt, totalsOf } from './support/shop.ts';
import { DESKTOP } from './support/site.ts';

const ctx = useSite();

/** The first mail to `to` whose subject matches, once it has arrived. */
async function mailTo(to: string, subject: RegExp) {
  let found: Awaited<ReturnType<typeof mails>>[number] | undefined;
  await expect
    .poll(
      async () => {
        found = (await mails(ctx.site, to)).find((m) => subject.test(m.subject));
        return !!found;
      },
      { message: `a mail "${subject}" to ${to}`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** The admin's orders screen, with the order `number` (KYB-1234) open. */
async function openOrder(admin: Page, number: string): Promise<Locator> {
  const orders = admin.locator('kyb-admin-orders');
  const dialog = orders.getByRole('dialog');
  if (await dialog.count()) await dialog.getByRole('button', { name: 'Close' }).click();
  await orders.getByLabel('Search').fill(number);
  const row = orders.locator(`li[data-number="${number.slice(4)}"]`);
  await expect.poll(() => orders.locator('li[part~="item"]').count(), { timeout: 15_000 }).toBe(1);
  await row.getByRole('button', { name: `Open ${number}` }).click();
  await dialog.getByRole('heading', { name: `Order ${number}` }).waitFor();
  return dialog;
}

describe('running the orders (issue #21)', () => {
  it('a Jah Locs order from the deposit to a Verified Purchase review', async () => {
    // The customer buys Jah Locs on a phone, signed in, and pays the deposit with 4242 (issue #20's
    // signed-in purchase: the customizer, the drawer in words, the receipt, the emptied cart, /account and
    // one confirmation e-mail are checked here, the one time the suite buys it).
    const account = await createAccount(ctx.site, 'jah');
    const customer = await phone(ctx.site, await signedInStorage(ctx.site, account));
    const page = await customer.newPage();
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
    const confirmed = await receipt(page);
    await expect.poll(() => confirmed.locator('[part~="status"]').textContent(), { timeout: 30_000 }).toBe('Deposit paid');
    expect(await totalsOf(confirmed)).toEqual(['Subtotal $395', 'Shipping Free', 'Total $395', 'Paid $198', 'Balance due before shipping $197']);
    await confirmed.getByText('12 Loc Lane').waitFor();
    const number = (await confirmed.locator('[part~="title"]').textContent())!.replace('Order ', '');
    expect(number).toMatch(/^KYB-\d+$/);
    // Not due yet, but the balance may be paid now: the page says so.
    await confirmed.getByText('The $197 balance is due before shipping.', { exact: false }).waitFor();
    // The cart it came from is empty, here and in the account (a member's emptied cart stays stored as
    // theirs, with no lines: widgets/cart/store.ts).
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('kyb-cart') ?? '{"lines":[]}').lines.length)).toBe(0);
    await expect.poll(() => headerCart(page).locator('[part~="count"]').count()).toBe(0);

    await openPage(ctx.site, '/account', page);
    const mine = page.locator('kyb-order[of="account"] [part~="receipt"]');
    await mine.first().waitFor({ timeout: 20_000 });
    expect(await mine.first().locator('[part~="title"]').textContent()).toBe(`Order ${number}`);
    expect(await mine.first().locator('[part~="status"]').textContent()).toBe('Deposit paid');

    // Exactly one confirmation e-mail (the webhook and the success page both fulfil; it goes once). Once
    // every webhook has been delivered and the order's confirmation is recorded as sent, none can follow:
    // the success page has answered already (the receipt above), and the mail is claimed before it goes.
    await expect.poll(async () => (await mails(ctx.site, account.email)).length, { timeout: 20_000 }).toBe(1);
    await ctx.site.stack.stripe.idle();
    const service = ctx.site.service();
    const { data: row } = await service
      .from('orders')
      .select('id, paid_cents')
      .eq('number', Number(number.slice(4)))
      .single();
    expect(row!.paid_cents, 'the deposit, in cents').toBe(19_800);
    await expect
      .poll(async () => (await service.from('order_mails').select('status').eq('order_id', row!.id).eq('kind', 'confirmation')).data?.map((m) => m.status), {
        timeout: 20_000,
      })
      .toEqual(['sent']);
    expect((await mails(ctx.site, account.email)).map((m) => m.subject)).toEqual([`Deposit received: Order ${number}`]);

    // The admin, at 1280 px: in production, then ready, which asks for the balance.
    const adminContext = await ctx.site.context({ viewport: DESKTOP, storageState: await signedInStorage(ctx.site, ADMIN) });
    const admin = await adminContext.newPage();
    await openPage(ctx.site, '/admin/orders', admin);
    let order = await openOrder(admin, number);
    await order.getByRole('button', { name: 'Start production' }).click();
    await admin.locator('[part~="done"]').getByText('Production started').first().waitFor({ timeout: 15_000 }); // said in place (issue #29)
    await order.getByRole('button', { name: 'Mark ready and request the $197 balance' }).click();
    await admin.locator('[part~="done"]').getByText('Marked ready, and the balance is requested by e-mail').first().waitFor({ timeout: 15_000 }); // said in place (issue #29)

    // The customer pays the balance from the e-mailed link: a fresh Checkout Session, never a mailed one.
    const balanceMail = await mailTo(account.email, /is ready: balance due/);
    const link = balanceMail.text.match(/https?:\/\/\S+\/order\?token=\w+/)?.[0];
    expect(link, `the order page's link in: ${balanceMail.text}`).toBeTruthy();
    expect(balanceMail.text).not.toMatch(/\/stripe\/pay\//);
    await page.goto(link!);
    const orderPage = page.locator('kyb-order');
    await orderPage.locator('[part~="receipt"]').waitFor({ timeout: 20_000 });
    expect(await orderPage.locator('[part~="status"]').textContent()).toBe('Ready');
    await orderPage.getByText('Pay the $197 balance and we ship your order.').waitFor();
    await orderPage.getByRole('button', { name: 'Pay balance' }).tap();
    await page.waitForURL(/\/stripe\/pay\/cs_/, { timeout: 20_000 });
    expect(await page.getByRole('heading', { name: 'Pay KYB' }).count()).toBe(1);
    await page.getByText('Balance of order', { exact: false }).first().waitFor();
    await pay(page, '4242 4242 4242 4242');
    const balancePaid = await receipt(page);
    await expect.poll(() => totalsOf(balancePaid), { timeout: 30_000 }).toEqual(['Subtotal $395', 'Shipping Free', 'Total $395', 'Paid $395']);
    expect(await balancePaid.getByRole('button', { name: 'Pay balance' }).count(), 'nothing more to pay').toBe(0);

    // The admin ships it with a tracking number.
    order = await openOrder(admin, number);
    await order.getByRole('button', { name: 'Mark shipped' }).click();
    await order.getByLabel('Carrier').selectOption('USPS');
    await order.getByLabel('Tracking number').fill('9400111899223847562020');
    await order.getByRole('button', { name: 'Mark shipped' }).click();
    await admin.locator('[part~="done"]').getByText('Marked shipped, and the customer is e-mailed the tracking').first().waitFor({ timeout: 15_000 }); // said in place (issue #29)

    // The customer's order page shows the tracking, with the carrier's page.
    await mailTo(account.email, /has shipped/);
    await page.goto(link!);
    await orderPage.locator('[part~="receipt"]').waitFor({ timeout: 20_000 });
    expect(await orderPage.locator('[part~="status"]').textContent()).toBe('Shipped');
    expect(await orderPage.locator('[part~="tracking"]').textContent()).toBe('Shipped with USPS, tracking number 9400111899223847562020 Track your package');
    expect(await orderPage.getByRole('link', { name: 'Track your package' }).getAttribute('href')).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223847562020',
    );

    // Delivered; a week later the job asks for a review (the delivery is made old enough in the database).
    order = await openOrder(admin, number);
    await order.getByRole('button', { name: 'Mark delivered' }).click();
    await admin.locator('[part~="done"]').getByText('Marked delivered').first().waitFor({ timeout: 15_000 }); // said in place (issue #29)
    const { error } = await service
      .from('orders')
      .update({ delivered_at: new Date(Date.now() - 8 * 86_400_000).toISOString() })
      .eq('id', row!.id);
    expect(error).toBeNull();
    const key = ctx.site.stack.config.serviceRoleKey;
    const job = await fetch(`${ctx.site.backendUrl}/functions/v1/review-requests`, { method: 'POST', headers: { apikey: key, authorization: `Bearer ${key}` } });
    expect(job.status).toBe(200);
    expect((await job.json()).sent).toBeGreaterThanOrEqual(1);
    order = await openOrder(admin, number);
    await order
      .locator('[part~="review-request"]')
      .getByText(/^Sent for Jah Locs on /)
      .waitFor();

    // The customer follows the request on another device, signed out: sign in first, then the form.
    const requestMail = await mailTo(account.email, /^How is your Jah Locs\?/);
    const reviewLink = requestMail.text.match(/https?:\/\/\S+\?review=write#reviews/)?.[0];
    expect(reviewLink, `the review form's link in: ${requestMail.text}`).toBe(`${ctx.site.url}/products/jah-locs?review=write#reviews`);
    const other = await phone(ctx.site);
    const writer = await other.newPage();
    await writer.goto(reviewLink!);
    const signInDialog = writer.getByRole('dialog');
    await signInDialog.getByLabel('Email').fill(account.email, { timeout: 20_000 });
    await signInDialog.getByLabel('Password').fill(account.password);
    await signInDialog.getByRole('button', { name: 'Sign in', exact: true }).tap();
    const reviews = writer.locator('kyb-reviews');
    await reviews.getByLabel('Review Title').waitFor({ timeout: 20_000 });
    const title = `Worth the wait ${uid()}`;
    await reviews
      .locator('label')
      .filter({ has: writer.getByRole('radio', { name: '5 stars' }) })
      .tap();
    await reviews.getByLabel('Review Title').fill(title);
    await reviews.getByLabel('Your Name').fill('Ama M.');
    await reviews.getByLabel('Your Review').fill('Made by hand and it shows. They arrived with tracking the whole way.');
    await reviews.getByRole('button', { name: 'Submit Review' }).tap();
    await expectToast(writer, 'Review submitted!', 'Thank you for your feedback');
    expect(new URL(writer.url()).search, 'the request left the address').toBe('');

    // The admin approves it; it shows "Verified Purchase", set by the database from the order.
    await openPage(ctx.site, '/admin/reviews', admin);
    const moderation = admin.locator('kyb-review-moderation');
    const pending = moderation.locator('li.rm__item').filter({ has: admin.getByRole('heading', { name: title }) });
    await pending.waitFor({ timeout: 20_000 });
    await pending.getByRole('button', { name: /^Approve/ }).click();
    await admin.locator('[part~="done"]').getByText('Review approved').first().waitFor({ timeout: 15_000 }); // said in place (issue #29)
    const visitor = await (await phone(ctx.site)).newPage();
    await openPage(ctx.site, '/products/jah-locs', visitor);
    const card = visitor.locator('kyb-reviews article').filter({ has: visitor.getByRole('heading', { name: title }) });
    await card.scrollIntoViewIfNeeded({ timeout: 20_000 });
    await card.getByText('Verified Purchase').waitFor({ timeout: 15_000 });
    for (const c of [customer, adminContext, other]) await c.close();
  }, 300_000);

  it('the planner bought as a guest: Download works; after a refund on the local Stripe it is refused and the order shows Refunded', async () => {
    const email = `planner-${uid()}@example.com`;
    const context = await phone(ctx.site);
    const page = await context.newPage();
    await openPage(ctx.site, '/digital-tools/crown-planner', page);
    await page.getByRole('button', { name: 'Buy the PDF' }).tap();
    await drawer(page).getByRole('button', { name: 'Checkout' }).tap();
    await page.waitForURL(/\/stripe\/pay\/cs_/, { timeout: 20_000 });
    await pay(page, '4242 4242 4242 4242', { email });
    const confirmed = await receipt(page);
    await expect.poll(() => confirmed.locator('[part~="status"]').textContent(), { timeout: 30_000 }).toBe('Paid');

    // Download from the receipt: a file, made at the press.
    const [first] = await Promise.all([page.waitForEvent('download'), confirmed.getByRole('button', { name: 'Download' }).tap()]);
    expect(first.suggestedFilename()).toBe('crown-planner.pdf');
    expect((await readFile((await first.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

    // And from the order's link, another time: the press asks order-status for a fresh link. Not compared
    // with the first link: a signed link's token carries whole seconds, so two presses within one second
    // may be given the same one (hosted Storage signs the same way).
    const link = await confirmed.locator('[part~="link"] a').getAttribute('href');
    await page.goto(link!);
    const orderPage = page.locator('kyb-order');
    await orderPage.locator('[part~="receipt"]').waitFor({ timeout: 20_000 });
    const asked = page.waitForRequest((r) => r.url().includes('/functions/v1/order-status') && /"download":true/.test(r.postData() ?? ''));
    const [second] = await Promise.all([page.waitForEvent('download'), orderPage.getByRole('button', { name: 'Download' }).tap()]);
    expect(await asked, 'a link asked for at the press').toBeTruthy();
    expect(second.suggestedFilename()).toBe('crown-planner.pdf');
    expect((await readFile((await second.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

    // A refund on the local Stripe, through its SDK, as the business would in the dashboard.
    const service = ctx.site.service();
    const { data: row } = await service.from('orders').select('id').eq('email', email).single();
    const { data: payment } = await service.from('order_payments').select('payment_intent_id').eq('order_id', row!.id).single();
    await stripeClient(ctx.site.stack.config).refunds.create({ payment_intent: payment!.payment_intent_id! });
    await ctx.site.stack.stripe.idle();

    // The page still offers Download from before: the press is refused, in words.
    ctx.site.allowConsole(page, /status of 403/);
    await orderPage.getByRole('button', { name: 'Download' }).tap();
    await orderPage.getByText('Downloads open once the order is paid, and close if it is refunded.').waitFor();
    await page.reload();
    await orderPage.locator('[part~="receipt"]').waitFor({ timeout: 20_000 });
    expect(await orderPage.locator('[part~="status"]').textContent()).toBe('Refunded');
    expect(await orderPage.getByRole('button', { name: 'Download' }).count(), 'no Download once refunded').toBe(0);
    await mailTo(email, /^Refund for your order/);
    await context.close();
  }, 180_000);
});
