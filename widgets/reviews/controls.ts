/**
 * The common controls' rules (core/controls.css) as text, for the parts of kyb-reviews that load after the
 * list (the form and the toast region), which adopt them with their own (lazy.ts). An array, not the
 * string: the bundler copies a constant string into every chunk that uses it (vite.widgets.config.ts
 * `inlineConst`), while this stays one module in the chunk the two parts share. The elements' first
 * views fetch the same rules as a file instead (core/controls.ts).
 */
import css from '../core/controls.css?inline';

export const CONTROLS_TEXT: readonly string[] = [css];
