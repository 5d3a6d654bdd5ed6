/** kyb-not-found's visual states (the catalogue: widgets/core/states.ts). */
import type { ElementStates } from '../core/states.ts';

export default {
  tag: 'kyb-not-found',
  states: [{ id: 'default', title: 'The page-not-found panel', ready: '[part~="base"]' }],
} satisfies ElementStates;
