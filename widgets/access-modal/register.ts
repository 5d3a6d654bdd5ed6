/**
 * Registers `<kyb-access-modal>`; importing AccessModal.tsx alone has no side effect. The tags below are the
 * element's public contract: `npm run gen:elements` turns them into custom-elements.json and what is generated
 * from it (widgets/README.md).
 *
 * Get Early Access button and modal: beta access or notify me (docs/tools.md#access-modal).
 *
 * @tag kyb-access-modal
 * @attr {string} [label=Get Early Access] - the trigger button's text
 * @event kyb-lead-submitted - `{kind}` once the request is stored
 * @event kyb-redirect - cancelable; `{to, reason: 'beta-access'}` before it sends a beta requester to the beta
 *   page
 * @csspart base, trigger, close, title, choice, success, form, button, back, submit, option, field, label, hint,
 *   error, toasts, toast, dialog
 * @reserve display:inline-block;min-height:44px
 */
import { defineElement } from '../core/define.ts';
import { CONTROLS } from '../core/controls.ts';
import { AccessModal } from './AccessModal.tsx';
import css from './styles.css?sheet';

await defineElement('kyb-access-modal', AccessModal, { props: { label: 'string' }, css, commonCss: CONTROLS });
