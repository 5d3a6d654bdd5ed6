/**
 * Build of the embeddable widgets (widgets/README.md is the embed guide).
 *
 *   npx vite build --config vite.widgets.config.ts                → dist/widgets/        (preact/compat: shipped)
 *   npx vite build --config vite.widgets.config.ts --mode react   → dist/widgets-react/  (React 19)
 *   (KYB_BUILD=react selects the React build too)
 *   npx vite --config vite.widgets.config.ts                      → dev server: the playground at
 *        /playground/ against an in-memory local stack started in the same process (npm run playground)
 *
 * Output: `kyb-widgets.js` (the loader, stable name: pages link it) + hashed chunks under `chunks/`
 * (one per element plus common ones, which several elements import), `.vite/manifest.json` (scripts/size.ts follows its import
 * graph), `playground/` (a test page for every element), `custom-elements.json` and `types/`. ES modules, minified, base `./`, so the
 * folder can be served from any origin or path. Both builds wrap the components with the real
 * @r2wc/react-to-web-component; the shipped one renders them with preact/compat instead of React (a runtime
 * of ~9.5 kB gzip every element shares, instead of ~68 kB). Widget code may use any React API compat has
 * (tests/browser/runtime-parity.test.ts holds both builds to React's behaviour), not the React-19-only ones
 * it lacks (useActionState, useOptimistic, form actions): the shipped build stops with MISSING_EXPORT.
 *
 * The plugins are modules of their own in scripts/vite/, each opening with why it exists: runtime.ts
 * (React's names → preact/compat, r2wc's createElement), css-files.ts (`?sheet`: CSS files beside the
 * chunks), own-copy.ts (a chunk's own copy of a module instead of one more common file), embed-scripts.ts
 * (the embeds' two classic scripts), loader-manifest.ts (the loader's table of elements and chunks),
 * playground.ts, elements-contract.ts (custom-elements.json and types/ beside the bundle) and
 * local-backend.ts (the dev server's local stack). This file holds the bundler's settings.
 */
import { defineConfig } from 'vite';
import { cssFiles, sheetId } from './scripts/vite/css-files.ts';
import { elementsContract } from './scripts/vite/elements-contract.ts';
import { embedScripts } from './scripts/vite/embed-scripts.ts';
import { loaderManifest } from './scripts/vite/loader-manifest.ts';
import { localBackend } from './scripts/vite/local-backend.ts';
import { ownReviewsCopies } from './scripts/vite/own-copy.ts';
import { root, widgets } from './scripts/vite/paths.ts';
import { playground } from './scripts/vite/playground.ts';
import { R2WC_REACT_ID, runtimeConfig } from './scripts/vite/runtime.ts';

/** A path as a regular expression that matches it literally. */
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The chunk groups below: their files keep their names (`runtime-<hash>.js` and its CSS file). */
const GROUPS = new Set(['runtime', 'rules', 'controls']);

/**
 * chunks/<name>-<hash>.js; an element's chunk is named after its folder. 6 hash characters (not 8): the
 * loader lists every chunk, and random characters do not compress. The bundler's own runtime helpers
 * get a short name too, for the same reason. A common chunk that elements import statically (the
 * bundler cuts one per set of elements sharing modules) is its hash alone, `chunks/<hash>.js`: the
 * loader's table lists every such file, and their names were 0.1 kB of its 2.1 kB gzip budget (the
 * names are in .vite/manifest.json, which `npm run size` prints them from). Chunks loaded later (an
 * element's form, the auth client) keep their names: the loader never lists them.
 */
function chunkName(c: { facadeModuleId: string | null; name: string; isDynamicEntry: boolean }) {
  const m = c.facadeModuleId?.match(/\/widgets\/([^/]+)\/register\.ts$/);
  if (m) return `chunks/${m[1]}-[hash:6].js`;
  if (c.name === 'rolldown-runtime') return 'chunks/rt-[hash:6].js';
  return c.isDynamicEntry || GROUPS.has(c.name) ? 'chunks/[name]-[hash:6].js' : 'chunks/[hash:6].js';
}

export default defineConfig(({ mode }) => {
  const react = mode === 'react' || process.env.KYB_BUILD === 'react';
  /** Chunks served with a CSS file of the same name → the `?sheet` module they hold (cssFiles → loaderManifest). */
  const withCss = new Map<string, string>();
  const runtime = runtimeConfig(react);
  return {
    root: widgets,
    base: './',
    publicDir: false,
    envDir: root,
    resolve: { alias: runtime.alias },
    define: { 'process.env.NODE_ENV': JSON.stringify(mode === 'development' ? 'development' : 'production') },
    plugins: [...runtime.plugins, cssFiles(withCss), ...ownReviewsCopies(), ...embedScripts(), playground(), elementsContract(), loaderManifest(withCss), localBackend()],
    server: { open: '/playground/', fs: { allow: [root] } },
    build: {
      outDir: `${root}dist/${react ? 'widgets-react' : 'widgets'}`,
      emptyOutDir: true,
      target: 'es2022',
      manifest: true,
      // Library mode: no Vite preload helper (it would add ~1 kB to the loader and make every chunk
      // that has a dynamic import — the auth client — import back from the loader).
      lib: { entry: { 'kyb-widgets': `${widgets}loader.ts` }, formats: ['es'], fileName: () => 'kyb-widgets.js' },
      cssCodeSplit: false,
      reportCompressedSize: false,
      rolldownOptions: {
        // Keep the loader's exports (none) and never merge element code into it.
        preserveEntrySignatures: 'exports-only',
        // shared/ (and widgets/core/domain.ts, the widgets' one door to it) is data and pure functions
        // only (shared/README.md). Saying so lets an element import one name through the door without
        // the bundler keeping every module behind it for fear of its side effects.
        treeshake: { moduleSideEffects: [{ test: new RegExp(`^${escapeRegExp(root)}(shared/|widgets/core/domain\\.ts$)`), sideEffects: false }] },
        // Shared numbers and strings (shared/rules/) are copied into the code
        // that uses them, so a chunk that needs one constant does not import the whole rules chunk.
        optimization: { inlineConst: true },
        output: {
          // An element's chunk (an entry: loaderManifest emits it) is named after its folder
          // (kyb-reviews → chunks/reviews-<hash>.js).
          entryFileNames: (c) => (c.facadeModuleId?.match(/\/widgets\/([^/]+)\/register\.ts$/) ? chunkName(c) : 'kyb-widgets.js'),
          chunkFileNames: chunkName,
          assetFileNames: 'assets/[name]-[hash][extname]',
          minify: true,
          // The bundle is what browsers run, not input to another bundler: `@__PURE__` marks (one per JSX
          // element, ~0.2 kB gzip of the reviews first view) and JSDoc go; licence comments stay.
          comments: { legal: true, annotation: false, jsdoc: false },
          // One runtime chunk (preact/compat or React + r2wc + defineElement, and the small core modules every
          // element reads: config, public, rpc; with the design tokens' CSS file) that every element shares: fewer files before a
          // first view (the reviews list on a third-party page fetched 7, now 4; issue #13). The browser
          // storage names (shared/storage.ts) go with public.ts, which reads the session key.
          codeSplitting: {
            groups: [
              {
                name: 'runtime',
                test: (id) =>
                  /node_modules[\\/](preact|react|react-dom|scheduler|@r2wc)[\\/]|widgets[\\/]core[\\/](react-on-preact|define|config|public|rpc)\.ts$|[\\/]shared[\\/]storage\.ts$/.test(
                    id,
                  ) ||
                  id === R2WC_REACT_ID ||
                  id === sheetId(`${widgets}core/tokens.css`),
              },
              // The rules files of shared/ are small and read together (forms, reviews, gallery,
              // accounts): one chunk, as when they were one file, not four requests of 0.1 kB.
              { name: 'rules', test: new RegExp(`^${escapeRegExp(root)}shared/rules/`) },
              // The chunk whose CSS file holds the fields, cards, toasts, links and dialogs (core/controls.css),
              // for every element that adopts them (`CONTROLS`), with the links to the site (core/site.ts): every
              // element that links adopts the controls, so no extra file. Nothing else goes here: the loader
              // fetches the CSS for every element that imports the chunk (loaderManifest checks that).
              { name: 'controls', test: (id) => /widgets[\\/]core[\\/](controls|site)\.ts$/.test(id) || id === sheetId(`${widgets}core/controls.css`) },
              // How the pages write amounts and dates (shared/money.ts, core/dates.ts): one small file, not two,
              // and one name fewer in the loader's manifest.
              { name: 'formats', test: (id) => /(shared[\\/]money|widgets[\\/]core[\\/]dates)\.ts$/.test(id) },
            ],
          },
        },
      },
    },
  };
});
