/**
 * Registers `<kyb-waitlist>`; importing Waitlist.tsx alone has no side effect. The tags below are the element's
 * public contract: `npm run gen:elements` turns them into custom-elements.json and what is generated from it
 * (widgets/README.md).
 *
 * DIY kit waiting list (docs/catalog.md#products-page, #states, #messages).
 *
 * @tag kyb-waitlist
 * @attr {string} [source-page] - recorded with the signup (default: `location.pathname`)
 * @event kyb-subscribed - `{email, waitingList: true, message}` once on the list
 * @csspart base, joined, form, button, submit, field, label, hint, error, toasts, toast
 * @reserve 7
 */
import { defineElement } from '../core/define.ts';
import { CONTROLS } from '../core/controls.ts';
import { Waitlist } from './Waitlist.tsx';
import css from './styles.css?sheet';

await defineElement('kyb-waitlist', Waitlist, { props: { sourcePage: 'string' }, css, commonCss: CONTROLS });
