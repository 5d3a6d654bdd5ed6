/**
 * Every event the kyb-* elements dispatch, typed once. All are CustomEvents that bubble and are
 * composed, so a host page can listen on document: `document.addEventListener('kyb-subscribed', …)`.
 *
 * API: `emit(target, name, detail)`; `emitCancelable(target, name, detail)` → false when prevented
 * (kyb-redirect). The element is the usual target: `emit(hostOf(container), 'kyb-…', {...})`.
 */
export interface KybEventMap {
  'kyb-auth-change': { signedIn: boolean; email: string | null; userId: string | null };
  'kyb-review-submitted': { slug: string; reviewId: string; files: number };
  'kyb-subscribed': { email: string; waitingList: boolean; message: string };
  'kyb-price-change': { product: string; price: number; currency: 'USD'; configuration: Record<string, unknown> };
  'kyb-gallery-change': { action: 'upload' | 'update' | 'delete'; id: string };
  /** kyb-admin-inbox, after an item's new status is stored (kyb-inbox-count recounts on it). */
  'kyb-inbox-change': { id: string; status: 'new' | 'handled' | 'archived' };
  'kyb-profile-updated': { displayName: string | null; avatarUrl: string | null };
  'kyb-lead-submitted': { kind: string };
  'kyb-beta-unlocked': Record<string, never>;
  'kyb-toast': { title: string; description?: string; variant: 'default' | 'destructive' };
  /** Any element (or the page) asks kyb-auth-button to open its dialog. */
  'kyb-request-sign-in': { tab?: 'sign-in' | 'sign-up' };
  /**
   * An element is about to navigate; cancelable (a host SPA may preventDefault and route itself).
   * kyb-account when nobody is signed in ('signed-out'); kyb-access-modal after a beta request ('beta-access').
   */
  'kyb-redirect': { to: string; reason: 'signed-out' | 'beta-access' };
}

export type KybEventName = keyof KybEventMap;

export function emit<K extends KybEventName>(target: EventTarget | null | undefined, name: K, detail: KybEventMap[K]) {
  target?.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}

/** Like emit, but cancelable: returns false when a listener called preventDefault(). */
export function emitCancelable<K extends KybEventName>(target: EventTarget | null | undefined, name: K, detail: KybEventMap[K]): boolean {
  if (!target) return true;
  return target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: true }));
}

declare global {
  interface GlobalEventHandlersEventMap {
    'kyb-auth-change': CustomEvent<KybEventMap['kyb-auth-change']>;
    'kyb-review-submitted': CustomEvent<KybEventMap['kyb-review-submitted']>;
    'kyb-subscribed': CustomEvent<KybEventMap['kyb-subscribed']>;
    'kyb-price-change': CustomEvent<KybEventMap['kyb-price-change']>;
    'kyb-gallery-change': CustomEvent<KybEventMap['kyb-gallery-change']>;
    'kyb-inbox-change': CustomEvent<KybEventMap['kyb-inbox-change']>;
    'kyb-profile-updated': CustomEvent<KybEventMap['kyb-profile-updated']>;
    'kyb-lead-submitted': CustomEvent<KybEventMap['kyb-lead-submitted']>;
    'kyb-beta-unlocked': CustomEvent<KybEventMap['kyb-beta-unlocked']>;
    'kyb-toast': CustomEvent<KybEventMap['kyb-toast']>;
    'kyb-request-sign-in': CustomEvent<KybEventMap['kyb-request-sign-in']>;
    'kyb-redirect': CustomEvent<KybEventMap['kyb-redirect']>;
  }
}
