/**
 * Registers `<kyb-admin-orders>`; importing AdminOrders.tsx alone has no side effect. The tags below are the
 * element's public contract: `npm run gen:elements` turns them into custom-elements.json and what is generated
 * from it (widgets/README.md).
 *
 * Admin orders: every order, newest first, with a status filter, search by name, e-mail or order number, the
 * order's details and its next steps (production, ready and the balance, shipment with tracking, delivery,
 * cancellation with its refund), refunds of each payment through Stripe and its link in Stripe's Dashboard,
 * the abandoned checkouts apart, when Stripe was last reconciled, CSV export, and the Crown Planner's
 * files (admins only; docs/admin.md#orders).
 *
 * @tag kyb-admin-orders
 * @event kyb-order-change - `{id, status}` after a step of an order is stored
 * @csspart heading, views, view, summary, filters, search, status-filter, export, status, empty, list, item, badge,
 *   open, load-more, dialog, details, sections, section, customer, items, totals, name, options, address, shipment,
 *   payments, history, mails, review-request, kit-terms, actions, step, close, refusal, ship-blocked, ship-form, field, carrier-field, tracking-field,
 *   note-field, label, error, submit, back, cancel-confirm, reason-field, confirm-cancel, keep, refund-all, payment, refund,
 *   dashboard, refund-form, amount-field, refund-confirm, confirm-refund, refund-done, done, reconcile, abandoned, abandoned-item, files, tier, file,
 *   replace, remove, placeholder, add, no-files, remove-dialog, confirm-remove, hint, root, loading, denied, sign-in
 * @event kyb-request-sign-in - `{tab: 'sign-in'}` when a signed-out visitor presses Sign in (the page's
 *   kyb-auth-button opens its dialog)
 * @reserve 251px 322:212px 428:185px
 */
import { defineElement } from '../core/define.ts';
import { CONTROLS } from '../core/controls.ts';
import { AdminOrders } from './AdminOrders.tsx';
import css from './styles.css?sheet';

await defineElement('kyb-admin-orders', AdminOrders, { css, commonCss: CONTROLS });
