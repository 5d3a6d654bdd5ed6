/**
 * kyb-order's visual states (the catalogue: widgets/core/state-types.ts): the order pages through the seeded
 * orders' links (supabase/seed.sql, "orders": /order?token=seed-order-<status>-token), the success page
 * while it confirms, and My Account's list as the seeded customer with orders.
 */
import type { ElementState, ElementStates } from '../core/state-types.ts';
import type { OrderStatus } from '../../shared/rules/commerce.ts';

const byLink = (status: OrderStatus, title: string): ElementState => ({
  id: status.replace('_', '-'),
  title,
  query: { token: `seed-order-${status.replace('_', '-')}-token` },
  ready: `[part~="receipt"][data-status="${status}"]`,
});

export default {
  tag: 'kyb-order',
  states: [
    {
      id: 'confirming',
      title: "Back from Stripe's page (?session_id=…): Confirming your payment…",
      query: { session_id: 'cs_test_seed_03' },
      hold: ['POST /functions/v1/order-status'],
      ready: '[part~="confirming"]',
    },
    {
      id: 'balance-received',
      title: 'Back from paying a balance (?session_id=…): Balance received: we ship your order soon',
      query: { session_id: 'cs_test_seed_10b' },
      ready: '[part~="payment"]',
    },
    byLink('paid', 'Paid: the receipt, shipping $8, the shipping address'),
    byLink('deposit_paid', 'Deposit paid: the deposit paid and the balance due before shipping'),
    byLink('processing', 'Payment processing (a bank payment that clears later)'),
    byLink('pending', 'Awaiting payment (a checkout not finished)'),
    byLink('payment_failed', 'Payment failed: nothing charged, back to the cart'),
    byLink('expired', 'Checkout expired: nothing charged, back to the cart'),
    byLink('refunded', 'Refunded: no Download any more'),
    byLink('in_production', 'In production: Pay balance, before it is due'),
    byLink('ready', 'Ready, the balance requested: Pay balance'),
    byLink('shipped', 'Shipped: the carrier, the tracking number and its link; Download for the planner in it'),
    byLink('delivered', 'Delivered, with its tracking'),
    byLink('cancelled', 'Cancelled'),
    {
      id: 'reward',
      title: 'Paid with a reward code (KYB-1018): the Reward line under the subtotal, before the shipping',
      query: { token: 'seed-order-reward-token' },
      ready: '[part~="receipt"][data-status="shipped"]',
    },
    {
      id: 'downloads',
      title: "The planner bundle's files after Download: each fetched afresh when pressed",
      query: { token: 'seed-order-paid-token' },
      steps: [{ click: '[part~="download"]' }],
      ready: '[part~="download-file"]',
    },
    {
      id: 'not-found',
      title: 'A link that names no order',
      query: { token: 'no-such-order-token-0000' },
      ready: '[part~="not-found"]',
      expectedConsole: /status of 404/,
    },
    {
      id: 'load-failed',
      title: 'The order cannot be read (no answer): Try again',
      query: { token: 'seed-order-paid-token' },
      backend: 'unreachable',
      ready: '[part~="error"]',
      expectedConsole: /Failed to fetch|ERR_CONNECTION_REFUSED|order-status/,
    },
    {
      id: 'account',
      title: "My Account: the signed-in customer's orders, newest first (the first paid with a reward code)",
      attrs: { of: 'account' },
      session: 'customer',
      ready: '[part~="list"]',
    },
    { id: 'account-empty', title: 'My Account: no orders yet', attrs: { of: 'account' }, session: 'member', ready: '[part~="empty"]' },
    {
      id: 'account-loading',
      title: 'My Account: the orders on their way',
      attrs: { of: 'account' },
      session: 'customer',
      hold: ['GET /rest/v1/orders'],
      ready: '[part~="orders"][aria-busy="true"]',
    },
  ],
} satisfies ElementStates;
