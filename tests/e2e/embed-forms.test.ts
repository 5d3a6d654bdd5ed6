/**
 * Every form of embed /admin/embed hands out (issue #22, item 4; docs/embedding.md), pasted into a host
 * page on another origin and used at 390 px: the script tag on a plain page and on a page with a strict
 * Content-Security-Policy that allows the widgets' origin; the iframe, sandboxed as a platform wraps it
 * (`allow-scripts allow-forms`, so no storage) and not; and the plain link. In each the newsletter
 * sign-up is stored and the reviews show, with "Write a review" linking to the product page instead of
 * sign-in. The resizer keeps a frame without a scrollbar as its reviews grow, and no page but /embed/*
 * lets another site frame it.
 *
 * The code is what widgets/embed/snippets.ts writes for the builder (embed-builder.test.ts copies it
 * from the builder itself). The host page: support/host.ts.
 */
import type { Frame, FrameLocator, Locator, Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { embedByPath } from '../../ui/embeds.ts';
import { type Backend, type Choice, iframeSnippet, linkSnippet, scriptSnippet } from '../../widgets/embed/snippets.ts';
import { DEFAULT_LOOK } from '../../widgets/embed/theme.ts';
import { useSite } from './support/hooks.ts';
import { subscribe as subscribeIn, useHost } from './support/host.ts';
import { MOBILE } from './support/site.ts';

const ctx = useSite({ autoconfirm: true });
const host = useHost(() => ctx.site);

const backend = (): Backend => ({ site: ctx.site.url, supabaseUrl: ctx.site.backendUrl, anonKey: ctx.site.stack.config.anonKey });
const choose = (path: string, attrs: Record<string, string> = {}): Choice => ({ embed: embedByPath(path)!, attrs, look: DEFAULT_LOOK });
const hostPage = host.open;
const subscribe = (scope: Page | FrameLocator, sourcePage?: string) => subscribeIn(ctx.site, scope, sourcePage);

/** The reviews of `slug` show in `scope`, with a "Write a review" link to its page on the site and no sign-in. */
async function reviewsShow(scope: Page | FrameLocator, productPath: string) {
  const reviews = scope.locator('kyb-reviews');
  await reviews.getByRole('heading', { name: 'Customer Reviews' }).waitFor({ timeout: 20_000 });
  await expect.poll(() => reviews.getByText(/Based on \d+ reviews?/).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  const write = reviews.getByRole('link', { name: /Write a review/ });
  expect(await write.getAttribute('href')).toBe(`${ctx.site.url}${productPath}#reviews`);
  expect(await write.getAttribute('target')).toBe('_blank');
  expect(await reviews.getByRole('button', { name: /Write Review|Sign in/ }).count()).toBe(0);
}

describe('the script tag', () => {
  it('on a plain page: the newsletter subscribes and the reviews show', async () => {
    const page = await hostPage(
      `${scriptSnippet(backend(), choose('reviews', { slug: 'jah-locs' }))}\n${scriptSnippet(backend(), choose('newsletter', { 'source-page': 'host-plain' }))}`,
    );
    await reviewsShow(page, '/products/jah-locs');
    await subscribe(page, 'host-plain');
  });

  it('on a page whose strict CSP allows only the widgets’ origin and the backend', async () => {
    const { site } = ctx;
    const csp = `default-src 'none'; script-src ${site.url}; connect-src ${site.url} ${site.backendUrl}; img-src ${site.backendUrl}; style-src 'none'; base-uri 'none'; form-action 'none'`;
    const page = await hostPage(`${scriptSnippet(backend(), choose('newsletter'))}\n${scriptSnippet(backend(), choose('reviews', { slug: 'irie-locs' }))}`, {
      headers: { 'content-security-policy': csp },
    });
    await reviewsShow(page, '/products/irie-locs');
    await subscribe(page);
    // Any violation would have been logged as an error (the fixture fails the test on it).
  });
});

describe('the iframe', () => {
  for (const sandbox of [true, false]) {
    it(sandbox ? 'sandboxed as a platform frames it (allow-scripts allow-forms: no storage)' : 'as pasted', async () => {
      const frames = [choose('newsletter', { 'source-page': 'host-frame' }), choose('reviews', { slug: 'trinity-locs' })].map((c) => {
        const code = iframeSnippet(backend(), c, { resizer: true });
        return sandbox ? code.replace('<iframe ', '<iframe sandbox="allow-scripts allow-forms" ') : code;
      });
      const page = await hostPage(frames.join('\n'));
      const newsletter = page.frameLocator('iframe[src*="/embed/newsletter"]');
      const reviews = page.frameLocator('iframe[src*="/embed/reviews"]');
      await reviewsShow(reviews, '/products/trinity-locs');
      if (sandbox) {
        const frame = page.frames().find((f) => f.url().includes('/embed/reviews')) as Frame;
        expect(await frame.evaluate(() => origin), 'an opaque origin: storage throws').toBe('null');
      } else {
        // A link inside the frame (in the element's shadow root) opens a new tab; the embed stays.
        const [policy] = await Promise.all([page.context().waitForEvent('page'), newsletter.getByRole('link', { name: 'Privacy Policy' }).click()]);
        await policy.waitForLoadState();
        expect(policy.url()).toBe(`${ctx.site.url}/privacy`);
        expect(page.frames().some((f) => f.url().includes('/embed/newsletter'))).toBe(true);
      }
      await subscribe(newsletter, 'host-frame');
    });
  }
});

describe('the plain link', () => {
  it('opens the newsletter and the reviews on pages of their own', async () => {
    const page = await ctx.site.page({ viewport: MOBILE });
    await page.goto(linkSnippet(backend(), choose('newsletter', { 'source-page': 'bio-link' })));
    await subscribe(page, 'bio-link');
    expect(await page.locator('.embed__brand').isVisible(), 'opened on its own: the brand line shows').toBe(true);
    await page.goto(linkSnippet(backend(), choose('reviews', { slug: 'diy-kit' })));
    await reviewsShow(page, '/products/diy-kit');
  });
});

describe('the resizer', () => {
  /** The frame's page has no scrollbar: all of it shows in the frame. */
  const fits = (frame: Frame) => frame.evaluate(() => document.documentElement.scrollHeight <= innerHeight + 1);
  const cards = (l: Locator) => l.locator('[part~="review"]').count();

  it('keeps the frame without a scrollbar as the reviews grow; without it the frame keeps its height and scrolls', async () => {
    const slug = 'lock-kit';
    const service = ctx.site.service();
    const rows = Array.from({ length: 12 }, (_, i) => ({
      user_id: '5eed0000-0000-4000-8000-000000000011',
      product_slug: slug,
      rating: 4 + (i % 2),
      title: `More to say, part ${i + 1}`,
      content: 'Still going strong after a month of wear and two washes.',
      reviewer_name: `Client ${i + 1}`,
    }));
    const { data, error } = await service.from('reviews').insert(rows).select('id');
    expect(error).toBeNull();
    const ids = (data ?? []).map((r) => r.id);
    expect((await service.from('reviews').update({ is_approved: true }).in('id', ids)).error).toBeNull();
    try {
      const choice = choose('reviews', { slug });
      const page = await hostPage(iframeSnippet(backend(), choice, { resizer: true }).replace('<iframe ', '<iframe id="sized" sandbox="allow-scripts allow-popups" '));
      // The resizer sizes every KYB frame of its page: the frame without it is on a page of its own.
      const plain = await hostPage(iframeSnippet(backend(), choice, { resizer: false }).replace('<iframe ', '<iframe id="fixed" '));
      const frameOf = async (id: string) => (await (await (id === 'fixed' ? plain : page).$(`#${id}`))!.contentFrame()) as Frame;
      const list = page.frameLocator('#sized').locator('kyb-reviews');
      await list.locator('[part~="load-more"]').waitFor({ timeout: 20_000 });
      const before = { height: await page.locator('#sized').evaluate((f) => f.getBoundingClientRect().height), cards: await cards(list) };
      await expect.poll(async () => fits(await frameOf('sized')), { message: 'sized to its content' }).toBe(true);

      await list.locator('[part~="load-more"]').click();
      await expect.poll(() => cards(list), { timeout: 15_000 }).toBeGreaterThan(before.cards);
      await expect.poll(() => page.locator('#sized').evaluate((f) => f.getBoundingClientRect().height), { message: 'the frame grew' }).toBeGreaterThan(before.height + 200);
      await expect.poll(async () => fits(await frameOf('sized')), { message: 'still no scrollbar' }).toBe(true);

      const embed = embedByPath('reviews')!;
      await plain.frameLocator('#fixed').locator('[part~="load-more"]').waitFor({ timeout: 20_000 });
      expect(await plain.locator('#fixed').evaluate((f) => f.getBoundingClientRect().height)).toBe(embed.height);
      expect(await fits(await frameOf('fixed')), 'without the resizer the content scrolls inside').toBe(false);
    } finally {
      await service.from('reviews').delete().in('id', ids);
    }
  });
});

describe('framing', () => {
  it('lets any site frame /embed/* and no other page', async () => {
    const page = await hostPage(`<iframe id="embed" src="${ctx.site.url}/embed/waitlist" title="w"></iframe><iframe id="home" src="${ctx.site.url}/" title="h"></iframe>`, {
      allowConsole: /violates the following Content Security Policy directive: "frame-ancestors 'none'"/,
    });
    const embed = page.frameLocator('#embed');
    await embed.locator('kyb-waitlist').getByRole('button', { name: 'Join the Waiting List' }).waitFor({ timeout: 20_000 });
    const home = await (await page.$('#home'))!.contentFrame();
    await expect.poll(() => home?.evaluate(() => document.querySelector('.site-header') === null).catch(() => true)).toBe(true);
    const res = await fetch(`${ctx.site.url}/embed/waitlist`);
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors \*/);
    expect(res.headers.get('content-security-policy')).not.toMatch(/frame-ancestors 'none'/);
    expect((await fetch(`${ctx.site.url}/links`)).headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
  });
});
