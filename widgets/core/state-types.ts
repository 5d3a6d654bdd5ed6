/**
 * The states catalogue's vocabulary (issue #8): the types every `widgets/<element>/states.ts` is written
 * in. Named state-types.ts, not states.ts, so it is not read as one more element's list of states. Each
 * element folder declares its visual states in its `states.ts` (default export: `ElementStates`); widgets/playground/catalogue.ts
 * collects every such file, the playground renders them and tests/visual renders the same list at
 * 320/390/768/1280 px. Types only: nothing here runs in an element's bundle.
 *
 * A state is reached the way a visitor reaches it, on the real local stack: attributes and light-DOM
 * children, the session the playground's host provides (the dev server, or the visual test's signed-in
 * browser storage), the stack's seed data, and deterministic steps (click, fill, wait) performed on the
 * element after it renders. Nothing is mocked; an error state points the element at a backend that does
 * not answer, and a loading or submitting state holds its request open (`hold`): the request is the
 * real one, it is just never let through, so what shows is what a visitor sees while waiting.
 */

import type { StorageArea } from '../../shared/storage.ts';

/**
 * Who is signed in: nobody, an ordinary member (amara.okafor@gmail.com), a seeded customer with orders
 * (amara.johnson@example.com), the seeded admin, or a seeded customer whose rewards card is in one
 * state (`rewards-*`: supabase/local/admin-credentials.ts REWARDS_CREDENTIALS).
 */
export type StateSession = 'signed-out' | 'member' | 'customer' | 'admin' | 'rewards-mid' | 'rewards-ready' | 'rewards-taken-back';

/**
 * One step after the element has rendered. Selectors are CSS, matched in the element's light DOM and
 * in every open shadow root below it (the first match wins), so `button[part~="submit"]` reaches inside.
 */
export type StateStep =
  | { click: string }
  | { fill: string; value: string }
  /** Waits until the selector matches (or, with `gone`, stops matching); 10 s at most. */
  | { waitFor: string; gone?: boolean }
  /** Scrolls the page to a y offset, or to its end. */
  | { scroll: number | 'end' }
  /** Scrolls the first match into view: its top at the viewport's top (default), centre or bottom. */
  | { scrollTo: string; at?: 'start' | 'center' | 'end' }
  /** Waits a fixed time (animations that have no end event, a debounce). Use sparingly. */
  | { pause: number };

export interface ElementState {
  /** Short kebab-case id, unique per element: `signed-out`, `dialog-open`, `error-toast`, … */
  id: string;
  /** What a person sees, one line (shown in the playground's picker and the contact sheet). */
  title: string;
  attrs?: Record<string, string>;
  /** Light-DOM children (fallback content, or content the element enhances). */
  inner?: string;
  /**
   * The element brings no look of its own: it enhances the page's markup (kyb-tabs, kyb-sticky-bar),
   * so the state is shown under the site's stylesheet (site/styles/site.css), as on the site.
   */
  siteStyles?: boolean;
  /** Default `signed-out`. */
  session?: StateSession;
  /** `unreachable`: the element talks to a backend address where nothing answers (error states). */
  backend?: 'local' | 'unreachable';
  /** Query string of the page the element sits on (`?token=…` for kyb-unsubscribe). */
  query?: Record<string, string>;
  /**
   * Browser storage the page already holds when the element loads, by area, e.g. the beta unlock a
   * visitor earned earlier in the tab (`{ sessionStorage: { [BETA_UNLOCK_KEY]: '1' } }`). Keys come from
   * shared/storage.ts. Written by the playground's stage before the bundle loads, and taken away again
   * when the next state renders in the same tab (the playground's frames share one session storage).
   */
  storage?: Partial<Record<StorageArea, Record<string, string>>>;
  /** Page space below the element, in viewport heights (for scroll-driven elements). */
  scrollSpace?: number;
  /**
   * Page space above the element, in viewport heights: the element as a visitor meets it low on a long
   * page (the home page's newsletter card), so a step can bring it to the bottom of the screen.
   */
  spaceAbove?: number;
  steps?: StateStep[];
  /**
   * Requests held open while the state is shown (loading and submitting states): each entry is
   * `[METHOD ]path` and matches a request whose URL path contains `path`, e.g. `/rest/v1/rpc/review_feed`
   * or `POST /functions/v1/newsletter-signup`. A matching request never answers (it is let go only if
   * its caller aborts it). The state is not shown until at least one request was held, so a pattern
   * that matches nothing fails instead of quietly showing another state. Done by the playground's
   * stage alone (widgets/playground/stage.ts); element bundles and the loader know nothing of it.
   */
  hold?: string[];
  /** Selector that must match before the state counts as shown (data arrived, dialog opened). */
  ready?: string;
  /** Console errors this state causes on purpose (the failed request of an error state). */
  expectedConsole?: RegExp;
}

export interface ElementStates {
  tag: `kyb-${string}`;
  states: ElementState[];
}
