/**
 * Press items (docs/data.md#entities: id, title, date, author, excerpt, category, image, slug). The first is the
 * featured story on /press; the other three form the archive (docs/pages.md#press). Each has its own page at
 * /press/<slug>, so the links the spec shows lead somewhere.
 */
export const PRESS_CATEGORIES = ['All', 'Events', 'Features', 'Partnerships', 'Research', 'Updates'] as const;
export type PressCategory = Exclude<(typeof PRESS_CATEGORIES)[number], 'All'>;

export interface PressItem {
  id: number;
  slug: string;
  title: string;
  /** ISO date. */
  date: string;
  author: string;
  excerpt: string;
  category: PressCategory;
  image: string;
  imageAlt: string;
  body: string[];
}

/** Demo Day at the GSU startup forum (docs/pages.md#about: "In the News (Demo Day, September 13, 2025)"). */
export const DEMO_DAY = { label: 'Demo Day', date: '2025-09-13', display: 'September 13, 2025' } as const;

export const PRESS_ITEMS: readonly PressItem[] = [
  {
    id: 1,
    slug: 'cayman-natural-hair-show',
    title: 'KYB Brings Holistic Loc Care to the Cayman Natural Hair Show',
    date: '2025-10-04',
    author: 'KYB Press Team',
    excerpt: 'Live loc-care demonstrations, a scalp-detox bar and a first look at our handmade loc extensions drew crowds at the Cayman Natural Hair Show.',
    category: 'Events',
    image: '/images/press/cayman-natural-hair-show.svg',
    imageAlt: 'Illustration of a sunlit show booth with loc extensions on display and palm leaves behind',
    body: [
      'The Cayman Natural Hair Show brings together stylists, makers and families who wear their hair the way it grows. This year KYB set up a studio in miniature: a herbal tea bar, a scalp-detox station and a table of handmade Jah, Trinity and Irie Locs that visitors could hold, compare and try on.',
      'Our stylists ran hourly demonstrations on low-tension installs and on caring for locs in salt water and sun, the two questions island clients ask us most. Between sessions, visitors booked free consultations and picked up printed copies of our Starter Care Checklist.',
      'The show confirmed what we hear from clients in the Cayman Islands: people want hair care that respects their scalp and their time. We are returning to Grand Cayman for pop-up appointments; join the newsletter to hear first.',
    ],
  },
  {
    id: 2,
    slug: 'caribbean-vendor-partnerships',
    title: 'New Caribbean Vendor Partnerships for Ethically Sourced Ingredients',
    date: '2025-07-22',
    author: 'KYB Press Team',
    excerpt: 'KYB now sources aloe, hibiscus and cold-pressed oils from family growers across the Caribbean, with fair prices agreed before each harvest.',
    category: 'Partnerships',
    image: '/images/press/caribbean-vendor-partnerships.svg',
    imageAlt: 'Illustration of aloe leaves, hibiscus flowers and oil bottles on a market table',
    body: [
      'Every ingredient in the KYB studio should have a story we are proud to tell. This season we signed supply agreements with family growers across the Caribbean for aloe vera, hibiscus and cold-pressed castor and coconut oils.',
      'Prices are agreed before each harvest, so growers know what they will earn before they plant. Smaller batches mean fresher ingredients on your scalp and less waste in our studio.',
      'Several of these growers now appear on our Shop & Affiliates page, where you can buy the same products we use in the chair.',
    ],
  },
  {
    id: 3,
    slug: 'gsu-startup-forum',
    title: 'KYB Presents at the GSU Startup Forum Demo Day',
    date: DEMO_DAY.date,
    author: 'KYB Press Team',
    excerpt: 'On Demo Day, September 13, 2025, KYB presented its digital hair-care tools and studio model to founders, mentors and investors at the GSU Startup Forum.',
    category: 'Events',
    image: '/images/press/gsu-startup-forum.svg',
    imageAlt: 'Illustration of a presenter on stage in front of a slide showing a crown and a planner',
    body: [
      'On Demo Day, September 13, 2025, KYB joined the founders presenting at the GSU Startup Forum in Atlanta. Our pitch: hair care for textured hair should be self-sufficient and sustainable, and digital tools can make that possible for every client, not only those who can visit a studio every week.',
      'We showed the CROWN Planner, which already helps people plan protective styles with 139+ templates, and the studio model behind it: holistic services, handmade loc extensions and free resources in the Vault.',
      'Thank you to the mentors and judges who asked hard questions, and to the clients who came to cheer. The feedback is shaping our next beta tools.',
    ],
  },
  {
    id: 4,
    slug: 'crown-planner-beta-launch',
    title: 'The CROWN Planner Beta Opens to Testers',
    date: '2025-06-02',
    author: 'KYB Product Team',
    excerpt: 'Beta testers get early access to the CROWN Planner and help shape the tools coming next: an AI hair quiz, a community hub and a smart scheduler.',
    category: 'Updates',
    image: '/images/press/crown-planner-beta-launch.svg',
    imageAlt: 'Illustration of a tablet showing the CROWN Planner with stickers around it',
    body: [
      'The CROWN Planner started as the notebook our stylists gave clients to track their protective styles. Today it is a digital planner with 139+ hyperlinked, printable templates, and our beta programme is open.',
      'Beta testers use the planner in their own routines and tell us what works. Their feedback decides which tools we build next: an AI hair quiz, a community hub, a digital library, a smart scheduler and a goals tracker are on the list.',
      'Want to join? Visit the beta page to request access.',
    ],
  },
];

export const pressItem = (slug: string) => {
  const it = PRESS_ITEMS.find((p) => p.slug === slug);
  if (!it) throw new Error(`unknown press item ${slug}`);
  return it;
};

export function formatLongDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
}
