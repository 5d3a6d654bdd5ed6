/**
 * Registers `<kyb-merch-notify>`; importing MerchNotify.tsx alone has no side effect. The tags below are the
 * element's public contract: `npm run gen:elements` turns them into custom-elements.json and what is generated
 * from it (widgets/README.md).
 *
 * Coming Soon notify form for one merch item.
 *
 * @tag kyb-merch-notify
 * @attr {'tee' | 'scarf' | 'journal'} item - the item the visitor wants to hear about
 * @event kyb-lead-submitted - `{kind}` once the request is stored
 * @csspart base, success, form, input, button, submit, error, field, label, hint, toasts, toast
 * @reserve 105px 477:50px 800:105px
 */
import { defineElement } from '../core/define.ts';
import { CONTROLS } from '../core/controls.ts';
import { MerchNotify } from './MerchNotify.tsx';
import css from './styles.css?sheet';

await defineElement('kyb-merch-notify', MerchNotify, { props: { item: 'string' }, css, commonCss: CONTROLS });
