/** Rewards copy (docs/pages.md#rewards, Services). Tiers and the card's figures come from catalog.ts. */
import { markerReward, markerVisits, REWARDS_CARD } from '../../shared/catalog.ts';
import type { IconName } from '../components/icons.tsx';

const [FIRST, LAST] = [REWARDS_CARD.markers[0], REWARDS_CARD.markers[REWARDS_CARD.markers.length - 1]];

/** The card's rule in words, drawn from REWARDS_CARD (docs/rewards.md#the-card-and-its-rewards). */
export const CARD_RULE_TEXT = `Your card has ${REWARDS_CARD.slots} slots. At ${markerVisits(FIRST)} you earn ${markerReward(FIRST)}, at ${markerVisits(LAST)} ${markerReward(LAST)}, and then your card starts again.`;
/** The static example card, in words (its image's alt text and the copy beside it). */
export const EXAMPLE_CARD_TEXT = `${REWARDS_CARD.examplePunches} of ${REWARDS_CARD.slots} slots are punched, ${FIRST.visit - REWARDS_CARD.examplePunches} more visits to ${markerReward(FIRST)}`;

export const REWARDS_STEPS: { title: string; text: string }[] = [
  { title: 'Book and enjoy', text: 'Book any studio service online and enjoy your appointment.' },
  { title: 'Earn a punch', text: 'A punch is added to your card automatically after each completed service. Nothing to carry, nothing to remember.' },
  {
    title: 'Unlock rewards',
    text: `Reach ${markerVisits(FIRST)} for ${markerReward(FIRST)}, then keep going to ${markerVisits(LAST)} for ${markerReward(LAST)}. Then your card starts again.`,
  },
];

export const MEMBER_BENEFITS: { icon: IconName; title: string; text: string }[] = [
  { icon: 'calendar', title: 'Priority booking', text: 'Members hear first when new appointment times and pop-up dates open.' },
  { icon: 'gift', title: 'Birthday treat', text: 'A little something from us in your birthday month.' },
  { icon: 'sparkle', title: 'Early access', text: 'First look at new loc colors, kits and digital tools.' },
];
