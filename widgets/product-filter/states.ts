/** kyb-product-filter's visual states (the catalogue: widgets/core/state-types.ts). */
import type { ElementStates } from '../core/state-types.ts';

const inner = `<div class="cards">
  <article data-category="loc-extensions" data-price="70" data-added="2025-03-01" data-rank="1"><h3>Trinity Locs</h3><p>From $70</p></article>
  <article data-category="loc-extensions" data-price="65" data-added="2025-01-15" data-rank="2"><h3>Irie Locs</h3><p>From $65</p></article>
  <article data-category="loc-extensions" data-price="90" data-added="2024-11-20" data-rank="3"><h3>Jah Locs</h3><p>From $90</p></article>
  <article data-category="diy-kit" data-added="2025-05-01" data-rank="4"><h3>DIY Trinity Loc Kit</h3><p>Coming Soon</p></article>
</div>`;

export default {
  tag: 'kyb-product-filter',
  states: [{ id: 'filled', title: 'Four products, filter and sort', inner, ready: '[part~="controls"]' }],
} satisfies ElementStates;
