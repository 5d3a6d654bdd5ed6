/**
 * The CSS of an element's `:not(:defined)` rule, from its `@reserve` (widgets/<folder>/register.ts, through
 * custom-elements.json), after `display:block`: a length → that min-height (a bare number is rem; `px`
 * for a measured first view), and `<width>:<length>` steps after it change the height from that viewport
 * width (px) up, as nested @media rules (an element's first view wraps differently on a phone and on a
 * desktop); anything else is CSS, as written.
 *
 * Used twice at build time, so that the space is kept from the first paint wherever the element is:
 * scripts/vite/loader-manifest.ts writes it into the loader (any page), and `npm run gen:elements` into
 * site/styles/reserve.css (the site's own stylesheet, there before the loader runs: issue #13).
 */
export function reserveCss(r: string | undefined): string {
  const [first, ...steps] = (r ?? '').split(/\s+/);
  if (!/^[\d.]+(px)?$/.test(first)) return r ?? '';
  const len = (v: string) => (v.endsWith('px') ? v : `${v}rem`);
  return `min-height:${len(first)};${steps
    .map((s) => s.split(':'))
    .map(([w, h]) => `@media(width>=${w}px){min-height:${len(h)}}`)
    .join('')}`;
}
