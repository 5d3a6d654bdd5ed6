/** kyb-newsletter's visual states (the catalogue: widgets/core/states.ts). */
import type { ElementStates } from '../core/states.ts';

const inner = '<h2>Join the Circle</h2><p>Rituals, restocks and the occasional love letter.</p>';
const attrs = { 'source-page': '/playground' };

export default {
  tag: 'kyb-newsletter',
  states: [
    { id: 'empty', title: 'The sign-up form', attrs, inner, ready: '[part~="form"]' },
    {
      id: 'invalid',
      title: 'Submitted without an address: the field errors',
      attrs,
      inner,
      steps: [{ waitFor: '[part~="form"]' }, { click: '[part~="submit"]' }],
      ready: '[part~="error"]',
    },
    {
      // docs/newsletter-and-leads.md#newsletter-card: "Joining..." while busy.
      id: 'submitting',
      title: 'Submitting: Joining...',
      attrs,
      inner,
      hold: ['POST /functions/v1/newsletter-signup'],
      steps: [
        { fill: 'input[name="name"]', value: 'Amara Okafor' },
        { fill: 'input[name="email"]', value: 'amara.okafor@gmail.com' },
        { click: 'input[name="consent"]' },
        { click: '[part~="submit"]' },
      ],
      ready: 'form[aria-busy="true"] [part~="submit"][aria-disabled="true"]',
    },
  ],
} satisfies ElementStates;
