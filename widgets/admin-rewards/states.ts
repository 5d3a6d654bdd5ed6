/** kyb-admin-rewards' visual states (the catalogue: widgets/core/state-types.ts). Data: the seeded rewards cards (supabase/seed.sql, "rewards"). */
import type { ElementStates } from '../core/state-types.ts';

export default {
  tag: 'kyb-admin-rewards',
  states: [
    {
      // supabase/seed.sql: Nia's 10% code is new; four members with punches, Amara Johnson's 7 visits first.
      id: 'members',
      title: 'The admin: one new reward, the members by visits',
      session: 'admin',
      ready: '[part~="new-reward"][data-code="KYB-5EED0000A005"]',
    },
    {
      id: 'history',
      title: 'History opened: a card with a punch taken back, and the correction form',
      session: 'admin',
      steps: [
        { waitFor: '[part~="member"][data-email="tariq.brown@example.com"] [part~="history-toggle"]' },
        { click: '[part~="member"][data-email="tariq.brown@example.com"] [part~="history-toggle"]' },
        { waitFor: '[part~="history-row"][data-reason="canceled"]' },
      ],
    },
    {
      id: 'reason-required',
      title: 'Save correction without a reason: Give a reason for the correction.',
      session: 'admin',
      steps: [
        { waitFor: '[part~="member"][data-email="tariq.brown@example.com"] [part~="history-toggle"]' },
        { click: '[part~="member"][data-email="tariq.brown@example.com"] [part~="history-toggle"]' },
        { waitFor: '[part~="save"]' },
        { click: '[part~="save"]' },
        { waitFor: '[part~="adjust"] [part~="error"]' },
      ],
    },
    { id: 'denied', title: 'A member: Admin Access Required', session: 'member', ready: '[part~="denied"]' },
  ],
} satisfies ElementStates;
