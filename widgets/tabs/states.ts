/** kyb-tabs' visual states (the catalogue: widgets/core/state-types.ts). */
import type { ElementStates } from '../core/state-types.ts';

const panel = (id: string, title: string, body: string) =>
  `<section id="tab-${id}" class="tab-panel" aria-labelledby="tab-${id}-title"><h3 id="tab-${id}-title">${title}</h3>${body}</section>`;

/** The markup /products/lock-kit gives it (site/pages/product/index.tsx), shown under the site's styles. */
const inner = `<ul class="tabs-nav" data-tabs aria-label="About this kit"><li><a href="#tab-details">Details</a></li><li><a href="#tab-how">How It Works</a></li><li><a href="#tab-materials">Materials</a></li><li><a href="#tab-care">Care</a></li></ul>
<div class="tab-panels">${[
  panel('details', 'Details', '<p>Everything you need to start locs at home.</p>'),
  panel('how', 'How It Works', '<ol class="tab-panel__steps"><li>Section the hair.</li><li>Twist each section.</li><li>Lock with the tool.</li></ol>'),
  panel('materials', 'Materials', '<p>Crochet tool, clips, a satin bonnet.</p>'),
  panel('care', 'Care', '<p>Wash every two weeks; moisturise lightly.</p>'),
].join('')}</div>`;

export default {
  tag: 'kyb-tabs',
  states: [
    { id: 'first', title: 'The first tab selected', inner, siteStyles: true, ready: '[role="tab"]' },
    {
      id: 'second',
      title: 'How It Works selected',
      inner,
      siteStyles: true,
      steps: [{ click: 'a[href="#tab-how"]' }],
      ready: '[role="tab"][aria-selected="true"][href="#tab-how"]',
    },
  ],
} satisfies ElementStates;
