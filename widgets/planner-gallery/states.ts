/** kyb-planner-gallery's visual states (the catalogue: widgets/core/state-types.ts). Data: the seeded gallery. */
import type { ElementStates } from '../core/state-types.ts';

const cover = `data:image/svg+xml,${encodeURIComponent("<svg xmlns='http://www.w3.org/2000/svg' width='960' height='540'><rect width='960' height='540' fill='#2b2118'/><text x='480' y='290' font-family='serif' font-size='64' fill='#c9a227' text-anchor='middle'>CROWN</text></svg>")}`;
const attrs = { 'fallback-src': cover, 'fallback-alt': 'Crown Planner cover' };

export default {
  tag: 'kyb-planner-gallery',
  states: [
    {
      // The cover stands in while the gallery loads (docs/tools.md), marked busy, placeholder thumbnails under it.
      id: 'loading',
      title: 'The gallery on its way: the cover, busy, placeholder thumbnails',
      attrs,
      hold: ['GET /rest/v1/planner_gallery'],
      ready: '[part~="root"][aria-busy="true"] [part~="stage"] ~ [part~="placeholders"]',
    },
    { id: 'filled', title: 'The seeded gallery', attrs, ready: '[part~="thumb"]' },
    {
      id: 'unreachable',
      title: 'Backend unreachable: the cover, the gallery could not be loaded, Try again',
      attrs,
      backend: 'unreachable',
      ready: '[part~="stage"] ~ [part~="error"] [part~="retry"]',
      expectedConsole: /.*/,
    },
  ],
} satisfies ElementStates;
