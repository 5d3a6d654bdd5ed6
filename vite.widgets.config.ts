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
 */
import { defineConfig, type Plugin, type ViteDevServer } from 'vite';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { reserveCss } from './scripts/reserve-css.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const widgets = `${root}widgets/`;
/** A path as a regular expression that matches it literally. */
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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

/**
 * Shipped build: r2wc reads only `createElement` from react's default export, and preact/compat's default
 * export is one object holding all of React's API, so that import alone kept all of compat (Suspense, lazy,
 * Children, class shims…) in the runtime every first view downloads: 2.2 kB gzip of the reviews first view.
 * r2wc's `react` is a module whose default export holds compat's createElement only. The widgets import
 * React's API by name (a default `import React` works, and costs those bytes).
 */
function r2wcCreateElement(): Plugin {
  const ID = '\0kyb-r2wc-react';
  const react = `${widgets}core/react-on-preact.ts`;
  return {
    name: 'kyb-r2wc-create-element',
    enforce: 'pre',
    // The alias has already turned `react` into the file it names.
    resolveId: (source, importer) => (source === react && importer && /[\\/]@r2wc[\\/]react-to-web-component[\\/]/.test(importer) ? ID : null),
    load: (id) => (id === ID ? `import { createElement } from ${JSON.stringify(react)};\nexport default { createElement };` : null),
  };
}

/**
 * The runtime a build renders with: the shipped build's aliases and r2wc's createElement, or nothing (the
 * React build uses the packages as they are). tests/browser builds its runtime-parity probe with it too.
 */
export function runtimeConfig(react: boolean): { alias: typeof preactAliases; plugins: Plugin[] } {
  return react ? { alias: [], plugins: [] } : { alias: preactAliases, plugins: [r2wcCreateElement()] };
}

/**
 * Modules an element's chunk keeps to itself, with a copy for another chunk, so that a first view
 * never waits for a shared file. They are pure (no module state, or state kept page-wide with
 * core/registry.ts `pageWide`), so two copies behave as one.
 * - kyb-review-moderation (an admin's page) gets its own copy of the reviews module's model/ and view/
 *   (widgets/reviews/model/README.md), so they stay inside kyb-reviews' chunk: one file fewer, in one
 *   gzip stream, before a visitor's list shows (issue #13: 0.4 kB gzip); the two do not share a page.
 * - The review form (loaded later by kyb-reviews) gets its own copy of the star glyph (view/star.ts,
 *   0.1 kB), which the list draws too: without it the glyph became a file of its own on the list's
 *   first view.
 */
function ownCopy(name: string, importer: RegExp, shared: RegExp): Plugin {
  const suffix = `?kyb-${name}`;
  return {
    name: `kyb-reviews-copy-for-${name}`,
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, from, options) {
      if (!from || !(importer.test(from) || from.endsWith(suffix))) return null;
      const r = await this.resolve(source, from.replace(suffix, ''), { ...options, skipSelf: true });
      return r && !r.external && shared.test(r.id) ? `${r.id}${suffix}` : null;
    },
  };
}
/**
 * The two classic scripts of the embeds (issue #22; widgets/embed/README.md): `kyb-embed-frame.js`, which
 * every /embed page runs in its <head> before the body is parsed, and `kyb-embed-resizer.js`, the optional
 * line of the iframe form on a host page. Classic scripts cannot import, so each is emitted as a chunk
 * of its own (fixed name: pages link it) with its own copy of what it shares with the embed builder
 * (the look, the height message), and the build fails if either ends up importing or exporting anything.
 */
function embedScripts(): Plugin[] {
  const scripts = { frame: 'kyb-embed-frame.js', resizer: 'kyb-embed-resizer.js' } as const;
  const shared = /[\\/]widgets[\\/]embed[\\/](theme|message)\.ts$/;
  return [
    ...Object.keys(scripts).map((name) => ownCopy(`embed-${name}`, new RegExp(`[\\\\/]widgets[\\\\/]embed[\\\\/]${name}\\.ts$`), shared)),
    {
      name: 'kyb-embed-scripts',
      apply: 'build',
      buildStart() {
        for (const [name, fileName] of Object.entries(scripts)) this.emitFile({ type: 'chunk', id: `${widgets}embed/${name}.ts`, fileName });
      },
      generateBundle(_, bundle) {
        for (const fileName of Object.values(scripts)) {
          const c = bundle[fileName];
          if (c?.type !== 'chunk') throw new Error(`kyb-embed-scripts: ${fileName} was not built`);
          if (c.imports.length || c.dynamicImports.length || c.exports.length) {
            throw new Error(
              `kyb-embed-scripts: ${fileName} must be a classic script, but it imports ${[...c.imports, ...c.dynamicImports].join(', ') || 'nothing'} and exports ${c.exports.join(', ') || 'nothing'}`,
            );
          }
        }
      },
    },
  ];
}

const ownReviewsCopies = (): Plugin[] => [
  ownCopy('moderation', /[\\/]widgets[\\/]review-moderation[\\/]/, /[\\/]widgets[\\/]reviews[\\/](model|view)[\\/][^?]*\.tsx?$/),
  ownCopy('form', /[\\/]widgets[\\/]reviews[\\/]StarInput\.tsx$/, /[\\/]widgets[\\/]reviews[\\/]view[\\/]star\.ts$/),
  // kyb-cart's later part (full.ts and what it imports) gets its own copies of the cart store (the state is
  // page-wide, `pageWide('cart')`, so two copies are one store) and of the pure modules it shares with other
  // elements' first views only in part (zod, pricing, the dialog): loaded at idle time, it must not cut
  // new common chunks out of theirs (each would be one more file for them and one more name in the loader).
  ownCopy(
    'cart-full',
    /[\\/]widgets[\\/]cart[\\/](full|lines|sync|CartPanel)\.tsx?$/,
    /[\\/]widgets[\\/](cart[\\/](store\.ts|Empty\.tsx)|core[\\/](dialog\.tsx|top-layer\.ts|domain\.ts|commerce\.tsx))$|[\\/]shared[\\/](pricing|cart|orders|money)\.ts$|[\\/]node_modules[\\/]zod[\\/]/,
  ),
  // kyb-order writes amounts (shared/money.ts) as the configurator does: its own copy (0.3 kB), not a
  // common chunk of its own.
  ownCopy('order', /[\\/]widgets[\\/]order[\\/]/, /[\\/]widgets[\\/]core[\\/](domain\.ts|commerce\.tsx)$|[\\/]shared[\\/](orders|money|cart)\.ts$/),
];

/**
 * `import href from './styles.css?sheet'`: the URL of that CSS as a file, for the element's shadow root
 * (core/define.ts `sheet`), instead of its text inside the JavaScript (issue #13: the reviews first view's
 * JavaScript). Build: a chunk that holds such a module is served with a CSS file of the same name
 * (`chunks/reviews-Ab12Cd.js` → `chunks/reviews-Ab12Cd.css`: the CSS as Vite minifies an `?inline` import),
 * and the module's value is that name worked out from the chunk's own URL. So the loader (widgets/loader.ts)
 * fetches an element's CSS together with its code without a file name more in its manifest: every element
 * chunk has one (build error otherwise), and a common chunk that has one is marked `+` (loaderManifest). The
 * CSS is part of the chunk's hash, so a change to either gives both a new name. One such module per chunk
 * (an element that needs two files writes one that `@import`s both). Dev server: a blob: URL of the same
 * text (no file to build; edits reload the page).
 */
function cssFiles(withCss: Map<string, string>): Plugin {
  const SUFFIX = '?sheet';
  // A virtual id that does not end in `.css` (nor `.css?…`), or Vite's CSS plugins would take it for CSS.
  const PREFIX = '\0kyb-sheet:';
  const TAIL = ':url';
  /** `?sheet` module id → its minified CSS. */
  const texts = new Map<string, string>();
  /** The `?sheet` module a chunk holds, if any. */
  const sheetOf = (c: { moduleIds: readonly string[]; fileName: string }) => {
    const mine = c.moduleIds.filter((id) => texts.has(id));
    if (mine.length > 1) throw new Error(`kyb-css-files: ${c.fileName} holds ${mine.length} CSS files (${mine.join(', ')}); import one that @imports them`);
    return mine[0];
  };
  let dev = false;
  let server: ViteDevServer | undefined;
  return {
    name: 'kyb-css-files',
    enforce: 'pre',
    configResolved(c) {
      dev = c.command === 'serve';
    },
    configureServer(s) {
      server = s;
    },
    async resolveId(source, importer, options) {
      if (!source.endsWith(SUFFIX)) return null;
      const r = await this.resolve(source.slice(0, -SUFFIX.length), importer, { ...options, skipSelf: true });
      return r && `${PREFIX}${r.id}${TAIL}`;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length, -TAIL.length);
      // Vite's own CSS pipeline (@import, and the minifier in a build) for the text: the module it makes of
      // `?inline`. A constructed sheet ignores @import, so the text must arrive with them resolved.
      const code = dev ? (await server?.transformRequest(`/@fs${file}?inline`))?.code : (await this.load({ id: `${file}?inline` })).code;
      const m = code?.match(/export default ("(?:[^"\\]|\\.)*")/);
      if (!m) throw new Error(`kyb-css-files: no CSS text for ${file}`);
      if (dev) {
        this.addWatchFile(file);
        return `export default URL.createObjectURL(new Blob([${m[1]}], { type: 'text/css' }));`;
      }
      texts.set(id, JSON.parse(m[1]) as string);
      return 'export default new URL(import.meta.url.replace(/js$/, "css")).href;';
    },
    augmentChunkHash(chunk) {
      const id = sheetOf(chunk);
      return id && texts.get(id);
    },
    generateBundle(_, bundle) {
      for (const c of Object.values(bundle)) {
        const id = c.type === 'chunk' ? sheetOf(c) : undefined;
        if (!id) continue;
        withCss.set(c.fileName, id);
        this.emitFile({ type: 'asset', fileName: c.fileName.replace(/js$/, 'css'), source: texts.get(id)! });
      }
    },
  };
}

/**
 * Emits the playground next to the bundle: its page and stylesheet as they are, its script (which
 * imports the states catalogue) as a chunk of its own, and custom-elements.json when the repository
 * has one (the playground's attribute controls read it; without it they fall back to the states).
 */
function playground(): Plugin {
  return {
    name: 'kyb-playground',
    apply: 'build',
    buildStart() {
      // Imports nothing the elements use, so adding it leaves their chunks as they were.
      this.emitFile({ type: 'chunk', id: `${widgets}playground/playground.ts`, fileName: 'playground/playground.js' });
    },
    generateBundle() {
      const html = readFileSync(`${widgets}playground/index.html`, 'utf8').replace('./playground.ts', './playground.js');
      this.emitFile({ type: 'asset', fileName: 'playground/index.html', source: html });
      this.emitFile({ type: 'asset', fileName: 'playground/playground.css', source: readFileSync(`${widgets}playground/playground.css`) });
      if (existsSync(`${root}custom-elements.json`)) {
        this.emitFile({ type: 'asset', fileName: 'custom-elements.json', source: readFileSync(`${root}custom-elements.json`) });
      }
    },
  };
}

/**
 * The element contract next to the bundle: `custom-elements.json` (what the playground builds its
 * controls from, and what editors and documentation tools read) and the TypeScript types for embedders
 * (`types/`), all generated by `npm run gen:elements`. The dev server serves the manifest at the same
 * path (/custom-elements.json).
 */
function elementsContract(): Plugin {
  const manifest = `${root}custom-elements.json`;
  return {
    name: 'kyb-elements-contract',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'custom-elements.json', source: readFileSync(manifest) });
      for (const file of readdirSync(`${widgets}types`)) {
        this.emitFile({ type: 'asset', fileName: `types/${file}`, source: readFileSync(`${widgets}types/${file}`) });
      }
    },
    configureServer(server) {
      server.middlewares.use('/custom-elements.json', (_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end(readFileSync(manifest));
      });
    },
  };
}

/**
 * The loader's manifest (widgets/loader.ts reads its format): one string, in place of the loader's
 * `__KYB_MANIFEST__` placeholder, holding for each element its chunk, its loading strategy (`@load`),
 * the common chunks it imports statically (all the way down, so the loader requests them together with
 * the element's chunk: one round trip instead of two or three) and its space reservation (`@reserve`),
 * the last two from custom-elements.json. One string rather than objects: the loader has a 2.1 kB budget.
 *
 * Build: every `widgets/<folder>/register.ts` is emitted as a chunk of its own (the loader imports them by
 * URL, so Vite cannot see them) and the string is written once the chunk names are known. Dev server:
 * the chunk of an element is its register.ts itself, and there are no common chunks to preload.
 */
function loaderManifest(withCss: Map<string, string>): Plugin {
  const folders = () =>
    readdirSync(widgets, { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== 'core' && existsSync(`${widgets}${d.name}/register.ts`))
      .map((d) => d.name);
  /** folder → `<strategy>[:<event>] <reserve CSS>`, from each element's `@load` and `@reserve`. */
  const declared = () => {
    const out = new Map<string, [string, string]>();
    const file = `${root}custom-elements.json`;
    const m = existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as { modules: { declarations?: { tagName?: string; 'x-load'?: string; 'x-reserve'?: string }[] }[] })
      : { modules: [] };
    for (const d of m.modules.flatMap((x) => x.declarations ?? [])) {
      if (!d.tagName) continue;
      const r = d['x-reserve'];
      // `visible`, the default, is written as nothing (the loader's size budget).
      out.set(d.tagName.slice(4), [(d['x-load'] ?? '').replace('visible', '').replace(' ', ':'), reserveCss(r)]);
    }
    return out;
  };
  const row = (folder: string, file: string, deps: number[], of: Map<string, [string, string]>) => {
    const [how, css] = of.get(folder) ?? ['', ''];
    return `${folder} ${file} ${how} ${deps.join('.')} ${css}`;
  };
  const isLoader = (id: string) => id.replace(/\\/g, '/') === `${widgets}loader.ts`.replace(/\\/g, '/');
  let dev = false;
  return {
    name: 'kyb-loader-manifest',
    configResolved(c) {
      dev = c.command === 'serve';
    },
    transform(code, id) {
      if (!dev || !isLoader(id)) return null;
      const of = declared();
      return code.replace('__KYB_MANIFEST__', ['./*/register.ts', '', ...folders().map((f) => row(f, f, [], of))].join('|'));
    },
    buildStart() {
      if (dev) return;
      for (const f of folders()) this.emitFile({ type: 'chunk', id: `${widgets}${f}/register.ts` });
    },
    generateBundle(_, bundle) {
      const loader = bundle['kyb-widgets.js'];
      if (loader?.type !== 'chunk') return;
      const of = declared();
      const files: string[] = [];
      const rows: string[] = [];
      for (const out of Object.values(bundle)) {
        const m = out.type === 'chunk' && out.facadeModuleId?.match(/[\\/]widgets[\\/]([^\\/]+)[\\/]register\.ts$/);
        if (!m || out.type !== 'chunk') continue;
        const seen = new Set<string>();
        const walk = (file: string) => {
          const c = bundle[file];
          if (c?.type !== 'chunk') return;
          for (const dep of c.imports)
            if (!seen.has(dep) && dep !== 'kyb-widgets.js') {
              seen.add(dep);
              walk(dep);
            }
        };
        walk(out.fileName);
        // Every element's chunk comes with its CSS file (the loader fetches it without being told); a common
        // chunk that does is written with a `+` (cssFiles), and the loader fetches that file for every
        // element that imports the chunk: so each of them must use it, not merely share the chunk with it
        // for other code (it would be fetched for nothing).
        if (!withCss.has(out.fileName)) throw new Error(`kyb-loader-manifest: ${m[1]}/register.ts passes no CSS file (\`?sheet\`)`);
        const reached = new Set<string>();
        const follow = (id: string) => {
          if (reached.has(id)) return;
          reached.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) follow(next);
        };
        follow(out.facadeModuleId!);
        for (const dep of seen) {
          const sheet = withCss.get(dep);
          if (sheet && !reached.has(sheet)) throw new Error(`kyb-loader-manifest: ${m[1]} imports ${dep}, whose CSS it does not use; keep that CSS in a chunk of its own users`);
        }
        const short = (f: string) => f.replace(/^chunks\/(.*)\.js$/, '$1');
        const name = (f: string) => short(f) + (withCss.has(f) ? '+' : '');
        const ix = [...seen].map(name).map((f) => (files.includes(f) ? files.indexOf(f) : files.push(f) - 1));
        // `<folder>-<hash>` is written `-<hash>` (the loader puts the folder back): the loader's size budget.
        const file = short(out.fileName);
        rows.push(row(m[1], file.startsWith(`${m[1]}-`) ? file.slice(m[1].length) : file, ix, of));
      }
      // Chunk file names never contain | , or spaces.
      loader.code = loader.code.replace('__KYB_MANIFEST__', ['chunks/*.js', files.join(','), ...rows].join('|'));
    },
  };
}

/**
 * Dev server only: start the local stack (in memory, autoconfirmed sign-ups, port 0) and tell the
 * playground where it is through the meta tags every page uses. Also:
 * - `/` redirects to `/playground/` (the dev server's root is widgets/, which has no page of its own:
 *   the address Vite prints used to answer 404), and the playground's address is printed;
 * - `/__kyb/session?as=member|customer|admin` signs the member (signed up on first use), the seeded customer or the seeded admin in
 *   on that stack and answers the session with its storage key, which the playground stores for states that need one
 *   (widgets/playground/stage.ts); credentials stay on the server;
 * - `/custom-elements.json` serves the repository's manifest, when there is one.
 */
function localBackend(): Plugin {
  let backend: { url: string; anonKey: string; close(): Promise<void> } | null = null;
  return {
    name: 'kyb-local-backend',
    apply: 'serve',
    async configureServer(server) {
      const { serve } = await import('./supabase/local/server.ts');
      const { ADMIN_CREDENTIALS, CUSTOMER_CREDENTIALS, MEMBER_CREDENTIALS } = await import('./supabase/local/admin-credentials.ts');
      const { authStorageKey } = await import('./shared/storage.ts');
      const s = await serve({ port: Number(process.env.KYB_BACKEND_PORT ?? 0), config: { autoconfirm: process.env.AUTH_AUTOCONFIRM !== 'false' } });
      backend = { url: s.url, anonKey: s.stack.config.anonKey, close: s.close };
      server.config.logger.info(`  local backend: ${s.url} (mail inbox ${s.url}/inbox)`);
      server.httpServer?.once('close', () => void backend?.close());
      server.httpServer?.once('listening', () => {
        const local = server.resolvedUrls?.local[0];
        if (local) server.config.logger.info(`  playground:    ${new URL('playground/', local).href}`);
      });
      const auth = (path: string, body: unknown) =>
        fetch(`${s.url}/auth/v1/${path}`, { method: 'POST', headers: { apikey: s.stack.config.anonKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '/').split('?')[0];
        if (path === '/' || path === '/index.html') {
          res.writeHead(302, { location: '/playground/' }).end();
          return;
        }
        if (path === '/custom-elements.json' && existsSync(`${root}custom-elements.json`)) {
          res.writeHead(200, { 'content-type': 'application/json' }).end(readFileSync(`${root}custom-elements.json`));
          return;
        }
        if (path !== '/__kyb/session') return next();
        const as = new URL(req.url ?? '/', 'http://x').searchParams.get('as');
        const who = as === 'admin' ? ADMIN_CREDENTIALS : as === 'member' ? MEMBER_CREDENTIALS : as === 'customer' ? CUSTOMER_CREDENTIALS : null;
        if (!who) return void res.writeHead(400, { 'content-type': 'text/plain' }).end('as=member|customer|admin');
        void (async () => {
          let r = await auth('token?grant_type=password', who);
          if (!r.ok && who === MEMBER_CREDENTIALS) {
            await auth('signup', who);
            r = await auth('token?grant_type=password', who);
          }
          if (!r.ok) return void res.writeHead(r.status, { 'content-type': 'application/json' }).end(await r.text());
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ key: authStorageKey(s.url), session: await r.json() }));
        })().catch((e) => res.writeHead(502, { 'content-type': 'text/plain' }).end(String(e)));
      });
    },
    transformIndexHtml(html) {
      if (!backend) return html;
      return html.replace('<!--kyb-backend-->', `<meta name="kyb-supabase-url" content="${backend.url}"><meta name="kyb-supabase-anon-key" content="${backend.anonKey}">`);
    },
  };
}

/**
 * chunks/<name>-<hash>.js; an element's chunk is named after its folder. 6 hash characters (not 8): the
 * loader lists every chunk, and random characters do not compress. The bundler's own runtime helpers
 * get a short name too, for the same reason.
 */
function chunkName(c: { facadeModuleId: string | null; name: string }) {
  const m = c.facadeModuleId?.match(/\/widgets\/([^/]+)\/register\.ts$/);
  return `chunks/${m ? m[1] : c.name === 'rolldown-runtime' ? 'rt' : '[name]'}-[hash:6].js`;
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
                test: /node_modules[\\/](preact|react|react-dom|scheduler|@r2wc)[\\/]|^\0kyb-r2wc-react$|widgets[\\/]core[\\/](react-on-preact|define|config|public|rpc)\.ts$|widgets[\\/]core[\\/]tokens\.css:url$|[\\/]shared[\\/]storage\.ts$/,
              },
              // The rules files of shared/ are small and read together (forms, reviews, gallery,
              // accounts): one chunk, as when they were one file, not four requests of 0.1 kB.
              { name: 'rules', test: new RegExp(`^${escapeRegExp(root)}shared/rules/`) },
              // The chunk whose CSS file holds the fields, cards, toasts, links and dialogs (core/controls.css),
              // for every element that adopts them (`CONTROLS`), with the links to the site (core/site.ts): every
              // element that links adopts the controls, so no extra file. Nothing else goes here: the loader
              // fetches the CSS for every element that imports the chunk (loaderManifest checks that).
              { name: 'controls', test: /widgets[\\/]core[\\/](controls\.(css:url|ts)|site\.ts)$/ },
            ],
          },
        },
      },
    },
  };
});
