/**
 * Every event the kyb-* elements dispatch goes through here; their details are typed once, in
 * widgets/types/kyb-events.d.ts (shipped to embedders). All are CustomEvents that bubble and are
 * composed, so a host page can listen on document: `document.addEventListener('kyb-subscribed', …)`.
 *
 * API: `emit(target, name, detail)`; `emitCancelable(target, name, detail)` → false when prevented
 * (kyb-redirect). The element is the usual target: `emit(hostOf(container), 'kyb-…', {...})`.
 */
import type { KybEventMap } from '../types/kyb-events.d.ts';

export type { KybEventMap };

export type KybEventName = keyof KybEventMap;

export function emit<K extends KybEventName>(target: EventTarget | null | undefined, name: K, detail: KybEventMap[K]) {
  target?.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}

/** Like emit, but cancelable: returns false when a listener called preventDefault(). */
export function emitCancelable<K extends KybEventName>(target: EventTarget | null | undefined, name: K, detail: KybEventMap[K]): boolean {
  if (!target) return true;
  return target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: true }));
}
