/**
 * Why: the iframe embeds need two classic scripts (no import, fixed names pages link to), which a bundle
 * of ES module chunks does not make by itself.
 */
import type { Plugin } from 'vite';
import { ownCopy } from './own-copy.ts';
import { widgets } from './paths.ts';

/**
 * The two classic scripts of the embeds (issue #22; widgets/embed/README.md): `kyb-embed-frame.js`, which
 * every /embed page runs in its <head> before the body is parsed, and `kyb-embed-resizer.js`, the optional
 * line of the iframe form on a host page. Classic scripts cannot import, so each is emitted as a chunk
 * of its own (fixed name: pages link it) with its own copy of what it shares with the embed builder
 * (the look, the height message), and the build fails if either ends up importing or exporting anything.
 */
export function embedScripts(): Plugin[] {
  const scripts = { frame: 'kyb-embed-frame.js', resizer: 'kyb-embed-resizer.js' } as const;
  const copied = /[\\/]widgets[\\/]embed[\\/](theme|message)\.ts$/;
  return [
    ...Object.keys(scripts).map((name) => ownCopy(`embed-${name}`, new RegExp(`[\\\\/]widgets[\\\\/]embed[\\\\/]${name}\\.ts$`), copied)),
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
