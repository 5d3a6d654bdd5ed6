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
 * (one per element plus shared ones), `.vite/manifest.json` (scripts/size.ts follows its import
 * graph) and `playground/` (a test page for every element). ES modules, minified, base `./`, so the
 * folder can be served from any origin or path. The same React source builds against preact/compat
 * (~10 kB per element instead of ~69 kB) — widget code avoids React-19-only APIs for that reason.
 */
import { defineConfig, type Plugin } from 'vite';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const widgets = `${root}widgets/`;

/** react → preact/compat, most specific first, anchored (widget-build-notes.md). */
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  // `react` itself → preact/compat is done by slimReactForR2wc() (it needs to see the importer).
];

/**
 * preact build: @r2wc/react-to-web-component does `import React from 'react'` for one call,
 * `React.createElement`. Under preact/compat that default import is an object holding all of compat
 * (Suspense, lazy, portals, …), which defeats tree-shaking (~4 kB gzip in every page's runtime).
 * Give r2wc a default export with just createElement; everything else still comes from preact/compat.
 */
function slimReactForR2wc(): Plugin {
  const id = '\0kyb-r2wc-react';
  return {
    name: 'kyb-slim-react-for-r2wc',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'react') return null;
      if (importer && /[\\/]@r2wc[\\/]react-to-web-component[\\/]/.test(importer)) return id;
      return this.resolve('preact/compat', importer, { skipSelf: true });
    },
    load(loadId) {
      if (loadId === id) return "import { createElement } from 'preact/compat';\nexport default { createElement };\n";
      return null;
    },
  };
}

/** Emits the playground page (plain HTML + JS, no build step of its own) next to the bundle. */
function playground(): Plugin {
  return {
    name: 'kyb-playground',
    apply: 'build',
    generateBundle() {
      for (const file of ['index.html', 'playground.js']) {
        if (!existsSync(`${widgets}playground/${file}`)) continue;
        this.emitFile({ type: 'asset', fileName: `playground/${file}`, source: readFileSync(`${widgets}playground/${file}`) });
      }
    },
  };
}

/**
 * Writes the loader's preload map: for each element chunk, every chunk it imports statically (all the
 * way down), so the loader can request them together with the element's chunk (one round trip
 * instead of two or three). Replaces the `__KYB_PRELOAD__` placeholder string in the emitted loader.
 */
function preloadMap(): Plugin {
  return {
    name: 'kyb-preload-map',
    apply: 'build',
    generateBundle(_, bundle) {
      const loader = bundle['kyb-widgets.js'];
      if (!loader || loader.type !== 'chunk') return;
      const files: string[] = [];
      const tags: string[] = [];
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk' || !out.isDynamicEntry) continue;
        const m = out.facadeModuleId?.match(/[\\/]widgets[\\/]([^\\/]+)[\\/]define\.ts$/);
        if (!m) continue;
        const seen = new Set<string>();
        const walk = (file: string) => {
          const c = bundle[file];
          if (!c || c.type !== 'chunk') return;
          for (const dep of c.imports) if (!seen.has(dep) && dep !== 'kyb-widgets.js') (seen.add(dep), walk(dep));
        };
        walk(out.fileName);
        const ix = [...seen]
          .map((f) => f.replace(/^chunks\/(.*)\.js$/, '$1'))
          .map((f) => (files.includes(f) ? files.indexOf(f) : files.push(f) - 1));
        // The folder name: the loader adds the `kyb-` prefix (2 kB budget).
        tags.push(`${m[1]}:${ix.join('.')}`);
      }
      // widgets/loader.ts parses this format; chunk file names never contain , | : ; or quotes.
      loader.code = loader.code.replace('__KYB_PRELOAD__', `${files.join(',')}|${tags.join(';')}`);
    },
  };
}

/**
 * Dev server only: start the local stack (in memory, autoconfirmed sign-ups, port 0) and tell the
 * playground where it is through the meta tags every page uses.
 */
function localBackend(): Plugin {
  let backend: { url: string; anonKey: string; close(): Promise<void> } | null = null;
  return {
    name: 'kyb-local-backend',
    apply: 'serve',
    async configureServer(server) {
      const { serve } = await import('./supabase/local/server.ts');
      const s = await serve({ port: Number(process.env.KYB_BACKEND_PORT ?? 0), config: { autoconfirm: process.env.AUTH_AUTOCONFIRM !== 'false' } });
      backend = { url: s.url, anonKey: s.stack.config.anonKey, close: s.close };
      server.config.logger.info(`  local backend: ${s.url} (mail inbox ${s.url}/inbox)`);
      server.httpServer?.once('close', () => void backend?.close());
    },
    transformIndexHtml(html) {
      if (!backend) return html;
      return html.replace(
        '<!--kyb-backend-->',
        `<meta name="kyb-supabase-url" content="${backend.url}"><meta name="kyb-supabase-anon-key" content="${backend.anonKey}">`,
      );
    },
  };
}

export default defineConfig(({ mode }) => {
  const react = mode === 'react' || process.env.KYB_BUILD === 'react';
  return {
    root: widgets,
    base: './',
    publicDir: false,
    envDir: root,
    resolve: { alias: react ? [] : preactAliases },
    define: { 'process.env.NODE_ENV': JSON.stringify(mode === 'development' ? 'development' : 'production') },
    plugins: [...(react ? [] : [slimReactForR2wc()]), playground(), preloadMap(), localBackend()],
    server: { open: '/playground/', fs: { allow: [root] } },
    // The dev server pre-bundles dependencies without our resolve plugins: r2wc would get real React
    // while the components get preact ("Cannot add property __, object is not extensible"). Serve r2wc
    // unbundled so slimReactForR2wc() applies in the playground exactly as in the build.
    optimizeDeps: react ? {} : { exclude: ['@r2wc/react-to-web-component', '@r2wc/core'] },
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
        // Shared numbers and strings (supabase/functions/_shared/rules.ts) are copied into the code
        // that uses them, so a chunk that needs one constant does not import the whole rules chunk.
        optimization: { inlineConst: true },
        output: {
          entryFileNames: 'kyb-widgets.js',
          // An element's chunk is named after its folder (kyb-reviews → chunks/reviews-<hash>.js).
          chunkFileNames: (c) => {
            const m = c.facadeModuleId?.match(/\/widgets\/([^/]+)\/define\.ts$/);
            // 6 hash characters (not 8): the loader lists every chunk, and random characters do not compress.
            // The bundler's own runtime helpers get a short name too, for the same reason.
            return `chunks/${m ? m[1] : c.name === 'rolldown-runtime' ? 'rt' : '[name]'}-[hash:6].js`;
          },
          assetFileNames: 'assets/[name]-[hash][extname]',
          minify: true,
          // One runtime chunk (preact or React + r2wc + defineElement, and the small core modules every
          // element reads: config, public, registry, rpc) that every element shares: fewer files before a
          // first view (the reviews list on a third-party page fetched 7, now 4; issue #13).
          codeSplitting: {
            groups: [
              {
                name: 'runtime',
                test: /node_modules[\\/](preact|react|react-dom|scheduler|@r2wc)[\\/]|widgets[\\/]core[\\/](define\.ts|tokens\.css|config\.ts|public\.ts|registry\.ts|rpc\.ts)$/,
              },
            ],
          },
        },
      },
    },
  };
});
