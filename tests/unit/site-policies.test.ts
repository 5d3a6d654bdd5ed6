/**
 * The privacy and cookie policies against the code (issue #8; docs/pages.md#privacy-and-cookies):
 * - the browser code reaches localStorage / sessionStorage only through the names of shared/storage.ts,
 *   each of which has a row in the cookie table, and uses no cookies or other browser stores;
 * - supabase-js keeps its session under the key the table shows;
 * - every table and storage bucket the migrations create is either named in the privacy policy's data
 *   or listed as holding nothing about people;
 * - the pages show every row.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY_PATTERN, BROWSER_STORAGE, type BrowserStorageId, CART_STORAGE_KEY, CONFIGURATOR_KEY_PREFIX, authStorageKey } from '../../shared/storage.ts';
import { CONFIGURABLE_PRODUCTS } from '../../widgets/loc-configurator/configuration.ts';
import { NOT_PERSONAL, SERVER_DATA, STORAGE_ROWS, storageTable } from '../../site/content/policies.ts';
import { ROOT, page, text, usePages } from './site-pages.ts';

usePages();

// ------------------------------------------------------------------ browser storage scan

const AREAS = new Set(['localStorage', 'sessionStorage']);
const METHODS = new Set(['getItem', 'setItem', 'removeItem']);
/** Browser stores the cookie policy says the site does not use. */
const FORBIDDEN_GLOBALS = new Set(['indexedDB', 'caches', 'cookieStore', 'openDatabase']);
const ENTRIES = Object.entries(BROWSER_STORAGE) as [BrowserStorageId, (typeof BROWSER_STORAGE)[BrowserStorageId]][];

interface ScanResult {
  problems: string[];
  /** Which table rows the code reached. */
  reached: Set<BrowserStorageId>;
}

const entryVia = (name: string) => ENTRIES.find(([, e]) => (e.via as readonly string[]).includes(name))?.[0];
const entryFor = (key: string) => ENTRIES.find(([, e]) => e.matches(key))?.[0];

// biome-ignore lint/suspicious/noExplicitAny: ESTree nodes as the parser returns them
type Node = { type: string; start: number; end: number; [k: string]: any };

const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && typeof (v as Node).type === 'string';
function childrenOf(n: Node): Node[] {
  const out: Node[] = [];
  for (const [k, v] of Object.entries(n)) {
    if (k === 'type' || k === 'start' || k === 'end') continue;
    if (Array.isArray(v)) for (const x of v) isNode(x) && out.push(x);
    else if (isNode(v)) out.push(v);
  }
  return out;
}
function* descendants(n: Node): Generator<Node> {
  yield n;
  for (const c of childrenOf(n)) yield* descendants(c);
}

/**
 * Scans one browser module's source (parsed by the same oxc parser the build uses; TypeScript 7 has no
 * JavaScript AST API) for every way it touches browser storage.
 */
function scanSource(file: string, source: string): ScanResult {
  const { program, errors } = parseSync(file, source, { lang: file.endsWith('x') ? 'tsx' : 'ts' });
  const problems: string[] = errors.map((e) => `${file}: does not parse (${e.message})`);
  const reached = new Set<BrowserStorageId>();
  const where = (n: Node) => `${file}:${source.slice(0, n.start).split('\n').length}`;
  const text = (n: Node) => source.slice(n.start, n.end);
  const imported = new Set<string>();
  for (const s of program.body as Node[]) {
    if (s.type === 'ImportDeclaration') for (const sp of s.specifiers as Node[]) imported.add(sp.local.name);
  }
  const isArea = (n: Node | undefined) => n?.type === 'Identifier' && AREAS.has(n.name);
  // `localStorage`, `window.localStorage`, `globalThis.localStorage`
  const areaOf = (n: Node) => isArea(n) || (n.type === 'MemberExpression' && !n.computed && isArea(n.property));
  const viaNames = ENTRIES.flatMap(([, e]) => e.via as readonly string[]);

  const keyArg = (arg: Node | undefined, call: Node) => {
    if (!arg) return problems.push(`${where(call)}: storage call without a key`);
    const literal =
      arg.type === 'Literal' && typeof arg.value === 'string' ? arg.value : arg.type === 'TemplateLiteral' && arg.expressions.length === 0 ? arg.quasis[0].value.cooked : null;
    if (literal !== null) {
      const id = entryFor(literal);
      return id ? reached.add(id) : problems.push(`${where(call)}: key "${literal}" is not in shared/storage.ts (nor in the cookie table)`);
    }
    // NAME, name(…) or NAME + … (a prefix and the varying part)
    const lead = arg.type === 'BinaryExpression' && arg.operator === '+' ? arg.left : arg;
    const head = lead.type === 'Identifier' ? lead.name : lead.type === 'CallExpression' && lead.callee.type === 'Identifier' ? lead.callee.name : null;
    const id = head ? entryVia(head) : undefined;
    if (!head || !id || !imported.has(head)) {
      return problems.push(`${where(call)}: key ${text(arg)} does not come from shared/storage.ts; name it there and give it a row in the cookie table`);
    }
    reached.add(id);
  };

  /** `Object.keys(localStorage).some((k) => PATTERN.test(k))`: listing keys only to find session keys. */
  const findsSessionKeys = (parents: Node[]) => {
    const [keysCall, member, outer] = parents.slice(-3).reverse();
    if (keysCall?.type !== 'CallExpression' || text(keysCall.callee) !== 'Object.keys') return false;
    if (member?.type !== 'MemberExpression' || member.object !== keysCall || outer?.type !== 'CallExpression' || outer.callee !== member) return false;
    const inside = (outer.arguments as Node[]).flatMap((a) => [...descendants(a)]);
    const regexes = inside.filter((x) => x.type === 'Literal' && x.regex).map((x) => x.regex.pattern as string);
    const names = inside.filter((x) => x.type === 'Identifier' && viaNames.includes(x.name) && imported.has(x.name));
    return names.length > 0 || (regexes.length > 0 && regexes.every((r) => r === AUTH_STORAGE_KEY_PATTERN.source));
  };

  /**
   * The loader's one read of every key: `const stored = Object.keys(localStorage)` (an assignment to one
   * name), used only as `stored.some((k) => <the session pattern>.test(k))` and `stored.includes(tag)`,
   * which wakes an on-request element whose tag is a stored key (the cart: its key is its tag's name).
   */
  const loaderListsKeys = (parents: Node[]) => {
    const [keysCall, holder] = parents.slice(-2).reverse();
    if (file !== join('widgets', 'loader.ts') || keysCall?.type !== 'CallExpression' || text(keysCall.callee) !== 'Object.keys') return false;
    const name =
      holder?.type === 'AssignmentExpression' && holder.right === keysCall ? holder.left : holder?.type === 'VariableDeclarator' && holder.init === keysCall ? holder.id : null;
    if (name?.type !== 'Identifier') return false;
    const all = [...descendants(program as unknown as Node)];
    const uses = all.filter((x) => x.type === 'MemberExpression' && x.object.type === 'Identifier' && x.object.name === name.name);
    const bare = all.filter((x) => x.type === 'Identifier' && x.name === name.name).length;
    const ok = uses.every((u) => {
      const call = all.find((c) => c.type === 'CallExpression' && c.callee === u);
      if (!call || u.computed) return false;
      if (u.property.name === 'includes') return call.arguments.length === 1 && call.arguments[0].type === 'Identifier';
      if (u.property.name !== 'some') return false;
      const regexes = [...descendants(call.arguments[0])].filter((x) => x.type === 'Literal' && x.regex).map((x) => x.regex.pattern as string);
      return regexes.length === 1 && regexes[0] === AUTH_STORAGE_KEY_PATTERN.source;
    });
    // Every mention of the name is its declaration, the assignment or one of those two calls.
    return ok && uses.length > 0 && bare === uses.length + 2;
  };

  const visit = (n: Node, parents: Node[]) => {
    const parent = parents.at(-1);
    if (n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && !n.callee.computed && METHODS.has(n.callee.property.name) && areaOf(n.callee.object)) {
      keyArg(n.arguments[0], n);
      for (const a of n.arguments as Node[]) visit(a, [...parents, n]);
      return;
    }
    const isName =
      parent && ((parent.type === 'MemberExpression' && parent.property === n && !parent.computed) || (parent.type === 'Property' && parent.key === n && !parent.computed));
    if (n.type === 'Identifier' && !isName && parent?.type !== 'ImportSpecifier') {
      if (AREAS.has(n.name)) {
        if (findsSessionKeys(parents)) reached.add('session');
        else if (loaderListsKeys(parents)) reached.add('session').add('cart');
        else problems.push(`${where(n)}: ${n.name} used other than through getItem/setItem/removeItem with a key of shared/storage.ts`);
      }
      if (FORBIDDEN_GLOBALS.has(n.name)) problems.push(`${where(n)}: ${n.name} (a browser store the cookie policy does not list)`);
    }
    if (n.type === 'MemberExpression' && !n.computed && n.property.name === 'cookie' && text(n.object) === 'document') {
      problems.push(`${where(n)}: document.cookie (the cookie policy says the site sets no cookies)`);
    }
    if (n.type === 'MemberExpression' && !n.computed && n.property.name === 'serviceWorker')
      problems.push(`${where(n)}: a service worker (its caches would need a row in the cookie table)`);
    const str = n.type === 'Literal' && typeof n.value === 'string' ? n.value : n.type === 'TemplateElement' ? (n.value.cooked as string) : '';
    if (str.includes('-auth-token')) problems.push(`${where(n)}: a session key written out; use authStorageKey() of shared/storage.ts`);
    for (const c of childrenOf(n)) visit(c, [...parents, n]);
  };
  visit(program as unknown as Node, []);
  return { problems, reached };
}

function walk(dir: string, skip: (path: string) => boolean, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (skip(relative(ROOT, p))) continue;
    if (e.isDirectory()) walk(p, skip, out);
    else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/**
 * What runs in a visitor's browser: the widgets and the shared modules they import. Not the playground
 * (a development page, never copied into the site: site/prerender.ts) nor shared/storage.ts (the
 * registry itself); the site's own code runs only at build time, and its pages allow no inline script.
 */
const BROWSER_FILES = [...walk(join(ROOT, 'widgets'), (p) => p === join('widgets', 'playground')), ...walk(join(ROOT, 'shared'), (p) => p === join('shared', 'storage.ts'))];

describe('browser storage: the cookie table lists everything the code keeps', () => {
  const results = BROWSER_FILES.map((f) => scanSource(relative(ROOT, f), readFileSync(f, 'utf8')));

  it('scans the browser code (widgets and shared)', () => {
    expect(BROWSER_FILES.length).toBeGreaterThan(50);
    expect(BROWSER_FILES.some((f) => f.endsWith(join('widgets', 'loader.ts')))).toBe(true);
  });

  it('finds no storage key, cookie or browser store outside shared/storage.ts', () => {
    expect(results.flatMap((r) => r.problems)).toEqual([]);
  });

  it('every row of the table is still used by the code (no stale rows)', () => {
    const reached = new Set(results.flatMap((r) => [...r.reached]));
    expect([...reached].sort()).toEqual(Object.keys(BROWSER_STORAGE).sort());
    expect(Object.keys(STORAGE_ROWS).sort()).toEqual(Object.keys(BROWSER_STORAGE).sort());
  });

  it('the scan fails on what it must catch', () => {
    const bad = scanSource(
      'bad.ts',
      [
        "import { BETA_UNLOCK_KEY, CONFIGURATOR_KEY_PREFIX } from './domain.ts';",
        "localStorage.setItem('kyb-new-thing', '1');",
        'const k = "x"; sessionStorage.getItem(k);',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: source text for the scanner, not a template
        'window.localStorage.removeItem(`kyb-${k}`);',
        'localStorage.clear();',
        "document.cookie = 'a=b';",
        "indexedDB.open('db');",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: source text for the scanner, not a template
        'const s = `sb-${ref}-auth-token`;',
        'sessionStorage.getItem(BETA_UNLOCK_KEY);',
        'localStorage.getItem(CONFIGURATOR_KEY_PREFIX + p);',
        'localStorage.getItem(OTHER_PREFIX + p);',
      ].join('\n'),
    );
    expect(bad.problems.map((p) => p.replace(/^bad\.ts:(\d+): .*/, '$1'))).toEqual(['2', '3', '4', '5', '6', '7', '8', '11']);
    expect([...bad.reached]).toEqual(['betaUnlocked', 'configurator']);
    // A name that exists in shared/storage.ts but is not imported is someone else's constant.
    expect(scanSource('b.ts', 'const BETA_UNLOCK_KEY = "other"; sessionStorage.getItem(BETA_UNLOCK_KEY);').problems).toHaveLength(1);
  });

  it("the session key is supabase-js's own default for the backend, and the client is not told to keep anything else", () => {
    for (const url of ['http://127.0.0.1:54321', 'https://abcd1234.supabase.co']) {
      const client = createClient(url, 'anon-key', { auth: { persistSession: false, autoRefreshToken: false } });
      const key = (client.auth as unknown as { storageKey: string }).storageKey;
      expect(key).toBe(authStorageKey(url));
      expect(BROWSER_STORAGE.session.matches(key)).toBe(true);
    }
    expect(authStorageKey('http://localhost:54321')).toBe('sb-localhost-auth-token');
    // A PKCE flow would add a code-verifier key; a custom storage or userStorage would move or add keys.
    const file = join(ROOT, 'widgets/core/supabase.ts');
    const src = readFileSync(file, 'utf8');
    const calls = [...descendants(parseSync(file, src, { lang: 'ts' }).program as unknown as Node)].filter(
      (n) => n.type === 'CallExpression' && n.callee.type === 'Identifier' && n.callee.name === 'createClient',
    );
    expect(calls).toHaveLength(1);
    const options = calls.map((c) => src.slice(c.arguments[2].start, c.arguments[2].end)).join('');
    expect(options).toContain("flowType: 'implicit'");
    expect(options).not.toMatch(/storageKey|userStorage|\bstorage\s*:/);
  });

  it("the loader's stored-key wake-up reaches the cart alone: the cart's key is its on-request tag, and no other key is an element's tag", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'custom-elements.json'), 'utf8')) as { modules: { declarations: { tagName: string; 'x-load'?: string }[] }[] };
    const elements = manifest.modules.flatMap((m) => m.declarations);
    expect(elements.find((e) => e.tagName === CART_STORAGE_KEY)?.['x-load']).toMatch(/^on-request /);
    for (const e of elements)
      if (e.tagName !== CART_STORAGE_KEY)
        expect(
          ENTRIES.some(([, x]) => x.matches(e.tagName)),
          e.tagName,
        ).toBe(false);
    const loader = readFileSync(join(ROOT, 'widgets/loader.ts'), 'utf8');
    expect(loader).toContain('stored.includes(tag)');
    expect(scanSource(join('widgets', 'loader.ts'), loader).problems).toEqual([]);
    // The same listing anywhere else, or put to another use, is refused.
    expect(scanSource('widgets/x.ts', 'const stored = Object.keys(localStorage); stored.includes(tag);').problems).toHaveLength(1);
    expect(scanSource(join('widgets', 'loader.ts'), 'let stored = []; stored = Object.keys(localStorage); stored.includes(tag); stored.forEach(f);').problems).toHaveLength(1);
  });

  it('the configurator keys of every configurable product match their row', () => {
    for (const p of CONFIGURABLE_PRODUCTS) expect(BROWSER_STORAGE.configurator.matches(CONFIGURATOR_KEY_PREFIX + p)).toBe(true);
  });

  it('/cookies shows every key with its storage, purpose, duration and need', () => {
    const t = text(page('/cookies'));
    for (const r of storageTable()) {
      for (const s of [r.key, r.purpose, r.holds, r.duration, r.need]) expect(t, `/cookies shows "${s}"`).toContain(s);
    }
    expect(page('/cookies')).toContain('<table class="policy-table">');
  });
});

// ------------------------------------------------------------------ server-side data

const MIGRATIONS = readdirSync(join(ROOT, 'supabase/migrations'))
  .filter((f) => f.endsWith('.sql'))
  .map((f) => readFileSync(join(ROOT, 'supabase/migrations', f), 'utf8'))
  .join('\n');
const sqlTables = new Set([...MIGRATIONS.matchAll(/create table (?:if not exists )?public\.([a-z0-9_]+)/gi)].map((m) => m[1]!));
const sqlBuckets = new Set(
  [...MIGRATIONS.matchAll(/insert into storage\.buckets[^;]*?values([\s\S]*?)(?:on conflict|;)/gi)].flatMap((m) => [...m[1]!.matchAll(/\(\s*'([a-z0-9-]+)'/g)].map((b) => b[1]!)),
);
/** Tables of other schemas the migrations point at (auth.users), which the policy may name too. */
const sqlReferenced = new Set([...MIGRATIONS.matchAll(/references (auth\.[a-z_]+)/gi)].map((m) => m[1]!));

describe('server-side data: the privacy policy names every place that holds data about people', () => {
  const named = SERVER_DATA.flatMap((r) => [...r.tables, ...r.buckets]);

  it('reads the tables and buckets from the migrations', () => {
    expect(sqlTables.has('subscribers')).toBe(true);
    expect(sqlBuckets).toEqual(new Set(['review-media', 'planner-gallery', 'planner-files']));
    expect(sqlReferenced.has('auth.users')).toBe(true);
  });

  it('every table and bucket is either in the privacy data or listed as holding nothing about people', () => {
    const classified = new Set([...named, ...Object.keys(NOT_PERSONAL)]);
    const unclassified = [...sqlTables, ...sqlBuckets].filter((t) => !classified.has(t));
    expect(unclassified, 'add them to SERVER_DATA or NOT_PERSONAL in site/content/policies.ts').toEqual([]);
    expect(named.filter((n) => n in NOT_PERSONAL)).toEqual([]);
  });

  it('names nothing that does not exist', () => {
    const exists = (n: string) => sqlTables.has(n) || sqlBuckets.has(n) || sqlReferenced.has(n);
    expect([...named, ...Object.keys(NOT_PERSONAL)].filter((n) => !exists(n))).toEqual([]);
    for (const r of SERVER_DATA) for (const b of r.buckets) expect(sqlBuckets.has(b), `${b} is a bucket`).toBe(true);
  });

  it('a table listed as not personal has no column about a person', () => {
    for (const t of Object.keys(NOT_PERSONAL).filter((n) => sqlTables.has(n))) {
      const body = MIGRATIONS.match(new RegExp(`create table (?:if not exists )?public\\.${t} \\(([\\s\\S]*?)\\n\\);`, 'i'))?.[1] ?? '';
      const added = [...MIGRATIONS.matchAll(new RegExp(`alter table public\\.${t} add column (?:if not exists )?([a-z_]+)`, 'gi'))].map((m) => m[1]).join(' ');
      expect(body, t).not.toBe('');
      expect(`${body} ${added}`, `${t} holds data about a person`).not.toMatch(/\b(email|user_id|name|display_name|ip|address|phone)\b/i);
    }
  });

  it('/privacy shows every case with what, why, who and how long', () => {
    const t = text(page('/privacy'));
    for (const r of SERVER_DATA) for (const s of [r.what, r.collected, r.why, r.who, r.kept]) expect(t, `/privacy shows "${s}"`).toContain(s);
  });
});
