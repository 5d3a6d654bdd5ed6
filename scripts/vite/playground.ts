/**
 * Why: the playground (every element's states, for developers) is a page of its own that the library
 * build does not emit, and it must ship beside the bundle it shows.
 */
import type { Plugin } from 'vite';
import { readFileSync } from 'node:fs';
import { widgets } from './paths.ts';

/**
 * Emits the playground next to the bundle: its page and stylesheet as they are, and its script (which
 * imports the states catalogue) as a chunk of its own. Its attribute controls read the
 * custom-elements.json that elementsContract (elements-contract.ts) emits beside the bundle and serves in
 * dev; without it they fall back to the states.
 */
export function playground(): Plugin {
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
    },
  };
}
