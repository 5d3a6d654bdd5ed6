/**
 * FAQ content (docs/pages.md#faq, docs/data.md#entities, docs/limits.md#policies). Answers are plain
 * strings so the same text feeds the page and the FAQPage structured data.
 * Figures quoted here that catalog.ts also holds are interpolated from it.
 */
import { BUSINESS } from '../../shared/business.ts';
import { DIY_KIT_SHIP_TIME, JAH_PROCESSING_TIME, KIT_BUILDER, LENGTH_BANDS, LOCS_PER_BUNDLE, MULTI_TONE_PRICE, PLANNER_TIERS, SIZES } from '../../shared/catalog.ts';
import { formatUSD } from '../../shared/pricing.ts';
import type { IconName } from '../components/icons.tsx';

export interface FaqItem {
  q: string;
  a: string;
}
export interface FaqCategory {
  id: 'booking' | 'services' | 'locs' | 'planner' | 'policies' | 'sourcing';
  title: string;
  icon: IconName;
  description: string;
  questions: FaqItem[];
}

/** Policy figures stated in the FAQ (docs/limits.md). */
export const POLICY = {
  cancelHours: 24,
  reminderHours: [48, 24],
  graceMinutes: 15,
  noShowCharge: '50%',
  plannerRefundDays: 30,
  customLocTurnaround: '2-3 weeks',
  rushTurnaround: '1 week',
  internationalShipping: '5-10 business days',
  swimAfter: '2 weeks',
  faqReply: '24 hours',
  partnershipReply: '2-3 business days',
  productionTime: '7-14 business days',
  refreshEvery: '4-8 weeks',
  partialBundles: '1-2 bundles',
  fullBundles: '2-4 bundles or more',
} as const;

const sizeList = SIZES.map((s) => `${s.label} about ${s.width}`).join('; ');
const lengthList = LENGTH_BANDS.map((b) => b.label).join(', ');
const plannerFrom = formatUSD(Math.min(...PLANNER_TIERS.map((t) => t.price)));

export const FAQ_CATEGORIES: FaqCategory[] = [
  {
    id: 'booking',
    title: 'Booking',
    icon: 'calendar',
    description: 'Appointments, reminders, rescheduling and arriving on time.',
    questions: [
      {
        q: 'How do I book an appointment?',
        a: 'Use any Book Now button on this site. It opens our online scheduling page, where you pick a service, a time and pay any deposit. You receive a confirmation e-mail straight away.',
      },
      {
        q: 'Do you offer consultations?',
        a: 'Yes, and we recommend one before your first loc extension install or any big change. The consultation is free and can be booked from the home page or any product page.',
      },
      {
        q: 'Will I get a reminder?',
        a: `Yes. We send reminders ${POLICY.reminderHours[0]} hours and ${POLICY.reminderHours[1]} hours before your appointment.`,
      },
      {
        q: 'How do I cancel or reschedule?',
        a: `Cancel or reschedule at least ${POLICY.cancelHours} hours before your appointment using the link in your confirmation e-mail, or contact us and we will do it for you.`,
      },
      {
        q: 'What if I am running late?',
        a: `We hold your appointment for ${POLICY.graceMinutes} minutes. After that we may need to shorten the service or rebook you so the next client is not kept waiting.`,
      },
    ],
  },
  {
    id: 'services',
    title: 'Services',
    icon: 'lotus',
    description: 'What happens in the studio and what is included.',
    questions: [
      {
        q: 'Which services do you offer?',
        a: 'Starter locs, retwists and loc maintenance, loc extension installs, braids and other protective styles, detox treatments and scalp care. Our services page lists everything that is currently bookable.',
      },
      {
        q: 'Are the studio amenities included?',
        a: 'Yes. The herbal tea bar, aromatherapy, guided stretches, sound healing and the adornment bar are part of every visit at no extra cost.',
      },
      {
        q: 'Can I book a premium add-on on its own?',
        a: 'Traditional infusions, clay and detox treatments and herbal soaks are included in select services and are not bookable separately. Studio add-ons such as a scalp detox or infrared steam can be added to any appointment.',
      },
      {
        q: 'How long will my appointment take?',
        a: 'It depends on the service and your hair. Your booking confirmation shows the time we have reserved; loc extension installs usually take most of a day.',
      },
    ],
  },
  {
    id: 'locs',
    title: 'Locs',
    icon: 'feather',
    description: 'Loc extensions, sizes, custom orders and swimming.',
    questions: [
      {
        q: 'What is the difference between Jah, Trinity and Irie Locs?',
        a: 'Jah Locs are 100% human hair. Trinity Locs blend non-toxic synthetic fibre with human hair. Irie Locs are non-toxic synthetic. All are handmade.',
      },
      {
        q: 'How long does a custom loc order take?',
        a: `Custom locs are ready in ${POLICY.customLocTurnaround}. Need them sooner? Rush orders take about ${POLICY.rushTurnaround}; ask us before you order.`,
      },
      {
        q: 'Can I swim with loc extensions?',
        a: `Yes, once your install has settled: wait ${POLICY.swimAfter} after installation, wear a swim cap where you can, and rinse and dry your locs thoroughly afterwards.`,
      },
      {
        q: 'Where can I read more about locs?',
        a: 'Our Loc FAQ answers questions on sizes, lengths, bundles, weight, shipping and care in detail.',
      },
    ],
  },
  {
    id: 'planner',
    title: 'Crown Planner',
    icon: 'book',
    description: 'The digital planner: formats, updates and refunds.',
    questions: [
      {
        q: 'What is the CROWN Planner?',
        a: `A digital planner for protective styling with 139+ hyperlinked and printable templates. It starts at ${plannerFrom}.`,
      },
      {
        q: 'Which apps does it work with?',
        a: 'Any PDF annotation app such as GoodNotes, Notability or Xodo, on a tablet or computer. You can also print any page.',
      },
      {
        q: 'Does the planner get updates?',
        a: 'Yes. We release planner updates quarterly, free for everyone who has bought it.',
      },
      {
        q: 'Can I get a refund?',
        a: `Yes, within ${POLICY.plannerRefundDays} days of purchase. E-mail us with your order details.`,
      },
    ],
  },
  {
    id: 'policies',
    title: 'Policies',
    icon: 'shield',
    description: 'Cancellations, no-shows, shipping and returns.',
    questions: [
      {
        q: 'What is your cancellation policy?',
        a: `Please cancel or reschedule at least ${POLICY.cancelHours} hours ahead. Changes go through the link in your confirmation e-mail, or contact us.`,
      },
      {
        q: 'What happens if I miss my appointment?',
        a: `A no-show is charged ${POLICY.noShowCharge} of the service price.`,
      },
      {
        q: 'Do you ship internationally?',
        a: `Loc extensions ship within the United States. International orders are by inquiry; once agreed they arrive in ${POLICY.internationalShipping}.`,
      },
      {
        q: 'Can I return loc extensions?',
        a: `Returns are limited because every set is made to order for you. DIY kits are final sale. If something is wrong with your order, message us within a week of delivery and we will make it right.`,
      },
    ],
  },
  {
    id: 'sourcing',
    title: 'Sourcing',
    icon: 'globe',
    description: 'Where our hair and ingredients come from.',
    questions: [
      {
        q: 'Where does your human hair come from?',
        a: 'From suppliers who can show how the hair was collected and that donors were paid fairly. We visit or audit suppliers before we buy.',
      },
      {
        q: 'What does non-toxic synthetic mean?',
        a: 'Our synthetic fibre is free of the acid coatings and irritating finishes found in many braiding hairs. We rinse every batch before it is locked.',
      },
      {
        q: 'Which ingredients do you use in the studio?',
        a: 'Plant-based cleansers, clays, herbal rinses and cold-pressed oils from partner brands we know personally. No sulfates, parabens or synthetic fragrance.',
      },
      {
        q: 'Where can I read your full sourcing standards?',
        a: 'Our Ethics & Sourcing page sets out how we choose suppliers, materials and partners.',
      },
    ],
  },
];

/** Loc FAQ (/faq/locs): nine headed groups (docs/pages.md#loc-faq). */
export const LOC_FAQ_GROUPS: { id: string; title: string; questions: FaqItem[] }[] = [
  {
    id: 'jah-locs',
    title: 'Jah Locs: human hair',
    questions: [
      { q: 'What are Jah Locs made of?', a: 'Jah Locs are 100% human hair, hand-locked strand by strand.' },
      { q: 'Can I dye or bleach Jah Locs?', a: 'Yes. Because they are human hair they take color like your own hair. We recommend a professional colorist.' },
      { q: 'How long do Jah Locs last?', a: 'With good care they can be reused for several installs, often for years.' },
      {
        q: 'How long does a Jah Locs order take?',
        a: `Jah Locs are handmade to order in ${JAH_PROCESSING_TIME}. A deposit is taken at checkout and the balance is due before shipping.`,
      },
    ],
  },
  {
    id: 'trinity-locs',
    title: 'Trinity Locs: human/synthetic blend',
    questions: [
      { q: 'What is a Trinity Loc?', a: 'A blend of non-toxic synthetic fibre and human hair: the natural movement of human hair with the hold and lightness of synthetic.' },
      { q: 'Why choose the blend?', a: 'Trinity Locs look and move naturally, keep their shape between retwists and cost less than 100% human hair.' },
      { q: 'Can Trinity Locs be colored?', a: 'Choose your color when you order. Because of the synthetic fibre, we do not recommend dyeing them at home.' },
    ],
  },
  {
    id: 'irie-locs',
    title: 'Irie Locs: non-toxic synthetic',
    questions: [
      { q: 'What are Irie Locs made of?', a: 'Non-toxic synthetic fibre, rinsed and hand-locked. They are our lightest and most affordable locs.' },
      {
        q: 'Will synthetic fibre irritate my scalp?',
        a: 'Our fibre is free of the coatings that commonly cause itching. If you have a known sensitivity, book a free consult first.',
      },
      { q: 'Are Irie Locs reusable?', a: 'Yes. Take them down gently, rinse, dry fully and store them in a satin bag for your next install.' },
    ],
  },
  {
    id: 'size-length-bundles',
    title: 'Choosing size, length and bundles',
    questions: [
      { q: 'Which sizes are there?', a: `Sizes: ${sizeList}. MD is the default and our most requested size.` },
      { q: 'Which lengths can I order?', a: `Lengths: ${lengthList}.` },
      {
        q: 'How many locs are in a bundle?',
        a: `A bundle is ${LOCS_PER_BUNDLE} locs. You can order 20, 40 or 60 pieces.`,
      },
      {
        q: 'How many bundles do I need?',
        a: `Partial looks usually take ${POLICY.partialBundles}; full installs take ${POLICY.fullBundles}, depending on your density and the size you choose. A free consult settles it.`,
      },
    ],
  },
  {
    id: 'weight-comfort',
    title: 'Weight and comfort',
    questions: [
      {
        q: 'Will loc extensions feel heavy?',
        a: 'Irie and Trinity Locs are light. Longer lengths and larger sizes weigh more; if you want the length without the weight, choose a smaller size.',
      },
      {
        q: 'Will the install pull on my scalp?',
        a: 'It should not. We install with low tension and check comfort as we go. Tenderness that lasts more than a couple of days means you should message us.',
      },
    ],
  },
  {
    id: 'turnaround-shipping',
    title: 'Turnaround and shipping',
    questions: [
      {
        q: 'How long does production take?',
        a: `Production takes ${POLICY.productionTime}. Jah Locs take ${JAH_PROCESSING_TIME}. DIY kits, once they launch, will ship in ${DIY_KIT_SHIP_TIME}.`,
      },
      { q: 'Where do you ship?', a: 'We ship within the United States only. There is no local pickup.' },
      {
        q: 'Can I order from outside the United States?',
        a: `International orders are by inquiry: e-mail ${BUSINESS.email} and we will quote shipping, which takes ${POLICY.internationalShipping}.`,
      },
    ],
  },
  {
    id: 'customization-orders',
    title: 'Customization and orders',
    questions: [
      { q: 'Which colors are available?', a: `Black, brown, burgundy and honey blonde, or a multi-color custom blend for ${formatUSD(MULTI_TONE_PRICE)} more.` },
      { q: 'Can I get a look that is not listed?', a: 'Often, yes. Message us with a photo and we will tell you what is possible and what it costs.' },
      { q: 'Do you recommend a consultation?', a: 'Yes. A free consult helps you choose the right size, length and bundle count before you order.' },
    ],
  },
  {
    id: 'care-maintenance',
    title: 'Care and maintenance',
    questions: [
      { q: 'How do I wash loc extensions?', a: 'Dilute a gentle shampoo, focus on the scalp, squeeze the suds through the locs and rinse well. Dry completely to avoid mildew.' },
      { q: 'How often should I refresh my install?', a: `We suggest a refresh every ${POLICY.refreshEvery} to keep your roots neat and your scalp healthy.` },
      { q: 'How should I sleep with locs?', a: 'Wrap them in a satin scarf or bonnet, or sleep on a satin pillowcase, to prevent frizz and lint.' },
    ],
  },
  {
    id: 'policies-international',
    title: 'Policies and international inquiries',
    questions: [
      { q: 'Can I return my locs?', a: `Returns are limited because every set is made to order. ${KIT_BUILDER.finalSale}.` },
      { q: 'How do I make an international inquiry?', a: `E-mail ${BUSINESS.email} with your country, the product and the options you want.` },
    ],
  },
];
