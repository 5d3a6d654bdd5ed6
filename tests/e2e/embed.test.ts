/**
 * The embedding promise (issue #3): a third-party page (a link-in-bio page) on another origin adds one
 * script tag pointing at the site's widget bundle, names the backend on that tag, and gets working
 * reviews and a working newsletter form — cross-origin module loading (CORS on /widgets/*), the lazy
 * loader and the backend's CORS all included.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSite } from './support/hooks.ts';

const ctx = useSite({ autoconfirm: true });

/**
 * The third-party host: a real server on another port (another origin). Not a Playwright-fulfilled
 * response: Chromium would treat a page with no network address as public and block its requests to
 * loopback (Private Network Access), which is not what a real link-in-bio page meets.
 */
let thirdParty: Server;
let THIRD_PARTY = '';
let hostHtml = '';
beforeAll(async () => {
  thirdParty = createServer((req, res) => {
    if (req.url !== '/links') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(hostHtml);
  });
  await new Promise<void>((ok) => thirdParty.listen(0, '127.0.0.1', ok));
  THIRD_PARTY = `http://127.0.0.1:${(thirdParty.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((ok) => thirdParty.close(() => ok())));

function linkInBio(siteUrl: string, backendUrl: string, anonKey: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>@kyb | links</title>
<script type="module" src="${siteUrl}/widgets/kyb-widgets.js" data-supabase-url="${backendUrl}" data-supabase-anon-key="${anonKey}"></script>
</head>
<body>
<main>
<h1>KYB links</h1>
<kyb-reviews slug="irie-locs"></kyb-reviews>
<kyb-newsletter></kyb-newsletter>
</main>
</body>
</html>`;
}

describe('widgets embedded on a third-party page', () => {
  it('one script tag from the site shows reviews and subscribes to the newsletter on another origin', async () => {
    const { site } = ctx;
    expect(new URL(THIRD_PARTY).origin, 'the host page is on another origin').not.toBe(new URL(site.url).origin);
    const page = await site.page();
    hostHtml = linkInBio(site.url, site.backendUrl, site.stack.config.anonKey);
    // The fixture stubs every origin but the site's and the backend's; let this host through.
    await page.route(`${THIRD_PARTY}/**`, (route) => route.continue());
    const res = await page.goto(`${THIRD_PARTY}/links`);
    expect(res?.status()).toBe(200);

    const reviews = page.locator('kyb-reviews');
    await reviews.getByRole('heading', { name: 'Customer Reviews' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => reviews.getByText(/Based on \d+ reviews?/).count(), { message: 'summary from the backend', timeout: 15_000 }).toBeGreaterThan(0);
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.endsWith('.js'))
        .map((e) => e.name),
    );
    expect(
      scripts.every((s) => s.startsWith(ctx.site.url)),
      `widget code comes from the site (${scripts.join(', ')})`,
    ).toBe(true);

    const email = `linkinbio-${randomUUID().slice(0, 8)}@example.com`;
    const card = page.locator('kyb-newsletter');
    await card.getByLabel('Name').fill('Bio Visitor');
    await card.getByLabel('Email').fill(email);
    await card.getByRole('checkbox').check();
    await card.getByRole('button', { name: 'Join the Circle' }).click();
    await card.getByText('Welcome to the Circle').first().waitFor({ timeout: 15_000 });

    const { data, error } = await site.service().from('subscribers').select('email, list, status').eq('email', email);
    expect(error).toBeNull();
    expect(data, 'the subscription from the third-party page is stored').toEqual([{ email, list: 'newsletter', status: 'subscribed' }]);
  });
});
