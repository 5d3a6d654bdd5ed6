/**
 * Globals of the browser test page: @web/test-runner runs the files with mocha's BDD interface (the
 * runner loads mocha itself; its types are not installed, so the few functions the tests use are
 * declared here), and the page loads axe-core with a <script> tag (see web-test-runner.config.ts).
 * The fixture pages in fixtures/ (loaded in iframes) record what they saw on their window.
 */
import type axe from 'axe-core';

type Done = (err?: unknown) => void;
type Fn = (() => unknown) | ((done: Done) => void);

declare global {
  function describe(title: string, fn: () => void): void;
  function it(title: string, fn: Fn): void;
  function before(fn: Fn): void;
  function after(fn: Fn): void;
  function beforeEach(fn: Fn): void;
  function afterEach(fn: Fn): void;
  interface Window {
    axe: typeof axe;
    /** A frame's own constructors: an event made with them belongs to that frame's document. */
    PointerEvent: typeof PointerEvent;
    CustomEvent: typeof CustomEvent;
    /** fixtures/page.html: every kyb-auth-change and kyb-redirect since the page started. */
    kybEvents?: { name: string; detail: Record<string, unknown> }[];
    /** fixtures/product-page.html: the detail of every kyb-price-change. */
    priceEvents?: unknown[];
    /** configurator.test.ts marks a document it navigates away from. */
    __stale?: boolean;
  }
}
