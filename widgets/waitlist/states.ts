/** kyb-waitlist's visual states (the catalogue: widgets/core/state-types.ts). */
import type { ElementStates } from '../core/state-types.ts';

const attrs = { 'source-page': '/playground' };

export default {
  tag: 'kyb-waitlist',
  states: [
    { id: 'empty', title: 'The waitlist form', attrs, ready: '[part~="form"]' },
    {
      id: 'submitting',
      title: 'Submitting: Joining...',
      attrs,
      hold: ['POST /functions/v1/newsletter-signup'],
      steps: [{ fill: 'input[name="email"]', value: 'amara.okafor@gmail.com' }, { click: '[part~="submit"]' }],
      ready: 'form[aria-busy="true"] [part~="submit"]:disabled',
    },
  ],
} satisfies ElementStates;
