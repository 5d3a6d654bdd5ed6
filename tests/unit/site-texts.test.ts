import { describe, expect, it } from 'vitest';
import { BUSINESS } from '../../shared/business.ts';
import { decode, page, pages, text, usePages } from './site-pages.ts';

usePages();

describe('page content (docs/pages.md) and figures (docs/limits.md)', () => {
  /** Texts each page must show (visible text, entities decoded). */
  const TEXTS: Record<string, string[]> = {
    '/': [
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
    '/products': [
      'Our Crown Creations',
      'Buy Now',
      'Explore Gallery',
      'From $65',
      'From $70',
      'From $90',
      'Coming Soon',
      'Book Consultation',
      'Toxic Free & Ethically Sourced',
      'Dyeable',
      'Reusable',
      'Free Handmade Accessory',
      'Scented',
      'Customizable',
      'Digital Care Cards',
      'Custom & Unique',
      'Style Gallery',
    ],
    '/products/trinity-locs': [
      'Trinity Locs',
      'Human/synthetic blend',
      'From $70',
      'Buy Now',
      'Book Consultation',
      'Features',
      'Specifications',
      'Customer Reviews',
      'Back to Products',
      '$140',
      '+$75',
    ],
    '/products/irie-locs': ['Irie Locs', 'Non-toxic synthetic', 'From $65', '26 in', '$111', '$130'],
    '/products/jah-locs': [
      'Jah Locs',
      '100% human hair',
      'From $90',
      '3-4 weeks',
      'deposit',
      'balance is due before shipping',
      '$90',
      '$110',
      '$130',
      '$150',
      '20 locs',
      '40 locs',
      '60 locs',
      '0.4 cm',
      '0.6-0.8 cm',
      '1.2-1.5 cm',
    ],
    '/products/diy-kit': [
      'DIY Trinity Loc Kit',
      'Starter Kit',
      'Premium Kit',
      'Complete Kit',
      '$149',
      '$199',
      '$249',
      'Will ship in 3-5 business days once the kit launches',
      'Crochet hook',
      'Video tutorial for install and removal',
    ],
    '/products/lock-kit': [
      'Base kit $95',
      'Details',
      'How It Works',
      'Materials',
      'Care',
      'Kit FAQs',
      'Related products',
      '+$25',
      '+$50',
      '+$55',
      '+$12',
      '+$9',
      '+$8',
      'Ships to the U.S. only',
      'kits are final sale',
    ],
    '/handmade-locs': ['$79', 'Free shipping over $100', 'Add to Cart', 'Back to Products', 'Style Gallery'],
    '/holistic-haircare': [
      'Holistic Haircare Haven',
      'Scalp detox',
      '$25',
      '20 min',
      'Infrared steamer',
      '$20',
      '15 min',
      'Crystal massage',
      '$15',
      '10 min',
      '5 visits',
      '10% off',
      '10 visits',
      '15% off',
      'Refer a friend',
      '$10 credit',
      'Partner brands',
      'Book Now',
    ],
    '/services': [
      'Schedule Sacred Time',
      'Why A KYB Service',
      'Holistic by Design',
      'Tailored for You',
      'Care that Continues',
      'Extensions & Products',
      'Herbal Tea Bar',
      'Aromatherapy',
      'Guided Stretches',
      'Sound Healing',
      'Adornment Bar',
      'Premium Add-Ons',
      'Traditional Infusions',
      'Clay, Conditioning & Detox Treatments',
      'Herbal Hair Soaks & Rinses',
      'cannot be booked separately',
      'Students',
      'Refer a Friend',
      'Birthdays',
      'View All Partners',
      'How It Works',
      'Scheduling & Waitlist',
      BUSINESS.phone,
      'Terms',
      'Ready to book?',
      'Book with Acuity',
    ],
    '/about': ['The system is broken', 'Our answer', 'Meet the Visionary', 'In the News', 'Demo Day', 'September 13, 2025'],
    '/press': ['All', 'Events', 'Features', 'Partnerships', 'Research', 'Updates', 'Featured story', 'Archive', BUSINESS.pressEmail],
    '/blog': ['Holistic Care', 'Ingredients', 'Protective Styling', 'Loc Science', 'Economy & Equity', 'The Full Loc Bible', 'Load More', 'Join the Circle'],
    '/rewards': [
      'New Friend',
      '1-3 visits',
      'Loyal Client',
      '4-7 visits',
      'Hair Family',
      '8-12 visits',
      'Crown Royalty',
      '13+ visits',
      // The card's markers, as reconciled with the studio perks (docs/rewards.md#the-card-and-its-rewards).
      '5 visits you earn 10% off',
      '10 visits 15% off',
      'your card starts again',
      'automatically after each completed service',
      'Member benefits',
    ],
    '/faq': [
      'Frequently Asked Questions',
      'Booking',
      'Services',
      'Locs',
      'Crown Planner',
      'Policies',
      'Sourcing',
      'Still Have Questions?',
      'within 24 hours',
      'Email Us',
      '24 hours',
      '48 hours',
      '15 minutes',
      '50%',
      '30 days',
      'quarterly',
      '2-3 weeks',
      '1 week',
      '5-10 business days',
      '2 weeks',
      'link in your confirmation e-mail',
    ],
    '/faq/locs': [
      'Back to Products',
      'Jah Locs: human hair',
      'Trinity Locs: human/synthetic blend',
      'Irie Locs: non-toxic synthetic',
      'Choosing size, length and bundles',
      'Weight and comfort',
      'Turnaround and shipping',
      'Customization and orders',
      'Care and maintenance',
      'Policies and international inquiries',
      'Learn & Connect',
      'Instagram',
      'YouTube',
      'TikTok',
      'Shop Now',
      '7-14 business days',
      'United States only',
      '1-2 bundles',
      '2-4 bundles or more',
      '4-8 weeks',
      '20 locs',
      '$75',
    ],
    '/partners': ['Join Our Eco System', '2-3 business days', 'Affiliate Partnership', 'Supplier/Vendor', 'Brand Collaboration', 'Other'],
    '/digital-tools': ['Goal Tracking', 'Ritual Scheduler', 'Product Pantry', 'The Vault', 'Visit the Blog', 'YouTube', 'Starter Care Checklist'],
    '/digital-tools/crown-planner': [
      'Protective Styling Edition',
      '139+',
      'Trusted by 1000+ users',
      'Get CROWN',
      'Overview',
      'How It Works',
      "What's Inside",
      'FAQ',
      "What You'll Receive at Checkout",
      'Initialize your Crown',
      'Compile your Plan',
      'Run the Install',
      'Debug & Evolve',
      '$13',
      '$27',
      'digital sticker book',
    ],
    '/beta': ['Beta', 'AI Hair Quiz', 'Community Hub', 'Digital Library', 'Smart Scheduler', 'Goals Tracker'],
    '/beta-tester': [
      'Beta Access Tools',
      'Crown Planner',
      'Coming Soon',
      'AI Hair Quiz',
      'Community Hub',
      'Digital Library',
      'Smart Scheduler',
      'Goals Tracker',
      'e-mail your feedback',
      'community chat',
    ],
    '/vault': [
      'Starter Care Checklist',
      'Takedown Guide',
      'Ritual Tracker',
      'PDF',
      'Digital',
      'Download',
      'View on Pinterest',
      'View on YouTube',
      'View on Instagram',
      'View on TikTok',
      'Book a Service',
    ],
    '/shop': ['50+ products', 'Partner brands', 'Featured', 'Coming Soon', '$28', '$22', '$35', 'Notify Me'],
    '/admin/gallery': ['Gallery Administration'],
    '/account': ['My Account'],
    '/locs': ['Discover Handmade Locs'],
    '/planner': ['Begin Planning'],
    '/privacy': ['Privacy Policy', 'Last updated', BUSINESS.email, 'no analytics service', 'unsubscribe link', 'Delete your account'],
    '/cookies': ['Cookie Policy', 'This site sets no cookies', 'Local storage', 'Session storage', 'Why there is no cookie banner', BUSINESS.email],
    '/contact': [BUSINESS.email, BUSINESS.phone, 'Message us on Instagram', '24 hours'],
    '/ethics': ['Ethically sourced hair', 'Toxic-free materials'],
    '/blog/full-loc-bible': ['The Full Loc Bible', '20 locs', '0.4 cm', '12-14 in', '32 in'],
    '/press/gsu-startup-forum': ['Demo Day, September 13, 2025', 'Back to Press'],
  };

  it.each(Object.entries(TEXTS))('%s shows its labels and figures', (path, expected) => {
    const t = text(page(path));
    for (const s of expected) expect(t, `${path} shows "${s}"`).toContain(s);
  });
});

/**
 * Issue #23, copy: the site speaks American English ("Colour" and "Color" both appeared), and the DIY
 * kit, which is not on sale yet, does not say it ships in a few days as if it could be ordered today.
 * Every page (its text, titles, descriptions and JSON-LD) and every message of the catalogue.
 */
describe('copy (issue #23)', () => {
  it('spells it "color" everywhere: pages, metadata, structured data and messages', async () => {
    const messages = await import('../../shared/messages.ts');
    const catalogue = JSON.stringify(Object.values(messages).filter((v) => typeof v === 'object'));
    expect(catalogue.match(/\bcolou?r\w*/gi)?.filter((w) => /colou/i.test(w)) ?? [], 'the message catalogue').toEqual([]);
    const british = pages.flatMap((p) => [...decode(p.html).matchAll(/\w*colou\w*/gi)].map((m) => `${p.path}: ${m[0]}`));
    expect(british).toEqual([]);
  });

  it('the DIY kit page speaks of shipping as something that will happen once the kit launches', () => {
    const t = text(page('/products/diy-kit'));
    expect(t).toContain('Coming Soon');
    expect(t).not.toMatch(/\bShips in 3-5 business days\b/);
    expect(t).toContain('Will ship in 3-5 business days once the kit launches');
  });
});

/** Issue #29, what a phone walk found in the copy. */
describe('copy (issue #29)', () => {
  it('dates the footer with the year the site is built, on every page', () => {
    const year = new Date().getUTCFullYear();
    for (const p of pages.filter((x) => x.html.includes('©'))) expect(text(p.html), p.path).toContain(`© ${year} `);
    expect(text(page('/')), 'the footer').toContain(`© ${year} ${BUSINESS.legalName}`);
  });

  // No e-mail carries a file link (docs/commerce.md#downloads): the download is on the order page Stripe
  // returns to, and the confirmation e-mail links to that page. The walk read "Your download link arrives by e-mail".
  it('says where the planner download is: on the order page after paying, not a link by e-mail', () => {
    const t = text(page('/digital-tools/crown-planner'));
    expect(t).not.toMatch(/download link arrives by e-mail/i);
    expect(t).toContain('Download it as soon as you have paid; the e-mail links to your order page for later.');
  });

  it('gives the handmade faux locs, which have one price, that price without "From"', () => {
    for (const path of ['/handmade-locs', '/locs']) {
      expect(text(page(path)), path).toContain('$79');
      expect(text(page(path)), path).not.toMatch(/from \$79/i);
    }
  });
});
