/** kyb-kit-launch's visual states (the catalogue: widgets/core/state-types.ts). Data: the seeded waiting list, the kit not on sale. */
import type { ElementStates } from '../core/state-types.ts';

export default {
  tag: 'kyb-kit-launch',
  states: [
    {
      id: 'coming-soon',
      title: 'The admin: the kit is Coming Soon, its waiting list counted',
      session: 'admin',
      ready: '[part~="state"][data-on-sale="false"]',
    },
    {
      id: 'confirm',
      title: 'The admin pressed the switch: what putting the kit on sale does, asked first',
      session: 'admin',
      steps: [{ waitFor: '[part~="switch"]' }, { click: '[part~="switch"]' }, { waitFor: '[part~="confirm"]' }],
    },
    {
      id: 'denied',
      title: 'A member: Admin Access Required',
      session: 'member',
      ready: '[part~="denied"]',
    },
  ],
} satisfies ElementStates;
