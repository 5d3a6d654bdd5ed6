/**
 * The detail of every kyb-* event: written by hand, the one definition. widgets/core/events.ts
 * dispatches them; this file ships as-is next to the bundle (types/) for embedders, beside the
 * generated element types that refer to it.
 */
export interface KybEventMap {
  /** On document: once when the session is known, then on each sign-in and sign-out. */
  'kyb-auth-change': { signedIn: boolean; email: string | null; userId: string | null };
  'kyb-review-submitted': { slug: string; reviewId: string; files: number };
  /** An admin changed a review (kyb-review-moderation). */
  'kyb-review-moderated': { reviewId: string; action: 'approve' | 'unapprove' | 'delete' | 'reply' | 'unreply' };
  'kyb-subscribed': { email: string; waitingList: boolean; message: string };
  'kyb-price-change': { product: string; price: number; currency: 'USD'; configuration: Record<string, unknown> };
  'kyb-gallery-change': { action: 'upload' | 'update' | 'delete'; id: string };
  /** kyb-admin-inbox, after an item's new status is stored (kyb-inbox-count recounts on it). */
  'kyb-inbox-change': { id: string; status: 'new' | 'handled' | 'archived' };
  /** kyb-admin-orders, after a step of an order is stored (kyb-inbox-count of="orders" recounts on it). */
  'kyb-order-change': {
    id: string;
    status: 'pending' | 'processing' | 'paid' | 'deposit_paid' | 'payment_failed' | 'expired' | 'in_production' | 'ready' | 'shipped' | 'delivered' | 'cancelled' | 'refunded';
  };
  /** kyb-kit-launch, after the launch switch is stored. */
  'kyb-kit-launch-change': { product: 'diy-kit'; onSale: boolean };
  /** An admin corrected a rewards card (`adjust`, its address) or marked the new rewards seen (kyb-admin-rewards). */
  'kyb-rewards-change': { action: 'adjust' | 'seen'; email: string | null };
  'kyb-profile-updated': { displayName: string | null; avatarUrl: string | null };
  'kyb-lead-submitted': { kind: string };
  'kyb-beta-unlocked': Record<string, never>;
  /** Any element, or the page on document, asks kyb-auth-button to open its dialog. */
  'kyb-request-sign-in': { tab?: 'sign-in' | 'sign-up' };
  /**
   * Any element, or the page on document, asks kyb-cart to add a line and/or open the cart. On a
   * `<kyb-cart add="…">` (a page's Add to Cart button) the line is its attributes'. `paid` (kyb-order,
   * once an order is paid, its id): the cart empties if that order was checked out from it.
   */
  'kyb-request-cart': { add?: { product: string; configuration: Record<string, unknown>; quantity?: number }; open?: boolean; paid?: string };
  /**
   * An element is about to navigate; cancelable (a host SPA may preventDefault and route itself).
   * kyb-account when nobody is signed in ('signed-out'); kyb-access-modal after a beta request ('beta-access').
   */
  'kyb-redirect': { to: string; reason: 'signed-out' | 'beta-access' };
}

/** `document.addEventListener('kyb-…', (e) => e.detail…)` is typed for every event above. */
type KybGlobalEvents = { [K in keyof KybEventMap]: CustomEvent<KybEventMap[K]> };

declare global {
  interface GlobalEventHandlersEventMap extends KybGlobalEvents {}
}
