/** kyb-partnership-form's visual states (the catalogue: widgets/core/states.ts). */
import type { ElementStates } from '../core/states.ts';

export default {
  tag: 'kyb-partnership-form',
  states: [
    { id: 'empty', title: 'The partnership form', ready: '[part~="form"]' },
    { id: 'invalid', title: 'Submitted empty: the field errors', steps: [{ waitFor: '[part~="form"]' }, { click: '[part~="submit"]' }], ready: '[part~="error"]' },
  ],
} satisfies ElementStates;
