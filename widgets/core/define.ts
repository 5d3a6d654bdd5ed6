/**
 * Turns a React component into a kyb-* custom element with @r2wc/react-to-web-component:
 * an open shadow root, the design tokens and the element's own CSS adopted into it, and a define
 * that never throws when a host page loads the bundle twice.
 *
 * API
 * - `await defineElement(tag, Component, {props?, css?, commonCss?})` → the element class (the existing one when
 *   the tag is already defined). `props` is the attribute contract: camelCase prop → r2wc type; the attribute
 *   is the kebab-case name (`sourcePage: 'string'` ↔ `source-page`). `css` and `commonCss` are URLs of CSS files
 *   (`import href from './styles.css?sheet'`, scripts/vite/css-files.ts): the tag is defined once they have
 *   arrived, so an element never shows unstyled, and the promise rejects (the tag stays undefined, its
 *   fallback and reservation in place) when one cannot be fetched. Call it only from an element's
 *   `register.ts`, with `await` (the registration side effect lives there; the component module has none).
 * - `sheet(href)` → the page's one constructed sheet for that CSS file. The loader (widgets/loader.ts) starts
 *   fetching an element's files together with its code and leaves the responses on its mark,
 *   `Symbol.for('kyb.loader')` on globalThis; what it did not fetch is fetched here.
 * - `sheetFor(css)` → the page's one constructed sheet for that CSS text (what a part of an element loaded
 *   after its first view, with its CSS inside its chunk, adopts into the shadow root).
 * - `hostOf(container)` → the element. The component receives `container` (its shadow root, set by
 *   r2wc); dispatch events on `hostOf(container)`.
 *
 * Why CSS files: the CSS an element's first view needs is not JavaScript to parse, it is cached apart from
 * the code, and it arrives in parallel with it (issue #13: the reviews first view's JavaScript).
 *
 * r2wc caveats (widgets/README.md, "Attributes are strings"): an attribute removed or set to "" keeps the old value on
 * screen, and a bare boolean attribute is not `true` — prefer strings with defaults (`mode="tools"`).
 * Shared CSSStyleSheets: one per distinct CSS file or text per page, adopted by every instance.
 */
import r2wc from './r2wc.ts';
import type { ComponentType } from 'react';
import tokens from './tokens.css?sheet';

/**
 * r2wc's prop types: `string`, `number`, `boolean`, `json` (parsed from the kebab-case attribute), `function`
 * (the attribute names a global function) and `method` (a function set as the element's property).
 */
type R2WCType = 'string' | 'number' | 'boolean' | 'function' | 'method' | 'json';

const texts = new Map<string, CSSStyleSheet>();
/** The page's one CSSStyleSheet for the CSS text `css` (made on first use), shared by every element and instance. */
export function sheetFor(css: string): CSSStyleSheet {
  let s = texts.get(css);
  if (!s) {
    s = new CSSStyleSheet();
    s.replaceSync(css);
    texts.set(css, s);
  }
  return s;
}

/**
 * Responses of CSS files the loader started fetching with an element's code, by absolute URL: it leaves
 * them on its page-wide mark (widgets/loader.ts). Nothing there when the element came without it.
 */
const prefetched = ((globalThis as Record<symbol, unknown>)[Symbol.for('kyb.loader')] ?? {}) as Record<string, Promise<Response> | undefined>;
const files = new Map<string, Promise<CSSStyleSheet>>();
const textOf = (res: Promise<Response>, href: string) =>
  res.then((r) => {
    if (!r.ok) throw new Error(`${href}: HTTP ${r.status}`);
    return r.text();
  });
/**
 * The page's one CSSStyleSheet for the CSS file at `href`. A failed prefetch is tried once more here; a
 * failure after that rejects, and a later call fetches again.
 */
export function sheet(href: string): Promise<CSSStyleSheet> {
  let s = files.get(href);
  if (!s) {
    // Left in place once read: the loader skips a file it finds there when the next element needs it too.
    const early = prefetched[href];
    s = (early ? textOf(early, href).catch(() => textOf(fetch(href), href)) : textOf(fetch(href), href)).then(sheetFor);
    s.catch(() => files.delete(href));
    files.set(href, s);
  }
  return s;
}

export interface DefineOptions<P> {
  /** Attribute contract: camelCase prop -> type; attributes are the kebab-case names. */
  props?: Partial<Record<Exclude<Extract<keyof P, string>, 'container'>, R2WCType>>;
  /** URL of the element's CSS file, or URLs in order (import each with `?sheet`). */
  css?: string | readonly string[];
  /**
   * CSS files several elements adopt, between the tokens and the element's CSS (`CONTROLS`,
   * core/controls.ts): one parsed sheet per page for every element that names it. Imported by the element, not here, so a first view
   * that needs none of them (kyb-reviews) does not download them with the runtime.
   */
  commonCss?: readonly string[];
}

export async function defineElement<P extends object>(tag: string, Component: ComponentType<P>, opts: DefineOptions<P> = {}) {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return customElements?.get(tag);
  const styles = await Promise.all([tokens, ...(opts.commonCss ?? []), ...[opts.css ?? []].flat()].map(sheet));
  // Another copy of the bundle may have defined it while the CSS was on its way.
  if (customElements.get(tag)) return customElements.get(tag);
  const Base = r2wc(Component, { shadow: 'open', props: opts.props as never }) as unknown as {
    new (): HTMLElement;
    prototype: HTMLElement;
  };
  class KybElement extends Base {
    constructor() {
      super();
      // r2wc attached it (`shadow: 'open'`).
      this.shadowRoot!.adoptedStyleSheets = styles;
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

/** The custom element that hosts a component rendered into `container` (its shadow root: every element has one). */
export function hostOf(container: unknown): HTMLElement | null {
  return container instanceof ShadowRoot ? (container.host as HTMLElement) : null;
}
