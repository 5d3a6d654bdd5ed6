/** kyb-access-modal's visual states (the catalogue: widgets/core/states.ts). */
import type { ElementStates } from '../core/states.ts';

export default {
  tag: 'kyb-access-modal',
  states: [
    { id: 'closed', title: 'The Get Early Access button', attrs: { label: 'Get Early Access' }, ready: '[part~="trigger"]' },
    { id: 'open', title: 'The dialog open', attrs: { label: 'Get Early Access' }, steps: [{ click: '[part~="trigger"]' }], ready: '[part~="title"]' },
  ],
} satisfies ElementStates;
