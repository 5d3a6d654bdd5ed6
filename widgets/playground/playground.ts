/*
 * The playground: renders the states catalogue (catalogue.ts). `./` lists every element and its
 * states; `?element=kyb-x` is that element's page: a state picker, a viewport switcher (320/390/768/
 * 1280 px: the state renders in a frame that wide), attribute controls and the event log;
 * `?element=kyb-x&state=y&frame=1` renders one state alone (the frame, and what tests/visual opens).
 *
 * Attribute controls come from the Custom Elements Manifest (`custom-elements.json`, served next to
 * the playground folder) when there is one, else from the attributes the states use.
 *
 * Backend: the page's <meta name="kyb-supabase-url|kyb-supabase-anon-key"> (the dev server injects the
 * local stack it starts), else ?url=&key= in the address, else what was last used here (localStorage).
 * The bundle: ../loader.ts under the dev server, ../kyb-widgets.js in a build.
 */
import { CATALOGUE, findState, stateUrl } from './catalogue.ts';
import { renderState } from './stage.ts';

const WIDTHS = [320, 390, 768, 1280] as const;
const EVENTS = [
  'kyb-auth-change',
  'kyb-review-submitted',
  'kyb-subscribed',
  'kyb-price-change',
  'kyb-gallery-change',
  'kyb-review-moderated',
  'kyb-profile-updated',
  'kyb-lead-submitted',
  'kyb-beta-unlocked',
  'kyb-toast',
  'kyb-request-sign-in',
  'kyb-redirect',
];

const q = new URLSearchParams(location.search);
const saved = JSON.parse(localStorage.getItem('kyb-playground-backend') || '{}');
const metaOf = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
function setMeta(name: string, content: string) {
  let m = metaOf(name);
  if (!m) {
    m = document.createElement('meta');
    m.name = name;
    document.head.append(m);
  }
  m.content = content;
}
const backend = {
  url: q.get('url') || metaOf('kyb-supabase-url')?.content || saved.url || 'http://127.0.0.1:54321',
  key: q.get('key') || metaOf('kyb-supabase-anon-key')?.content || saved.key || '',
};
setMeta('kyb-supabase-url', backend.url);
if (backend.key) setMeta('kyb-supabase-anon-key', backend.key);
/** The address's backend parameters, carried into the frame's address. */
const carried: Record<string, string> = Object.fromEntries(['url', 'key'].filter((k) => q.get(k)).map((k) => [k, q.get(k)!]));

const loadBundle = () => import(/* @vite-ignore */ new URL(import.meta.env.DEV ? '../loader.ts' : '../kyb-widgets.js', import.meta.url).href);

const h = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, unknown> = {}, ...kids: (Node | string)[]): HTMLElementTagNameMap[K] => {
  const e: HTMLElementTagNameMap[K] = Object.assign(document.createElement(tag), props);
  e.append(...kids);
  return e;
};

/** Attribute names per tag from custom-elements.json (schema: modules[].declarations[]). */
async function manifestAttributes(): Promise<Map<string, { name: string; type?: string; description?: string }[]>> {
  const out = new Map<string, { name: string; type?: string; description?: string }[]>();
  try {
    const r = await fetch(new URL(/* @vite-ignore */ '../custom-elements.json', import.meta.url));
    if (!r.ok) return out;
    const m = await r.json();
    for (const mod of m.modules ?? [])
      for (const d of mod.declarations ?? [])
        if (d.customElement && d.tagName)
          out.set(
            d.tagName,
            (d.attributes ?? []).map((a: { name: string; type?: { text?: string }; description?: string }) => ({ name: a.name, type: a.type?.text, description: a.description })),
          );
  } catch {
    // No manifest (not generated yet, or a host that does not serve it): controls come from the states.
  }
  return out;
}

function logEvents(target: Document, log: HTMLElement) {
  for (const name of EVENTS) {
    target.addEventListener(name, (e) => {
      const allow = (document.getElementById('allow-redirects') as HTMLInputElement).checked;
      const cancelled = name === 'kyb-redirect' && !allow;
      if (cancelled) e.preventDefault();
      log.textContent = `${new Date().toLocaleTimeString()} ${name}${cancelled ? ' (cancelled)' : ''} ${JSON.stringify((e as CustomEvent).detail)}\n${log.textContent}`;
    });
  }
}

const tag = q.get('element');
const found = tag ? findState(tag, q.get('state')) : null;

if (q.get('frame') && found) {
  // ---- one state alone
  document.documentElement.dataset.frame = '';
  logEvents(document, document.getElementById('log')!);
  const overrides = Object.fromEntries([...q].filter(([k]) => k.startsWith('attr-')).map(([k, v]) => [k.slice(5), v]));
  await renderState({ state: found.state, tag: found.element.tag, overrides, loadBundle, mount: document.getElementById('stage')! });
} else {
  // ---- the playground proper
  const form = document.getElementById('backend') as HTMLFormElement & { url: HTMLInputElement; key: HTMLInputElement };
  form.url.value = backend.url;
  form.key.value = backend.key;
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    localStorage.setItem('kyb-playground-backend', JSON.stringify({ url: form.url.value, key: form.key.value }));
    const u = new URL(location.href);
    u.searchParams.set('url', form.url.value);
    u.searchParams.set('key', form.key.value);
    location.assign(u);
  });
  const log = document.getElementById('log')!;
  document.getElementById('clear')!.addEventListener('click', () => (log.textContent = ''));
  const link = (params: Record<string, string>) => `?${new URLSearchParams({ ...params, ...carried })}`;

  const nav = document.getElementById('elements')!;
  for (const e of CATALOGUE) {
    const a = h('a', { href: link({ element: e.tag }), textContent: e.tag });
    if (e.tag === tag) a.setAttribute('aria-current', 'page');
    nav.append(h('li', {}, a));
  }

  const work = document.getElementById('work')!;
  if (!found) {
    work.append(
      h('p', {
        className: 'note',
        textContent: `${CATALOGUE.length} elements, ${CATALOGUE.reduce((n, e) => n + e.states.length, 0)} states. Each comes from the element's states.ts (widgets/README.md).`,
      }),
    );
    const grid = h('div', { className: 'index' });
    for (const e of CATALOGUE) {
      const ul = h('ul');
      for (const s of e.states) ul.append(h('li', {}, h('a', { href: link({ element: e.tag, state: s.id }), textContent: s.title })));
      grid.append(h('section', {}, h('h3', {}, h('a', { href: link({ element: e.tag }), textContent: `<${e.tag}>` })), ul));
    }
    work.append(grid);
  } else {
    const { element, state } = found;
    const attrs = await manifestAttributes();
    const names = attrs.get(element.tag)?.map((a) => a.name) ?? [...new Set(element.states.flatMap((s) => Object.keys(s.attrs ?? {})))];
    let width: number = Number(q.get('width')) || 1280;
    const overrides: Record<string, string> = {};

    const picker = h('select', { id: 'state' });
    for (const s of element.states) picker.append(new Option(s.title, s.id, false, s.id === state.id));
    const controls = h('div', { className: 'controls' }, h('label', {}, 'State', picker));
    const widths = h('div', { className: 'controls widths', role: 'group' });
    widths.setAttribute('aria-label', 'Viewport width');
    const frame = h('iframe', { title: `${element.tag}: ${state.title}` });
    const wrap = h('div', { className: 'frame-wrap' }, frame);
    const reload = () => {
      const params = { ...carried, ...Object.fromEntries(Object.entries(overrides).map(([k, v]) => [`attr-${k}`, v])) };
      frame.src = stateUrl(element.tag, picker.value, params);
      frame.style.width = `${width}px`;
      for (const b of widths.querySelectorAll('button')) b.setAttribute('aria-pressed', String(Number(b.dataset.width) === width));
    };
    for (const w of WIDTHS) {
      const b = h('button', { type: 'button', textContent: `${w}px` });
      b.dataset.width = String(w);
      b.addEventListener('click', () => {
        width = w;
        reload();
      });
      widths.append(b);
    }
    picker.addEventListener('change', () => {
      const u = new URL(location.href);
      u.searchParams.set('state', picker.value);
      history.replaceState(null, '', u);
      reload();
    });
    const attrControls = h('div', { className: 'controls' });
    for (const name of names) {
      const current = element.states.find((s) => s.id === picker.value)?.attrs?.[name] ?? '';
      const input = h('input', { value: current });
      input.addEventListener('change', () => {
        overrides[name] = input.value;
        reload();
      });
      attrControls.append(h('label', {}, name, input));
    }
    if (!attrs.size) attrControls.append(h('p', { className: 'note', textContent: 'No custom-elements.json found: attributes are those the states use.' }));
    const remount = h('button', { type: 'button', textContent: 'Remount' });
    remount.addEventListener('click', reload);
    attrControls.append(remount);
    frame.addEventListener('load', () => {
      // Same origin: the frame's events land in this page's log.
      if (frame.contentDocument) logEvents(frame.contentDocument, log);
    });
    work.append(
      h('h2', { textContent: `<${element.tag}>` }),
      controls,
      widths,
      attrControls,
      wrap,
      h('p', { className: 'note' }, h('a', { href: stateUrl(element.tag, state.id, carried), textContent: 'Open this state alone' })),
    );
    reload();
  }
}
