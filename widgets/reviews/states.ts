/** kyb-reviews' visual states (the catalogue: widgets/core/states.ts). Data: the seeded reviews. */
import type { ElementStates } from '../core/states.ts';

export default {
  tag: 'kyb-reviews',
  states: [
    { id: 'filled', title: 'Seeded reviews: summary, histogram, list', attrs: { slug: 'handmade-locs' }, ready: '[part~="review"]' },
    {
      id: 'form-open',
      title: 'Signed in: the write-a-review form',
      attrs: { slug: 'handmade-locs' },
      session: 'member',
      steps: [{ waitFor: '[part~="review"]' }, { click: '[part~="write-button"]' }],
      ready: '[part~="form"]',
    },
    { id: 'unreachable', title: 'Backend unreachable: the error', attrs: { slug: 'handmade-locs' }, backend: 'unreachable', ready: '[part~="error"], [role="alert"]', expectedConsole: /.*/ },
  ],
} satisfies ElementStates;
