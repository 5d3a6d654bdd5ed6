/**
 * Registers `<kyb-partnership-form>`; importing PartnershipForm.tsx alone has no side effect. The tags below are
 * the element's public contract: `npm run gen:elements` turns them into custom-elements.json and what is
 * generated from it (widgets/README.md).
 *
 * Partnership inquiry form.
 *
 * @tag kyb-partnership-form
 * @event kyb-lead-submitted - `{kind}` once the inquiry is stored
 * @csspart card, success, button, again, form, submit, field, label, hint, error, toasts, toast
 * @reserve 671px 550:485px
 */
import { defineElement } from '../core/define.ts';
import { CONTROLS } from '../core/controls.ts';
import { PartnershipForm } from './PartnershipForm.tsx';
import css from './styles.css?sheet';

await defineElement('kyb-partnership-form', PartnershipForm, { css, commonCss: CONTROLS });
