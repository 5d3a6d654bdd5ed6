/**
 * The props rewriting React does and preact leaves to the DOM, for the props our elements use: installed
 * once on preact's `options.vnode` (every JSX element and createElement call passes through it), only in
 * the preact build (vite.widgets.config.ts aliases react to this folder). Custom elements (a tag with
 * a hyphen) get their props as written, as in React.
 *
 * - `onChange` on a text field (input other than checkbox/radio/file, textarea) fires per keystroke in
 *   React: it is the DOM's `input` event. On a select, checkbox, radio or file input it stays `change`.
 * - `onFocus` / `onBlur` bubble in React (a parent hears its children): `focusin` / `focusout`.
 *   `onDoubleClick` is `dblclick`.
 * - SVG presentation attributes written in camelCase (`strokeWidth`, `textAnchor`, `fillOpacity`) are
 *   hyphenated attribute names (`stroke-width`); names SVG itself spells in camelCase (`viewBox`,
 *   `textLength`, `markerWidth`, `clipPathUnits`, `glyphRef`) are left alone.
 * - A number in a `style` object is pixels, except for properties that take plain numbers (opacity,
 *   z-index, flex, font-weight, line-height, …) and custom properties (`--x`).
 * `className` and `htmlFor` need nothing: preact sets them as the DOM properties of those names.
 */
import { options, type VNode } from 'preact';

const HYPHENATED_SVG =
  /^(?:accent|alignment|arabic|baseline|cap|clip(?!PathU)|color|dominant|enable|fill|flood|font|glyph(?!R)|horiz|image|letter|lighting|marker(?![HWU])|overline|paint|pointer|shape|stop|strikethrough|stroke|text(?!L)|underline|unicode|units|vector|vert|word|writing)[A-Z]/;
const PLAIN_NUMBER_STYLE = /^(?:--|opacity|zIndex|zoom|order|scale|flex(?:Grow|Shrink)?$|fontWeight|lineHeight|aspectRatio|columnCount|grid(?:Row|Column)|fill|stroke|stop|flood)/;
const EVENT_NAMES: Record<string, string> = { onFocus: 'onfocusin', onBlur: 'onfocusout', onDoubleClick: 'ondblclick' };
const keepsChange = (type: unknown) => type === 'checkbox' || type === 'radio' || type === 'file';

function pixels(style: Record<string, unknown>): Record<string, unknown> {
  let out = style;
  for (const key in style) {
    if (typeof style[key] === 'number' && !PLAIN_NUMBER_STYLE.test(key)) {
      if (out === style) out = { ...style };
      out[key] = `${style[key]}px`;
    }
  }
  return out;
}

function normalise(type: string, props: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in props) {
    let name = key;
    let value = props[key];
    if (key === 'onChange' && (type === 'textarea' || (type === 'input' && !keepsChange(props.type)))) name = 'onInput';
    else if (key in EVENT_NAMES) name = EVENT_NAMES[key];
    else if (key === 'style' && value && typeof value === 'object') value = pixels(value as Record<string, unknown>);
    else if (HYPHENATED_SVG.test(key)) name = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    out[name] = value;
  }
  return out;
}

const previous = options.vnode;
options.vnode = (vnode: VNode) => {
  const { type } = vnode;
  if (typeof type === 'string' && !type.includes('-')) vnode.props = normalise(type, vnode.props as Record<string, unknown>) as VNode['props'];
  previous?.(vnode);
};
