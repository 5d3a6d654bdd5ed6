/**
 * Sign-in requests (`kyb-request-sign-in`, docs/accounts.md#sign-in-dialog) from the moment this
 * element's code has run, kept until a button that owns the dialog takes them.
 *
 * The loader fetches kyb-auth-button on request (widgets/loader.ts, strategy `on-request`): a click on
 * its fallback, or a request from another element, that came before the code is dispatched again as
 * `kyb-request-sign-in` as soon as this module has run, which can be before any button has mounted
 * (preact mounts in the same task, React 19 later, and effects run later still). So the listener lives
 * here, registered once by register.ts, and not in a button's effect.
 */
import type { KybEventMap } from '../types/kyb-events.d.ts';

export type Tab = NonNullable<KybEventMap['kyb-request-sign-in']['tab']>;

/** A mounted button: opens the dialog on `tab` and answers true when it owns the dialog. */
export type Taker = (tab: Tab) => boolean;

let waiting: Tab | null = null;
const takers = new Set<Taker>();
let listening = false;

const offer = (tab: Tab) => {
  waiting = tab;
  for (const take of takers) if (take(tab)) return void (waiting = null);
};

/** Called once by register.ts (again is harmless: one listener). */
export function listenForSignInRequests() {
  if (listening) return;
  listening = true;
  document.addEventListener('kyb-request-sign-in', (e) => offer((e as CustomEvent<KybEventMap['kyb-request-sign-in']>).detail?.tab === 'sign-up' ? 'sign-up' : 'sign-in'));
}

/**
 * A mounted button takes requests from now on, and one still waiting once the buttons mounted in the
 * same pass have had their turn to register (a page with a `bar` and a `menu` button: the owner is the
 * `bar` one, whichever mounts first). Returns the clean-up.
 */
export function takeSignInRequests(take: Taker): () => void {
  takers.add(take);
  const t = setTimeout(() => {
    if (waiting && take(waiting)) waiting = null;
  });
  return () => {
    clearTimeout(t);
    takers.delete(take);
  };
}
