/** kyb-newsletter's visual states (the catalogue: widgets/core/state-types.ts). */
import type { ElementStates } from '../core/state-types.ts';

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
    {
      // Issue #23: low on a phone's screen, as at the end of the home page, Join pressed before the box
      // is ticked. "Consent Required" must leave Join the Circle (and the box) free to tap.
      id: 'consent-required',
      title: 'Join pressed without consent, low on the screen: the toast keeps clear of Join the Circle',
      attrs,
      inner,
      spaceAbove: 1,
      steps: [
        { fill: 'input[name="name"]', value: 'Amara Okafor' },
        { fill: 'input[name="email"]', value: 'amara.okafor@gmail.com' },
        { scrollTo: '[part~="submit"]', at: 'end' },
        { click: '[part~="submit"]' },
        { waitFor: '[part~="toast"]' },
        { scrollTo: '[part~="submit"]', at: 'end' },
      ],
      ready: '[part~="toast"]',
    },
  ],
} satisfies ElementStates;
