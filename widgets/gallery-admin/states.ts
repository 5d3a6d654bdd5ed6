/** kyb-gallery-admin's visual states (the catalogue: widgets/core/states.ts). Data: the seeded gallery. */
import type { ElementStates } from '../core/states.ts';

export default {
  tag: 'kyb-gallery-admin',
  states: [
    { id: 'signed-out', title: 'Signed out: access denied', ready: '[part~="denied"]' },
    { id: 'member', title: 'A member who is not the admin: access denied', session: 'member', ready: '[part~="denied"]' },
    { id: 'filled', title: 'The admin: the seeded gallery', session: 'admin', ready: '[part~="item"]' },
  ],
} satisfies ElementStates;
