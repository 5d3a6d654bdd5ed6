/**
 * Where an element's toasts go so they never cover what the visitor needs next (issue #23: on a 390 px
 * phone "Consent Required" sat on Join the Circle, and a tap meant for the button dismissed nothing and
 * sent nothing; "Rating required" covered the review's text box, its error and Submit).
 *
 * The region stays at the bottom edge (where it always was) unless it would overlap, there, one of the
 * things a visitor reaches for next in the element it belongs to: each form's primary action (its submit
 * button), the control that has focus, the fields marked invalid with their messages, and (issue #29)
 * an open dialog and every control in view. Then it goes to the top edge if that covers none of them,
 * else to the band nearest either edge that covers none: above a fixed bar at the bottom, or under the
 * sticky header (the top edge itself lay over the header's logo, Sign in, cart and menu on a phone,
 * issue #29). It is worked out again on every scroll, resize and focus change while a toast shows.
 *
 * An open modal dialog's content is never covered (issue #29: "Welcome back!" lay over the cart drawer's
 * Continue shopping at 1280 px, and over the admin order dialog at 390 px, where the dialog fills the
 * height and both edges overlap it). The region then moves to the window's left side if the dialog
 * leaves a strip free there (the drawer at the right of a wide window). Where no place is clear of the
 * dialog and the controls, page news is hidden until one is (core/toast.tsx: its time keeps running),
 * while a failure still shows at the edge that covers least (it is about what was just tried).
 *
 * API
 * - `pickEdge(current, region, viewportHeight, targets)`: the pure choice of edge.
 * - `placeRegion(current, region, viewport, targets, dialogs)`: edge, side and distance from the edge
 *   clear of `targets` and `dialogs`, or null.
 * - `avoidTargets(region)`: what to keep clear, from the DOM around the region (its shadow root, or the
 *   modal dialog it renders in); `openModals()`: the open modal dialogs' boxes.
 */

export type Edge = 'top' | 'bottom';
export type Side = 'left' | 'right';

export interface Placement {
  edge: Edge;
  side: Side;
  /** The region's distance from its edge, in px (EDGE_GAP at the edge itself). */
  offset: number;
}

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface Target extends Box {
  /** How much covering it costs: the primary action and the focused control 3, an invalid field 1. */
  weight: number;
}

/** The region's distance from the viewport edge (core/controls.css `.kyb-toasts`, 1rem). */
export const EDGE_GAP = 16;

const overlap = (a: Box, b: Box) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/**
 * `region`: where the region is now (its width and columns stay the same at either edge). Returns the
 * edge whose placement covers less (weighted area); on a tie, the current one, so it does not jump.
 */
export function pickEdge(current: Edge, region: Box, viewportHeight: number, targets: readonly Target[]): Edge {
  const height = region.bottom - region.top;
  if (height <= 0 || !targets.length) return current;
  const at = (edge: Edge): Box =>
    edge === 'top'
      ? { left: region.left, right: region.right, top: EDGE_GAP, bottom: EDGE_GAP + height }
      : { left: region.left, right: region.right, top: viewportHeight - EDGE_GAP - height, bottom: viewportHeight - EDGE_GAP };
  const cost = (edge: Edge) => targets.reduce((sum, t) => sum + overlap(at(edge), t) * t.weight, 0);
  const [bottom, top] = [cost('bottom'), cost('top')];
  if (bottom === top) return current;
  return bottom < top ? 'bottom' : 'top';
}

/** How far apart the bands tried between the edges are, in px. */
const STEP = 8;

/**
 * Where the region goes: the first place that covers none of `targets` and no part of `dialogs`. The right
 * side (where it always was) before the left; on each, the two edges first (the current one before the
 * other, so it does not jump), then band by band inwards from both, so it stays as near an edge as the
 * controls allow (a mid-window band lay over a form's heading while the top edge was free). Null when no
 * band is clear.
 */
export function placeRegion(current: Placement, region: Box, viewport: { width: number; height: number }, targets: readonly Target[], dialogs: readonly Box[]): Placement | null {
  const width = region.right - region.left;
  const height = region.bottom - region.top;
  const across = (side: Side) => (side === 'right' ? { left: viewport.width - EDGE_GAP - width, right: viewport.width - EDGE_GAP } : { left: EDGE_GAP, right: EDGE_GAP + width });
  const box = ({ edge, side, offset }: Placement): Box => ({
    ...across(side),
    ...(edge === 'top' ? { top: offset, bottom: offset + height } : { top: viewport.height - offset - height, bottom: viewport.height - offset }),
  });
  const clear = (p: Placement) => {
    const b = box(p);
    return dialogs.every((d) => overlap(b, d) === 0) && targets.every((t) => overlap(b, t) === 0);
  };
  const other: Edge = current.edge === 'top' ? 'bottom' : 'top';
  for (const side of ['right', 'left'] as const)
    for (let offset = EDGE_GAP; offset + height <= viewport.height - EDGE_GAP; offset += STEP)
      for (const edge of [current.edge, other]) {
        const p: Placement = { edge, side, offset };
        if (clear(p)) return p;
      }
  return null;
}

const PRIMARY = 'button[type="submit"], input[type="submit"]';
/**
 * Everything a visitor can use (tests/visual/invariants.ts checks a toast overlaps none of its controls,
 * issue #29), and the boxes that draw them: a label is where a visually hidden radio is tapped (the
 * review form's stars), and a group of choices is read as one (a band between two rows of stars is no
 * place for a toast).
 */
const INTERACTIVE =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, label, fieldset, [role="button"], [role="tab"], [role="radiogroup"], [role="radio"], [role="checkbox"], [role="switch"], [role="slider"], [role="option"]';

/** Every element of the page matching `selector`, through open shadow roots. */
function deepAll(selector: string): Element[] {
  const out: Element[] = [];
  const roots: (Document | ShadowRoot)[] = [document];
  while (roots.length) {
    const root = roots.pop()!;
    for (const e of root.querySelectorAll('*')) {
      if (e.matches(selector)) out.push(e);
      if (e.shadowRoot) roots.push(e.shadowRoot);
    }
  }
  return out;
}
const INVALID = '[aria-invalid="true"], .kyb-error, [part~="error"]';
const CONTROLS = 'input:not([type="hidden"]), textarea, select, button';

/** The boxes of the open modal dialogs, anywhere on the page (a drawer is one). */
export function openModals(): Box[] {
  return deepAll('dialog[open]')
    .filter((d) => d.matches(':modal'))
    .map((d) => d.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0)
    .map((r) => ({ top: r.top, bottom: r.bottom, left: r.left, right: r.right }));
}

/** The focused element of the page, through open shadow roots (a toast of one element may lie over another's form). */
function focusedDeep(): Element | null {
  let a: Element | null = document.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  return a && a !== document.body ? a : null;
}

/**
 * What the region must keep clear of, as boxes in the viewport (shown things only): in the element's own
 * forms (or its open modal's), each primary action and invalid field; and wherever on the page the
 * visitor is working, the focused control and every control of its form (a sign-in's "Welcome back!"
 * must not lie over the review form that opens with it).
 */
export function avoidTargets(region: HTMLElement): Target[] {
  const root = region.getRootNode() as Document | ShadowRoot;
  // Inside a modal dialog only the dialog's controls can be used.
  const scope: ParentNode = region.closest('dialog') ?? root;
  const out: Target[] = [];
  const add = (e: Element | null | undefined, weight: number) => {
    if (!e || region.contains(e)) return;
    const r = e.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) out.push({ top: r.top, bottom: r.bottom, left: r.left, right: r.right, weight });
  };
  for (const form of scope.querySelectorAll('form')) {
    add(form.querySelector(PRIMARY), 3);
    for (const e of form.querySelectorAll(INVALID)) add(e, 1);
  }
  // Page-level news never lies over what can be used (issue #29): every control in view, and an open
  // dialog (the one the region renders in too: it shows above it).
  const dialogs = deepAll('dialog[open]');
  for (const d of dialogs) add(d, 3);
  for (const e of deepAll(INTERACTIVE)) if (!dialogs.length || dialogs.some((d) => d.contains(e))) add(e, 1);
  const focused = focusedDeep();
  if (focused) {
    add(focused, 3);
    const form = focused.closest('form');
    if (form) {
      add(form.querySelector(PRIMARY), 3);
      for (const e of form.querySelectorAll(CONTROLS)) add(e, 1);
    }
  }
  return out;
}
