/**
 * kyb-review-moderation's visual states (the catalogue: widgets/core/state-types.ts). Data: the seeded
 * reviews (two pending) and the seeded reply to Jasmine E.'s approved review of the handmade locs.
 */
import type { ElementStates } from '../core/state-types.ts';

export default {
  tag: 'kyb-review-moderation',
  states: [
    { id: 'signed-out', title: 'Signed out: access denied', ready: '[part~="denied"]' },
    {
      id: 'loading',
      title: 'The admin, the reviews on their way: Loading reviews…',
      session: 'admin',
      hold: ['GET /rest/v1/reviews'],
      ready: 'section[aria-busy="true"] [part~="status"]',
    },
    { id: 'filled', title: 'The admin: the seeded reviews', session: 'admin', ready: '[part~="review"]' },
    {
      id: 'with-reply',
      title: 'Approved reviews: one with the brand’s reply',
      session: 'admin',
      steps: [{ waitFor: '[part~="review"]' }, { click: '[part~="tab"][data-status="approved"]' }, { scrollTo: 'li[data-id="5eed0001-0000-4000-8000-000000000005"]' }],
      ready: '[part~="reply"]',
    },
  ],
} satisfies ElementStates;
