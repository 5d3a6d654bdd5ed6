/**
 * Studio and services copy: amenities, premium add-ons, discounts, the static client reviews and the
 * trusted partner brands (docs/pages.md#services). Prices and the loyalty figures are
 * not here: they come from shared/catalog.ts.
 */
import type { IconName } from '../components/icons.tsx';

export const WHY_KYB: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'leaf',
    title: 'Holistic by Design',
    text: 'Every appointment starts with your scalp, not just your style. We use plant-based cleansers, low-tension techniques and products we would put on our own children.',
  },
  {
    icon: 'hands',
    title: 'Tailored for You',
    text: 'Your hair history, lifestyle and goals shape the plan. Size, parting, tension and aftercare are chosen for your crown, never copied from a template.',
  },
  {
    icon: 'heart',
    title: 'Care that Continues',
    text: 'You leave with a care card, a ritual plan and a stylist who answers your messages. Support continues long after you leave the chair.',
  },
];

export const AMENITIES: { icon: IconName; title: string; text: string }[] = [
  { icon: 'tea', title: 'Herbal Tea Bar', text: 'Hibiscus, ginger and chamomile blends, brewed fresh while you settle in.' },
  { icon: 'wind', title: 'Aromatherapy', text: 'Essential-oil diffusers with calming lavender, cedarwood and sweet orange.' },
  { icon: 'stretch', title: 'Guided Stretches', text: 'Short guided stretches between sections, so long sessions never leave you stiff.' },
  { icon: 'sound', title: 'Sound Healing', text: 'Singing-bowl and nature soundscapes to slow the breath and quiet the mind.' },
  { icon: 'gem', title: 'Adornment Bar', text: 'Cowries, cuffs, beads and wraps to finish your style the way you like it.' },
];

/** Included in select services; not bookable on their own (docs/pages.md#services). */
export const PREMIUM_ADD_ONS: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'jar',
    title: 'Traditional Infusions',
    text: 'Warm oil infusions of chebe, fenugreek and rosemary, massaged into the scalp to nourish the roots.',
  },
  {
    icon: 'drop',
    title: 'Clay, Conditioning & Detox Treatments',
    text: 'Bentonite and rhassoul clay lift build-up, then a deep conditioner restores softness and moisture.',
  },
  {
    icon: 'leaf',
    title: 'Herbal Hair Soaks & Rinses',
    text: 'Apple cider vinegar, green tea and hibiscus rinses to balance the scalp and brighten your locs.',
  },
];

export const DISCOUNTS: { icon: IconName; title: string; text: string }[] = [
  { icon: 'school', title: 'Students', text: 'Full-time students save on every service. Bring a valid student ID to your appointment.' },
  {
    icon: 'users',
    title: 'Refer a Friend',
    text: 'When a friend you refer books their first session, you both get a percentage off your next service.',
  },
  { icon: 'cake', title: 'Birthdays', text: 'Celebrate your birthday month with a treat from us. Bring ID or proof of your birthday.' },
];

/** Six static client reviews on /services, each 5 stars with a style tag (docs/pages.md#services, docs/data.md#entities). */
export const STATIC_REVIEWS: { text: string; rating: number; style: string; name: string }[] = [
  {
    text: 'My scalp has never felt this calm after a retwist. The tea, the music, the care: I left lighter in every sense.',
    rating: 5,
    style: 'Loc Retwist',
    name: 'Danielle A.',
  },
  {
    text: 'I was nervous about extensions pulling, but my Trinity Locs feel weightless and look like they grew from my head.',
    rating: 5,
    style: 'Loc Extensions',
    name: 'Kemi O.',
  },
  {
    text: 'The knotless braids were neat, tension-free and lasted eight weeks. The care card made maintenance simple.',
    rating: 5,
    style: 'Knotless Braids',
    name: 'Tasha R.',
  },
  {
    text: 'Starter locs with a stylist who explained every step. I finally understand my hair and how to care for it.',
    rating: 5,
    style: 'Starter Locs',
    name: 'Marcus J.',
  },
  {
    text: 'The clay detox was a revelation. Months of build-up gone, and my locs smell like a garden.',
    rating: 5,
    style: 'Detox Treatment',
    name: 'Aaliyah P.',
  },
  {
    text: 'My daughter loved the adornment bar. Gentle hands, patient stylist, beautiful cornrows for her first day of school.',
    rating: 5,
    style: 'Kids Protective Style',
    name: 'Renée M.',
  },
];

/** Studio benefits (docs/pages.md#studio). */
export const STUDIO_BENEFITS: { icon: IconName; title: string; text: string }[] = [
  { icon: 'shield', title: 'Low-tension techniques', text: 'Protective styles installed to protect your edges and your scalp.' },
  { icon: 'leaf', title: 'Clean, plant-based products', text: 'No sulfates, parabens or synthetic fragrance on your scalp.' },
  { icon: 'clock', title: 'Unhurried appointments', text: 'Time blocked for consultation, care and questions, never a rushed chair.' },
  { icon: 'book', title: 'Take-home rituals', text: 'A digital care card and ritual plan after every service.' },
];
