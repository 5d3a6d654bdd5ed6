/**
 * What /privacy and /cookies say, as data: what the product really stores, read from the code (issue
 * #8; docs/pages.md#privacy-and-cookies). The pages render these tables; tests/unit/site-policies.test.ts
 * holds them to the code:
 * - `STORAGE_ROWS` has one row per browser storage key of shared/storage.ts (TypeScript requires it),
 *   and the test fails when shipped code reaches browser storage any other way;
 * - `SERVER_DATA` and `NOT_PERSONAL` together name every table and storage bucket the migrations
 *   create, so a new table cannot go live without a line here saying what it holds.
 * Contact details, links and limits come from their own sources, never retyped.
 */
import { BUSINESS } from '../../shared/business.ts';
import { BROWSER_STORAGE, type BrowserStorageId, type StorageArea } from '../../shared/storage.ts';

/** The date both policies were last changed (ISO); change it with any change of substance. */
export const POLICIES_UPDATED = '2026-12-01';

export function formatPolicyDate(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

export const AREA_LABEL: Record<StorageArea, string> = {
  localStorage: 'Local storage',
  sessionStorage: 'Session storage',
};

/** Strictly necessary: the feature cannot work without it. Remembers a choice: kept only because you made one. */
export type StorageNeed = 'Strictly necessary' | 'Remembers your choice';

export interface StorageRow {
  purpose: string;
  /** What the value holds, so a reader knows whether it says anything about them. */
  holds: string;
  /** When it is written. */
  when: string;
  duration: string;
  need: StorageNeed;
}

/** The cookie table: one row per key of shared/storage.ts, in the order a visitor meets them. */
export const STORAGE_ROWS: Record<BrowserStorageId, StorageRow> = {
  session: {
    purpose: 'Keeps you signed in to your KYB account as you move between pages and come back later.',
    holds: 'Your sign-in session from our sign-in service: access and refresh tokens, your account id and e-mail address.',
    when: 'When you sign in, create an account or open a link from one of our account e-mails.',
    duration: 'Until you sign out. It renews itself while you use the site and is removed if it can no longer be renewed.',
    need: 'Strictly necessary',
  },
  profileSynced: {
    purpose: 'Notes that your profile was already saved during this visit, so it is not saved again on every page.',
    holds: 'Your account id.',
    when: 'After you sign in.',
    duration: 'Until you close the tab, or sign out.',
    need: 'Strictly necessary',
  },
  betaUnlocked: {
    purpose: 'Keeps the beta tools open after you enter the beta password, while you move between pages.',
    holds: 'The value "1", nothing else.',
    when: 'When the beta password you enter is accepted.',
    duration: 'Until you close the tab.',
    need: 'Strictly necessary',
  },
  configurator: {
    purpose: 'Remembers the length, size, color or kit options you picked for a product, so a reload or a later visit shows the same build and price.',
    holds: 'Only your choices for that product (for example "length=20&size=SM&color=brown"), nothing about you.',
    when: 'When you change an option in a product configurator.',
    duration: 'Until you clear this site’s data in your browser; a new choice replaces the old one.',
    need: 'Remembers your choice',
  },
  cart: {
    purpose:
      'Keeps what you put in your cart as you move between pages and come back later. Signed in, the same cart is also kept with your account, so it follows you to your other devices.',
    holds:
      'The products in your cart with the options and quantities you chose, when you last changed it, the order number of a checkout you started (so the cart can be emptied once that order is paid) and, signed in, your account id. No prices and nothing you typed.',
    when: 'When you add something to your cart, and each time you change it.',
    duration:
      'Until your cart is empty (it is removed then), your order is paid, or you sign out. Signed in, a cart you empty stays as an entry with no products until you sign out, so your other open tabs know it was emptied.',
    need: 'Strictly necessary',
  },
  kitTerms: {
    purpose: 'Remembers that you ticked the kit terms in your cart, so the box is still ticked when you come back from the payment page.',
    holds: 'Your cart’s random id and the version of the terms, nothing about you.',
    when: 'When you tick the kit terms in your cart.',
    duration: 'Until you close the tab, or untick the box.',
    need: 'Strictly necessary',
  },
};

/** The rows with their key names, in the table's order. */
export const storageTable = () =>
  (Object.keys(STORAGE_ROWS) as BrowserStorageId[]).map((id) => ({ id, key: BROWSER_STORAGE[id].shown, area: AREA_LABEL[BROWSER_STORAGE[id].area], ...STORAGE_ROWS[id] }));

export interface ServerDataRow {
  /** Heading: the situation in which we get the data. */
  what: string;
  /** The tables (public schema unless qualified) and storage buckets that hold it. */
  tables: readonly string[];
  buckets: readonly string[];
  collected: string;
  why: string;
  who: string;
  kept: string;
}

/** Everything the backend keeps about people, by the situation it comes from. */
export const SERVER_DATA: readonly ServerDataRow[] = [
  {
    what: 'Newsletter and DIY kit waiting list',
    tables: ['subscribers', 'subscriber_consents', 'launch_mails'],
    buckets: [],
    collected:
      'Your name (newsletter), e-mail address, which list you joined, the page you joined from, the version of the wording you agreed to (the newsletter box you ticked, or for the waiting list that we write when the kit is available and about nothing else), and the dates you subscribed or unsubscribed. Every sign-up and unsubscribe is also written to a consent record. On the waiting list, whether the one e-mail announcing the kit’s launch was sent to you, and when.',
    why: 'To send you the newsletter or tell you when the DIY kit is available, and to be able to show that you asked for it.',
    who: 'Our team, in our admin inbox. The private link in our e-mails that lets you unsubscribe is known only to our server and your mailbox.',
    kept: 'While you are subscribed. After you unsubscribe we keep your address marked as unsubscribed, with the consent record, so we never write to you by mistake; ask us and we delete it completely.',
  },
  {
    what: 'Forms you send us',
    tables: ['leads'],
    buckets: [],
    collected:
      'Your e-mail address and what the form asks for: a partnership inquiry (name, company, partnership type, message), a beta access request (name, role, message), Get Notified and merchandise notices (name or the item), Vault downloads (the item). We also note the page, the date and how far we have dealt with it.',
    why: 'To answer you, or to send you what you asked for.',
    who: 'Our team, in our admin inbox. Partnership inquiries and beta requests are also e-mailed to our own business inbox. When you ask for a Vault download we send you one e-mail with the Vault’s files, and no more.',
    kept: 'Until we delete it; there is no automatic deletion yet. Ask us and we delete it.',
  },
  {
    what: 'Your account',
    tables: ['auth.users', 'profiles'],
    buckets: [],
    collected:
      'Your e-mail address, your password (our sign-in service keeps only a scrambled form of it that cannot be turned back; we never see it), the display name and picture address you give, and when you signed up and last signed in.',
    why: 'So you can sign in, write reviews under your name and see your account.',
    who: 'You. Our team can see your display name and picture address.',
    kept: 'Until your account is deleted. Deleting it removes your profile and your reviews with their photos and videos.',
  },
  {
    what: 'Reviews',
    tables: ['reviews', 'review_media', 'review_replies'],
    buckets: ['review-media'],
    collected: 'The product, your star rating, title, text and the name you choose to show, any photos or videos you attach, and our reply.',
    why: 'To show other customers honest reviews once we have checked them.',
    who: 'Before approval, only you and our team. Once approved, everyone: the review, the name you chose, your files and our reply are public.',
    kept: 'Until we delete it, at your request or our own, or your account is deleted. Files that no review uses are removed after 24 hours.',
  },
  {
    what: 'Orders and your cart',
    tables: ['orders', 'order_items', 'order_payments', 'order_events', 'order_mails', 'stripe_events', 'carts'],
    buckets: [],
    collected:
      'What you ordered (products, options, quantities and prices), your e-mail address, your name and shipping address as you gave them on the payment page, what you paid and when, any refund, the history of your order, which order e-mails we sent, and, if you ticked it, the kit terms you agreed to. Signed in, the contents of your cart, so it follows you to your other devices. Your card details go to Stripe, never to us.',
    why: 'To make, ship and support what you bought, to show you your orders, and to keep the records the law asks of a shop.',
    who: 'You (in My Account, or through the private link in your order e-mail) and our team. Stripe holds your payment.',
    kept: 'Orders: as long as the law requires us to keep sales records. Your cart: until you empty it, check out or delete your account.',
  },
  {
    what: 'Studio visits and rewards',
    tables: ['bookings', 'punches', 'reward_codes'],
    buckets: [],
    collected:
      'When you book a studio appointment, our booking service (Acuity Scheduling) tells us of it and we keep the appointment as it stands: your e-mail address, first name, the service, its start and end, and whether it was canceled or marked as missed. From your visits we keep your rewards card: each punch, and any taken back or added by our team, with the reason; and the reward codes it earned, with whether and on which order you used them.',
    why: 'To fill your rewards card after each visit and give you the rewards it earns.',
    who: 'You, once signed in with the same confirmed e-mail address, and our team.',
    kept: 'While you have visits on your card or an unused code, and as long as the law requires us to keep the sales records a code was used on. Ask us and we delete the rest.',
  },
  {
    what: 'Protection against abuse',
    tables: ['rate_limits'],
    buckets: [],
    collected: 'A one-way fingerprint (SHA-256 hash) of your e-mail address or your network (IP) address, never the address itself, with a count of recent requests.',
    why: 'To slow down anyone sending our forms over and over or guessing the beta password.',
    who: 'Only our server.',
    kept: 'At most one day.',
  },
];

/**
 * What /links counts (issue #22; migration link_clicks): said on /privacy under what we keep, since the
 * visitor's browser does send us something when they follow one of its links, though we keep nothing of them.
 */
export const LINK_CLICKS_NOTE = {
  what: 'Clicks on our links page',
  text: 'When you follow a link on our /links page (the page our social profiles link to), your browser tells our server which link it was. We add one to that link’s count for the day and keep nothing else: no cookie, no address, nothing that tells one visitor from another. Our team sees only the daily counts.',
} as const;

/** Tables and buckets that hold nothing about visitors, with the reason (the test requires one each). */
export const NOT_PERSONAL: Readonly<Record<string, string>> = {
  planner_gallery: 'the Crown Planner gallery: pictures and captions our team publishes',
  'planner-gallery': 'the files of that gallery',
  'planner-files': 'the Crown Planner files customers download (the same files for every buyer)',
  review_summaries: 'the number of reviews per product and star rating, with no names',
  link_clicks: 'how many times each link of our /links page was followed per day: a count, with no cookie, address or anything else about who clicked',
  site_rebuild_requests: 'which product pages wait to be built again after their reviews changed, and since when',
  checkout_carts:
    'which checkout a cart last opened: a random cart id and the order it points to, so a second press of Checkout reuses the same payment page (the order itself is described above)',
  product_launches: 'whether the DIY Trinity Kit is on sale, and when our team last switched it',
  stripe_reconcile_runs: 'when our hourly check against Stripe last ran and which payment events it had to apply: event and order ids, no names or addresses',
};

/** Services that hold data for us (processors), and what for. */
export const PROCESSORS = [
  {
    name: 'Supabase',
    role: 'hosts our database, sign-in service, file storage and server functions. Everything described above is kept there for us, and our account e-mails (confirm your address, reset your password) are sent through it. Like any server, it may briefly log technical details of the requests your browser makes to it.',
  },
  {
    name: 'Stripe',
    role: 'takes your payment on its own secure page: your card details, e-mail, name and shipping address are entered there, and Stripe tells us the payment went through and where to ship.',
  },
  {
    name: 'Acuity Scheduling',
    role: 'takes your studio bookings on its own pages: your name, e-mail, phone and the appointment you choose are entered there, and it tells us of each booking, change and cancellation so your rewards card can count your visits.',
  },
  {
    name: 'Our e-mail delivery service',
    role: 'delivers your order e-mails to you, the one e-mail with the Vault’s files when you ask for a download, and the notices of new orders, partnership inquiries and beta requests to our own inbox.',
  },
  {
    name: 'Our web host',
    role: 'serves the pages of this site and, like any web server, may briefly log technical details of each request (such as the address it came from and the time).',
  },
] as const;

const host = (url: string) => new URL(url).hostname;

/** Places our links take you to, where their own privacy policies apply; what the link itself carries. */
export const LINKS_OUT = [
  { name: `Online booking (${host(BUSINESS.bookingUrl)})`, carries: 'nothing about you; a consultation link says which appointment type to open.' },
  {
    name: 'Stripe’s payment page (checkout.stripe.com)',
    carries:
      'what you are buying, with its options and the amount due, and an order number; your e-mail address when you are signed in, so you need not type it again. Your card, name and shipping address are entered there, with Stripe.',
  },
  { name: `Instagram messages (${host(BUSINESS.dmUrl)})`, carries: 'nothing; you write to us there under your Instagram account.' },
  { name: 'Our social profiles, Amazon storefront, community chat and partner shops', carries: 'nothing about you.' },
] as const;
