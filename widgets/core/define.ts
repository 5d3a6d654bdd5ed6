/**
 * Turns a React component into a kyb-* custom element with @r2wc/react-to-web-component:
 * an open shadow root, the design tokens and the element's own CSS adopted into it, and a define
 * that never throws when a host page loads the bundle twice.
 *
 * API
 * - `defineElement(tag, Component, {props?, css?, shared?})` → the element class (the existing one when the tag
 *   is already defined). `props` is the attribute contract: camelCase prop → r2wc type; the attribute
 *   is the kebab-case name (`sourcePage: 'string'` ↔ `source-page`). Call it only from an element's
 *   `define.ts` (the registration side effect lives there; the component module has none).
 * - `sheetFor(css)` → the page's one constructed sheet for that CSS text (what a lazily loaded part of an
 *   element adopts into its shadow root).
 * - `hostOf(container)` → the element. The component receives `container` (its shadow root, set by
 *   r2wc); dispatch events on `hostOf(container)`.
 *
 * r2wc caveats (widgets/README.md, "Attributes are strings"): an attribute removed or set to "" keeps the old value on
 * screen, and a bare boolean attribute is not `true` — prefer strings with defaults (`mode="tools"`).
 * Shared CSSStyleSheets: one per distinct CSS text per page, adopted by every instance.
 */
import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';
import tokensCss from './tokens.css?inline';

/** The attribute types both builds support (the preact build's stand-in, core/preact-react/r2wc.ts, has these). */
type R2WCType = 'string' | 'number' | 'boolean' | 'json';

const sheets = new Map<string, CSSStyleSheet>();
/** The page's one CSSStyleSheet for `css` (made on first use), shared by every element and instance. */
export function sheetFor(css: string): CSSStyleSheet {
  let s = sheets.get(css);
  if (!s) {
    s = new CSSStyleSheet();
    s.replaceSync(css);
    sheets.set(css, s);
  }
  return s;
}

export interface DefineOptions<P> {
  /** Attribute contract: camelCase prop -> type; attributes are the kebab-case names. */
  props?: Partial<Record<Exclude<Extract<keyof P, string>, 'container'>, R2WCType>>;
  /** The element's CSS (import it with `?inline`). */
  css?: string;
  /**
   * Page-wide sheets adopted between the tokens and the element's CSS (`CONTROLS`, core/controls.ts): one parsed
   * sheet per page for every element that names it. Imported by the element, not here, so a first view
   * that needs none of them (kyb-reviews) does not download them with the runtime.
   */
  shared?: readonly string[];
}

export function defineElement<P extends object>(tag: string, Component: ComponentType<P>, opts: DefineOptions<P> = {}) {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return customElements?.get(tag);
  const Base = r2wc(Component, { shadow: 'open', props: opts.props as never }) as unknown as {
    new (): HTMLElement;
    prototype: HTMLElement;
  };
  const styles = [tokensCss, ...(opts.shared ?? []), ...(opts.css ? [opts.css] : [])].map(sheetFor);
  class KybElement extends Base {
    constructor() {
      super();
      const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
      root.adoptedStyleSheets = styles;
    }
    // Defining this tells the browser that a `moveBefore()` (the product filter re-sorting cards) is a
    // move, not a removal: without it r2wc unmounts and remounts, and a half-typed e-mail is lost.
    connectedMoveCallback() {}
  }
  try {
    customElements.define(tag, KybElement);
  } catch (e) {
    // Another copy of the bundle won the race: that definition serves just as well.
    if (!customElements.get(tag)) throw e;
  }
  return customElements.get(tag);
}

/** The custom element that hosts a component rendered into `container` (its shadow root). */
export function hostOf(container: unknown): HTMLElement | null {
  if (!container) return null;
  if (container instanceof ShadowRoot) return container.host as HTMLElement;
  if (container instanceof HTMLElement) return ((container.getRootNode() as ShadowRoot).host as HTMLElement) ?? container;
  return null;
}
