/** kyb-sticky-bar's visual states (the catalogue: widgets/core/states.ts). */
import type { ElementStates } from '../core/states.ts';

export default {
  tag: 'kyb-sticky-bar',
  states: [
    {
      id: 'shown',
      title: 'Scrolled past the threshold: the bar shows',
      attrs: { threshold: '300' },
      inner: '<p>Ready to book? <a href="#">Book with Acuity</a></p>',
      scrollSpace: 3,
      steps: [{ scroll: 600 }, { pause: 500 }],
      ready: '[part~="bar"]',
    },
  ],
} satisfies ElementStates;
