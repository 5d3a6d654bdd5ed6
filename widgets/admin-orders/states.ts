/**
 * kyb-admin-orders' visual states (the catalogue: widgets/core/state-types.ts). Data: the seeded orders
 * (supabase/seed.sql, "orders" and "orders the business runs": one in each status, KYB-1001 to
 * KYB-1017, five of them needing action, and "rewards": KYB-1018, shipped, paid with a reward code; the unpaid ones, awaiting payment and expired, are Abandoned
 * checkouts), the seeded reconcile run and the seeded Crown Planner files. No state changes anything:
 * the refund states stop at the question (a seeded payment exists at no Stripe; the refund itself is
 * tested against the local Stripe in tests/browser/admin-orders-refunds.test.ts).
 */
import type { ElementState, ElementStates } from '../core/state-types.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../shared/rules/commerce.ts';
import { ORDER_STATUS_LABEL } from '../../shared/messages.ts';

const list = { waitFor: '[part~="item"]' } as const;
/**
 * Unpaid orders are listed under Abandoned checkouts, never among the orders: the seeded ones in these
 * statuses never had a payment processing or paid, so they have no number (supabase/seed.sql).
 */
const UNPAID: readonly OrderStatus[] = ['pending', 'expired', 'payment_failed'];
const abandonedView = [{ click: '[part~="view"][data-view="abandoned"]' }, { waitFor: '[part~="abandoned-item"]' }] as const;
/** Opens the first listed order in `status`, or the one numbered `number` (two seeded orders are ready). */
const open = (status: OrderStatus, number?: number) => [
  ...(UNPAID.includes(status) ? abandonedView : [list]),
  { click: `li[data-status="${status}"]${number ? `[data-number="${number}"]` : ''} [part~="open"]` },
  { waitFor: `[part~="details"][data-status="${status}"]` },
];
/** KYB-1009, ready with its balance requested; KYB-1017, ready and paid in full (supabase/seed.sql). */
const READY_BALANCE_DUE = 1009;
const READY_PAID = 1017;
/** KYB-1001, paid; KYB-1010, shipped with a deposit and a balance; KYB-1018, shipped, paid with a reward code. */
const PAID = 1001;
const SHIPPED = 1010;
const REWARD = 1018;
/** The order each `open-<status>` state opens where the seed has two in that status. */
const OPENED: Partial<Record<OrderStatus, number>> = { ready: READY_BALANCE_DUE, paid: PAID, shipped: SHIPPED };
/** The seeded deposit order (KYB-1002, $198 paid), its deposit's Refund pressed. */
const refundForm = [
  ...open('deposit_paid'),
  { waitFor: '[part~="payment"] [part~="refund"]' },
  { click: '[part~="payment"] [part~="refund"]' },
  { waitFor: '[part~="refund-form"]' },
];

const opened = (status: OrderStatus): ElementState => ({
  id: `open-${status.replace('_', '-')}`,
  title: `An order that is ${ORDER_STATUS_LABEL[status].toLowerCase()}, opened: its details and next steps`,
  session: 'admin',
  steps: open(status, OPENED[status]),
  ready: `[part~="details"][data-status="${status}"]`,
});

export default {
  tag: 'kyb-admin-orders',
  states: [
    { id: 'signed-out', title: 'Signed out: access denied', ready: '[part~="denied"]' },
    { id: 'member', title: 'A member who is not the admin: access denied', session: 'member', ready: '[part~="denied"]' },
    {
      id: 'loading',
      title: 'The admin, the orders on their way: Loading orders…',
      session: 'admin',
      hold: ['GET /rest/v1/orders'],
      ready: '[aria-busy="true"] [part~="status"]',
    },
    { id: 'list', title: 'The admin: every seeded order, newest first (KYB-1018, paid with a reward code), 5 need action', session: 'admin', ready: '[part~="item"]' },
    {
      id: 'needs-action',
      title: 'Filtered to the orders that need action',
      session: 'admin',
      steps: [list, { fill: '[part~="status-filter"] select', value: 'needs-action' }, { waitFor: 'li[data-status="delivered"]', gone: true }],
      ready: 'li[data-needs-action]',
    },
    {
      id: 'search-number',
      title: 'Searched by order number (KYB-1010)',
      session: 'admin',
      steps: [list, { fill: 'input[type="search"]', value: 'KYB-1010' }, { waitFor: 'li[data-number="1011"]', gone: true }],
      ready: 'li[data-number="1010"]',
    },
    {
      id: 'no-match',
      title: 'A search nothing matches',
      session: 'admin',
      steps: [list, { fill: 'input[type="search"]', value: 'nobody-by-this-name' }, { waitFor: '[part~="item"]', gone: true }],
      ready: '[part~="empty"]',
    },
    ...ORDER_STATUSES.map(opened),
    {
      // KYB-1009 is ready with its balance due: Mark shipped is disabled, with the reason (issue #29).
      id: 'ship-blocked',
      title: 'Mark shipped while the balance is due: disabled, with the reason',
      session: 'admin',
      steps: open('ready', READY_BALANCE_DUE),
      ready: '[part~="ship-blocked"]',
    },
    {
      id: 'ship-form',
      title: 'An order paid in full and ready (KYB-1017): the shipment form, carrier and tracking number, and Mark shipped',
      session: 'admin',
      steps: [...open('ready', READY_PAID), { click: '[part~="step"][data-step="shipped"]' }],
      ready: '[part~="ship-form"]',
    },
    {
      id: 'cancel-confirm',
      title: 'Cancel order: asked first',
      session: 'admin',
      steps: [...open('deposit_paid'), { click: '[part~="step"][data-step="cancelled"]' }],
      ready: '[part~="cancel-confirm"]',
    },
    {
      id: 'cancel-refund',
      title: 'Cancel order on a paid order: Refund what was paid ($198.00), ticked',
      session: 'admin',
      steps: [...open('deposit_paid'), { click: '[part~="step"][data-step="cancelled"]' }],
      ready: '[part~="cancel-confirm"] [part~="refund-all"] input:checked',
    },
    {
      id: 'open-reward',
      title: 'An order paid with a reward code (KYB-1018), opened: the Reward line under the subtotal, and its payment as Stripe charged it',
      session: 'admin',
      steps: [...open('shipped', REWARD), { waitFor: '[part~="payment"]' }],
      ready: '[part~="details"][data-status="shipped"] [part~="totals"]',
    },
    {
      id: 'reconcile-line',
      title: 'The orders with the reconcile line: when Stripe was last checked, and what it repaired',
      session: 'admin',
      ready: '[part~="reconcile"]',
    },
    {
      id: 'abandoned',
      title: 'Abandoned checkouts: unpaid checkouts, apart from the orders, with items, e-mail and when they closed',
      session: 'admin',
      steps: [list, ...abandonedView],
      ready: '[part~="abandoned-item"]',
    },
    {
      id: 'payments-stripe',
      title: 'An order opened: each payment with View in Stripe, and Refund while something is left',
      session: 'admin',
      steps: [...open('shipped', SHIPPED), { waitFor: '[part~="payment"] [part~="dashboard"]' }, { scrollTo: '[part~="payment"]', at: 'center' }],
      ready: '[part~="payment"] [part~="refund"]',
    },
    {
      id: 'refund-form',
      title: 'Refund the deposit: the amount (what is left) and a reason',
      session: 'admin',
      steps: refundForm,
      ready: '[part~="refund-form"]',
    },
    {
      id: 'refund-invalid',
      title: 'Refund more than is left, with no reason: both refused in place',
      session: 'admin',
      steps: [...refundForm, { fill: '[part~="amount-field"] input', value: '500' }, { click: '[part~="refund-form"] [part~="submit"]' }],
      ready: '[part~="refund-form"] [part~="error"]',
    },
    {
      id: 'refund-confirm',
      title: "Refund confirmation: Refund $45.00 of the deposit to the customer's card?",
      session: 'admin',
      steps: [
        ...refundForm,
        { fill: '[part~="amount-field"] input', value: '45' },
        { fill: '[part~="refund-form"] [part~="reason-field"] input', value: 'Shorter length than ordered' },
        { click: '[part~="refund-form"] [part~="submit"]' },
      ],
      ready: '[part~="refund-confirm"]',
    },
    {
      id: 'files',
      title: 'Planner files: each tier with its files',
      session: 'admin',
      steps: [{ click: '[part~="view"][data-view="files"]' }],
      ready: '[part~="tier"] [part~="file"]',
    },
    {
      id: 'file-remove',
      title: 'Planner files: removing a file asks first',
      session: 'admin',
      steps: [{ click: '[part~="view"][data-view="files"]' }, { click: '[part~="tier"] [part~="remove"]' }],
      ready: '[part~="remove-dialog"][open]',
    },
  ],
} satisfies ElementStates;
