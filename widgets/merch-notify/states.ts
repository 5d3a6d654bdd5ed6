/** kyb-merch-notify's visual states (the catalogue: widgets/core/state-types.ts). */
import type { ElementStates } from '../core/state-types.ts';

export default {
  tag: 'kyb-merch-notify',
  states: [
    { id: 'empty', title: 'The notify-me form', attrs: { item: 'tee' }, ready: '[part~="form"]' },
    {
      id: 'invalid',
      title: 'An invalid address',
      attrs: { item: 'tee' },
      steps: [{ fill: 'input', value: 'amara.okafor@' }, { click: '[part~="submit"]' }],
      ready: '[part~="error"]',
    },
    {
      id: 'submitting',
      title: 'Submitting: Submitting...',
      attrs: { item: 'tee' },
      hold: ['POST /functions/v1/lead-capture'],
      steps: [{ fill: 'input[name="email"]', value: 'amara.okafor@gmail.com' }, { click: '[part~="submit"]' }],
      ready: 'form[aria-busy="true"] [part~="submit"]:disabled',
    },
  ],
} satisfies ElementStates;
