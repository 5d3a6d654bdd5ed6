/** kyb-tabs' visual states (the catalogue: widgets/core/states.ts). */
import type { ElementStates } from '../core/states.ts';

const inner = `<ul data-tabs><li><a href="#details">Details</a></li><li><a href="#how">How It Works</a></li><li><a href="#materials">Materials</a></li><li><a href="#care">Care</a></li></ul>
<section id="details"><h3>Details</h3><p>Everything you need to start locs at home.</p></section>
<section id="how"><h3>How It Works</h3><ol><li>Section the hair.</li><li>Twist each section.</li><li>Lock with the tool.</li></ol></section>
<section id="materials"><h3>Materials</h3><p>Crochet tool, clips, a satin bonnet.</p></section>
<section id="care"><h3>Care</h3><p>Wash every two weeks; moisturise lightly.</p></section>`;

export default {
  tag: 'kyb-tabs',
  states: [
    { id: 'first', title: 'The first tab selected', inner, ready: '[role="tab"]' },
    { id: 'second', title: 'How It Works selected', inner, steps: [{ click: 'a[href="#how"]' }], ready: '[role="tab"][aria-selected="true"][href="#how"]' },
  ],
} satisfies ElementStates;
