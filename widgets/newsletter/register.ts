/**
 * Registers `<kyb-newsletter>`; importing Newsletter.tsx alone has no side effect. The tags below are the
 * element's public contract: `npm run gen:elements` turns them into custom-elements.json and what is generated
 * from it (widgets/README.md).
 *
 * Newsletter signup card (docs/newsletter-and-leads.md#newsletter-card, #validation, #messages).
 *
 * @tag kyb-newsletter
 * @attr {string} [source-page] - recorded with the subscription (default: `location.pathname`)
 * @event kyb-subscribed - `{email, waitingList: false, message}` once subscribed
 * @csspart card, intro, success, button, again, form, consent, privacy-link, error, submit, field, label, hint,
 *   toasts, toast
 * @reserve 572px 379:521px 768:477px 1280:484px
 */
import { defineElement } from '../core/define.ts';
import { CONTROLS } from '../core/controls.ts';
import { Newsletter } from './Newsletter.tsx';
import css from './styles.css?sheet';

await defineElement('kyb-newsletter', Newsletter, { props: { sourcePage: 'string' }, css, commonCss: CONTROLS });
