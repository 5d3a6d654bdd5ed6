/**
 * Why: the shipped build renders the React widgets with preact/compat (a runtime every element shares of
 * ~9.5 kB gzip instead of ~68 kB), so React's module names must lead to compat, and r2wc must not keep all of
 * compat alive through its default `import React`. The React build uses the packages as they are.
 */
import type { Plugin } from 'vite';
import { widgets } from './paths.ts';

/**
 * Shipped build: React's API from preact/compat (react, react-dom, react-dom/client and the JSX runtimes),
 * under the real @r2wc/react-to-web-component, which the React build shares. React's `react` is
 * core/react-on-preact.ts: compat as it is, plus the one React behaviour compat leaves out that the widgets
 * use (`autoFocus` focuses on mount). Anchored patterns, most specific first. The React build aliases
 * nothing. tests/browser/runtime-parity.test.ts checks that the React idioms behave alike in both.
 */
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react$/, replacement: `${widgets}core/react-on-preact.ts` },
];

/** The module r2wc's `react` is in the shipped build (r2wcCreateElement): the runtime chunk holds it. */
export const R2WC_REACT_ID = '\0kyb-r2wc-react';

/**
 * Shipped build: r2wc reads only `createElement` from react's default export, and preact/compat's default
 * export is one object holding all of React's API, so that import alone kept all of compat (Suspense, lazy,
 * Children, class shims…) in the runtime every first view downloads: 2.2 kB gzip of the reviews first view.
 * r2wc's `react` is a module whose default export holds compat's createElement only. The widgets import
 * React's API by name (a default `import React` works, and costs those bytes).
 */
function r2wcCreateElement(): Plugin {
  const react = `${widgets}core/react-on-preact.ts`;
  return {
    name: 'kyb-r2wc-create-element',
    enforce: 'pre',
    // The alias has already turned `react` into the file it names.
    resolveId: (source, importer) => (source === react && importer && /[\\/]@r2wc[\\/]react-to-web-component[\\/]/.test(importer) ? R2WC_REACT_ID : null),
    load: (id) => (id === R2WC_REACT_ID ? `import { createElement } from ${JSON.stringify(react)};\nexport default { createElement };` : null),
  };
}

/**
 * The runtime a build renders with: the shipped build's aliases and r2wc's createElement, or nothing (the
 * React build uses the packages as they are). tests/browser builds its runtime-parity probe with it too.
 */
export function runtimeConfig(react: boolean): { alias: typeof preactAliases; plugins: Plugin[] } {
  return react ? { alias: [], plugins: [] } : { alias: preactAliases, plugins: [r2wcCreateElement()] };
}
