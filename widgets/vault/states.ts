/** kyb-vault's visual states (the catalogue: widgets/core/state-types.ts). */
import type { ElementStates } from '../core/state-types.ts';

export default {
  tag: 'kyb-vault',
  states: [
    { id: 'default', title: 'The three Vault files', ready: '[part~="grid"]' },
    {
      id: 'submitting',
      title: 'The first file requested: its button busy',
      hold: ['POST /functions/v1/lead-capture'],
      steps: [{ fill: 'input[name="email"]', value: 'amara.okafor@gmail.com' }, { click: '[part~="submit"]' }],
      ready: 'form[aria-busy="true"] [part~="submit"]:disabled',
    },
  ],
} satisfies ElementStates;
