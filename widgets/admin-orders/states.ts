/**
 * kyb-admin-orders' visual states (the catalogue: widgets/core/states.ts). Data: the seeded orders
 * (supabase/seed.sql, "orders" and "orders the business runs": one in each status, KYB-1001 to
 * KYB-1012, four of them needing action) and the seeded Crown Planner files. No state changes anything:
 * the refused shipment is refused by the admin-orders function (a balance is due), as it would be.
 */
import type { ElementState, ElementStates } from '../core/states.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../shared/rules/commerce.ts';
import { ORDER_STATUS_LABEL } from '../../shared/messages.ts';

const list = { waitFor: '[part~="item"]' } as const;
const open = (status: OrderStatus) => [list, { click: `li[data-status="${status}"] [part~="open"]` }, { waitFor: `[part~="details"][data-status="${status}"]` }];

const opened = (status: OrderStatus): ElementState => ({
  id: `open-${status.replace('_', '-')}`,
  title: `An order that is ${ORDER_STATUS_LABEL[status].toLowerCase()}, opened: its details and next steps`,
  session: 'admin',
  steps: open(status),
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
    { id: 'list', title: 'The admin: every seeded order, newest first, 4 need action', session: 'admin', ready: '[part~="item"]' },
    {
      id: 'needs-action',
      title: 'Filtered to the orders that need action',
      session: 'admin',
      steps: [list, { fill: '[part~="status-filter"] select', value: 'needs-action' }, { waitFor: 'li[data-status="pending"]', gone: true }],
      ready: 'li[data-needs-action]',
    },
    {
      id: 'search-number',
      title: 'Searched by order number (KYB-1010)',
      session: 'admin',
      steps: [list, { fill: 'input[type="search"]', value: 'KYB-1010' }, { waitFor: 'li[data-status="pending"]', gone: true }],
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
      id: 'ship-form',
      title: 'Mark shipped: the carrier and tracking number form',
      session: 'admin',
      steps: [...open('ready'), { click: '[part~="step"][data-step="shipped"]' }],
      ready: '[part~="ship-form"]',
    },
    {
      id: 'ship-form-invalid',
      title: 'Mark shipped with nothing filled in: both fields required',
      session: 'admin',
      steps: [...open('ready'), { click: '[part~="step"][data-step="shipped"]' }, { click: '[part~="ship-form"] [part~="submit"]' }],
      ready: '[part~="ship-form"] [part~="error"]',
    },
    {
      id: 'ship-refused',
      title: 'Mark shipped while the balance is due: refused, with the reason',
      session: 'admin',
      steps: [
        ...open('ready'),
        { click: '[part~="step"][data-step="shipped"]' },
        { fill: '[part~="carrier-field"] select', value: 'USPS' },
        { fill: '[part~="tracking-field"] input', value: '9400111899223847560000' },
        { click: '[part~="ship-form"] [part~="submit"]' },
      ],
      ready: '[part~="refusal"]',
      expectedConsole: /status of 409/,
    },
    {
      id: 'cancel-confirm',
      title: 'Cancel order: asked first',
      session: 'admin',
      steps: [...open('deposit_paid'), { click: '[part~="step"][data-step="cancelled"]' }],
      ready: '[part~="cancel-confirm"]',
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
