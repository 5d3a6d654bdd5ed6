/**
 * kyb-admin-inbox's visual states (the catalogue: widgets/core/state-types.ts). Data: the seeded inbox
 * (supabase/seed.sql: a partnership inquiry, a beta request, a newsletter subscriber and a waiting-list
 * entry, all new, and a handled notify-me request).
 */
import type { ElementStates } from '../core/state-types.ts';

export default {
  tag: 'kyb-admin-inbox',
  states: [
    { id: 'signed-out', title: 'Signed out: access denied', ready: '[part~="denied"]' },
    { id: 'member', title: 'A member who is not the admin: access denied', session: 'member', ready: '[part~="denied"]' },
    {
      id: 'loading',
      title: 'The admin, the inbox on its way: Loading the inbox…',
      session: 'admin',
      hold: ['GET /rest/v1/admin_inbox'],
      ready: 'section[aria-busy="true"] [part~="status"]',
    },
    { id: 'with-items', title: 'The admin: the seeded items, 4 new', session: 'admin', ready: '[part~="item"]' },
    {
      id: 'item-open',
      title: 'The partnership inquiry opened',
      session: 'admin',
      steps: [{ waitFor: '[part~="item"]' }, { click: '[part~="open"]' }],
      ready: '[part~="details"]',
    },
    {
      // The seed has items, so "nothing" is reached through the search, as an admin would.
      id: 'no-match',
      title: 'The admin: a search nothing matches',
      session: 'admin',
      steps: [{ waitFor: '[part~="item"]' }, { fill: 'input[type="search"]', value: 'nobody-by-this-name' }, { waitFor: '[part~="item"]', gone: true }],
      ready: '[part~="empty"]',
    },
  ],
} satisfies ElementStates;
