/** kyb-vault's visual states (the catalogue: widgets/core/states.ts). */
import type { ElementStates } from '../core/states.ts';

export default {
  tag: 'kyb-vault',
  states: [{ id: 'default', title: 'The three Vault files', ready: '[part~="grid"]' }],
} satisfies ElementStates;
