/**
 * The fixed catalog: every product, option, price table and price-related constant the site and the
 * widgets quote (docs/catalog.md#products-page, #product-detail-pages, docs/data.md#entities, docs/catalog.md#limits; docs/pages.md, docs/limits.md). Prices are computed from these tables by
 * shared/pricing.ts; nothing else restates a number.
 *
 * Pure data: no DOM, no imports. The site's prerender (Node) and the widgets (browser) both load it.
 *
 * Sizes, reconciled: the original brief said "sizes XS to M" in one place, named the scale XS, SM, MD (MD
 * the default) in another, and priced the kit's "S" and "M" (docs/catalog.md#loc-options). These are one scale: XS, SM (= "S"), MD (= "M").
 */

// ---------------------------------------------------------------- products (docs/catalog.md#products-page, docs/data.md#entities)

export type ProductId = 'irie-locs' | 'trinity-locs' | 'jah-locs' | 'diy-kit' | 'lock-kit';
export type ProductTag = 'Loc Extensions' | 'DIY Kit';
/** The products page filter's values (docs/catalog.md#products-page: All Products, Loc Extensions, DIY Kit). */
export type ProductCategory = 'loc-extensions' | 'diy-kit';

export interface Product {
  id: ProductId;
  tag: ProductTag;
  title: string;
  description: string;
  features: readonly string[];
  /** Card and page artwork. */
  image: string;
  category: ProductCategory;
  /** The catalog card shows "From $X" (the DIY kit card shows no price, docs/data.md#entities). */
  showPrice: boolean;
  /** Coming Soon badge and a waiting-list form instead of Buy Now (docs/catalog.md#products-page). */
  comingSoon: boolean;
  /** Shown as a card in the /products grid (every product on sale is: issue #29 found the kit builder reachable by typed address only). */
  listed: boolean;
  /** Date the product was added (ISO, for the Newest sort). */
  addedAt: string;
  /** Position in the Recommended sort (1 = first). */
  rank: number;
  /** Route of the product page. */
  href: string;
  /** Product slug its reviews are stored under (docs/catalog.md#product-detail-pages). */
  reviewSlug: ProductId;
}

export const LOCS_PER_BUNDLE = 20;

const product = (p: Omit<Product, 'image' | 'href' | 'reviewSlug'>): Product => ({
  ...p,
  image: `/images/products/${p.id}.svg`,
  href: `/products/${p.id}`,
  reviewSlug: p.id,
});

export const PRODUCTS: readonly Product[] = [
  product({
    id: 'trinity-locs',
    tag: 'Loc Extensions',
    title: 'Trinity Locs',
    description: 'Our signature blend of human and non-toxic synthetic hair: the natural movement of human hair with the hold and lightness of synthetic.',
    features: ['Human/synthetic blend', `${LOCS_PER_BUNDLE} locs per bundle`, 'Lengths 12 to 32 inches', 'Sizes XS to MD', 'Black, Brown, Burgundy or Honey Blonde'],
    category: 'loc-extensions',
    showPrice: true,
    comingSoon: false,
    listed: true,
    addedAt: '2024-03-01',
    rank: 1,
  }),
  product({
    id: 'irie-locs',
    tag: 'Loc Extensions',
    title: 'Irie Locs',
    description: 'Lightweight loc extensions in non-toxic synthetic hair: an easy, affordable way to wear a full loc look.',
    features: ['Non-toxic synthetic hair', `${LOCS_PER_BUNDLE} locs per bundle`, 'Lengths 12 to 32 inches', 'Sizes XS to MD', 'Black, Brown, Burgundy or Honey Blonde'],
    category: 'loc-extensions',
    showPrice: true,
    comingSoon: false,
    listed: true,
    addedAt: '2024-01-15',
    rank: 2,
  }),
  product({
    id: 'jah-locs',
    tag: 'Loc Extensions',
    title: 'Jah Locs',
    description: '100% human hair locs, handmade to order: dye, style and wear them like your own, for as long as you like.',
    features: [
      '100% human hair',
      `${LOCS_PER_BUNDLE} locs per bundle; order 20, 40 or 60`,
      'Lengths 12 to 32 inches',
      'Widths XS 0.4 cm, SM 0.6-0.8 cm, MD 1.2-1.5 cm',
      'Handmade to order in 3-4 weeks',
    ],
    category: 'loc-extensions',
    showPrice: true,
    comingSoon: false,
    listed: true,
    addedAt: '2024-06-01',
    rank: 3,
  }),
  product({
    id: 'diy-kit',
    tag: 'DIY Kit',
    title: 'DIY Trinity Loc Kit',
    description: 'Everything you need to install Trinity Locs at home, with step-by-step guidance from our stylists.',
    features: ['3 Trinity Loc bundles', 'Wrapping hair', 'Video tutorial for install and removal', 'Digital care cards', 'Crochet hook'],
    category: 'diy-kit',
    showPrice: false,
    comingSoon: true,
    listed: true,
    addedAt: '2025-02-01',
    rank: 4,
  }),
  product({
    id: 'lock-kit',
    tag: 'DIY Kit',
    title: 'Custom DIY Loc Kit',
    description: 'Build your own loc kit: choose the size, count, length and color of your locs and add the extras you want.',
    features: ['Sizes XS, SM or MD', '20, 40 or 60 locs', 'Lengths 12 to 32 inches', 'Five colors, including a custom multi-color', 'Ships to the U.S. only'],
    category: 'diy-kit',
    showPrice: true,
    comingSoon: false,
    listed: true,
    addedAt: '2025-03-01',
    rank: 5,
  }),
];

/**
 * Whether a product can be bought now. A Coming Soon product launches by the admin's switch, with no
 * deploy (issue #29; docs/admin.md#kit-launch): `launched` is the set the database says is on sale
 * (table product_launches), read by the checkout function at each press and by the site's build.
 */
export function onSale(p: Product, launched: ReadonlySet<string>): boolean {
  return !p.comingSoon || launched.has(p.id);
}

export function productById(id: string): Product | undefined {
  return PRODUCTS.find((p) => p.id === id);
}

/**
 * Where a product page's Buy Now leads: the anchor around its customizer. <kyb-loc-configurator> focuses
 * its first choice when the page's address ends in it (issue #29); without JavaScript the link still
 * scrolls to the options.
 */
export const BUY_NOW_TARGET = 'choose';

/**
 * What a person reads for each review slug (shared/rules/reviews.ts REVIEW_SLUGS): a product's title, or
 * the name of the page that carries the other slugs' reviews (site/routes.ts labels those pages the same).
 */
const REVIEW_SUBJECTS: Readonly<Record<string, string>> = {
  'handmade-locs': 'Handmade Faux Locs',
  'holistic-haircare': 'Holistic Haircare Haven',
  'protective-style-planner': 'Crown Planner',
};

/** The name of what a review with this slug is about; an unknown slug is shown as it is stored. */
export function reviewSubjectName(slug: string): string {
  return productById(slug)?.title ?? REVIEW_SUBJECTS[slug] ?? slug;
}

/** Products page filter and sort options (docs/catalog.md#products-page, #states: filter defaults to all, sort to recommended). */
export const PRODUCT_FILTERS = [
  { value: 'all', label: 'All Products' },
  { value: 'loc-extensions', label: 'Loc Extensions' },
  { value: 'diy-kit', label: 'DIY Kit' },
] as const;
export const PRODUCT_SORTS = [
  { value: 'recommended', label: 'Recommended' },
  { value: 'newest', label: 'Newest' },
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'price-desc', label: 'Price: High to Low' },
] as const;

// ---------------------------------------------------------------- shared loc options (docs/data.md#entities, docs/limits.md)

export type SizeId = 'XS' | 'SM' | 'MD';
export interface SizeOption {
  id: SizeId;
  label: string;
  /** Loc width (docs/catalog.md#loc-options; docs/limits.md gives the same widths for every loc). */
  width: string;
}
export const SIZES: readonly SizeOption[] = [
  { id: 'XS', label: 'XS', width: '0.4 cm' },
  { id: 'SM', label: 'SM', width: '0.6-0.8 cm' },
  { id: 'MD', label: 'MD', width: '1.2-1.5 cm' },
];
/** docs/limits.md: "MD about 1.2-1.5 cm (default)". */
export const DEFAULT_SIZE: SizeId = 'MD';

export type ColorId = 'black' | 'brown' | 'burgundy' | 'honey-blonde' | 'multi-tone';
export interface ColorOption {
  value: ColorId;
  label: string;
  /** CSS background for the swatch. */
  swatch: string;
}
const SWATCH: Record<ColorId, string> = {
  black: '#1d1a18',
  brown: '#5b3a24',
  burgundy: '#6e1f33',
  'honey-blonde': '#c8944f',
  'multi-tone': 'linear-gradient(135deg, #1d1a18 0%, #5b3a24 35%, #6e1f33 65%, #c8944f 100%)',
};
/** Multi-tone is a custom color at +$75 (docs/limits.md "multi-color custom (+$75)"). */
export const MULTI_TONE_PRICE = 75;
export const LOC_COLORS: readonly ColorOption[] = [
  { value: 'black', label: 'Black', swatch: SWATCH.black },
  { value: 'brown', label: 'Brown', swatch: SWATCH.brown },
  { value: 'burgundy', label: 'Burgundy', swatch: SWATCH.burgundy },
  { value: 'honey-blonde', label: 'Honey Blonde', swatch: SWATCH['honey-blonde'] },
  { value: 'multi-tone', label: 'Multi-tone (custom)', swatch: SWATCH['multi-tone'] },
];
export const DEFAULT_COLOR: ColorId = 'black';

/** Trinity and Irie: a base price times a factor per length, rounded to whole dollars (docs/limits.md). */
export interface FactorLength {
  inches: number;
  factor: number;
}
export const TRINITY_BASE_PRICE = 70;
export const TRINITY_LENGTHS: readonly FactorLength[] = [
  { inches: 12, factor: 1 },
  { inches: 16, factor: 1.2 },
  { inches: 20, factor: 1.4 },
  { inches: 24, factor: 1.6 },
  { inches: 28, factor: 1.8 },
  { inches: 32, factor: 2 },
];
export const IRIE_BASE_PRICE = 65;
/** Same factors as Trinity, "with 26 in at 1.7 in place of 28 in" (docs/limits.md). */
export const IRIE_LENGTHS: readonly FactorLength[] = [
  { inches: 12, factor: 1 },
  { inches: 16, factor: 1.2 },
  { inches: 20, factor: 1.4 },
  { inches: 24, factor: 1.6 },
  { inches: 26, factor: 1.7 },
  { inches: 32, factor: 2 },
];

/** Length bands used by Jah Locs and the kit builder (docs/limits.md). */
export type LengthBand = '12-14' | '16-18' | '24-26' | '32';
export const LENGTH_BANDS: readonly { id: LengthBand; label: string; min: number; max: number }[] = [
  { id: '12-14', label: '12-14 in', min: 12, max: 14 },
  { id: '16-18', label: '16-18 in', min: 16, max: 18 },
  { id: '24-26', label: '24-26 in', min: 24, max: 26 },
  { id: '32', label: '32 in', min: 32, max: 32 },
];

// ---------------------------------------------------------------- Jah Locs (docs/catalog.md#product-detail-pages, #limits)

/** Price of one bundle (20 locs) of XS locs by length. */
export const JAH_BUNDLE_PRICES: Readonly<Record<LengthBand, number>> = {
  '12-14': 90,
  '16-18': 110,
  '24-26': 130,
  '32': 150,
};
/** "Size SM adds $15, MD adds $30 over XS" (docs/limits.md). */
export const JAH_SIZE_ADDERS: Readonly<Record<SizeId, number>> = { XS: 0, SM: 15, MD: 30 };
/** "Quantities 20, 40, 60" locs, i.e. 1, 2 or 3 bundles of 20. */
export const JAH_QUANTITIES = [20, 40, 60] as const;
export type JahQuantity = (typeof JAH_QUANTITIES)[number];
export const JAH_PROCESSING_TIME = '3-4 weeks';
export const JAH_DEPOSIT_NOTE = 'A deposit is collected at checkout and the balance is due before shipping.';

// ---------------------------------------------------------------- DIY Trinity Loc Kit (docs/catalog.md#product-detail-pages, docs/data.md#entities, docs/catalog.md#limits)

export type DiyKitId = 'starter' | 'premium' | 'complete';
export interface DiyKit {
  id: DiyKitId;
  name: string;
  price: number;
  description: string;
  includes: readonly string[];
}
/** What every DIY kit contains (docs/data.md#entities). */
export const DIY_KIT_CONTENTS = ['3 Trinity Loc bundles', 'Wrapping hair', 'Video tutorial for install and removal', 'Digital care cards', 'Crochet hook'] as const;
export const DIY_KITS: readonly DiyKit[] = [
  {
    id: 'starter',
    name: 'Starter Kit',
    price: 149,
    description: 'The essentials to install your first set of Trinity Locs at home.',
    includes: [...DIY_KIT_CONTENTS],
  },
  {
    id: 'premium',
    name: 'Premium Kit',
    price: 199,
    description: 'The starter essentials plus the accessories that make an install last.',
    includes: [...DIY_KIT_CONTENTS, 'Satin storage bag', 'Loc beads pack'],
  },
  {
    id: 'complete',
    name: 'Complete Kit',
    price: 249,
    description: 'Everything in Premium plus a one-to-one virtual install consultation.',
    includes: [...DIY_KIT_CONTENTS, 'Satin storage bag', 'Loc beads pack', 'Virtual install consultation'],
  },
];
/** docs/catalog.md#states: "Kit choice: starter, premium, complete (default starter)". */
export const DEFAULT_DIY_KIT: DiyKitId = 'starter';
/** The spec's "ship in 3-5 business days" (docs/limits.md), as long as a kit ships. */
export const DIY_KIT_SHIP_TIME = '3-5 business days';
/**
 * The DIY kit is not on sale yet (Coming Soon, waiting list): its shipping line speaks of when it
 * launches, not as if it could be ordered today (issue #23).
 */
export const DIY_KIT_SHIPPING = `Will ship in ${DIY_KIT_SHIP_TIME} once the kit launches`;
/** The same line once the admin's launch switch has put the kit on sale (issue #29). */
export const DIY_KIT_SHIPPING_ON_SALE = `Ships in ${DIY_KIT_SHIP_TIME}`;

// ---------------------------------------------------------------- kit builder, /products/lock-kit (docs/limits.md)

export type KitCount = 20 | 40 | 60;
export type KitAddOnId = 'wrapping-hair' | 'beads-pack' | 'satin-bag';
export interface Adder<T> {
  value: T;
  label: string;
  add: number;
}
export const KIT_BUILDER = {
  basePrice: 95,
  sizes: [
    { value: 'XS', label: 'XS', add: 0 },
    { value: 'SM', label: 'SM', add: 5 },
    { value: 'MD', label: 'MD', add: 10 },
  ] as readonly Adder<SizeId>[],
  counts: [
    { value: 20, label: '20 locs', add: 0 },
    { value: 40, label: '40 locs', add: 25 },
    { value: 60, label: '60 locs', add: 50 },
  ] as readonly Adder<KitCount>[],
  lengths: [
    { value: '12-14', label: '12-14 in', add: 0 },
    { value: '16-18', label: '16-18 in', add: 15 },
    { value: '24-26', label: '24-26 in', add: 35 },
    { value: '32', label: '32 in', add: 55 },
  ] as readonly Adder<LengthBand>[],
  colors: [
    { value: 'black', label: 'Black', add: 0 },
    { value: 'brown', label: 'Brown', add: 0 },
    { value: 'burgundy', label: 'Burgundy', add: 5 },
    { value: 'honey-blonde', label: 'Honey Blonde', add: 10 },
    { value: 'multi-tone', label: 'Multi-color', add: 75 },
  ] as readonly Adder<ColorId>[],
  addOns: [
    { value: 'wrapping-hair', label: 'Wrapping hair', add: 12 },
    { value: 'beads-pack', label: 'Beads pack', add: 9 },
    { value: 'satin-bag', label: 'Satin bag', add: 8 },
  ] as readonly Adder<KitAddOnId>[],
  defaults: { size: DEFAULT_SIZE, count: 20 as KitCount, length: '12-14' as LengthBand, color: 'black' as ColorId },
  shipping: 'Ships to the U.S. only',
  finalSale: 'Kits are final sale',
} as const;

export function colorSwatch(value: ColorId): string {
  return SWATCH[value];
}

// ---------------------------------------------------------------- other prices the pages quote

/** Crown Planner tiers (docs/tools.md#crown-planner-page, docs/data.md#calls, docs/tools.md#limits). */
export type PlannerTierId = 'pdf' | 'bundle';
export const PLANNER_TIERS: readonly { id: PlannerTierId; name: string; price: number; description: string }[] = [
  { id: 'pdf', name: 'Crown Planner PDF', price: 13, description: 'The printable, hyperlinked planner: 139+ templates.' },
  {
    id: 'bundle',
    name: 'Crown Planner Bundle',
    price: 27,
    description: 'The planner plus the how-to walkthrough, the digital sticker book and community access.',
  },
];

/** Merchandise, all Coming Soon on /shop (docs/pages.md, docs/limits.md). */
export const MERCHANDISE: readonly { id: 'tee' | 'scarf' | 'journal'; name: string; description: string; price: number; image: string }[] = [
  { id: 'tee', name: 'KYB Crown Tee', description: 'Soft organic cotton tee with the KYB crown.', price: 28, image: '/images/merch/tee.svg' },
  { id: 'scarf', name: 'Satin Crown Scarf', description: 'Satin-lined scarf that protects locs overnight.', price: 22, image: '/images/merch/scarf.svg' },
  { id: 'journal', name: 'Crown Care Journal', description: 'A guided journal for your hair rituals and goals.', price: 35, image: '/images/merch/journal.svg' },
];

/** Studio add-ons on /holistic-haircare (docs/pages.md, docs/limits.md). */
export const STUDIO_ADD_ONS: readonly { id: string; name: string; price: number; minutes: number }[] = [
  { id: 'scalp-detox', name: 'Scalp detox', price: 25, minutes: 20 },
  { id: 'infrared-steamer', name: 'Infrared steamer', price: 20, minutes: 15 },
  { id: 'crystal-massage', name: 'Crystal massage', price: 15, minutes: 10 },
];

/** Rewards tiers by visit count (docs/limits.md); `max` null = no upper bound. */
export const REWARDS_TIERS: readonly { name: string; min: number; max: number | null }[] = [
  { name: 'New Friend', min: 1, max: 3 },
  { name: 'Loyal Client', min: 4, max: 7 },
  { name: 'Hair Family', min: 8, max: 12 },
  { name: 'Crown Royalty', min: 13, max: null },
];
/** What each tier means: /rewards' tiers and the member's card (kyb-rewards-card) say it. */
export const REWARDS_TIER_PERKS: Record<string, string> = {
  'New Friend': 'Welcome to the family: your card, your first punches and our care guides.',
  'Loyal Client': 'Priority booking windows and a complimentary herbal rinse once a season.',
  'Hair Family': 'A free studio add-on every fourth visit and early access to new products.',
  'Crown Royalty': 'Our thanks in full: first pick of appointments, gifts and invitations to studio events.',
};
/** The rewards tier for a visit count, or null before the first visit. */
export function rewardsTierFor(visits: number) {
  return REWARDS_TIERS.find((t) => visits >= t.min && (t.max === null || visits <= t.max)) ?? null;
}
export function rewardsTierRange(t: { min: number; max: number | null }): string {
  return t.max === null ? `${t.min}+ visits` : `${t.min}-${t.max} visits`;
}
/**
 * The rewards card's one rule (docs/rewards.md#the-card-and-its-rewards). The spec states the card's
 * markers (25% and 50% over 10 slots) and the studio's loyalty perks (5 visits 10% off, 10 visits 15%
 * off); they are reconciled here as one rule: 10 slots, a marker at the 5th visit (10% off) and at the
 * 10th (15% off), and after the last marker the card starts again. Every page, the card graphic's test
 * and the reward codes follow this constant.
 */
export const REWARDS_CARD = {
  slots: 10,
  markers: [
    { visit: 5, percentOff: 10 },
    { visit: 10, percentOff: 15 },
  ],
  /** The static example card of /rewards and /services (signed out). */
  examplePunches: 2,
} as const;
export type RewardsMarker = (typeof REWARDS_CARD.markers)[number];
/** "5 visits" / "10% off": how the studio page and the card word a marker. */
export const markerVisits = (m: RewardsMarker) => `${m.visit} visits`;
export const markerReward = (m: RewardsMarker) => `${m.percentOff}% off`;

/** The filled slots of the current card: a full card stays full on its last visit, the next starts at 1. */
export function rewardsCardPunches(visits: number): number {
  return visits <= 0 ? 0 : ((visits - 1) % REWARDS_CARD.slots) + 1;
}
/** The marker a card reaches exactly at this visit count (5, 10, 15, 20, ...), or null. */
export function rewardsMarkerAt(visits: number): RewardsMarker | null {
  return visits > 0 ? (REWARDS_CARD.markers.find((m) => m.visit === rewardsCardPunches(visits)) ?? null) : null;
}
/** Every reward earned up to this visit count, in order: each is one single-use code. */
export function rewardsEarned(visits: number): { visit: number; percentOff: number }[] {
  const earned: { visit: number; percentOff: number }[] = [];
  for (let n = 1; n <= visits; n++) {
    const m = rewardsMarkerAt(n);
    if (m) earned.push({ visit: n, percentOff: m.percentOff });
  }
  return earned;
}
/**
 * The next reward from this visit count: its marker and how many visits remain. `issuedThrough` is the
 * highest visit a code was already issued at (0 for none): a punch taken back keeps its code, and
 * reaching that marker again issues nothing (docs/rewards.md), so the next reward is the first marker
 * past both.
 */
export function rewardsNext(visits: number, issuedThrough = 0): { marker: RewardsMarker; visitsToGo: number } {
  const past = Math.max(visits, issuedThrough);
  const cardStart = past - (past % REWARDS_CARD.slots); // the visits before the card `past` falls on
  const marker = REWARDS_CARD.markers.find((m) => cardStart + m.visit > past) ?? REWARDS_CARD.markers[0];
  const at = cardStart + marker.visit > past ? cardStart + marker.visit : cardStart + REWARDS_CARD.slots + marker.visit;
  return { marker, visitsToGo: at - visits };
}

/** Studio loyalty (docs/pages.md, docs/limits.md): the card's markers, then the referral perk. */
export const STUDIO_LOYALTY: readonly { id: string; label: string; reward: string }[] = [
  ...REWARDS_CARD.markers.map((m) => ({ id: `visit-${m.visit}`, label: markerVisits(m), reward: markerReward(m) })),
  { id: 'refer-a-friend', label: 'Refer a friend', reward: '$10 credit' },
];

/** Handmade faux locs (docs/pages.md, docs/limits.md). */
export const HANDMADE_LOCS = { fromPrice: 79, freeShippingOver: 100 } as const;
