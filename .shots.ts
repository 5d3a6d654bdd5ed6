import { startSite, widgetsUpgraded } from './tests/e2e/support/site.ts';
import { signedInStorage } from './tests/e2e/support/auth.ts';
import { ADMIN } from './tests/support/stack.ts';

const site = await startSite({ autoconfirm: true });
try {
  const svc = site.service();
  const rows = [
    { kind: 'partnership', email: 'gia.brand@crownco.example', payload: { name: 'Gia Brand', email: 'gia.brand@crownco.example', company: 'Crown Co', partnershipType: 'supplier', message: 'We make cold-pressed scalp oils and would love to stock your kits in our three studios. Could we talk wholesale terms next week?' }, source_page: '/partners', notification: 'sent' },
    { kind: 'beta_request', email: 'hal@example.com', payload: { name: 'Hal Stylist', email: 'hal@example.com', role: 'Loctician', message: 'I run a salon and want to test the planner with clients.' }, source_page: '/beta', notification: 'failed' },
    { kind: 'vault_optin', email: 'kim@example.com', payload: { email: 'kim@example.com', item: 'Starter Care Checklist' }, source_page: '/vault' },
    { kind: 'merch_notify', email: 'averyveryveryverylongaddressthatdoesnotbreak@example.com', payload: { email: 'averyveryveryverylongaddressthatdoesnotbreak@example.com', item: 'KYB Tee' }, source_page: '/shop' },
  ];
  for (const r of rows) { const { error } = await svc.from('leads').insert(r); if (error) throw error; }
  await svc.rpc('newsletter_subscribe', { p_email: 'sam@example.com', p_name: 'Sam Reader', p_list: 'newsletter', p_source_page: '/blog', p_consent_text_version: '2025-01' });
  await svc.rpc('newsletter_subscribe', { p_email: 'dee@example.com', p_name: 'Dee Waiting', p_list: 'diy-kit-waitlist', p_source_page: '/products', p_consent_text_version: '2025-01' });
  const inv = await site.anon().functions.invoke('lead-capture', { body: { kind: 'partnership', payload: { name: 'Pat Partner', email: 'pat@example.com', company: 'Roots, Inc.', partnershipType: 'collaboration', message: 'A co-branded oil.\nSecond line.' }, sourcePage: '/partners' } });
  if (inv.error) throw inv.error;
  const admin = await signedInStorage(site, ADMIN);
  for (const width of [320, 390, 768, 1280]) {
    const ctx = await site.context({ viewport: { width, height: 900 }, storageState: admin });
    const page = await ctx.newPage();
    await page.goto(site.url + '/admin/inbox');
    await widgetsUpgraded(page);
    await page.locator('kyb-admin-inbox [part~="item"]').first().waitFor({ timeout: 15000 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/wt10a-shots/inbox-${width}.png`, fullPage: true });
    await page.locator('kyb-admin-inbox [part~="item"]').filter({ hasText: 'Gia Brand' }).getByRole('button', { name: /^Open/ }).click();
    await page.getByRole('dialog').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/wt10a-shots/inbox-open-${width}.png` });
    const sw = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    console.log(width, 'sideways', sw);
    if (width === 320 || width === 1280) {
      await page.keyboard.press('Escape');
      await page.locator('kyb-admin-inbox [part~="item"]').filter({ hasText: 'Sam Reader' }).getByRole('button', { name: /^Open/ }).click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/wt10a-shots/inbox-sub-${width}.png` });
      await page.goto(site.url + '/admin/reviews');
      await widgetsUpgraded(page);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/wt10a-shots/reviews-${width}.png` });
    }
    await ctx.close();
  }
  const ctx = await site.context({ viewport: { width: 390, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(`${site.backendUrl}/inbox`);
  await page.screenshot({ path: `/tmp/wt10a-shots/devinbox-390.png`, fullPage: true });
} finally {
  await site.close();
}
