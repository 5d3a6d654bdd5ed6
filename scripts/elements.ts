/**
 * `npm run gen:elements`: custom-elements.json and everything generated from it (issue #12).
 *
 * Source of truth: the JSDoc block at the top of each `widgets/<folder>/register.ts` (`@tag`, `@attr`,
 * `@event`, `@csspart`, `@cssprop`, `@slot`, and `@reserve` and `@load` for the loader) together with the `props`
 * map of its `defineElement(…)` call, which must name the same attributes. The analyzer
 * (@custom-elements-manifest/analyzer) looks for classes; these elements are React function components
 * turned into classes by r2wc at run time, so a small analyzer plugin below reads the JSDoc and the
 * call instead.
 *
 * Written from the manifest:
 *   custom-elements.json                       the standard manifest (package.json `customElements`)
 *   widgets/types/kyb-elements.d.ts            HTMLElementTagNameMap, attribute and event types, for embedders
 *   widgets/types/kyb-elements-react.d.ts      React 19 JSX IntrinsicElements (attributes + `onkyb-…` listeners)
 *   widgets/types/kyb-elements-preact.d.ts     preact JSX IntrinsicElements
 *   site/jsx.d.ts                              the site's pages (preact) use the preact types
 *   site/styles/reserve.css                    the elements' space reservations for the site's stylesheet
 *   widgets/README.md                          the events table and the element reference, between markers
 *
 * `--check` writes nothing and exits 1 when a file differs (tests/unit/elements-manifest.test.ts does
 * the same through `generate()`).
 */
import { readdirSync, readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as analyzer from '@custom-elements-manifest/analyzer';
import { reserveCss } from './reserve-css.ts';
// The analyzer runs on its own TypeScript 5 (the project's compiler, TypeScript 7, has no JS API); its
// published types leave out `create` and `ts`, so they are typed here from that same copy.
import type * as TS from '../node_modules/@custom-elements-manifest/analyzer/node_modules/typescript/lib/typescript.d.ts';

const { create, ts } = analyzer as unknown as { create(o: { modules: TS.SourceFile[]; plugins: unknown[] }): unknown; ts: typeof TS };

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

interface Attr {
  name: string;
  fieldName: string;
  type: { text: string };
  default?: string;
  description: string;
}
interface Named {
  name: string;
  description: string;
  default?: string;
  type?: { text: string };
}
export interface ElementDecl {
  kind: 'class';
  name: string;
  tagName: string;
  customElement: true;
  summary: string;
  description: string;
  attributes: Attr[];
  events: Named[];
  cssParts: Named[];
  cssProperties: Named[];
  slots: Named[];
  members: never[];
  /**
   * Not in the schema (tools ignore unknown fields): the loader's `:not(:defined)` reservation (a
   * block's min-height, in rem or px, with steps from a viewport width up; anything else the rule's CSS) and loading strategy (widgets/loader.ts;
   * absent = `visible`). scripts/vite/loader-manifest.ts writes both into the loader.
   */
  'x-reserve'?: string;
  'x-load'?: string;
}
export interface Manifest {
  schemaVersion: string;
  readme: string;
  modules: { kind: 'javascript-module'; path: string; declarations: ElementDecl[]; exports: unknown[] }[];
}

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The JSDoc tags of a block, continuation lines joined. */
function tagsOf(comment: string): { text: string; tags: { tag: string; body: string }[] } {
  const lines = comment
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((l) => l.replace(/^\s*\* ?/, ''));
  const text: string[] = [];
  const tags: { tag: string; body: string }[] = [];
  for (const l of lines) {
    const m = /^@(\w+)\s*(.*)$/.exec(l);
    if (m) tags.push({ tag: m[1], body: m[2].trim() });
    else if (tags.length) tags[tags.length - 1].body = `${tags[tags.length - 1].body} ${l.trim()}`.trim();
    else text.push(l);
  }
  return { text: text.join('\n').trim(), tags };
}

/** `{type} [name=default] - description` → its pieces (type, brackets and description optional). */
function parseTag(body: string) {
  const m = /^(?:\{([^}]*)\}\s*)?(\[[^\]]*\]|[^\s]+)?\s*(?:-\s*)?([\s\S]*)$/.exec(body) ?? [];
  let name = m[2] ?? '';
  let def: string | undefined;
  if (name.startsWith('[')) {
    const [n, d] = name.slice(1, -1).split('=');
    name = n;
    def = d;
  }
  if (name === '-') name = '';
  return { type: m[1], name, default: def, description: (m[3] ?? '').trim() };
}

/** Analyzer plugin: one custom-element declaration per `defineElement('kyb-…', Component, {props})` call. */
function defineElementPlugin() {
  return {
    name: 'kyb-define-element',
    analyzePhase({ node, moduleDoc }: { node: TS.Node; moduleDoc: Manifest['modules'][number] }) {
      if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== 'defineElement') return;
      const [tagArg, compArg, optsArg] = node.arguments;
      if (!tagArg || !ts.isStringLiteral(tagArg)) return;
      const tag = tagArg.text;
      const sf = node.getSourceFile();
      const range = ts.getLeadingCommentRanges(sf.text, 0)?.find((r) => sf.text.startsWith('/**', r.pos));
      if (!range) throw new Error(`${moduleDoc.path}: no JSDoc block at the top of the file`);
      const { text, tags } = tagsOf(sf.text.slice(range.pos, range.end));
      const docTag = tags.find((t) => t.tag === 'tag')?.body;
      if (docTag !== tag) throw new Error(`${moduleDoc.path}: @tag ${docTag} but defineElement('${tag}')`);

      // The props map of the call: the attributes r2wc actually observes.
      const props = new Map<string, string>();
      if (optsArg && ts.isObjectLiteralExpression(optsArg)) {
        for (const p of optsArg.properties) {
          if (!ts.isPropertyAssignment(p) || p.name.getText(sf) !== 'props' || !ts.isObjectLiteralExpression(p.initializer)) continue;
          for (const q of p.initializer.properties) {
            if (ts.isPropertyAssignment(q) && ts.isStringLiteral(q.initializer)) props.set(kebab(q.name.getText(sf)), q.name.getText(sf));
          }
        }
      }
      const list = (...names: string[]) => tags.filter((t) => names.includes(t.tag)).map((t) => parseTag(t.body));
      const attributes: Attr[] = list('attr', 'attribute').map((a) => {
        const fieldName = props.get(a.name);
        if (!fieldName) throw new Error(`${moduleDoc.path}: @attr ${a.name} is not in defineElement's props`);
        return { name: a.name, fieldName, type: { text: a.type ?? 'string' }, ...(a.default !== undefined ? { default: a.default } : {}), description: a.description };
      });
      for (const attr of props.keys()) {
        if (!attributes.some((a) => a.name === attr)) throw new Error(`${moduleDoc.path}: prop ${attr} has no @attr`);
      }
      const parts = list('csspart').flatMap((p) =>
        // `@csspart a, b, c` lists parts without descriptions; `@csspart a - text` describes one.
        p.description && !p.name.endsWith(',')
          ? [{ name: p.name, description: p.description }]
          : `${p.name} ${p.description}`
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
              .map((name) => ({ name, description: '' })),
      );
      const [, ...rest] = text.split(/\n\s*\n/);
      const reserve = tags.find((t) => t.tag === 'reserve');
      // A height (rem, or px with the unit), optionally `<width>:<height>` steps (scripts/reserve-css.ts), or CSS.
      if (reserve && /^\d/.test(reserve.body) && !/^[\d.]+(px)?( \d+:[\d.]+(px)?)*$/.test(reserve.body)) {
        throw new Error(`${moduleDoc.path}: @reserve ${reserve.body}: <rem>|<px>px [<width>:<height> …], or CSS`);
      }
      const load = tags.find((t) => t.tag === 'load')?.body;
      const events = list('event', 'fires');
      // The loader's named strategies (widgets/loader.ts); on-request names the event that asks for it.
      const [strategy, request, ...extra] = (load ?? 'visible').split(/\s+/);
      const loadOk = extra.length === 0 && (strategy === 'on-request' ? events.some((e) => e.name === request) : ['visible', 'now'].includes(strategy) && request === undefined);
      if (!loadOk) throw new Error(`${moduleDoc.path}: @load ${load}: visible, now, or on-request <one of its @event names>`);
      const decl: ElementDecl = {
        kind: 'class',
        name: compArg && ts.isIdentifier(compArg) ? compArg.text : tag,
        tagName: tag,
        customElement: true,
        // The first paragraph says where the block lives; the second is the element's own description.
        summary: (rest
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim()
          .match(/^.*?[.!?](?=\s|$)/) ?? [''])[0],
        description: rest.join(' ').replace(/\s+/g, ' ').trim(),
        attributes,
        events: events.map((e) => ({ name: e.name, type: { text: `CustomEvent<KybEventMap['${e.name}']>` }, description: e.description })),
        cssParts: parts,
        cssProperties: list('cssprop', 'cssproperty').map((c) => ({ name: c.name, ...(c.default !== undefined ? { default: c.default } : {}), description: c.description })),
        slots: list('slot').map((s) => ({ name: s.name, description: s.description })),
        members: [],
        ...(reserve ? { 'x-reserve': reserve.body } : {}),
        ...(load ? { 'x-load': `${strategy}${request ? ` ${request}` : ''}` } : {}),
      };
      moduleDoc.declarations.push(decl);
      moduleDoc.exports.push({ kind: 'custom-element-definition', name: tag, declaration: { name: decl.name, module: moduleDoc.path } });
    },
  };
}

export const elementFolders = () =>
  readdirSync(join(root, 'widgets'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, 'widgets', d.name, 'register.ts')) && d.name !== 'core')
    .map((d) => d.name)
    .sort();

export function buildManifest(): Manifest {
  const modules = elementFolders().map((f) => {
    const path = `widgets/${f}/register.ts`;
    return ts.createSourceFile(path, readFileSync(join(root, path), 'utf8'), ts.ScriptTarget.ES2022, true);
  });
  const m = create({ modules, plugins: [defineElementPlugin()] }) as unknown as Manifest;
  // The summary comes first in each declaration; the analyzer's own readme field stays empty.
  for (const mod of m.modules) mod.declarations = mod.declarations.filter((d) => d.customElement);
  m.modules = m.modules.filter((mod) => mod.declarations.length);
  return m;
}

/** The element declarations, with the lists the analyzer drops when empty put back. */
export const elementsOf = (m: Manifest): ElementDecl[] =>
  m.modules.flatMap((mod) =>
    mod.declarations.map((d) => ({
      ...d,
      attributes: d.attributes ?? [],
      events: d.events ?? [],
      cssParts: d.cssParts ?? [],
      cssProperties: d.cssProperties ?? [],
      slots: d.slots ?? [],
    })),
  );

/** The events map of widgets/core/events.ts: name → detail type text and doc comment. */
export function eventMap(): Map<string, { type: string; doc: string }> {
  const path = join(root, 'widgets/types/kyb-events.d.ts');
  const sf = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true);
  const out = new Map<string, { type: string; doc: string }>();
  sf.forEachChild((n) => {
    if (!ts.isInterfaceDeclaration(n) || n.name.text !== 'KybEventMap') return;
    for (const m of n.members) {
      if (!ts.isPropertySignature(m) || !m.type) continue;
      const doc = ts
        .getLeadingCommentRanges(sf.text, m.getFullStart())
        ?.map((r) => tagsOf(sf.text.slice(r.pos, r.end)).text)
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim();
      out.set((m.name as TS.StringLiteral).text, { type: m.type.getText(sf).replace(/\s+/g, ' '), doc: doc ?? '' });
    }
  });
  return out;
}

const GENERATED = 'Generated by `npm run gen:elements` from widgets/*/register.ts (custom-elements.json): do not edit.';

/** TS type of an attribute in JSX: numbers may be written as strings too. */
const attrType = (a: Attr) => (a.type.text === 'number' ? 'number | string' : a.type.text);

function typesFile(m: Manifest): string {
  const els = elementsOf(m);
  const lines = [
    `// ${GENERATED}`,
    '// Types for pages and apps that embed the kyb-* elements. React 19: also kyb-elements-react.d.ts;',
    '// preact: kyb-elements-preact.d.ts.',
    "import type { KybEventMap } from './kyb-events.d.ts';",
    '',
    'export type { KybEventMap };',
    '',
    '/** The attributes of each element, as written in HTML. */',
    'export interface KybElementAttributes {',
    ...els.map((e) => `  '${e.tagName}': {${e.attributes.map((a) => ` '${a.name}'?: ${attrType(a)};`).join('')}${e.attributes.length ? ' ' : ''}};`),
    '}',
    '',
    '/** The events each element dispatches, as `on<event>` listener props. */',
    'export interface KybElementEvents {',
    ...els.map(
      (e) => `  '${e.tagName}': {${e.events.map((ev) => ` 'on${ev.name}'?: (e: CustomEvent<KybEventMap['${ev.name}']>) => void;`).join('')}${e.events.length ? ' ' : ''}};`,
    ),
    '}',
    '',
    "/** JSX IntrinsicElements for every tag, over a framework's own HTML attributes type. */",
    'export type KybIntrinsicElements<Base> = { [T in keyof KybElementAttributes]: Base & KybElementAttributes[T] & KybElementEvents[T] };',
    '',
    'declare global {',
    '  interface HTMLElementTagNameMap {',
    ...els.map((e) => `    '${e.tagName}': HTMLElement;`),
    '  }',
    '}',
    '',
  ];
  return lines.join('\n');
}

function jsxFile(flavour: 'react' | 'preact'): string {
  const base = flavour === 'react' ? 'React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement>' : 'preact.HTMLAttributes<HTMLElement>';
  return [
    `// ${GENERATED}`,
    `// JSX types for the kyb-* elements in ${flavour === 'react' ? 'React 19' : 'preact'}: attributes, and \`on<event>\` listeners.`,
    `import type ${flavour === 'react' ? 'React' : '* as preact'} from '${flavour}';`,
    "import type { KybIntrinsicElements } from './kyb-elements.d.ts';",
    '',
    `declare module '${flavour}' {`,
    '  namespace JSX {',
    `    interface IntrinsicElements extends KybIntrinsicElements<${base}> {}`,
    '  }',
    '}',
    '',
  ].join('\n');
}

/**
 * Every element's `:not(:defined)` rule, as the loader adopts it (scripts/reserve-css.ts), only where
 * scripts run: without JavaScript the elements never upgrade and their fallbacks need no reserved space.
 */
function reserveSheet(m: Manifest): string {
  return [
    // `*/` would end the comment.
    `/* ${GENERATED.replace('*/', '<folder>/')} */`,
    '/* The loader adopts the same rules, but only once it has run; here they hold from the first paint. */',
    '@media (scripting: enabled) {',
    ...elementsOf(m).map((e) => `  :where(${e.tagName}:not(:defined)) {display:block;${reserveCss(e['x-reserve'])}}`),
    '}',
    '',
  ].join('\n');
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function readmeTables(m: Manifest, events: ReturnType<typeof eventMap>): { events: string; reference: string } {
  const els = elementsOf(m);
  const ev = [
    '| event | from | detail |',
    '|---|---|---|',
    ...[...events].map(([name, { type, doc }]) => {
      const from = els.filter((e) => e.events.some((x) => x.name === name)).map((e) => e.tagName);
      return `| \`${name}\` | ${from.length ? from.join(', ') : 'document'}${doc ? ` — ${cell(doc)}` : ''} | \`${cell(type)}\` |`;
    }),
  ];
  const ref: string[] = [];
  for (const e of els) {
    ref.push(`#### \`<${e.tagName}>\``, '', e.description, '');
    if (e.attributes.length) {
      ref.push('| attribute | type | default | |', '|---|---|---|---|');
      for (const a of e.attributes) ref.push(`| \`${a.name}\` | \`${cell(a.type.text)}\` | ${a.default ? `\`${a.default}\`` : '—'} | ${cell(a.description)} |`);
      ref.push('');
    }
    const bits: string[] = [];
    if (e.events.length) bits.push(`Events: ${e.events.map((x) => `\`${x.name}\``).join(', ')}.`);
    if (e.cssParts.length) bits.push(`Parts: ${e.cssParts.map((p) => `\`${p.name}\``).join(', ')}.`);
    if (e.cssProperties.length) bits.push(`CSS properties: ${e.cssProperties.map((p) => `\`${p.name}\`${p.default ? ` (${p.default})` : ''}`).join(', ')}.`);
    if (e.slots.length) bits.push(`Slot: ${e.slots.map((s) => s.description || s.name).join('; ')}.`);
    ref.push(bits.join(' '), '');
  }
  return { events: ev.join('\n'), reference: ref.join('\n').trimEnd() };
}

function between(doc: string, marker: string, body: string): string {
  const start = `<!-- ${marker}:start (npm run gen:elements) -->`;
  const end = `<!-- ${marker}:end -->`;
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  if (i < 0 || j < i) throw new Error(`widgets/README.md: markers ${start} … ${end} are missing`);
  return `${doc.slice(0, i + start.length)}\n${body}\n${doc.slice(j)}`;
}

/** Every generated file: path → content. */
export function generate(): Map<string, string> {
  const m = buildManifest();
  const events = eventMap();
  const out = new Map<string, string>();
  out.set('custom-elements.json', `${JSON.stringify(m, null, 2)}\n`);
  out.set('widgets/types/kyb-elements.d.ts', typesFile(m));
  out.set('widgets/types/kyb-elements-react.d.ts', jsxFile('react'));
  out.set('widgets/types/kyb-elements-preact.d.ts', jsxFile('preact'));
  out.set(
    'site/jsx.d.ts',
    `// ${GENERATED}\n// The site's pages render the elements with preact JSX.\n/// <reference path="../widgets/types/kyb-elements-preact.d.ts" />\nexport {};\n`,
  );
  out.set('site/styles/reserve.css', reserveSheet(m));
  const tables = readmeTables(m, events);
  const readme = readFileSync(join(root, 'widgets/README.md'), 'utf8');
  out.set('widgets/README.md', between(between(readme, 'events', tables.events), 'elements', tables.reference));
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const [path, content] of generate()) {
    const file = join(root, path);
    const now = existsSync(file) ? readFileSync(file, 'utf8') : null;
    if (now === content) continue;
    stale++;
    if (check) console.error(`stale: ${path}`);
    else {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, content);
      console.log(`wrote ${path}`);
    }
  }
  if (check && stale) {
    console.error('Run `npm run gen:elements`.');
    process.exit(1);
  }
}
