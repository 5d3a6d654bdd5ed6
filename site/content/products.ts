/**
 * Page copy for the catalog and product pages that the catalog itself does not carry: image sets,
 * highlights, specifications and care notes (docs/catalog.md#products-page, #product-detail-pages). Product names, descriptions, features,
 * options and every price come from shared/catalog.ts and pricing.ts.
 */
import type { ProductId } from '../../shared/catalog.ts';
import type { IconName } from '../components/icons.tsx';
import { SEP } from '../components/ui.tsx';

export interface Pic {
  src: string;
  alt: string;
}

/** The products page's row of eight benefit icons (docs/catalog.md#products-page). */
export const PRODUCT_BENEFITS: { icon: IconName; label: string }[] = [
  { icon: 'leaf', label: 'Toxic Free & Ethically Sourced' },
  { icon: 'palette', label: 'Dyeable' },
  { icon: 'recycle', label: 'Reusable' },
  { icon: 'gift', label: 'Free Handmade Accessory' },
  { icon: 'wind', label: 'Scented' },
  { icon: 'sparkle', label: 'Customizable' },
  { icon: 'card', label: 'Digital Care Cards' },
  { icon: 'gem', label: 'Custom & Unique' },
];

/** The Style Gallery of five images (docs/catalog.md#products-page). */
export const STYLE_GALLERY: Pic[] = [
  { src: '/images/gallery/style-1.svg', alt: 'High crown bun of long Trinity Locs wrapped with a gold cuff' },
  { src: '/images/gallery/style-2.svg', alt: 'Half-up, half-down Irie Locs in honey blonde' },
  { src: '/images/gallery/style-3.svg', alt: 'Shoulder-length Jah Locs in a chin-skimming bob' },
  { src: '/images/gallery/style-4.svg', alt: 'Waist-length burgundy locs worn loose with cowrie shells' },
  { src: '/images/gallery/style-5.svg', alt: 'Locs styled into a braided crown with wooden beads' },
];

const views = (id: ProductId, name: string, color: string): Pic[] => [
  { src: `/images/products/${id}.svg`, alt: `${name}: a bundle of handmade locs in ${color}` },
  { src: `/images/products/${id}-detail.svg`, alt: `${name}: close-up of the loc texture` },
  { src: `/images/products/${id}-bundle.svg`, alt: `${name}: twenty locs tied in a bundle` },
  { src: `/images/products/${id}-styled.svg`, alt: `${name}: worn long and loose` },
];

export interface ProductPageCopy {
  /** Gallery images, main image first (the main image is the catalog image). */
  pictures: Pic[];
  /** Short line under the title. */
  kicker: string;
  /** Paragraphs of the overview. */
  overview: string[];
  highlights: { icon: IconName; title: string; text: string }[];
  /** Specification rows (label, value) beyond the option lists rendered from the catalog. */
  specs: [string, string][];
  care: string[];
}

const sharedCare = [
  'Wash every 1-2 weeks with a diluted, gentle shampoo, focusing on the scalp.',
  'Dry completely, air-drying or under a hooded dryer, to keep locs fresh.',
  'Sleep in a satin scarf or bonnet to prevent lint and frizz.',
  'Refresh your roots every 4-8 weeks.',
];

export const PRODUCT_COPY: Record<ProductId, ProductPageCopy> = {
  'trinity-locs': {
    pictures: views('trinity-locs', 'Trinity Locs', 'warm brown'),
    kicker: `Human/synthetic blend${SEP}handmade`,
    overview: [
      'Trinity Locs are our signature: human hair for natural movement and shine, blended with non-toxic synthetic fibre for hold and lightness. Each loc is hand-locked, rinsed and finished so it sits softly from the first day.',
      'They suit first-time extension wearers and seasoned loc lovers alike: lighter than human hair, more natural than synthetic, and reusable install after install.',
    ],
    highlights: [
      { icon: 'feather', title: 'Light on the scalp', text: 'The blend weighs less than 100% human hair, so long lengths stay comfortable.' },
      { icon: 'sparkle', title: 'Natural movement', text: 'Human hair gives the locs swing and a soft matte sheen.' },
      { icon: 'recycle', title: 'Reusable', text: 'Take down, rinse, store and reinstall for another season.' },
      { icon: 'leaf', title: 'Non-toxic fibre', text: 'Free of the acid coatings that make many braiding hairs itch.' },
    ],
    specs: [
      ['Hair', 'Human hair and non-toxic synthetic fibre'],
      ['Made', 'Handmade to order'],
      ['Install', 'Crochet or interlock method; a free consult is recommended'],
    ],
    care: sharedCare,
  },
  'irie-locs': {
    pictures: views('irie-locs', 'Irie Locs', 'honey blonde'),
    kicker: `Non-toxic synthetic${SEP}handmade`,
    overview: [
      'Irie Locs are light, soft and easy to love: non-toxic synthetic fibre, rinsed before it is locked, so your scalp stays calm. They are the most affordable way to wear a full loc look.',
      'Choose your length and color, and wear them for a season, a holiday or a change of pace.',
    ],
    highlights: [
      { icon: 'feather', title: 'Our lightest locs', text: 'Full length without the weight.' },
      { icon: 'leaf', title: 'Non-toxic synthetic', text: 'Rinsed and free of irritating coatings.' },
      { icon: 'palette', title: 'Color that lasts', text: 'Black, brown, burgundy or honey blonde that will not fade.' },
      { icon: 'recycle', title: 'Reusable', text: 'Store them in satin between installs.' },
    ],
    specs: [
      ['Hair', 'Non-toxic synthetic fibre'],
      ['Made', 'Handmade to order'],
      ['Install', 'Crochet or interlock method'],
    ],
    care: sharedCare,
  },
  'jah-locs': {
    pictures: views('jah-locs', 'Jah Locs', 'natural black'),
    kicker: `100% human hair${SEP}handmade to order`,
    overview: [
      'Jah Locs are 100% human hair, hand-locked strand by strand over weeks. They move, age and take color like locs you grew yourself, and with care they last for years of installs.',
      'Every set is made for you: choose your length, width and color, and order 20, 40 or 60 locs.',
    ],
    highlights: [
      { icon: 'heart', title: 'Human hair', text: 'Wear, dye and style them like your own locs.' },
      { icon: 'palette', title: 'Dyeable', text: 'Take them to a colorist whenever you want a change.' },
      { icon: 'recycle', title: 'Built to last', text: 'Reinstall them again and again with proper care.' },
      { icon: 'ruler', title: 'Made to measure', text: 'Three widths, four length bands, three bundle sizes.' },
    ],
    specs: [
      ['Hair', '100% human hair'],
      ['Made', 'Handmade to order'],
      ['Payment', 'Deposit at checkout, balance before shipping'],
    ],
    care: sharedCare,
  },
  'diy-kit': {
    pictures: views('diy-kit', 'DIY Trinity Loc Kit', 'warm brown'),
    kicker: 'Install Trinity Locs at home',
    overview: [
      'The DIY Trinity Loc Kit puts a studio install in your hands: three bundles of Trinity Locs, the tools and a video tutorial that walks you through install and removal at your own pace.',
      'Choose the Starter, Premium or Complete kit. Every kit includes digital care cards so your locs stay beautiful long after install day.',
    ],
    highlights: [
      { icon: 'play', title: 'Video tutorial', text: 'Step-by-step install and removal, paused and replayed as often as you need.' },
      { icon: 'card', title: 'Digital care cards', text: 'Wash, dry, sleep and refresh routines on your phone.' },
      { icon: 'scissors', title: 'Tools included', text: 'Crochet hook and wrapping hair in every kit.' },
      { icon: 'recycle', title: 'Reusable locs', text: 'Take them down and reinstall them next season.' },
    ],
    specs: [
      ['Locs', 'Trinity Locs (human/synthetic blend)'],
      ['Support', 'Video tutorial and digital care cards'],
    ],
    care: sharedCare,
  },
  'lock-kit': {
    pictures: views('lock-kit', 'Custom DIY Loc Kit', 'burgundy'),
    kicker: 'Build your own kit',
    overview: [
      'Design the kit you want: pick the size, the number of locs, the length and the color, then add wrapping hair, beads or a satin bag. The summary shows your price as you build.',
      'Made to order by hand and shipped within the United States.',
    ],
    highlights: [
      { icon: 'sparkle', title: 'Fully custom', text: 'Size, count, length and color, chosen by you.' },
      { icon: 'gift', title: 'Extras that matter', text: 'Wrapping hair, a beads pack and a satin storage bag.' },
      { icon: 'truck', title: 'Ships in the U.S.', text: 'Tracked delivery to your door.' },
      { icon: 'card', title: 'Care cards', text: 'Digital care cards with every kit.' },
    ],
    specs: [
      ['Made', 'Handmade to order'],
      ['Payment', 'Secure card checkout'],
    ],
    care: sharedCare,
  },
};

/** Kit builder tabs (docs/catalog.md#product-detail-pages: Details, How It Works, Materials, Care). */
/** The kit page's tabs (docs/catalog.md#product-detail-pages); `steps` is an ordered list shown after the paragraphs. */
export const LOCK_KIT_TABS: { id: string; title: string; paragraphs: string[]; steps?: string[] }[] = [
  {
    id: 'details',
    title: 'Details',
    paragraphs: [
      'Every custom kit is built around your choices: loc size, number of locs, length and color, plus any extras you add.',
      'Locs are hand-locked, rinsed and packed with care cards, ready for your install day.',
    ],
  },
  {
    id: 'how-it-works',
    title: 'How It Works',
    steps: [
      'Build your kit above and check the summary.',
      'Check out securely by card.',
      'We make your locs to order.',
      'Your kit ships with tracked delivery within the United States.',
    ],
    paragraphs: ['Not sure what to choose? Book a free consult and we will help you pick size, count and length.'],
  },
  {
    id: 'materials',
    title: 'Materials',
    paragraphs: [
      'Locs are made from non-toxic fibre and human hair from suppliers we have vetted. Beads are wood and brass; the storage bag is satin.',
      'No acid coatings, no synthetic fragrance, and packaging that is recyclable or compostable.',
    ],
  },
  {
    id: 'care',
    title: 'Care',
    paragraphs: sharedCare,
  },
];

export const LOCK_KIT_FAQ: { q: string; a: string }[] = [
  { q: 'Do I need experience to install the locs?', a: 'No. The care cards and tutorials walk you through each step. Take your time, and message us if you get stuck.' },
  { q: 'How many locs should I order?', a: 'Partial looks usually take 20-40 locs; full installs 40-60 or more, depending on your density and size.' },
  { q: 'Can I return a kit?', a: 'Kits are made to order and are final sale. If anything arrives damaged, message us within a week and we will put it right.' },
  { q: 'Do you ship outside the United States?', a: 'Kits ship to the U.S. only. For other countries, e-mail us about an international inquiry.' },
];

/** Handmade faux locs page (docs/catalog.md#handmade-faux-locs): images and benefits; price figures from catalog.ts. */
export const HANDMADE_PICTURES: Pic[] = [
  { src: '/images/handmade-locs/1.svg', alt: 'Handmade faux locs in soft black, worn long' },
  { src: '/images/handmade-locs/2.svg', alt: 'Close-up of the crocheted texture of a handmade faux loc' },
  { src: '/images/handmade-locs/3.svg', alt: 'Handmade faux locs in honey blonde, tied in a bundle' },
  { src: '/images/handmade-locs/4.svg', alt: 'Handmade faux locs in burgundy, styled in a high bun' },
];
