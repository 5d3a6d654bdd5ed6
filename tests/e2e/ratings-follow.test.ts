/**
 * Issue #23, item 3, end to end: ratings follow the data. The built site's private copy is served with a
 * deploy hook that re-prerenders pages (site/rebuild.ts), and the local stack runs the site-rebuild job
 * (supabase/functions/site-rebuild) as `npm start` does. When the admin approves a review, removes one,
 * or replies to one, the pages that show that product are built again: a fresh /products and the
 * product page show the database's figures, and every page's AggregateRating JSON-LD agrees with the
 * rating the same page shows. Read over HTTP as a crawler reads them, and once in Chromium at 390 px.
 */
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sitemapPaths } from '../../site/routes.ts';
import { createAccount } from './support/auth.ts';
import { useSite } from './support/hooks.ts';
import { MOBILE } from './support/site.ts';
import { openPage } from './support/page.ts';
import { journeyHelpers } from './support/journeys.ts';

const ctx = useSite({ autoconfirm: true, rebuild: true });
const { signedInAdmin } = journeyHelpers(ctx);
const SLUG = 'jah-locs';
const PATH = `/products/${SLUG}`;
/** The job runs every half second with no quiet time here; a rebuild takes about a second. */
const REBUILT_WITHIN = 20_000;

interface Figures {
  average: string;
  count: number;
}

/** What review_feed says now: the element's live figures, the truth the pages must come back to. */
async function live(): Promise<Figures> {
  const { data, error } = await ctx.site.anon().rpc('review_feed', { p_slug: SLUG, p_limit: 10 });
  if (error) throw error;
  const s = (data as { summary: { count: number; average: number } }).summary;
  return { average: s.average.toFixed(1), count: s.count };
}

const html = async (path: string) => {
  const res = await fetch(ctx.site.url + path);
  expect(res.status, path).toBe(200);
  return res.text();
};
const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'");
const plain = (s: string) =>
  decode(s.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

/** The catalog card rating that links to `slug`'s reviews ("4.8 out of 5 stars, 4 reviews"). */
function cardRating(page: string, slug: string): Figures | null {
  const m = new RegExp(`<a class="catalog-rating" href="/products/${slug}#reviews">([\\s\\S]*?)</a>`).exec(page);
  const t = m ? /(\d\.\d) out of 5 stars, (\d+) reviews?/.exec(plain(m[1])) : null;
  return t ? { average: t[1], count: Number(t[2]) } : null;
}

/** The product page's own summary, as printed for readers and crawlers ("4.8 out of 5. Based on 4 reviews"). */
function shownSummary(page: string): Figures | null {
  const m = /<p class="reviews-fallback__summary">([\s\S]*?)<\/p>/.exec(page);
  const t = m ? /(\d\.\d) out of 5\. Based on (\d+) reviews?/.exec(plain(m[1])) : null;
  return t ? { average: t[1], count: Number(t[2]) } : null;
}

function ldRatings(page: string): Figures[] {
  return [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]))
    .filter((d) => d.aggregateRating)
    .map((d) => ({ average: Number(d.aggregateRating.ratingValue).toFixed(1), count: Number(d.aggregateRating.reviewCount) }));
}

/** Every page of the sitemap: its JSON-LD ratings agree with the summary it shows. */
async function structuredDataAgrees() {
  for (const path of sitemapPaths()) {
    const page = await html(path);
    const ld = ldRatings(page);
    if (!ld.length) continue;
    expect(ld, `${path}: one AggregateRating, and it is the one the page shows`).toEqual([shownSummary(page)]);
  }
}

async function untilRebuilt(want: Figures) {
  await expect
    .poll(async () => cardRating(await html('/products'), SLUG), { message: '/products is rebuilt with the new figures', timeout: REBUILT_WITHIN, interval: 250 })
    .toEqual(want);
  await expect.poll(async () => shownSummary(await html(PATH)), { timeout: REBUILT_WITHIN, interval: 250 }).toEqual(want);
}

describe('ratings follow the data (issue #23, item 3)', () => {
  it('approving a review rebuilds /products and the product page, and their JSON-LD agrees with what they show', async () => {
    const before = await live();
    expect(cardRating(await html('/products'), SLUG), 'the build agrees with the database to begin with').toEqual(before);
    expect(ldRatings(await html(PATH))).toEqual([before]);

    // A customer's three-star review, approved by the admin as the moderation panel does.
    const author = await createAccount(ctx.site, 'rater');
    const customer = ctx.site.anon();
    await customer.auth.signInWithPassword(author);
    const id = randomUUID();
    const { error: e1 } = await customer
      .from('reviews')
      .insert({ id, product_slug: SLUG, rating: 3, title: 'Lovely, slow to arrive', content: 'Beautiful hair; it took the full four weeks.', reviewer_name: 'Rae' });
    expect(e1).toBeNull();
    const admin = await signedInAdmin();
    const { error: e2 } = await admin.from('reviews').update({ is_approved: true }).eq('id', id);
    expect(e2).toBeNull();

    const after = await live();
    expect(after.count).toBe(before.count + 1);
    expect(after.average, 'the new review moves the average').not.toBe(before.average);
    await untilRebuilt(after);
    expect(ldRatings(await html(PATH)), 'the JSON-LD says what the page says').toEqual([after]);
    await structuredDataAgrees();

    // A visitor on a phone, on a fresh /products.
    const page = await openPage(ctx.site, '/products', await ctx.site.page({ viewport: MOBILE, isMobile: true, hasTouch: true }));
    const card = page.locator(`a.catalog-rating[href="/products/${SLUG}#reviews"]`);
    await card.scrollIntoViewIfNeeded();
    expect((await card.innerText()).replace(/\s+/g, ' ')).toBe(`${after.average} out of 5 stars, ${after.count} reviews`);

    // Removed again: the pages come back with it.
    const { error: e3 } = await admin.from('reviews').delete().eq('id', id);
    expect(e3).toBeNull();
    await untilRebuilt(before);
    await structuredDataAgrees();
  }, 120_000);

  it("a reply to an approved review reaches the product page's prerendered reviews", async () => {
    const admin = await signedInAdmin();
    const { data: newest } = await admin.from('reviews').select('id').eq('product_slug', SLUG).eq('is_approved', true).order('created_at', { ascending: false }).limit(1);
    const reply = `Thank you for choosing Jah Locs (${randomUUID().slice(0, 6)})`;
    const { error } = await admin.from('review_replies').upsert({ review_id: newest![0].id, content: reply }, { onConflict: 'review_id' });
    expect(error).toBeNull();
    await expect.poll(async () => (await html(PATH)).includes(reply), { message: 'the reply is in the rebuilt page', timeout: REBUILT_WITHIN, interval: 250 }).toBe(true);
  }, 60_000);
});
