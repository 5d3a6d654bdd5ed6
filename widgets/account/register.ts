/**
 * Registers `<kyb-account>`; importing Account.tsx alone has no side effect. The tags below are the element's
 * public contract: `npm run gen:elements` turns them into custom-elements.json and what is generated from it
 * (widgets/README.md).
 *
 * My Account: profile, avatar and password (docs/accounts.md#account-page, #validation, #messages).
 *
 * @tag kyb-account
 * @attr {string} [redirect=/] - where a visitor who is not signed in is sent (after a cancelable `kyb-redirect`)
 * @event kyb-profile-updated - `{displayName, avatarUrl}` after the profile is saved
 * @event kyb-redirect - cancelable; `{to, reason: 'signed-out'}` when nobody is signed in
 * @csspart card, loading, form, avatar, button, submit, field, label, hint, error, toasts, toast
 * @reserve 24
 */
import { defineElement } from '../core/define.ts';
import { CONTROLS } from '../core/controls.ts';
import { Account } from './Account.tsx';
import css from './styles.css?sheet';

await defineElement('kyb-account', Account, { props: { redirect: 'string' }, css, commonCss: CONTROLS });
