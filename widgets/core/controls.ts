/**
 * The shared controls' sheet (controls.css) for `defineElement(…, { shared: CONTROLS })`. An array, not
 * the CSS string itself: the bundler copies a constant string into every chunk that imports it, while
 * this stays one module in one chunk that each element's chunk imports (vite.widgets.config.ts).
 */
import css from './controls.css?inline';

export const CONTROLS: readonly string[] = [css];
