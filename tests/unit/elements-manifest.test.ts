/**
 * custom-elements.json and what is generated from it (JSX types, README tables, the loader's
 * reservations) are fresh, and the contract in each register.ts matches what the element's code does:
 * its parts, its events, and every event going through widgets/core/events.ts (issue #12).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildManifest, elementFolders, elementsOf, eventMap, generate } from '../../scripts/elements.ts';
import { partsInSource } from './element-parts.ts';

const root = join(import.meta.dirname, '../..');
const manifest = buildManifest();
const elements = elementsOf(manifest);
const events = eventMap();

/** Every widget source file (not generated types), path relative to the repository. */
function sources(dir = 'widgets'): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((d) => {
    const p = `${dir}/${d.name}`;
    if (d.isDirectory()) return p === 'widgets/types' || p === 'widgets/playground' ? [] : sources(p);
    return /\.tsx?$/.test(d.name) ? [p] : [];
  });
}
const read = (p: string) => readFileSync(join(root, p), 'utf8');

describe('custom-elements.json and its outputs', () => {
  it.each([...generate()].map(([path, content]) => ({ path, content })))('$path is up to date (else: npm run gen:elements)', ({ path, content }) => {
    expect(read(path), `${path} is stale: run \`npm run gen:elements\``).toBe(content);
  });

  it('describes every element folder, one custom-element definition each', () => {
    expect(elements.map((e) => e.tagName).sort()).toEqual(elementFolders().map((f) => `kyb-${f}`));
    for (const mod of manifest.modules) {
      expect(mod.exports).toEqual([{ kind: 'custom-element-definition', name: mod.declarations[0].tagName, declaration: { name: mod.declarations[0].name, module: mod.path } }]);
    }
  });

  it('gives every element a description, and every attribute a type and a description', () => {
    for (const e of elements) {
      expect(e.description, e.tagName).not.toBe('');
      for (const a of e.attributes) expect(a.description, `${e.tagName} ${a.name}`).not.toBe('');
    }
  });
});

describe('the contract in register.ts matches the code', () => {
  it.each(elementFolders())('kyb-%s lists exactly the parts its code sets', (folder) => {
    const el = elements.find((e) => e.tagName === `kyb-${folder}`);
    expect(el?.cssParts.map((p) => p.name).sort(), `widgets/${folder}/register.ts @csspart`).toEqual([...partsInSource(folder)].sort());
  });

  it('every event an element dispatches from its own folder is in its @event list', () => {
    for (const folder of elementFolders()) {
      const declared = elements.find((e) => e.tagName === `kyb-${folder}`)?.events.map((e) => e.name) ?? [];
      for (const file of sources(`widgets/${folder}`)) {
        for (const m of read(file).matchAll(/\bemit(?:Cancelable)?\([^,]+,\s*'(kyb-[a-z-]+)'/g)) {
          expect(declared, `${file} dispatches ${m[1]}`).toContain(m[1]);
        }
      }
    }
  });

  it('every event in the manifest is typed in widgets/core/events.ts, and every typed event is dispatched', () => {
    for (const e of elements) for (const ev of e.events) expect([...events.keys()], `${e.tagName} @event ${ev.name}`).toContain(ev.name);
    const all = sources().map(read).join('\n');
    for (const name of events.keys()) expect(all, `${name} is typed but never dispatched`).toMatch(new RegExp(`\\bemit(Cancelable)?\\([^;]*?'${name}'`));
  });

  it('every kyb- event goes through widgets/core/events.ts (no CustomEvent built elsewhere)', () => {
    for (const file of sources()) {
      if (file === 'widgets/core/events.ts') continue;
      expect(read(file), file).not.toMatch(/new CustomEvent\b[^(]*\(\s*['`]kyb-/);
    }
  });
});
