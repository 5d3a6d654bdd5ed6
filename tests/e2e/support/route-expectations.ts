/**
 * What the visual suite's route checks (tests/visual/route-checks.ts) expect of every address of the built site, written out from the specs
 * (docs/pages.md#route-table, docs/limits.md), not from site/routes.ts: the paths, the aliases, and per
 * canonical path the h1, words, links, in-page anchors and headings. Data only; the checks are in
 * tests/visual/route-checks.ts.
 */

/** docs/pages.md#route-table, written out from the specs (not from site/routes.ts). */
export const SPEC_PATHS = [
  '/',
  '/products',
  '/products/jah-locs',
  '/products/trinity-locs',
  '/products/irie-locs',
  '/products/diy-kit',
  '/products/lock-kit',
  '/faq',
  '/faq/locs',
  '/vault',
  '/resources',
  '/holistic-haircare',
  '/handmade-locs',
  '/digital-tools',
  '/digital-tools/beta',
  '/beta',
  '/beta-tester',
  '/digital-tools/crown-planner',
  '/crown-planner',
  '/vip-crown-suite',
  '/shop',
  '/admin/gallery',
  '/account',
  '/about',
  '/press',
  '/blog',
  '/rewards',
  '/services',
  '/locs',
  '/planner',
  '/partners',
  '/privacy',
  '/cookies',
];
/** Linked from the specs' pages without a description of their own (docs/pages.md). */
export const UNDESCRIBED = [
  '/contact',
  '/ethics',
  '/press/cayman-natural-hair-show',
  '/press/caribbean-vendor-partnerships',
  '/press/gsu-startup-forum',
  '/press/crown-planner-beta-launch',
  '/blog/full-loc-bible',
  '/protective-style-planner',
];
export const ALIASES: string[][] = [
  ['/vault', '/resources'],
  ['/beta', '/digital-tools/beta'],
  ['/digital-tools/crown-planner', '/crown-planner', '/vip-crown-suite'],
];
export const MISSING_PATH = '/no-such-page-e2e/at-all';

export type Key = string | RegExp;
export interface Expect {
  /** The h1, when the spec names the page's title. */
  h1?: Key;
  text?: Key[];
  /** Internal links the page must carry (path, optionally with #fragment). */
  links?: string[];
  /** Element ids (in-page anchors) the spec names. */
  ids?: string[];
  /** Each must match the text of some heading (h2-h6) of the page. */
  headings?: RegExp[];
}

const PLANNER: Expect = {
  text: [
    'Get CROWN',
    '139+',
    '$13',
    '$27',
    "What You'll Receive at Checkout",
    "What's Inside",
    'How It Works',
    'Initialize your Crown',
    'Compile your Plan',
    'Run the Install',
    'Debug & Evolve',
  ],
  ids: ['overview', 'how-it-works', 'whats-inside', 'faq'],
};
const BETA: Expect = { text: [/beta/i] };
const VAULT: Expect = {
  text: ['Starter Care Checklist', 'Takedown Guide', 'Ritual Tracker', 'PDF', 'Digital', 'Download', 'Pinterest', 'YouTube', 'Instagram', 'TikTok', 'Book a Service'],
};

/** Words from the specs, per canonical path (docs/pages.md, docs/limits.md). */
export const EXPECT: Record<string, Expect> = {
  '/': {
    text: [
      'Book a Free Consultation',
      'Holistic Haircare Haven',
      'Discover More',
      'Explore Collection',
      'Digital Planning Tools',
      'Begin Planning',
      'Holistic is not Harsh',
      'Wisdom-Guided',
      'Pure & Ethical',
      'Beyond The Chair',
      'Schedule Sacred Time',
      'Join the Circle',
    ],
    links: ['/holistic-haircare', '/products', '/planner', '/privacy'],
  },
  '/products': {
    h1: 'Our Crown Creations',
    text: [
      'Buy Now',
      'Explore Gallery',
      'All Products',
      'Loc Extensions',
      'DIY Kit',
      'Recommended',
      'Newest',
      'Price: Low to High',
      'Price: High to Low',
      'Book Consultation',
      'Coming Soon',
      '$65',
      '$70',
      '$90',
      'Toxic Free & Ethically Sourced',
      'Dyeable',
      'Reusable',
      'Free Handmade Accessory',
      'Scented',
      'Customizable',
      'Digital Care Cards',
      'Custom & Unique',
      'Style Gallery',
      'Join the Waiting List',
    ],
    links: ['/products/irie-locs', '/products/trinity-locs', '/products/jah-locs'],
  },
  '/products/jah-locs': {
    h1: /Jah Locs/,
    text: [/human hair/i, '$90', '$110', '$130', '$150', '3-4 weeks', /deposit/i, 'XS', 'SM', 'MD', '20', '40', '60', 'Customer Reviews'],
    links: ['/products'],
  },
  '/products/trinity-locs': { h1: /Trinity Locs/, text: ['$70', 'Buy Now', 'Book Consultation', 'Customer Reviews'], links: ['/products'] },
  '/products/irie-locs': { h1: /Irie Locs/, text: ['$65', 'Buy Now', 'Book Consultation', 'Customer Reviews'], links: ['/products'] },
  '/products/diy-kit': { text: [/starter/i, /premium/i, /complete/i, '$149', '$199', '$249', 'Customer Reviews'], links: ['/products'] },
  '/products/lock-kit': {
    text: ['Details', 'How It Works', 'Materials', 'Care', '$95', 'Customer Reviews'],
    links: ['/products'],
  },
  '/faq': {
    text: ['Still Have Questions?', '24 hours', 'Email Us'],
    // docs/pages.md#faq: one card per category: booking, services, locs, planner, policies, sourcing.
    headings: [/booking/i, /services/i, /locs/i, /planner/i, /polic/i, /sourcing/i],
  },
  '/faq/locs': {
    text: ['Jah Locs', 'Trinity Locs', 'Irie Locs', 'Learn & Connect', 'Shop Now', 'Instagram', 'YouTube', 'TikTok'],
    links: ['/products', '/blog'],
  },
  '/vault': VAULT,
  '/holistic-haircare': {
    text: [/scalp detox/i, '$25', '20 min', /infrared steamer/i, '$20', '15 min', /crystal massage/i, '$15', '10 min', '10%', '15%', '$10', 'Customer Reviews'],
  },
  '/handmade-locs': { h1: /faux locs/i, text: ['$79', '$100', 'Add to Cart', 'Customer Reviews'] },
  '/digital-tools': {
    text: ['Goal Tracking', 'Ritual Scheduler', 'Product Pantry', 'The Vault'],
    links: ['/blog'],
  },
  '/beta': BETA,
  '/beta-tester': {
    h1: 'Beta Access Tools',
    text: ['Crown Planner', 'Coming Soon', 'AI Hair Quiz', 'Community Hub', 'Digital Library', 'Smart Scheduler', 'Goals Tracker'],
    links: ['/digital-tools/crown-planner'],
  },
  '/digital-tools/crown-planner': PLANNER,
  '/shop': {
    text: ['50+', 'Coming Soon', 'Notify Me', '$28', '$22', '$35'],
    ids: ['amazon-storefront', 'affiliate-brands'],
  },
  // A visitor who is not signed in is asked to sign in, once, in place (docs/admin.md); a member who is
  // not the admin sees "Admin Access Required" (tests/browser/gallery-admin.test.ts).
  '/admin/gallery': { h1: 'Gallery Administration', text: ['Authentication required', 'Please sign in to access the admin panel.'] },
  '/account': { h1: 'My Account' },
  '/about': {
    text: ['Meet the Visionary', 'In the News', 'Demo Day', 'September 13, 2025'],
    links: ['/services', '/ethics', '/press'],
  },
  '/press': {
    text: ['All', 'Events', 'Features', 'Partnerships', 'Research', 'Updates'],
    links: ['/press/cayman-natural-hair-show', '/press/caribbean-vendor-partnerships', '/press/gsu-startup-forum', '/press/crown-planner-beta-launch'],
  },
  '/blog': {
    text: ['Holistic Care', 'Ingredients', 'Protective Styling', 'Loc Science', 'Economy & Equity', 'Load More', 'Subscribe'],
    links: ['/blog/full-loc-bible'],
  },
  '/rewards': { text: ['New Friend', 'Loyal Client', 'Hair Family', 'Crown Royalty', '10% off', '15% off'] },
  '/services': {
    text: [
      'Schedule Sacred Time',
      'Why A KYB Service',
      'Holistic by Design',
      'Tailored for You',
      'Care that Continues',
      'Extensions & Products',
      'Amenities',
      'Herbal Tea Bar',
      'Aromatherapy',
      'Guided Stretches',
      'Sound Healing',
      'Adornment Bar',
      'Premium Add-Ons',
      'Traditional Infusions',
      'Clay, Conditioning & Detox Treatments',
      'Herbal Hair Soaks & Rinses',
      'Discounts',
      'Students',
      'Refer a Friend',
      'Birthdays',
      'View All Partners',
      'How It Works',
      'Scheduling & Waitlist',
      'Ready to book?',
      'Book with Acuity',
    ],
    headings: [/Why A KYB Service/, /Extensions & Products/, /Amenities/, /Premium Add-Ons/, /Discounts/],
    links: ['/partners', '/shop'],
  },
  '/locs': { links: ['/handmade-locs'] },
  '/planner': { links: ['/protective-style-planner'] },
  '/partners': {
    text: ['Full Name', 'Email Address', 'Partnership Type', 'Affiliate Partnership', 'Supplier/Vendor', 'Brand Collaboration', 'Other'],
  },
  // The spec's placeholders, replaced by real policies (docs/pages.md#privacy-and-cookies).
  '/privacy': {
    h1: 'Privacy Policy',
    text: [/Last updated/, /What we keep, and why/, /no analytics service/i, /unsubscribe/i],
    links: ['/cookies', '/account'],
    headings: [/Your choices and rights/],
  },
  '/cookies': {
    h1: 'Cookie Policy',
    text: [/Last updated/, /sets no cookies/i, /Local storage/, /Session storage/, /Why there is no cookie banner/],
    links: ['/privacy'],
  },
};
