/** kyb-admin-inbox's visual states (the catalogue: widgets/core/states.ts). The seed holds no leads. */
import type { ElementStates } from '../core/states.ts';

export default {
  tag: 'kyb-admin-inbox',
  states: [
    { id: 'signed-out', title: 'Signed out: access denied', ready: '[part~="denied"]' },
    { id: 'member', title: 'A member who is not the admin: access denied', session: 'member', ready: '[part~="denied"]' },
    { id: 'empty', title: 'The admin: nothing sent yet', session: 'admin', ready: '[part~="empty"]' },
  ],
} satisfies ElementStates;
