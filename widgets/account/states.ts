/** kyb-account's visual states (the catalogue: widgets/core/states.ts). */
import type { ElementStates } from '../core/states.ts';

export default {
  tag: 'kyb-account',
  states: [{ id: 'signed-in', title: 'Signed in: the profile form', attrs: { redirect: '/' }, session: 'member', ready: '[part~="form"]' }],
} satisfies ElementStates;
