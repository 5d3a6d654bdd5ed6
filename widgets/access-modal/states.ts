/** kyb-access-modal's visual states (the catalogue: widgets/core/state-types.ts). */
import type { ElementStates } from '../core/state-types.ts';

const attrs = { label: 'Get Early Access' };

export default {
  tag: 'kyb-access-modal',
  states: [
    { id: 'closed', title: 'The Get Early Access button', attrs, ready: '[part~="trigger"]' },
    { id: 'open', title: 'The dialog open', attrs, steps: [{ click: '[part~="trigger"]' }], ready: '[part~="title"]' },
    {
      id: 'notify-submitting',
      title: 'Notify Me at Launch sent: Submitting...',
      attrs,
      hold: ['POST /functions/v1/lead-capture'],
      steps: [
        { click: '[part~="trigger"]' },
        { click: '[part~="option"][data-choice="notify"]' },
        { fill: 'input[name="name"]', value: 'Amara Okafor' },
        { fill: 'input[name="email"]', value: 'amara.okafor@gmail.com' },
        { click: '[part~="form"] [part~="submit"]' },
      ],
      ready: 'form[aria-busy="true"] [part~="submit"]:disabled',
    },
  ],
} satisfies ElementStates;
