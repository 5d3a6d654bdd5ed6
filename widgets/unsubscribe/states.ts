/** kyb-unsubscribe's visual states (the catalogue: widgets/core/states.ts). */
import type { ElementStates } from '../core/states.ts';

export default {
  tag: 'kyb-unsubscribe',
  states: [
    { id: 'confirm', title: 'A well-formed link: confirm unsubscribing', attrs: { token: 'playground-token-0000000000' }, ready: '[part~="confirm"], [part~="submit"]' },
    { id: 'invalid', title: 'No token: the link is not valid', ready: '[part~="invalid"]' },
  ],
} satisfies ElementStates;
