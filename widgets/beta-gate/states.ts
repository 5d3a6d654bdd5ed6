/** kyb-beta-gate's visual states (the catalogue: widgets/core/states.ts). */
import type { ElementStates } from '../core/states.ts';

export default {
  tag: 'kyb-beta-gate',
  states: [
    { id: 'gate', title: 'Locked: the beta gate', attrs: { mode: 'gate' }, ready: '[part~="card"]' },
    { id: 'tools', title: 'The tools list', attrs: { mode: 'tools' }, ready: '[part~="base"]' },
  ],
} satisfies ElementStates;
