/**
 * The shared controls' CSS file (controls.css) for `defineElement(…, { shared: CONTROLS })`: one file a
 * page fetches once for every element that names it. A later part of an element (kyb-reviews' form and
 * toasts) imports the text itself (`controls.css?inline`) and carries it in its own chunk instead.
 */
import href from './controls.css?sheet';

export const CONTROLS: readonly string[] = [href];
