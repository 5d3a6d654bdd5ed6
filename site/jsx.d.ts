/**
 * JSX types for the kyb-* custom elements as the site's pages use them (attribute names as written in
 * HTML). The widgets' own props maps are the contract; this mirrors the attributes listed in the helpers'
 * brief so the site type-checks without importing browser code into the build.
 */
import 'preact';

type El<A = {}> = preact.HTMLAttributes<HTMLElement> & A;

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'kyb-reviews': El<{ slug: string }>;
      'kyb-newsletter': El<{ 'source-page'?: string }>;
      'kyb-waitlist': El;
      'kyb-auth-button': El<{ layout?: 'bar' | 'menu' }>;
      'kyb-account': El;
      'kyb-loc-configurator': El<{ product: string }>;
      'kyb-gallery-admin': El;
      'kyb-review-moderation': El;
      'kyb-admin-inbox': El;
      'kyb-inbox-count': El;
      'kyb-planner-gallery': El<{ 'fallback-src': string; 'fallback-alt': string }>;
      'kyb-beta-gate': El<{ mode?: 'gate' | 'tools' }>;
      'kyb-access-modal': El<{ label?: string }>;
      'kyb-vault': El<{ items?: string }>;
      'kyb-partnership-form': El;
      'kyb-merch-notify': El<{ item: 'tee' | 'scarf' | 'journal' }>;
      'kyb-product-filter': El;
      'kyb-tabs': El;
      'kyb-sticky-bar': El<{ threshold?: string | number }>;
      'kyb-thumbnail-gallery': El;
      'kyb-not-found': El;
      'kyb-unsubscribe': El<{ token?: string }>;
    }
  }
}
