/**
 * Renders one catalogued state alone on the page (the playground's frame, and what tests/visual opens):
 * session first (before the bundle reads it), then the element with its attributes and children, then
 * the bundle, then the state's steps. Progress is written to `<html data-state>`: `ready` once the
 * state's `ready` selector matches, `needs-session` or `failed: …` otherwise, so a test can wait on it.
 * A state's `hold` (loading, submitting) wraps this page's fetch before the bundle loads; the number of
 * requests held so far is in `<html data-held>`. A state's `storage` is written before the bundle loads too.
 */
import type { StorageArea } from '../../shared/storage.ts';
import type { ElementState, StateSession, StateStep } from '../core/state-types.ts';

/** Where nothing answers (the error states): the discard port. */
const UNREACHABLE = 'http://127.0.0.1:9';
const ROLE_KEY = 'kyb-playground-as';
/** The storage keys the last state's `storage` wrote in this tab (sessionStorage, JSON `[area, key][]`). */
const WROTE_KEY = 'kyb-playground-wrote';

/** First element matching `sel` in `root`'s light DOM or in any open shadow root below it. */
export function deepQuery(root: Element | Document, sel: string): Element | null {
  const roots: (Element | Document | ShadowRoot)[] = [root];
  if (root instanceof Element && root.shadowRoot) roots.push(root.shadowRoot);
  while (roots.length) {
    const r = roots.shift()!;
    const hit = r.querySelector(sel);
    if (hit) return hit;
    for (const e of r.querySelectorAll('*')) if (e.shadowRoot) roots.push(e.shadowRoot);
  }
  return null;
}

async function until(fn: () => boolean, what: string, ms = 10_000) {
  const t0 = performance.now();
  while (!fn()) {
    if (performance.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function runStep(el: Element, step: StateStep) {
  if ('click' in step) {
    await until(() => !!deepQuery(el, step.click), step.click);
    (deepQuery(el, step.click) as HTMLElement).click();
  } else if ('fill' in step) {
    await until(() => !!deepQuery(el, step.fill), step.fill);
    const input = deepQuery(el, step.fill) as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
    // The native setter of the field's own class (input, textarea, select), then the events a typing
    // visitor causes: controlled fields see the change.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!.call(input, step.value);
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    input.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  } else if ('waitFor' in step) {
    await until(() => !!deepQuery(el, step.waitFor) !== !!step.gone, step.waitFor);
  } else if ('scrollTo' in step) {
    await until(() => !!deepQuery(el, step.scrollTo), step.scrollTo);
    deepQuery(el, step.scrollTo)!.scrollIntoView({ block: step.at ?? 'start', behavior: 'instant' });
  } else if ('scroll' in step) {
    window.scrollTo({ top: step.scroll === 'end' ? document.documentElement.scrollHeight : step.scroll, behavior: 'instant' });
  } else if ('pause' in step) {
    await new Promise((r) => setTimeout(r, step.pause));
  }
}

/**
 * Holds every request matching one of `patterns` (`[METHOD ]path`, see ElementState.hold) open: this
 * page's fetch, wrapped before any element code runs, answers such a request with a promise that only
 * settles when the caller aborts. supabase-js, postgrest-js and functions-js all call the page's fetch
 * when they send, so the wrapper sees every backend request. Returns how many were held so far.
 */
export function holdRequests(patterns: string[]): () => number {
  const rules = patterns.map((p) => {
    const m = /^(?:([A-Z]+)\s+)?(\S+)$/.exec(p.trim());
    if (!m) throw new Error(`hold: "${p}" is not "[METHOD ]path"`);
    return { method: m[1], path: m[2] };
  });
  let held = 0;
  const send = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input), location.href);
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    if (!rules.some((r) => (!r.method || r.method === method) && url.pathname.includes(r.path))) return send(input, init);
    held++;
    document.documentElement.dataset.held = String(held);
    const signal = init?.signal ?? request?.signal;
    return new Promise<Response>((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason), { once: true }));
  };
  return () => held;
}

/**
 * The site's stylesheet on this page, for elements that enhance the page's own markup. Adopted as a
 * constructed sheet: the site's CSP allows no inline <style>, and the playground is served under it.
 */
async function adoptSiteStyles() {
  const { default: css } = await import('../../site/styles/site.css?inline');
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

/** supabase-js sessions stored on this origin (`sb-<host>-auth-token`, widgets/core/supabase.ts). */
const sessionKeys = () => Object.keys(localStorage).filter((k) => /^sb-.+-auth-token$/.test(k));

/**
 * Puts the wanted session in place before any element reads it. The host provides sessions: under
 * the dev server `/__kyb/session?as=…` signs the account in on its local stack and answers the
 * storage key and session; a test brings a signed-in browser storage. Returns false when the state
 * needs a session nobody can provide here.
 */
async function ensureSession(want: StateSession): Promise<boolean> {
  const stored = sessionKeys().length > 0;
  const role = localStorage.getItem(ROLE_KEY);
  if (want === 'signed-out') {
    for (const k of sessionKeys()) localStorage.removeItem(k);
    localStorage.removeItem(ROLE_KEY);
    return true;
  }
  if (stored && (!role || role === want)) return true;
  try {
    const r = await fetch(`/__kyb/session?as=${want}`);
    if (!r.ok) throw new Error(String(r.status));
    const { key, session } = (await r.json()) as { key: string; session: unknown };
    for (const k of sessionKeys()) localStorage.removeItem(k);
    localStorage.setItem(key, JSON.stringify(session));
    localStorage.setItem(ROLE_KEY, want);
    return true;
  } catch {
    return stored;
  }
}

/**
 * Puts a state's `storage` in place, first taking away what an earlier state wrote: the playground's
 * frames share the tab's session storage, so one state's unlock would otherwise show in the next.
 */
function applyStorage(want: ElementState['storage']) {
  const areas = { localStorage, sessionStorage } as const;
  for (const [area, key] of JSON.parse(sessionStorage.getItem(WROTE_KEY) ?? '[]') as [StorageArea, string][]) areas[area].removeItem(key);
  const wrote: [StorageArea, string][] = [];
  for (const [area, entries] of Object.entries(want ?? {}) as [StorageArea, Record<string, string>][]) {
    for (const [key, value] of Object.entries(entries)) {
      areas[area].setItem(key, value);
      wrote.push([area, key]);
    }
  }
  sessionStorage.setItem(WROTE_KEY, JSON.stringify(wrote));
}

export interface StageOptions {
  state: ElementState;
  tag: string;
  /** Attribute values chosen in the playground's controls (override the state's). */
  overrides: Record<string, string>;
  loadBundle: () => Promise<unknown>;
  mount: HTMLElement;
}

export async function renderState(o: StageOptions): Promise<void> {
  const html = document.documentElement;
  html.dataset.state = 'loading';
  try {
    const { state } = o;
    if (state.backend === 'unreachable') {
      document.querySelector<HTMLMetaElement>('meta[name="kyb-supabase-url"]')!.content = UNREACHABLE;
    }
    for (const [k, v] of Object.entries(state.query ?? {})) {
      const u = new URL(location.href);
      u.searchParams.set(k, v);
      history.replaceState(null, '', u);
    }
    if (!(await ensureSession(state.session ?? 'signed-out'))) {
      o.mount.textContent = `This state needs a signed-in ${state.session}: sign in on this origin (or run npm run playground, which does it for you).`;
      html.dataset.state = 'needs-session';
      return;
    }
    applyStorage(state.storage);
    if (state.siteStyles) await adoptSiteStyles();
    const held = state.hold?.length ? holdRequests(state.hold) : null;
    const el = document.createElement(o.tag);
    for (const [k, v] of Object.entries({ ...state.attrs, ...o.overrides })) if (v !== '') el.setAttribute(k, v);
    if (state.inner) el.innerHTML = state.inner;
    o.mount.replaceChildren(el);
    if (state.spaceAbove) {
      const space = document.createElement('div');
      space.className = 'scroll-space';
      space.style.height = `${state.spaceAbove * 100}vh`;
      o.mount.prepend(space);
    }
    if (state.scrollSpace) {
      const space = document.createElement('div');
      space.className = 'scroll-space';
      space.style.height = `${state.scrollSpace * 100}vh`;
      o.mount.append(space);
    }
    await o.loadBundle();
    // The loader upgrades elements out of view (or hidden until scrolled to, like the sticky bar) on the
    // visitor's first scroll, focus or pointer; a state is what a visitor sees, so act like one.
    document.dispatchEvent(new Event('scroll'));
    await customElements.whenDefined(o.tag);
    for (const step of state.steps ?? []) await runStep(el, step);
    if (state.ready) await runStep(el, { waitFor: state.ready });
    if (held) await until(() => held() > 0, `a request matching hold ${state.hold!.join(', ')}`);
    // Fonts and images in, so a screenshot shows the final layout.
    await document.fonts.ready;
    html.dataset.state = 'ready';
  } catch (e) {
    html.dataset.state = `failed: ${e instanceof Error ? e.message : String(e)}`;
  }
}
