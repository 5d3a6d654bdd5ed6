/** kyb-review-moderation's visual states (the catalogue: widgets/core/states.ts). Data: the seeded reviews. */
import type { ElementStates } from '../core/states.ts';

export default {
  tag: 'kyb-review-moderation',
  states: [
    { id: 'signed-out', title: 'Signed out: access denied', ready: '[part~="denied"]' },
    { id: 'filled', title: 'The admin: the seeded reviews', session: 'admin', ready: '[part~="review"]' },
  ],
} satisfies ElementStates;
