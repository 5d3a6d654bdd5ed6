/** kyb-account's visual states (the catalogue: widgets/core/state-types.ts). */
import type { ElementStates } from '../core/state-types.ts';

const attrs = { redirect: '/' };

export default {
  tag: 'kyb-account',
  states: [
    {
      // docs/accounts.md: loading, then the form, then updating.
      id: 'loading',
      title: 'Signed in, the profile on its way: Loading...',
      attrs,
      session: 'member',
      hold: ['GET /rest/v1/profiles'],
      ready: '[part~="card"][aria-busy="true"] [part~="loading"]',
    },
    { id: 'signed-in', title: 'Signed in: the profile form', attrs, session: 'member', ready: '[part~="form"]' },
    {
      id: 'updating',
      title: 'Save changes pressed: Updating...',
      attrs,
      session: 'member',
      hold: ['PATCH /rest/v1/profiles'],
      steps: [{ fill: 'input[name="display-name"]', value: 'Amara O.' }, { click: '[part~="submit"]' }],
      ready: '[part~="card"][aria-busy="true"] [part~="submit"]:disabled',
    },
  ],
} satisfies ElementStates;
