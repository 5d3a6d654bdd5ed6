/** kyb-cart's visual states (the catalogue: widgets/core/state-types.ts), each from a cart kept in the browser. */
import type { ElementState, ElementStates } from '../core/state-types.ts';
import { CART_STORAGE_KEY, KIT_TERMS_STORAGE_KEY } from '../../shared/storage.ts';
import { KIT_TERMS } from '../../shared/rules/commerce.ts';
import type { CartLine } from '../../shared/cart.ts';

const TRINITY: CartLine = { product: 'trinity-locs', configuration: { length: 20, size: 'MD', color: 'black' }, quantity: 1 };
/** The journey of issue #20: Jah Locs 24-26 in, MD, multi-tone, 40 locs (a deposit). */
const JAH: CartLine = { product: 'jah-locs', configuration: { length: '24-26', size: 'MD', color: 'multi-tone', quantity: 40 }, quantity: 1 };
const KIT: CartLine = { product: 'lock-kit', configuration: { size: 'SM', count: 40, length: '16-18', color: 'burgundy', addOns: ['wrapping-hair', 'satin-bag'] }, quantity: 1 };
const BUNDLE: CartLine = { product: 'crown-planner', configuration: { tier: 'bundle' }, quantity: 1 };

/**
 * A browser that already holds these lines (the stage writes them before the bundle loads); none: an
 * empty cart, written too, so that the state never shows a cart an earlier one left behind.
 */
const holding = (...lines: CartLine[]): Pick<ElementState, 'storage'> => ({
  storage: { localStorage: { [CART_STORAGE_KEY]: JSON.stringify({ lines, at: Date.UTC(2026, 10, 26), id: CART_ID }) } },
});
/** The seeded cart's id (the kit terms ticked for it are kept under it, CartPanel.tsx). */
const CART_ID = '6f1c2a4e-3b5d-4c7e-9a8b-1d2e3f4a5b6c';

const open = { click: '[part~="button"]' } as const;
const drawer = (id: string, title: string, lines: CartLine[], ready: string, extra: Partial<ElementState> = {}): ElementState => ({
  id,
  title,
  ...holding(...lines),
  steps: [open],
  ready,
  ...extra,
});

export default {
  tag: 'kyb-cart',
  states: [
    { id: 'empty', title: 'The header button, nothing in the cart', ...holding(), ready: '[part~="button"]' },
    { id: 'count', title: 'The header button with the number of items (3)', ...holding({ ...TRINITY, quantity: 2 }, BUNDLE), ready: '[part~="count"]' },
    { id: 'menu', title: 'The slide-out menu row, with the number of items', attrs: { layout: 'menu' }, ...holding(TRINITY, BUNDLE), ready: '[part~="count"]' },
    drawer('drawer-empty', 'The drawer of an empty cart', [], '[part~="empty"]'),
    drawer('drawer-one-line', 'The drawer: one line, its options in words, shipping $8', [TRINITY], '[part~="line"]'),
    drawer('drawer-deposit', 'The drawer: Jah Locs, free shipping, the deposit due today and the balance due before shipping', [JAH], '[part~="deposit"]'),
    drawer('drawer-kit', 'The drawer: a kit asks for the kit terms before Checkout', [KIT], '[part~="terms"]'),
    drawer('drawer-kit-required', 'Checkout pressed without ticking the kit terms', [KIT], '[part~="terms"] [part~="error"]', {
      steps: [open, { click: '[part~="checkout"]' }],
    }),
    drawer('drawer-member', 'The drawer, signed in: the Reward code field above Checkout', [TRINITY], '[part~="reward-code"]', { session: 'member' }),
    drawer('drawer-code-refused', "A reward code that is not the member's: refused at the field, the cart kept", [TRINITY], '[part~="reward-code"] [part~="error"]', {
      session: 'member',
      steps: [open, { fill: '[part~="reward-code"] input', value: 'KYB-000000000000' }, { click: '[part~="checkout"]' }],
      // The browser logs the function's 400, the refusal the state shows.
      expectedConsole: /status of 400|functions\/v1\/checkout/,
    }),
    drawer('drawer-digital', 'The drawer: the planner alone, no shipping; a download is one per order, so no stepper', [BUNDLE], '[part~="once"]'),
    drawer('drawer-limit', 'The drawer: a line at 10, its + disabled and the limit said under it', [{ ...TRINITY, quantity: 10 }], '[part~="limit"]'),
    drawer('drawer-mixed', 'The drawer: a mixed cart (locs, a made-to-order line and the planner)', [TRINITY, JAH, BUNDLE], '[part~="deposit"]'),
    drawer('checkout-busy', 'Checkout pressed: Opening secure checkout…', [TRINITY, BUNDLE], '[part~="checkout"]:disabled', {
      steps: [open, { click: '[part~="checkout"]' }],
      hold: ['POST /functions/v1/checkout'],
    }),
    drawer('checkout-failed', 'Checkout failed: the payment service cannot be reached; said above Checkout, the cart kept', [TRINITY], '[part~="checkout-error"]', {
      steps: [open, { click: '[part~="checkout"]' }],
      backend: 'unreachable',
      expectedConsole: /Failed to fetch|ERR_CONNECTION_REFUSED|FunctionsFetchError|functions\/v1\/checkout/,
    }),
    { id: 'page', title: 'The /cart page: lines beside the summary', attrs: { layout: 'page' }, ...holding(TRINITY, JAH), ready: '[part~="panel"] [part~="checkout"]' },
    { id: 'page-empty', title: 'The /cart page, nothing in the cart', attrs: { layout: 'page' }, ...holding(), ready: '[part~="empty"]' },
    {
      id: 'page-cancelled',
      title: "Back from Stripe's page with Cancel (?checkout=cancelled): the cart is kept",
      attrs: { layout: 'page' },
      query: { checkout: 'cancelled' },
      ...holding(JAH),
      ready: '[part~="notice"]',
    },
    {
      id: 'page-cancelled-kit',
      title: "Back from Stripe's page with Cancel, a kit in the cart: the kit terms still ticked",
      attrs: { layout: 'page' },
      query: { checkout: 'cancelled' },
      storage: { ...holding(KIT).storage, sessionStorage: { [KIT_TERMS_STORAGE_KEY]: `${CART_ID}:${KIT_TERMS.version}` } },
      ready: '[part~="terms"] input:checked',
    },
    {
      id: 'add',
      title: "Around a page's own Add to Cart button: added, the cart notification with the product, View cart (1) and Check out",
      attrs: { add: 'handmade-locs' },
      inner: '<button type="button" class="kyb-btn">Add to Cart</button>',
      // With its button inside, the loader waits for the visitor to reach for it; a stored cart (empty
      // here) has it load at once, as the stage's click needs.
      ...holding(),
      steps: [{ click: 'button' }],
      ready: '[part~="notice"]:popover-open',
    },
    {
      id: 'add-kit',
      title: 'Added to cart: the notification with a kit and all its options',
      attrs: { add: 'lock-kit', configuration: JSON.stringify(KIT.configuration) },
      inner: '<button type="button" class="kyb-btn">Add to Cart</button>',
      ...holding(JAH),
      steps: [{ click: 'button' }],
      ready: '[part~="notice"]:popover-open',
    },
  ],
} satisfies ElementStates;
