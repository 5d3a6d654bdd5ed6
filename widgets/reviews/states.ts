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
    {
      // docs/errors.md: a list that fails to load is logged and stays empty.
      id: 'unreachable',
      title: 'Backend unreachable: the list stays empty',
      attrs: { slug: 'handmade-locs' },
      backend: 'unreachable',
      steps: [{ waitFor: '[part~="skeleton"]', gone: true }],
      ready: '[part~="heading"]',
      expectedConsole: /.*/,
    },
  ],
} satisfies ElementStates;
