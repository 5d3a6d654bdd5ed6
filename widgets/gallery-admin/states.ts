/** kyb-gallery-admin's visual states (the catalogue: widgets/core/state-types.ts). Data: the seeded gallery. */
import type { ElementStates } from '../core/state-types.ts';

export default {
  tag: 'kyb-gallery-admin',
  states: [
    { id: 'signed-out', title: 'Signed out: access denied', ready: '[part~="denied"]' },
    { id: 'member', title: 'A member who is not the admin: access denied', session: 'member', ready: '[part~="denied"]' },
    {
      // docs/admin.md#gallery-admin: loading, then the list; the file input waits for the list.
      id: 'loading',
      title: 'The admin, the gallery on its way: Loading gallery…',
      session: 'admin',
      hold: ['GET /rest/v1/planner_gallery'],
      // No "0 of 10 items" before the list is known.
      ready: 'section[aria-busy="true"] [part~="file-input"]:disabled ~ [part~="count"]:empty',
    },
    { id: 'filled', title: 'The admin: the seeded gallery', session: 'admin', ready: '[part~="item"]' },
  ],
} satisfies ElementStates;
