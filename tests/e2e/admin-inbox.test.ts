/**
 * The business side of issue #10, end to end: the built site in Chromium, the local stack over HTTP.
 *
 *   a visitor sends a partnership inquiry from /partners → its notification mail is in the dev inbox
 *   (/inbox of the stack, where the e-mail API stand-in delivers) → the admin signs in on /admin/inbox,
 *   sees the count of new items in the admin navigation, finds the inquiry, reads it, marks it handled
 *   and exports the view as CSV (a real download; its content checked) → the database says handled.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ADMIN } from '../support/stack.ts';
import { LOCAL_NOTIFY_TO } from '../../supabase/local/config.ts';
import { signInViaHeader } from './support/auth.ts';
import { useSite } from './support/hooks.ts';
import { openPage } from './support/page.ts';

const ctx = useSite({ autoconfirm: true });

describe('admin inbox (issue #10)', () => {
  it('a partnership inquiry sent from /partners is mailed to the business, found, handled and exported by the admin', async () => {
    const tag = randomUUID().slice(0, 8);
    const name = `Pat Inbox ${tag}`;
    const email = `inbox-${tag}@example.com`;

    // The visitor.
    const visitor = await openPage(ctx.site, '/partners');
    const form = visitor.locator('kyb-partnership-form');
    await form.getByLabel('Full Name').fill(name);
    await form.getByLabel('Email Address').fill(email);
    await form.getByLabel('Company/Brand Name').fill('Roots, Inc.');
    await form.getByLabel('Partnership Type').selectOption({ label: 'Supplier/Vendor' });
    await form.getByLabel('Message/Notes').fill('=1+1 wholesale scalp oil, "small batch"');
    await form.getByRole('button', { name: /Submit/ }).click();
    await form
      .getByText(/thank you/i)
      .first()
      .waitFor({ timeout: 15_000 });

    // The notification mail, in the dev inbox as a person would read it.
    const mailbox = await ctx.site.page();
    const res = await mailbox.goto(`${ctx.site.backendUrl}/inbox?to=${encodeURIComponent(LOCAL_NOTIFY_TO)}`);
    expect(res?.status(), 'the dev inbox answers').toBe(200);
    const mail = mailbox.locator('li.mail').filter({ hasText: `New partnership inquiry from ${name}` });
    await mail.waitFor({ timeout: 10_000 });
    const body = await mail.locator('pre').textContent();
    for (const line of [
      `Name: ${name}`,
      `E-mail: ${email}`,
      'Company: Roots, Inc.',
      'Partnership type: supplier',
      '=1+1 wholesale scalp oil, "small batch"',
      'Sent from: /partners',
    ]) {
      expect(body, `the mail says "${line}"`).toContain(line);
    }

    // The admin.
    const page = await openPage(ctx.site, '/admin/inbox');
    await signInViaHeader(page, ADMIN);
    const panel = page.locator('kyb-admin-inbox');
    await panel.getByRole('heading', { name: 'Inbox' }).waitFor({ timeout: 15_000 });
    const nav = page.getByRole('navigation', { name: 'Administration' });
    expect(await nav.getByRole('link', { name: /^Inbox/ }).getAttribute('aria-current')).toBe('page');
    await expect
      .poll(
        () =>
          nav
            .getByRole('link', { name: /^Inbox/ })
            .locator('kyb-inbox-count [part~="count"]')
            .textContent(),
        { message: 'the nav counts the new items', timeout: 10_000 },
      )
      .toMatch(/^\d+ new$/);
    await panel
      .locator('[part~="summary"]')
      .filter({ hasText: /\d+ new/ })
      .waitFor({ state: 'attached', timeout: 10_000 });
    // The count is shown once (issue #8: the nav's pill and the panel's own "4 new" said it twice).
    const counts = await page.evaluate(() => {
      const seen: string[] = [];
      const roots: (Document | ShadowRoot)[] = [document];
      while (roots.length) {
        for (const e of roots.pop()!.querySelectorAll('*')) {
          if (e.shadowRoot) roots.push(e.shadowRoot);
          const own = [...e.childNodes]
            .filter((n) => n.nodeType === Node.TEXT_NODE)
            .map((n) => n.textContent)
            .join('')
            .trim();
          const r = e.getBoundingClientRect();
          // The nav's Rewards link counts new rewards with its own kyb-inbox-count (of="rewards").
          const count = (e.getRootNode() as ShadowRoot).host ?? e.closest('kyb-inbox-count');
          if (count?.getAttribute('of') === 'rewards') continue;
          if (/^\d+ new$/.test(own) && r.width > 2 && r.height > 2) seen.push(own);
        }
      }
      return seen;
    });
    expect(counts, 'the new items counted once on the page').toHaveLength(1);

    await panel.getByLabel('Search').fill(email);
    const item = panel.getByRole('listitem').filter({ hasText: name });
    await item.waitFor({ timeout: 10_000 });
    await expect.poll(() => panel.getByRole('listitem').count(), { message: 'only the inquiry matches' }).toBe(1);
    expect(await item.textContent()).toContain('Partnership');
    await item.getByRole('button', { name: /^Open/ }).click();
    const dialog = page.getByRole('dialog', { name: `Partnership from ${name}` });
    await dialog.waitFor();
    for (const s of [email, 'Roots, Inc.', '=1+1 wholesale scalp oil', 'supplier', '/partners', 'Sent to the business']) {
      expect(await dialog.textContent(), `the details show "${s}"`).toContain(s);
    }
    await dialog.getByRole('button', { name: 'Mark handled' }).click();
    await page.getByText('Marked handled').first().waitFor({ timeout: 10_000 });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => item.getAttribute('data-status'), { message: 'the list shows it handled' }).toBe('handled');

    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^kyb-inbox-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\ufeff/, '');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Received (UTC),Kind,Form,Status,Name,E-mail,Company,Role,Message,Other fields,Source page,Consent,Notification');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(
      `,Partnership,partnership,Handled,${name},${email},"Roots, Inc.",,"'=1+1 wholesale scalp oil, ""small batch""",Partnership type: supplier,/partners,,sent`,
    );

    const { data } = await ctx.site.service().from('leads').select('inbox_status, notification').eq('email', email);
    expect(data).toEqual([{ inbox_status: 'handled', notification: 'sent' }]);
  }, 120_000);
});
