/**
 * Helpers for the browser tests (TypeScript run in Chromium by @web/test-runner; esbuild strips the types).
 * Elements come from the built bundle the page loads (dist/widgets or dist/widgets-react): tests only
 * put tags in the document, like a host page does.
 */
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import type { KybEventMap } from '../../../widgets/types/kyb-events';
import { authStorageKey } from '../../../shared/storage.ts';

export { sendKeys };

export class AssertionError extends Error {}

export function assert(cond: unknown, message: string): asserts cond {
  if (!cond) throw new AssertionError(message);
}

export function equal<T>(actual: T, expected: T, message = ''): void {
  if (actual !== expected) throw new AssertionError(`${message}${message ? ': ' : ''}expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

/** How long `fn` took, in ms. */
export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** Poll until fn() returns something truthy (returned), or fail with `message` after `timeout` ms. */
export async function waitFor<T>(fn: () => T | Promise<T>, message = 'condition', timeout = 20_000): Promise<NonNullable<T>> {
  const t0 = performance.now();
  let last: Error | undefined;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (e) {
      last = e as Error;
    }
    if (performance.now() - t0 > timeout) throw new AssertionError(`timed out waiting for ${message}${last ? ` (${last.message})` : ''}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
/** The stack's service_role key, for fixtures and database checks (the test page carries it; real pages never do). */
export const serviceKey = async () => meta('kyb-test-service-key');
export const backendUrl = () => meta('kyb-supabase-url');
export const anonKey = () => meta('kyb-supabase-anon-key');
export const closedUrl = () => meta('kyb-test-closed-url');

/**
 * Runs fn with the page's backend address pointing at a closed port (a network outage), and puts the
 * real address back afterwards, whatever fn does.
 */
export async function whileUnreachable<T>(fn: () => Promise<T>): Promise<T> {
  const metaUrl = document.querySelector<HTMLMetaElement>('meta[name="kyb-supabase-url"]');
  const real = metaUrl.content;
  metaUrl.content = closedUrl();
  try {
    return await fn();
  } finally {
    metaUrl.content = real;
  }
}

/**
 * Runs fn with console.error collected instead of printed (fn sees the list as it grows); returns what
 * was logged, one array of arguments per call.
 */
export async function collectingErrors(fn: (logged: unknown[][]) => Promise<unknown>): Promise<unknown[][]> {
  const realError = console.error;
  const logged: unknown[][] = [];
  console.error = (...args) => logged.push(args);
  try {
    await fn(logged);
  } finally {
    console.error = realError;
  }
  return logged;
}

/** An upgraded kyb-* element: its shadow root is open and rendered. */
export type Mounted = HTMLElement & { shadowRoot: ShadowRoot };

/** Put HTML in the page (like a host page does) and wait until its first element is upgraded and rendered. */
export async function mount(html: string): Promise<Mounted> {
  const app = document.getElementById('app')!;
  const wrap = document.createElement('div');
  wrap.innerHTML = html;
  const el = wrap.firstElementChild as Mounted;
  app.append(wrap);
  // The sign-in button loads on demand (hover, focus, touch, click, or a stored session): hover it as a visitor would.
  if (el.localName === 'kyb-auth-button') el.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
  await waitFor(() => customElements.get(el.localName), `${el.localName} to be defined`);
  await waitFor(() => el.shadowRoot && el.shadowRoot.childElementCount > 0 && el.shadowRoot.querySelector('div, form, button, p'), `${el.localName} to render`);
  return el;
}

export function cleanup() {
  document.getElementById('app')!.replaceChildren();
}

/**
 * The first match in the element's shadow tree (null when none). Tests poke at whatever a selector
 * finds (inputs, dialogs, images), so the result is loosely typed unless the test names the type:
 * `$<HTMLDialogElement>(el, 'dialog')`.
 */
// biome-ignore lint/suspicious/noExplicitAny: a selector's match is known to the test, not to the compiler.
export const $ = <T extends Element = any>(el: Element, sel: string): T => el.shadowRoot!.querySelector<T>(sel) as T;
// biome-ignore lint/suspicious/noExplicitAny: as for $.
export const $$ = <T extends Element = any>(el: Element, sel: string): T[] => [...el.shadowRoot!.querySelectorAll<T>(sel)];
export const text = (node: Node | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** A form control found by its label: inputs, selects and text areas alike. */
export type Control = HTMLInputElement & Pick<HTMLSelectElement, 'options' | 'selectedIndex'>;

/** The input whose <label> reads `label` (exactly), inside the element's shadow root. */
export function field(el: Element, label: string, root: ShadowRoot | Document = el.shadowRoot!): Control {
  const l = [...root.querySelectorAll('label')].find((x) => text(x) === label);
  assert(l, `no field labelled "${label}" (labels: ${[...root.querySelectorAll('label')].map(text).join(' | ')})`);
  const input = l.htmlFor ? root.getElementById(l.htmlFor) : l.querySelector('input, select, textarea');
  assert(input, `label "${label}" points at nothing`);
  return input as Control;
}

/** Select an option the way a change by the user arrives (React and preact both listen to change). */
export function choose(select: HTMLSelectElement | HTMLInputElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event('input', { bubbles: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Resolves after the next two animation frames: layout and paint have caught up. */
export const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

/** Runs fn with the address's path/query set to `url`, restoring the test page's own afterwards. */
export async function atUrl<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const original = location.pathname + location.search + location.hash;
  history.replaceState(history.state, '', url);
  try {
    return await fn();
  } finally {
    history.replaceState(history.state, '', original);
  }
}

/** Real typing: focus the control, select what is there, type (replacing it). */
export async function type(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  input.focus();
  input.select();
  if (input.value) await sendKeys({ press: 'Backspace' });
  if (value) await sendKeys({ type: value });
}

/** A button or a link: what a visitor clicks. */
export type Clickable = HTMLButtonElement & Pick<HTMLAnchorElement, 'href' | 'target' | 'rel' | 'download' | 'pathname' | 'search'>;

export function button(el: Element, name: string, root: ParentNode = el.shadowRoot!): Clickable {
  const b = [...root.querySelectorAll<Clickable>('button, a')].find((x) => text(x) === name);
  assert(b, `no button "${name}" (buttons: ${[...root.querySelectorAll('button, a')].map(text).join(' | ')})`);
  return b;
}

/** Toasts currently shown by the element: [{title, description, variant}]. */
export function toasts(el: Element) {
  return $$(el, '.kyb-toast').map((t) => ({
    title: text(t.querySelector('.kyb-toast__title')),
    description: text(t.querySelector('.kyb-toast__description')),
    variant: t.dataset.variant,
  }));
}

export async function waitForToast(el: Element, title: string, description?: string) {
  return waitFor(
    () => toasts(el).find((t) => t.title === title && (description === undefined || t.description === description)),
    `toast "${title}${description !== undefined ? `: ${description}` : ''}" (shown: ${JSON.stringify(toasts(el))})`,
  );
}

/** The admin order dialog's status line after a step, and no toast (issue #29: a step taken is said in the dialog). */
export const stepDone = (el: Element, words: string) =>
  waitFor(() => [...el.shadowRoot!.querySelectorAll('dialog [part~="done"]')].some((p) => text(p) === words) && toasts(el).length === 0, `${words}, in the dialog`);

/** Requests the page made to a backend path since `since` (resource timing sees every fetch). */
export function requestsTo(pathPart: string, since = 0) {
  return (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.startTime >= since && e.name.includes(pathPart));
}

/** axe-core on the element (its shadow tree included); fails with the violations listed. */
export async function expectAccessible(el: Element, what = el.localName) {
  // axe-core is loaded by the test page (<script src="/node_modules/axe-core/axe.min.js">).
  const result = await window.axe.run(el, { resultTypes: ['violations'] });
  const v = result.violations.map(
    (x) => `${x.id} (${x.impact}): ${x.help} — ${x.nodes.map((n) => `${n.target.join(' ')} [${(n.failureSummary ?? '').replace(/\s+/g, ' ')}]`).join(', ')}`,
  );
  assert(v.length === 0, `${what}: accessibility violations:\n${v.join('\n')}`);
}

export const uniqueEmail = (p = 'u') => `${p}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;

/** What the tests read of a mail the local stack "sent" (supabase/local/http.ts has the whole record). */
export interface Mail {
  to: string;
  subject: string;
  kind: string;
  link: string;
  text: string;
}

/** Options of the tests' REST calls (fixtures and checks through the real API). */
export interface RestOptions {
  method?: string;
  body?: unknown;
  prefer?: string;
}

export function stack(payload: { op: 'autoconfirm'; value: boolean }): Promise<boolean>;
export function stack(payload: { op: 'mail'; to?: string }): Promise<Mail[]>;
export function stack(payload: { op: 'mail-interval-passes'; to: string }): Promise<boolean>;
export function stack(payload: { op: 'stripe-pay'; session: string; email: string; name: string; card?: string }): Promise<true>;
export function stack(payload: { op: string; [k: string]: unknown }): Promise<unknown> {
  return executeServerCommand('kyb-stack', payload);
}

/** Sign up a user straight through the auth API (fixture set-up, not the UI under test). */
export async function createUser({ email = uniqueEmail(), password = 'secret-pass-1', fullName }: { email?: string; password?: string; fullName?: string } = {}) {
  const r = await fetch(`${backendUrl()}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anonKey(), 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, ...(fullName ? { data: { full_name: fullName } } : {}) }),
  });
  const body = await r.json();
  assert(r.ok, `fixture sign-up failed: ${JSON.stringify(body)}`);
  return { email, password, session: body.access_token ? (body as Session) : null };
}

/** The part of a GoTrue session the tests read. */
export interface Session {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  expires_in: number;
  user: { id: string; email: string; user_metadata: Record<string, unknown> };
}

/** A user made by createUser(): its credentials and, with autoconfirm on, its session. */
export type TestUser = Awaited<ReturnType<typeof createUser>>;

/** The session supabase-js keeps in localStorage (null when signed out). */
export function storedSession(): Session | null {
  const raw = localStorage.getItem(authStorageKey(backendUrl()));
  return raw ? JSON.parse(raw) : null;
}

/** GET on the REST API as the stored session's user. */
export async function restAsUser(path: string) {
  const s = storedSession();
  assert(s, 'no stored session');
  const r = await fetch(`${backendUrl()}/rest/v1/${path}`, { headers: { apikey: anonKey(), authorization: `Bearer ${s.access_token}` } });
  return r.json();
}

/** Collects `name` events dispatched on document until stop() is called (typed by widgets/types/kyb-events.d.ts). */
export function listen<K extends keyof KybEventMap>(name: K) {
  const events: CustomEvent<KybEventMap[K]>[] = [];
  const on = (e: Event) => events.push(e as CustomEvent<KybEventMap[K]>);
  document.addEventListener(name, on);
  return { events, stop: () => document.removeEventListener(name, on) };
}

/**
 * Records every text `read()` returns while the element's shadow tree changes (a MutationObserver, so
 * short-lived states such as a busy label are seen however fast the backend answers).
 */
export function watchText<T>(el: Element, read: () => T) {
  const seen = new Set<T>();
  const look = () => {
    try {
      seen.add(read());
    } catch {
      /* node gone */
    }
  };
  const mo = new MutationObserver(look);
  mo.observe(el.shadowRoot!, { subtree: true, childList: true, characterData: true, attributes: true });
  look();
  return { seen, stop: () => mo.disconnect() };
}

/**
 * The admin elements' signed-out view (widgets/core/admin-gate.tsx, issue #8): the spec's words once, in
 * place, with a Sign in button that asks the page for the dialog; no toast repeating them.
 */
export async function expectAdminSignIn(el) {
  await waitFor(() => $(el, '[part~="denied"]'), 'the signed-out message');
  const card = $(el, '[part~="denied"]');
  equal([...card.children].map(text).join(' | '), 'Authentication required | Please sign in to access the admin panel. | Sign in', 'the spec words, once, and the way out');
  // The toast would come with the card (the same render) or from its effects: two frames after the card,
  // those have run and drawn, so a toast still sent would be showing now.
  await frame();
  equal(toasts(el).length, 0, 'not repeated in a toast');
  const asked = listen('kyb-request-sign-in');
  button(el, 'Sign in').click();
  asked.stop();
  equal(asked.events.length, 1, 'Sign in asks the page for the sign-in dialog');
  equal(JSON.stringify(asked.events[0].detail), '{"tab":"sign-in"}');
}
