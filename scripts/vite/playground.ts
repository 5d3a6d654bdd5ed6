/**
 * Why: the playground (every element's states, for developers) is a page of its own that the library
 * build does not emit, and it must ship beside the bundle it shows.
 */
import type { Plugin } from 'vite';
import { existsSync, readFileSync } from 'node:fs';
import { root, widgets } from './paths.ts';

/**
 * Emits the playground next to the bundle: its page and stylesheet as they are, its script (which
 * imports the states catalogue) as a chunk of its own, and custom-elements.json when the repository
 * has one (the playground's attribute controls read it; without it they fall back to the states).
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
      if (existsSync(`${root}custom-elements.json`)) {
        this.emitFile({ type: 'asset', fileName: 'custom-elements.json', source: readFileSync(`${root}custom-elements.json`) });
      }
    },
  };
}
