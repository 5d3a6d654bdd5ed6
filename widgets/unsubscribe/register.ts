/**
 * Registers `<kyb-unsubscribe>`; importing Unsubscribe.tsx alone has no side effect. The tags below are the
 * element's public contract: `npm run gen:elements` turns them into custom-elements.json and what is generated
 * from it (widgets/README.md).
 *
 * Unsubscribe link landing: confirms with one button press.
 *
 * @tag kyb-unsubscribe
 * @attr {string} [token] - the unsubscribe token (default: `?token=` of the page URL)
 * @csspart card, result, done, title, text, button, home, invalid, mailto, confirm, intro, submit, error, field,
 *   label, hint, toasts, toast
 * @reserve 265px 362:213px 422:187px
 */
import { defineElement } from '../core/define.ts';
import { CONTROLS } from '../core/controls.ts';
import { Unsubscribe } from './Unsubscribe.tsx';
import css from './styles.css?sheet';

await defineElement('kyb-unsubscribe', Unsubscribe, { props: { token: 'string' }, css, commonCss: CONTROLS });
