/**
 * kyb-rewards-card's visual states (the catalogue: widgets/core/state-types.ts). Data: the seeded rewards
 * cards (supabase/seed.sql, "rewards"), one member in each state (supabase/local/admin-credentials.ts).
 */
import type { ElementStates } from '../core/state-types.ts';

const full = { detail: 'full' };
/** /rewards signed out: the page's example card, left as it is. */
const example = '<p>The example card of /rewards shows here until a member signs in.</p>';

export default {
  tag: 'kyb-rewards-card',
  states: [
    { id: 'signed-out', title: "Signed out: the page's own content (the example card on /rewards)", attrs: { detail: 'card' }, inner: example, steps: [{ pause: 300 }] },
    {
      id: 'loading',
      title: 'Signed in, the card on its way: Loading your rewards...',
      attrs: full,
      session: 'member',
      hold: ['GET /rest/v1/punches'],
      ready: '[part~="card"][aria-busy="true"] [part~="loading"]',
    },
    { id: 'no-visits', title: 'No visits yet: an empty card, 5 visits to 10% off', attrs: full, session: 'member', ready: '[part~="card"][data-visits="0"]' },
    {
      id: 'mid-card',
      title: 'Mid-card: 3 visits, New Friend, an appointment coming',
      attrs: full,
      session: 'rewards-mid',
      ready: '[part~="card"][data-visits="3"] [part~="manage"]',
    },
    {
      id: 'reward-ready',
      title: 'A reward ready: 5 visits, a 10% code with Copy',
      attrs: full,
      session: 'rewards-ready',
      ready: '[part~="card"][data-visits="5"] [part~="code"]',
    },
    {
      id: 'code-copied',
      title: 'Copy pressed: Copied ✓ on the button',
      attrs: full,
      session: 'rewards-ready',
      steps: [{ click: '[part~="copy"]' }, { waitFor: '[part~="copy"][data-copied]' }],
      ready: '[part~="copy"][data-copied]',
    },
    { id: 'code-used', title: 'A code used: 7 visits, Loyal Client, the 10% code used', attrs: full, session: 'customer', ready: '[part~="card"][data-visits="7"] [part~="used"]' },
    {
      id: 'taken-back',
      title: 'A visit taken back: the canceled appointment says so',
      attrs: full,
      session: 'rewards-taken-back',
      ready: '[part~="history-row"][data-reason="canceled"]',
    },
    { id: 'rewards-page', title: 'Signed in on /rewards (detail="card"): the card and its code', attrs: { detail: 'card' }, session: 'rewards-ready', ready: '[part~="code"]' },
  ],
} satisfies ElementStates;
