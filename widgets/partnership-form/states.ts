/** kyb-partnership-form's visual states (the catalogue: widgets/core/state-types.ts). */
import type { ElementStates } from '../core/state-types.ts';

export default {
  tag: 'kyb-partnership-form',
  states: [
    { id: 'empty', title: 'The partnership form', ready: '[part~="form"]' },
    { id: 'invalid', title: 'Submitted empty: the field errors', steps: [{ waitFor: '[part~="form"]' }, { click: '[part~="submit"]' }], ready: '[part~="error"]' },
    {
      id: 'submitting',
      title: 'Submitting: Submitting...',
      hold: ['POST /functions/v1/lead-capture'],
      steps: [
        { fill: 'input[name="name"]', value: 'Dana Whitfield' },
        { fill: 'input[name="email"]', value: 'bookings@crownandcoil.example' },
        { fill: 'select[name="partnershipType"]', value: 'supplier' },
        { click: '[part~="submit"]' },
      ],
      ready: 'form[aria-busy="true"] [part~="submit"]:disabled',
    },
  ],
} satisfies ElementStates;
