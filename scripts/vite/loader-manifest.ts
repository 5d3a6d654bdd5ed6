/**
 * Why: the loader imports each element's chunk by a URL the bundler cannot see, and must know, for each
 * element, its file, its common chunks, its loading strategy and its reserved space before any element
 * code runs; only the build knows the chunk names, so it writes them into the loader.
 */
import type { Plugin } from 'vite';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { reserveCss } from '../reserve-css.ts';
import { root, widgets } from './paths.ts';

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
export function loaderManifest(withCss: Map<string, string>): Plugin {
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
    // The common chunks an element imports, as one number: bit i for the i-th (base 36; none is empty).
    const mask = deps.reduce((m, i) => m + 2 ** i, 0);
    return `${folder} ${file} ${how} ${mask ? mask.toString(36) : ''} ${css}`;
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
      /** Per element: its folder, its chunk and the common chunks it imports. */
      const found: [folder: string, file: string, deps: string[]][] = [];
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
        // `<folder>-<hash>` is written `-<hash>` (the loader puts the folder back): the loader's size budget.
        const file = short(out.fileName);
        found.push([m[1], file.startsWith(`${m[1]}-`) ? file.slice(m[1].length) : file, [...seen].map(name)]);
      }
      // The common chunks in order of how many elements import them, most first, so that the low bits of
      // the elements' numbers are the busy ones and most numbers are short. A list of dot-separated
      // indexes was 50 bytes more of the loader's 2.1 kB gzip budget.
      const uses = new Map<string, number>();
      for (const [, , deps] of found) for (const d of deps) uses.set(d, (uses.get(d) ?? 0) + 1);
      const files = [...uses.keys()].sort((a, b) => uses.get(b)! - uses.get(a)!);
      // The loader shifts the number as a 32-bit integer.
      if (files.length > 31) throw new Error(`kyb-loader-manifest: ${files.length} common chunks; the loader reads at most 31`);
      const rows = found.map(([folder, file, deps]) =>
        row(
          folder,
          file,
          deps.map((d) => files.indexOf(d)),
          of,
        ),
      );
      // Chunk file names never contain | , or spaces.
      loader.code = loader.code.replace('__KYB_MANIFEST__', ['chunks/*.js', files.join(','), ...rows].join('|'));
    },
  };
}
