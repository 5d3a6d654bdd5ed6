/**
 * /admin/embed and /links as their people use them (issue #22): the admin gets a working newsletter embed
 * onto a plain page on another origin and into a sandboxed frame by copy and paste alone, guided only
 * by the builder, at 390 px; a visitor's clicks on /links are counted, with no cookie, and the admin
 * reads them in the builder; /links fetches no JavaScript but the loader until a widget comes near.
 * The snippet forms one by one: embed-forms.test.ts.
 */
import type { BrowserContext, Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { EMBED_MESSAGES } from '../../shared/messages.ts';
import { ADMIN_CREDENTIALS } from '../../supabase/local/admin-credentials.ts';
import { signedInStorage } from './support/auth.ts';
import { useSite } from './support/hooks.ts';
import { subscribe, useHost } from './support/host.ts';
import { widgetsUpgraded } from './support/page.ts';
import { MOBILE } from './support/site.ts';

const ctx = useSite({ autoconfirm: true });
const host = useHost(() => ctx.site);

async function adminContext(): Promise<BrowserContext> {
  const storageState = await signedInStorage(ctx.site, ADMIN_CREDENTIALS);
  const context = await ctx.site.context({ viewport: MOBILE, storageState });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ctx.site.url });
  return context;
}

/** Presses a Copy button of the builder ("Copy <what>") and returns what landed on the clipboard. */
async function copy(page: Page, what: string): Promise<string> {
  const builder = page.locator('kyb-embed-builder');
  const button = builder.getByRole('button', { name: `Copy ${what}` });
  await button.click();
  // Said at the button (issue #29): "Copied ✓" on it, the status under it, and no toast.
  await button.locator('.eb-form__copied').getByText('Copied ✓').waitFor();
  await builder.getByText(EMBED_MESSAGES.copied(what).description!).first().waitFor({ state: 'attached' });
  expect(await page.locator('[part~="toast"]').count(), 'no toast').toBe(0);
  return page.evaluate(() => navigator.clipboard.readText());
}

describe('/admin/embed', () => {
  it('gets a working newsletter embed onto a plain page and into a sandboxed frame by copy and paste alone', async () => {
    const context = await adminContext();
    const page = await context.newPage();
    await page.goto(`${ctx.site.url}/admin/embed`);
    await widgetsUpgraded(page);
    const builder = page.locator('kyb-embed-builder');
    await expect.poll(() => builder.getByRole('radio', { name: /Newsletter sign-up/ }).isChecked(), { message: 'the newsletter is the first choice' }).toBe(true);
    await builder.getByLabel('Where it is shown (optional)').fill('my-page');
    // Both previews show the embed; their elements load as each frame comes into view, like any page's.
    const previewFrames = () => page.frames().filter((f) => f.url().startsWith(`${ctx.site.url}/embed/newsletter`));
    await expect.poll(() => previewFrames().length, { message: 'two previews', timeout: 15_000 }).toBe(2);
    const previews = previewFrames();
    for (const [i, f] of previews.entries()) {
      await builder.locator('[part~="frame"]').nth(i).scrollIntoViewIfNeeded();
      await f.locator('kyb-newsletter').getByLabel('Email').waitFor({ timeout: 20_000 });
    }
    await expect.poll(() => builder.locator('[part~="preview"][data-ready]').count(), { message: 'each preview says it is drawn' }).toBe(2);

    const script = await copy(page, 'script tag');
    expect(script).toContain(`${ctx.site.url}/widgets/kyb-widgets.js`);
    expect(script).not.toMatch(/service_role/);
    await subscribe(ctx.site, await host.open(script), 'my-page');

    const frame = await copy(page, 'iframe code');
    expect(frame).toMatch(/^<iframe [^\n]+><\/iframe>\n<script src="[^"]+\/widgets\/kyb-embed-resizer\.js" async><\/script>$/);
    // A platform that frames pasted code: no allow-same-origin.
    const sandboxed = await host.open(frame.replace('<iframe ', '<iframe sandbox="allow-scripts allow-forms" '));
    await subscribe(ctx.site, sandboxed.frameLocator('iframe'), 'my-page');

    const link = await copy(page, 'link');
    expect(link).toBe(`${ctx.site.url}/embed/newsletter?source-page=my-page`);
  });

  it('asks a visitor who is not signed in to sign in, and shows no code', async () => {
    const page = await ctx.site.page({ viewport: MOBILE });
    await page.goto(`${ctx.site.url}/admin/embed`);
    await widgetsUpgraded(page);
    await page.locator('kyb-embed-builder').getByText('Authentication required').waitFor();
    expect(await page.locator('kyb-embed-builder').getByRole('button', { name: /^Copy/ }).count()).toBe(0);
  });
});

describe('/links', () => {
  it('fetches only the loader until a widget comes near, then the widgets', async () => {
    const page = await ctx.site.page({ viewport: { width: 390, height: 700 } });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${ctx.site.url}/links`);
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual(['/widgets/kyb-widgets.js']);
    await page.mouse.wheel(0, 3000);
    await page.locator('kyb-newsletter').getByLabel('Email').waitFor({ timeout: 20_000 });
    expect(scripts.some((s) => /\/chunks\/newsletter-/.test(s))).toBe(true);
  });

  it('counts a followed link for the day, with no cookie, and the admin reads the count', async () => {
    const today = async (link: string) => {
      const { data } = await ctx.site.service().from('link_clicks').select('clicks').eq('link', link).order('day', { ascending: false }).limit(1);
      return data?.[0]?.clicks ?? 0;
    };
    const [shop0, book0] = [await today('shop'), await today('book')];
    const visitor = await ctx.site.context({ viewport: MOBILE });
    const page = await visitor.newPage();
    await page.goto(`${ctx.site.url}/links`);
    const [booking] = await Promise.all([visitor.waitForEvent('page'), page.getByRole('link', { name: /Book Now/ }).click()]);
    await booking.close();
    await Promise.all([page.waitForURL('**/products'), page.getByRole('link', { name: /Shop Loc Extensions/ }).click()]);
    await expect.poll(() => today('shop'), { message: 'the ping reached the link-click function' }).toBe(shop0 + 1);
    await expect.poll(() => today('book')).toBe(book0 + 1);
    expect(await visitor.cookies(), 'no cookie').toEqual([]);

    const admin = await (await adminContext()).newPage();
    await admin.goto(`${ctx.site.url}/admin/embed`);
    await widgetsUpgraded(admin);
    const row = admin.locator('kyb-embed-builder [part~="clicks-table"] tbody tr').filter({ hasText: 'Shop Loc Extensions' });
    await expect.poll(() => row.locator('td').first().textContent(), { timeout: 20_000 }).toBe(String(shop0 + 1));
  });
});
