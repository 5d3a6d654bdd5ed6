/** kyb-loc-configurator's visual states (the catalogue: widgets/core/state-types.ts). */
import type { ElementStates } from '../core/state-types.ts';

const product = (p: string, title: string) => ({ id: p, title, attrs: { product: p }, ready: '[part~="price"]' });

export default {
  tag: 'kyb-loc-configurator',
  states: [
    product('trinity-locs', 'Trinity Locs: options and price'),
    product('jah-locs', 'Jah Locs: options and price'),
    product('lock-kit', 'The Lock Kit'),
    product('diy-kit', 'The DIY kit (coming soon)'),
  ],
} satisfies ElementStates;
