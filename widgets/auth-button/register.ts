/**
 * Registers `<kyb-auth-button>`; importing AuthButton.tsx alone has no side effect. The tags below are the
 * element's public contract: `npm run gen:elements` turns them into custom-elements.json and what is generated
 * from it (widgets/README.md).
 *
 * Header sign-in button and dialog; signed in, the account link (docs/pages.md#shared-layout, docs/accounts.md#sign-in-dialog).
 *
 * @tag kyb-auth-button
 * @attr {string} [account-path=/account] - My Account link, on the site origin
 * @attr {'bar' | 'menu'} [layout=bar] - `bar`: one row for a header (alone in a narrow column the
 *   greeting takes a line above the buttons); `menu`: stacked, full width, for a slide-out menu
 * @event kyb-request-sign-in - `{}` (sign in) when its fallback link was clicked before the code arrived
 *   (the loader dispatches it once the code has run); it also listens for this event from any element
 * @csspart account-icon, placeholder, signed-in, greeting, actions, account-link, account-label, button, sign-out,
 *   sign-in, base, close, title, tabs, panel, form, sign-in-form, submit, forgot, resend, sign-up-form,
 *   forgot-form, back, new-password-form, tab, tab-selected, field, label, hint, error, toasts, toast, dialog
 * @reserve display:inline-block;min-height:44px;min-width:6rem
 * @load on-request kyb-request-sign-in
 */
import { defineElement } from '../core/define.ts';
import { CONTROLS } from '../core/controls.ts';
import { AuthButton } from './AuthButton.tsx';
import { listenForSignInRequests } from './requests.ts';
import css from './styles.css?sheet';

// Before the element is defined: the loader dispatches a request that came before this code as soon as
// the module has run, and the define below upgrades the buttons synchronously.
listenForSignInRequests();
await defineElement('kyb-auth-button', AuthButton, { props: { accountPath: 'string', layout: 'string' }, css, commonCss: CONTROLS });
