/** kyb-not-found's visual states (the catalogue: widgets/core/state-types.ts). */
import type { ElementStates } from '../core/state-types.ts';

export default {
  tag: 'kyb-not-found',
  // It logs the missing path as an error on purpose (NOT_FOUND_LOG in NotFound.tsx).
  states: [{ id: 'default', title: 'The page-not-found panel', ready: '[part~="base"]', expectedConsole: /User attempted to access non-existent route/ }],
} satisfies ElementStates;
