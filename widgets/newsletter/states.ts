/** kyb-newsletter's visual states (the catalogue: widgets/core/states.ts). */
import type { ElementStates } from '../core/states.ts';

const inner = '<h2>Join the Circle</h2><p>Rituals, restocks and the occasional love letter.</p>';

export default {
  tag: 'kyb-newsletter',
  states: [
    { id: 'empty', title: 'The sign-up form', attrs: { 'source-page': '/playground' }, inner, ready: '[part~="form"]' },
    {
      id: 'invalid',
      title: 'Submitted without an address: the field errors',
      attrs: { 'source-page': '/playground' },
      inner,
      steps: [{ waitFor: '[part~="form"]' }, { click: '[part~="submit"]' }],
      ready: '[part~="error"]',
    },
  ],
} satisfies ElementStates;
