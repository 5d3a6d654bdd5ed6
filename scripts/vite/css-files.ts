/**
 * Why: an element's CSS is a file of its own, fetched with its code and adopted into its shadow root,
 * not text inside the JavaScript a first view parses (issue #13); Vite has no import that gives a CSS
 * file's URL per chunk, so this plugin makes `?sheet` do that.
 */
import type { Plugin, ViteDevServer } from 'vite';

// A virtual id that does not end in `.css` (nor `.css?…`), or Vite's CSS plugins would take it for CSS.
const PREFIX = '\0kyb-sheet:';
const TAIL = ':url';
/** The id of the `?sheet` module of a CSS file (an absolute path), for a chunk group that must hold it. */
export const sheetId = (file: string) => `${PREFIX}${file}${TAIL}`;

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
export function cssFiles(withCss: Map<string, string>): Plugin {
  const SUFFIX = '?sheet';
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
      return r && sheetId(r.id);
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
