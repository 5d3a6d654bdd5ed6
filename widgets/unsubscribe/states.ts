/** kyb-unsubscribe's visual states (the catalogue: widgets/core/state-types.ts). */
import type { ElementStates } from '../core/state-types.ts';

const attrs = { token: 'playground-token-0000000000' };

export default {
  tag: 'kyb-unsubscribe',
  states: [
    { id: 'confirm', title: 'A well-formed link: confirm unsubscribing', attrs, ready: '[part~="confirm"], [part~="submit"]' },
    {
      id: 'submitting',
      title: 'Pressed: Unsubscribing...',
      attrs,
      hold: ['POST /functions/v1/newsletter-unsubscribe'],
      steps: [{ click: '[part~="submit"]' }],
      ready: '[aria-busy="true"] [part~="submit"][aria-disabled="true"]',
    },
    { id: 'invalid', title: 'No token: the link is not valid', ready: '[part~="invalid"]' },
  ],
} satisfies ElementStates;
