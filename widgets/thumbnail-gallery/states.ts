/** kyb-thumbnail-gallery's visual states (the catalogue: widgets/core/state-types.ts). */
import type { ElementStates } from '../core/state-types.ts';

// Local placeholder art (no third-party image hosts: works offline and under the site's CSP).
const inner = ['#7a4b2a', '#3f5e4a', '#8c3b2e', '#6b4a6e']
  .map(
    (c, i) =>
      `<img src="data:image/svg+xml,${encodeURIComponent(`<svg xmlns='http://www.w3.org/2000/svg' width='640' height='640'><rect width='640' height='640' fill='${c}'/><circle cx='320' cy='320' r='${120 + i * 30}' fill='none' stroke='#f3e6d3' stroke-width='18'/></svg>`)}" alt="Faux locs style ${i + 1}" width="320" height="320">`,
  )
  .join('');

export default {
  tag: 'kyb-thumbnail-gallery',
  states: [{ id: 'filled', title: 'Four images with thumbnails', inner, ready: '[part~="thumbs"]' }],
} satisfies ElementStates;
