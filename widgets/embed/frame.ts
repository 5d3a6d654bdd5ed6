/**
 * kyb-embed-frame.js: the script of every /embed/<element> page (issue #22; site/pages/Embed.tsx,
 * docs/embedding.md). A classic script in the page's <head>, so it runs before the body is parsed:
 *
 * - the look from the query string (theme.ts) becomes `--kyb-*` properties on <html> (through CSSOM,
 *   which the page's strict CSP allows), before anything is drawn;
 * - the element's attributes that the page lists in `data-query` (`slug`, `source-page`) take their
 *   value from the query string, once the parser has built the body and before the widget loader, a
 *   module script, runs (readyState "interactive" comes first), so the element's first request is the
 *   right one;
 * - in a frame: <html data-framed> (the page drops its standalone header and background), and the
 *   content height goes to the parent with postMessage at every change, for the optional resizer
 *   (resizer.ts) and /admin/embed's previews. Opened on its own (the plain link form) it does nothing more.
 *
 * Nothing here touches storage, so it runs the same in a sandboxed frame without allow-same-origin.
 */
import { EMBED_HEIGHT_MESSAGE } from './message.ts';
import { lookFromQuery, lookVars } from './theme.ts';

/** Longest value an attribute takes from the query (the widgets' own limits are lower still). */
const MAX_VALUE = 300;

const root = document.documentElement;
const query = new URLSearchParams(location.search);
const look = lookFromQuery(query);
for (const [name, value] of Object.entries(lookVars(look))) root.style.setProperty(name, value);
root.dataset.scheme = look.scheme;

document.addEventListener(
  'readystatechange',
  () => {
    const el = document.querySelector<HTMLElement>('[data-query]');
    for (const name of el?.dataset.query?.split(' ') ?? []) {
      const value = query.get(name)?.trim();
      if (value) el!.setAttribute(name, value.slice(0, MAX_VALUE));
    }
  },
  { once: true },
);

if (window.parent !== window) {
  root.dataset.framed = '';
  let last = -1;
  let ready = false;
  const report = (force = false) => {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height === last && !force) return;
    last = height;
    window.parent.postMessage({ type: EMBED_HEIGHT_MESSAGE, height, ready }, '*');
  };
  new ResizeObserver(() => report()).observe(root);
  // Once the element is defined and drawn, say so (its height may not change with it).
  document.addEventListener('DOMContentLoaded', () => {
    const el = [...document.querySelectorAll('main *')].find((e) => e.localName.startsWith('kyb-'));
    if (!el) return;
    void customElements.whenDefined(el.localName).then(() =>
      requestAnimationFrame(() => {
        ready = true;
        report(true);
      }),
    );
  });
}
