/**
 * The common controls' CSS file (controls.css) for `defineElement(…, { commonCss: CONTROLS })`: one file a
 * page fetches once for every element that names it. The parts of kyb-reviews that load after its list
 * carry the same rules as text in their own chunk instead (widgets/reviews/controls.ts).
 */
import href from './controls.css?sheet';

export const CONTROLS: readonly string[] = [href];
