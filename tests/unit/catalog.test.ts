/** The fixed catalog against the spec's words and numbers (docs/catalog.md#products-page, docs/data.md#entities, docs/catalog.md#limits; docs/pages.md, docs/limits.md). */
import { describe, it, expect } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LoyaltyCard, loyaltyCardWords } from '../../ui/rewards/LoyaltyCard.tsx';
import {
  reviewSubjectName,
  DIY_KIT_CONTENTS,
  DIY_KITS,
  HANDMADE_LOCS,
  IRIE_LENGTHS,
  JAH_BUNDLE_PRICES,
  JAH_PROCESSING_TIME,
  JAH_QUANTITIES,
  KIT_BUILDER,
  LENGTH_BANDS,
  LOC_COLORS,
  LOCS_PER_BUNDLE,
  MERCHANDISE,
  PLANNER_TIERS,
  PRODUCT_FILTERS,
  PRODUCT_SORTS,
  PRODUCTS,
  REWARDS_CARD,
  REWARDS_TIERS,
  SIZES,
  STUDIO_ADD_ONS,
  STUDIO_LOYALTY,
  TRINITY_LENGTHS,
  DEFAULT_SIZE,
  productById,
  rewardsTierFor,
  rewardsCardPunches,
  rewardsEarned,
  rewardsMarkerAt,
  rewardsNext,
  rewardsTierRange,
} from '../../shared/catalog.ts';
import { fromPrice } from '../../shared/pricing.ts';
import { REVIEW_SLUGS } from '../../shared/rules/reviews.ts';

describe('products', () => {
  it('holds the five products with unique ids, ranks and the spec titles, tags and prices', () => {
    expect(PRODUCTS.map((p) => p.id).sort()).toEqual(['diy-kit', 'irie-locs', 'jah-locs', 'lock-kit', 'trinity-locs']);
    expect(new Set(PRODUCTS.map((p) => p.rank)).size).toBe(PRODUCTS.length);
    const by = (id: string) => productById(id)!;
    expect(by('irie-locs')).toMatchObject({ tag: 'Loc Extensions', showPrice: true, category: 'loc-extensions' });
    expect(by('trinity-locs')).toMatchObject({ tag: 'Loc Extensions', showPrice: true });
    expect(by('jah-locs')).toMatchObject({ tag: 'Loc Extensions', showPrice: true });
    expect(by('diy-kit')).toMatchObject({ title: 'DIY Trinity Loc Kit', tag: 'DIY Kit', comingSoon: true, showPrice: false, category: 'diy-kit' });
    expect(by('lock-kit')).toMatchObject({ tag: 'DIY Kit' });
    // The spec's "from" prices, as shared/pricing.ts works them out.
    expect(Object.fromEntries(PRODUCTS.map((p) => [p.id, fromPrice(p.id)]))).toEqual({ 'irie-locs': 65, 'trinity-locs': 70, 'jah-locs': 90, 'diy-kit': 149, 'lock-kit': 95 });
    expect(by('irie-locs').features.join(' ')).toMatch(/synthetic/);
    expect(by('trinity-locs').features.join(' ')).toMatch(/human\/synthetic blend/i);
    expect(by('jah-locs').features.join(' ')).toMatch(/100% human hair/);
    expect(productById('nope')).toBeUndefined();
  });
  it('gives every product its artwork, page, review slug, a valid date and content', () => {
    for (const p of PRODUCTS) {
      expect(p.image).toBe(`/images/products/${p.id}.svg`);
      expect(p.href).toBe(`/products/${p.id}`);
      expect(REVIEW_SLUGS).toContain(p.reviewSlug);
      expect(Number.isNaN(Date.parse(p.addedAt))).toBe(false);
      expect(p.title && p.description).toBeTruthy();
      expect(p.features.length).toBeGreaterThanOrEqual(3);
      expect(PRODUCT_FILTERS.map((f) => f.value)).toContain(p.category);
    }
  });
  it('lists every product on /products: the loc products, the DIY kit card and the kit builder on sale (issue #29)', () => {
    expect(
      PRODUCTS.filter((p) => p.listed)
        .map((p) => p.id)
        .sort(),
    ).toEqual(['diy-kit', 'irie-locs', 'jah-locs', 'lock-kit', 'trinity-locs']);
  });
  it('has the filter and sort labels of docs/catalog.md#products-page', () => {
    expect(PRODUCT_FILTERS.map((f) => f.label)).toEqual(['All Products', 'Loc Extensions', 'DIY Kit']);
    expect(PRODUCT_SORTS.map((s) => s.label)).toEqual(['Recommended', 'Newest', 'Price: Low to High', 'Price: High to Low']);
  });
});

describe('loc options', () => {
  it('bundles of 20; sizes XS, SM, MD with the Jah widths, MD default', () => {
    expect(LOCS_PER_BUNDLE).toBe(20);
    expect(SIZES.map((s) => [s.id, s.width])).toEqual([
      ['XS', '0.4 cm'],
      ['SM', '0.6-0.8 cm'],
      ['MD', '1.2-1.5 cm'],
    ]);
    expect(DEFAULT_SIZE).toBe('MD');
  });
  it('colours Black, Brown, Burgundy, Honey Blonde plus multi-tone, each with a swatch', () => {
    expect(LOC_COLORS.map((c) => c.label).slice(0, 4)).toEqual(['Black', 'Brown', 'Burgundy', 'Honey Blonde']);
    expect(LOC_COLORS[4].value).toBe('multi-tone');
    for (const c of LOC_COLORS) expect(c.swatch).toMatch(/^(#[0-9a-f]{6}|linear-gradient\()/);
  });
  it('lengths span 12 to 32 inches', () => {
    expect(TRINITY_LENGTHS.map((l) => l.inches)).toEqual([12, 16, 20, 24, 28, 32]);
    expect(IRIE_LENGTHS.map((l) => l.inches)).toEqual([12, 16, 20, 24, 26, 32]);
    expect(LENGTH_BANDS.map((b) => b.id)).toEqual(['12-14', '16-18', '24-26', '32']);
    expect(LENGTH_BANDS.map((b) => JAH_BUNDLE_PRICES[b.id])).toEqual([90, 110, 130, 150]);
    expect(JAH_QUANTITIES).toEqual([20, 40, 60]);
    expect(JAH_PROCESSING_TIME).toBe('3-4 weeks');
  });
});

describe('kits', () => {
  it('DIY kits starter/premium/complete at $149/$199/$249, each with the kit contents', () => {
    expect(DIY_KITS.map((k) => [k.id, k.price])).toEqual([
      ['starter', 149],
      ['premium', 199],
      ['complete', 249],
    ]);
    for (const k of DIY_KITS) {
      expect(k.name && k.description).toBeTruthy();
      for (const item of DIY_KIT_CONTENTS) expect(k.includes).toContain(item);
    }
    expect(DIY_KIT_CONTENTS[0]).toMatch(/^3 Trinity/);
  });
  it('kit builder options and notes (docs/limits.md)', () => {
    expect(KIT_BUILDER.basePrice).toBe(95);
    expect(KIT_BUILDER.addOns.map((a) => [a.label, a.add])).toEqual([
      ['Wrapping hair', 12],
      ['Beads pack', 9],
      ['Satin bag', 8],
    ]);
    expect(KIT_BUILDER.shipping).toBe('Ships to the U.S. only');
    expect(KIT_BUILDER.finalSale).toBe('Kits are final sale');
    for (const list of [KIT_BUILDER.sizes, KIT_BUILDER.counts, KIT_BUILDER.lengths, KIT_BUILDER.colors]) {
      expect(list[0].add).toBe(0);
      expect(new Set(list.map((o) => o.value)).size).toBe(list.length);
    }
  });
});

describe('other prices', () => {
  it('planner, merchandise, studio, handmade', () => {
    expect(PLANNER_TIERS.map((t) => [t.id, t.price])).toEqual([
      ['pdf', 13],
      ['bundle', 27],
    ]);
    expect(MERCHANDISE.map((m) => [m.id, m.price])).toEqual([
      ['tee', 28],
      ['scarf', 22],
      ['journal', 35],
    ]);
    expect(STUDIO_ADD_ONS.map((a) => [a.price, a.minutes])).toEqual([
      [25, 20],
      [20, 15],
      [15, 10],
    ]);
    expect(STUDIO_LOYALTY.map((l) => `${l.label}: ${l.reward}`)).toEqual(['5 visits: 10% off', '10 visits: 15% off', 'Refer a friend: $10 credit']);
    expect(HANDMADE_LOCS).toEqual({ fromPrice: 79, freeShippingOver: 100 });
  });
  it('rewards tiers cover every visit count from 1 without gaps or overlaps', () => {
    expect(REWARDS_TIERS.map((t) => `${t.name} ${rewardsTierRange(t)}`)).toEqual([
      'New Friend 1-3 visits',
      'Loyal Client 4-7 visits',
      'Hair Family 8-12 visits',
      'Crown Royalty 13+ visits',
    ]);
    expect(rewardsTierFor(0)).toBeNull();
    const names = Array.from({ length: 40 }, (_, i) => rewardsTierFor(i + 1)?.name);
    expect(names.slice(0, 3)).toEqual(Array(3).fill('New Friend'));
    expect(names.slice(3, 7)).toEqual(Array(4).fill('Loyal Client'));
    expect(names.slice(7, 12)).toEqual(Array(5).fill('Hair Family'));
    expect(names.slice(12).every((n) => n === 'Crown Royalty')).toBe(true);
  });
});

describe('the rewards card: one rule for the card, the studio perks and the codes (docs/rewards.md#the-card-and-its-rewards)', () => {
  it('has 10 slots, 10% off at the 5th visit and 15% off at the 10th, and starts again after the last marker', () => {
    expect(REWARDS_CARD.slots).toBe(10);
    expect(REWARDS_CARD.markers.map((m) => [m.visit, m.percentOff])).toEqual([
      [5, 10],
      [10, 15],
    ]);
    expect([0, 1, 5, 9, 10, 11, 15, 20, 21].map(rewardsCardPunches)).toEqual([0, 1, 5, 9, 10, 1, 5, 10, 1]);
    expect([4, 5, 10, 15, 20, 25].map((n) => rewardsMarkerAt(n)?.percentOff ?? null)).toEqual([null, 10, 15, 10, 15, 10]);
    expect(rewardsEarned(21)).toEqual([
      { visit: 5, percentOff: 10 },
      { visit: 10, percentOff: 15 },
      { visit: 15, percentOff: 10 },
      { visit: 20, percentOff: 15 },
    ]);
    expect([0, 2, 5, 9, 10, 11].map((n) => [rewardsNext(n).marker.percentOff, rewardsNext(n).visitsToGo])).toEqual([
      [10, 5],
      [10, 3],
      [15, 5],
      [15, 1],
      [10, 5],
      [10, 4],
    ]);
  });
  it("draws the card by the rule: each marker's reward in its slot, the punched slots crowned, nothing else promised", () => {
    for (const visits of [0, REWARDS_CARD.examplePunches, 5, 10, 13]) {
      const words = loyaltyCardWords(visits);
      const svg = renderToStaticMarkup(createElement(LoyaltyCard, words));
      const slots = [...svg.matchAll(/<text [^>]*>([^<]+)<\/text>/g)].map((m) => m[1]).filter((w) => /^(\d+|\d+%)$/.test(w));
      // Punched slots show a crown, no number; the rest name their number or their marker's reward.
      const expected = Array.from({ length: REWARDS_CARD.slots }, (_, i) => i + 1)
        .filter((n) => n > words.punches)
        .map((n) => {
          const m = REWARDS_CARD.markers.find((x) => x.visit === n);
          return m ? `${m.percentOff}%` : String(n);
        });
      expect(slots, `${visits} visits`).toEqual(expected);
      expect(svg.match(/data-punched/g)?.length ?? 0).toBe(rewardsCardPunches(visits));
      expect(svg).not.toMatch(/25%|50%/);
    }
    expect(loyaltyCardWords(REWARDS_CARD.examplePunches).caption).toBe('2 of 10 · 3 visits to 10% off');
    expect(loyaltyCardWords(9).caption).toBe('9 of 10 · 1 visit to 15% off');
    expect(loyaltyCardWords(10).caption).toBe('10 of 10 · 5 visits to 10% off');
    // Back to 4 after the 5th visit's code was issued (a punch taken back keeps its code): the 5th visit
    // again issues nothing, so the card promises the next marker it can keep (walk of issue #31).
    expect(loyaltyCardWords(4, 5).caption).toBe('4 of 10 · 6 visits to 15% off');
    expect(rewardsNext(9, 10)).toEqual({ marker: REWARDS_CARD.markers[0], visitsToGo: 6 });
    expect(rewardsNext(7, 5)).toEqual(rewardsNext(7));
  });
});

describe('reviewSubjectName: what a review is about, by name (kyb-review-moderation, issue #8)', () => {
  it('names every review slug: a product by its title, the other pages as the site labels them', () => {
    for (const slug of REVIEW_SLUGS) expect(reviewSubjectName(slug), slug).not.toBe(slug);
    for (const p of PRODUCTS) expect(reviewSubjectName(p.reviewSlug)).toBe(p.title);
    // The navigation labels of the pages that carry these reviews (site/routes.ts).
    expect(reviewSubjectName('handmade-locs')).toBe('Handmade Faux Locs');
    expect(reviewSubjectName('holistic-haircare')).toBe('Holistic Haircare Haven');
    expect(reviewSubjectName('protective-style-planner')).toBe('Crown Planner');
  });
  it('shows an unknown slug as it is stored', () => {
    expect(reviewSubjectName('retired-product')).toBe('retired-product');
  });
});
