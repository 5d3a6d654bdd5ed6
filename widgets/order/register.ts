/**
 * Registers `<kyb-order>`; importing Order.tsx alone has no side effect. The tags below are the element's
 * public contract: `npm run gen:elements` turns them into custom-elements.json and what is generated from it
 * (widgets/README.md).
 *
 * The customer's orders (docs/commerce.md#order-pages): the order the page's address names (Stripe's return
 * to `/order/confirmed?session_id=…`, which confirms the payment first, or an e-mailed `/order?token=…` link),
 * or every order of the signed-in customer (My Account). A paid order offers what comes after payment: Pay balance
 * while a made-to-order balance is due, Download for the Crown Planner, and the shipment's tracking.
 *
 * @tag kyb-order
 * @attr {'address' | 'account'} [of=address] - `address`: the one order named by `session_id` or `token` in the
 *   page's address; `account`: the signed-in customer's orders, newest first (nothing when signed out)
 * @event kyb-request-cart - `{paid}` once the order is paid: the cart it was checked out from empties
 * @csspart card, loading, confirming, retry, not-found, error, receipt, title, status, meta, note, items, item,
 *   name, options, totals, address, link, cart-link, orders, heading, list, empty, toasts, toast, actions, tracking, payment,
 *   tracking-link, balance, pay-balance, downloads, download, download-file, download-refused
 * @reserve 20
 */
import { defineElement } from '../core/define.ts';
import { CONTROLS } from '../core/controls.ts';
import { Order } from './Order.tsx';
import css from './styles.css?sheet';

await defineElement('kyb-order', Order, { props: { of: 'string' }, css, commonCss: CONTROLS });
