/**
 * Helpers for the browser tests (plain ES modules, run in Chromium by @web/test-runner).
 * Elements come from the built bundle the page loads (dist/widgets or dist/widgets-react): tests only
 * put tags in the document, like a host page does.
 */
import { executeServerCommand, sendKeys } from '/node_modules/@web/test-runner-commands/browser/commands.mjs';

export { sendKeys };

export class AssertionError extends Error {}

export function assert(cond, message) {
  if (!cond) throw new AssertionError(message);
}

export function equal(actual, expected, message = '') {
  if (actual !== expected) throw new AssertionError(`${message}${message ? ': ' : ''}expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

/** Poll until fn() returns something truthy (returned), or fail with `message` after `timeout` ms. */
export async function waitFor(fn, message = 'condition', timeout = 10_000) {
  const t0 = performance.now();
  let last;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    if (performance.now() - t0 > timeout) throw new AssertionError(`timed out waiting for ${message}${last ? ` (${last.message})` : ''}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.content ?? '';
/** The stack's service_role key, for fixtures and database checks (the test page carries it; real pages never do). */
export const serviceKey = async () => meta('kyb-test-service-key');
export const backendUrl = () => meta('kyb-supabase-url');
export const anonKey = () => meta('kyb-supabase-anon-key');
export const closedUrl = () => meta('kyb-test-closed-url');

/** Put HTML in the page (like a host page does) and wait until its first element is upgraded and rendered. */
export async function mount(html) {
  const app = document.getElementById('app');
  const wrap = document.createElement('div');
  wrap.innerHTML = html;
  const el = wrap.firstElementChild;
  app.append(wrap);
  // The sign-in button loads on demand (hover, focus, touch, click, or a stored session): hover it as a visitor would.
  if (el.localName === 'kyb-auth-button') el.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
  await waitFor(() => customElements.get(el.localName), `${el.localName} to be defined`);
  await waitFor(() => el.shadowRoot && el.shadowRoot.childElementCount > 0 && el.shadowRoot.querySelector('div, form, button, p'), `${el.localName} to render`);
  return el;
}

export function cleanup() {
  document.getElementById('app').replaceChildren();
}

export const $ = (el, sel) => el.shadowRoot.querySelector(sel);
export const $$ = (el, sel) => [...el.shadowRoot.querySelectorAll(sel)];
export const text = (node) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The input whose <label> reads `label` (exactly), inside the element's shadow root. */
export function field(el, label, root = el.shadowRoot) {
  const l = [...root.querySelectorAll('label')].find((x) => text(x) === label);
  assert(l, `no field labelled "${label}" (labels: ${[...root.querySelectorAll('label')].map(text).join(' | ')})`);
  const input = l.htmlFor ? root.getElementById(l.htmlFor) : l.querySelector('input, select, textarea');
  assert(input, `label "${label}" points at nothing`);
  return input;
}

/** Real typing: focus the control, select what is there, type (replacing it). */
export async function type(input, value) {
  input.focus();
  input.select?.();
  if (input.value) await sendKeys({ press: 'Backspace' });
  if (value) await sendKeys({ type: value });
}

export function button(el, name, root = el.shadowRoot) {
  const b = [...root.querySelectorAll('button, a')].find((x) => text(x) === name);
  assert(b, `no button "${name}" (buttons: ${[...root.querySelectorAll('button, a')].map(text).join(' | ')})`);
  return b;
}

/** Toasts currently shown by the element: [{title, description, variant}]. */
export function toasts(el) {
  return $$(el, '.kyb-toast').map((t) => ({
    title: text(t.querySelector('.kyb-toast__title')),
    description: text(t.querySelector('.kyb-toast__description')),
    variant: t.dataset.variant,
  }));
}

export async function waitForToast(el, title, description) {
  return waitFor(
    () => toasts(el).find((t) => t.title === title && (description === undefined || t.description === description)),
    `toast "${title}${description !== undefined ? `: ${description}` : ''}" (shown: ${JSON.stringify(toasts(el))})`,
  );
}

/** Requests the page made to a backend path since `since` (resource timing sees every fetch). */
export function requestsTo(pathPart, since = 0) {
  return performance.getEntriesByType('resource').filter((e) => e.startTime >= since && e.name.includes(pathPart));
}

/** axe-core on the element (its shadow tree included); fails with the violations listed. */
export async function expectAccessible(el, what = el.localName) {
  // axe-core is loaded by the test page (<script src="/node_modules/axe-core/axe.min.js">).
  const result = await window.axe.run(el, { resultTypes: ['violations'] });
  const v = result.violations.map(
    (x) => `${x.id} (${x.impact}): ${x.help} — ${x.nodes.map((n) => `${n.target.join(' ')} [${(n.failureSummary ?? '').replace(/\s+/g, ' ')}]`).join(', ')}`,
  );
  assert(v.length === 0, `${what}: accessibility violations:\n${v.join('\n')}`);
}

export const uniqueEmail = (p = 'u') => `${p}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;

export const stack = (payload) => executeServerCommand('kyb-stack', payload);

/** Sign up a user straight through the auth API (fixture set-up, not the UI under test). */
export async function createUser({ email = uniqueEmail(), password = 'secret-pass-1', fullName } = {}) {
  const r = await fetch(`${backendUrl()}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anonKey(), 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, ...(fullName ? { data: { full_name: fullName } } : {}) }),
  });
  const body = await r.json();
  assert(r.ok, `fixture sign-up failed: ${JSON.stringify(body)}`);
  return { email, password, session: body.access_token ? body : null };
}

/** The session supabase-js keeps in localStorage (null when signed out). */
export function storedSession() {
  const host = new URL(backendUrl()).hostname.split('.')[0];
  const raw = localStorage.getItem(`sb-${host}-auth-token`);
  return raw ? JSON.parse(raw) : null;
}

/** GET on the REST API as the stored session's user. */
export async function restAsUser(path) {
  const s = storedSession();
  assert(s, 'no stored session');
  const r = await fetch(`${backendUrl()}/rest/v1/${path}`, { headers: { apikey: anonKey(), authorization: `Bearer ${s.access_token}` } });
  return r.json();
}

/** Collects `name` events dispatched on document until stop() is called. */
export function listen(name) {
  const events = [];
  const on = (e) => events.push(e);
  document.addEventListener(name, on);
  return { events, stop: () => document.removeEventListener(name, on) };
}

/**
 * Records every text `read()` returns while the element's shadow tree changes (a MutationObserver, so
 * short-lived states such as a busy label are seen however fast the backend answers).
 */
export function watchText(el, read) {
  const seen = new Set();
  const look = () => {
    try {
      seen.add(read());
    } catch {
      /* node gone */
    }
  };
  const mo = new MutationObserver(look);
  mo.observe(el.shadowRoot, { subtree: true, childList: true, characterData: true, attributes: true });
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
  // The toast came with the card (the same render); give it time to show, were it still sent.
  await new Promise((r) => setTimeout(r, 300));
  equal(toasts(el).length, 0, 'not repeated in a toast');
  const asked = listen('kyb-request-sign-in');
  button(el, 'Sign in').click();
  asked.stop();
  equal(asked.events.length, 1, 'Sign in asks the page for the sign-in dialog');
  equal(JSON.stringify(asked.events[0].detail), '{"tab":"sign-in"}');
}
