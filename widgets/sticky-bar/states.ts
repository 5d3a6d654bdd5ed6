/** kyb-sticky-bar's visual states (the catalogue: widgets/core/state-types.ts). */
import type { ElementStates } from '../core/state-types.ts';

export default {
  tag: 'kyb-sticky-bar',
  states: [
    {
      id: 'shown',
      title: 'Scrolled past the threshold: the bar shows',
      attrs: { threshold: '300' },
      // The bar /services gives it (site/pages/Services.tsx), shown under the site's styles.
      inner:
        '<div class="booking-bar"><div class="container booking-bar__inner"><p><strong>Ready to book?</strong> <span class="booking-bar__sub">Pick a service and a time that suits you.</span></p><a class="btn btn--gold" href="#">Book with Acuity</a></div></div>',
      siteStyles: true,
      scrollSpace: 3,
      steps: [{ scroll: 600 }, { pause: 500 }],
      ready: '[part~="bar"]',
    },
  ],
} satisfies ElementStates;
