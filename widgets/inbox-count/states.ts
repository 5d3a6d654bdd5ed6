/** kyb-inbox-count's visual states (the catalogue: widgets/core/state-types.ts). Data: the seeded inbox and orders. */
import type { ElementStates } from '../core/state-types.ts';

export default {
  tag: 'kyb-inbox-count',
  states: [
    {
      // supabase/seed.sql holds four new items (and a handled one).
      id: 'new',
      title: 'The admin: 4 new',
      session: 'admin',
      ready: '[part~="count"][data-count="4"]',
    },
    {
      // supabase/seed.sql holds five orders that need action (paid, deposit paid, in production and two ready).
      id: 'orders',
      title: 'The admin, of="orders": 5 need action',
      attrs: { of: 'orders' },
      session: 'admin',
      ready: '[part~="count"][data-count="5"]',
    },
    {
      // supabase/seed.sql holds one reward issued that the admin has not marked seen (Nia Campbell's 10% code).
      id: 'rewards',
      title: 'The admin, of="rewards": 1 new',
      attrs: { of: 'rewards' },
      session: 'admin',
      ready: '[part~="count"][data-count="1"]',
    },
    {
      // InboxCount.tsx renders nothing when nothing is new and for anyone but the admin: a hint beside
      // a link, never a placeholder. The seed always has new items, so nothing is reached as a member.
      id: 'nothing',
      title: 'Anyone but the admin: nothing shown',
      session: 'member',
      steps: [{ pause: 300 }],
    },
  ],
} satisfies ElementStates;
