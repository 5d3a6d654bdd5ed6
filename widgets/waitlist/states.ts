/** kyb-waitlist's visual states (the catalogue: widgets/core/states.ts). */
import type { ElementStates } from '../core/states.ts';

export default {
  tag: 'kyb-waitlist',
  states: [{ id: 'empty', title: 'The waitlist form', attrs: { 'source-page': '/playground' }, ready: '[part~="form"]' }],
} satisfies ElementStates;
