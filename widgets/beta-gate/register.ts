/**
 * Registers `<kyb-beta-gate>`; importing BetaGate.tsx alone has no side effect. The tags below are the element's
 * public contract: `npm run gen:elements` turns them into custom-elements.json and what is generated from it
 * (widgets/README.md).
 *
 * Beta password gate and request form; unlocked, the beta tools. Opened with `?request=sent` (where
 * kyb-access-modal sends a beta requester) it shows the request's thank-you, not the password prompt.
 *
 * @tag kyb-beta-gate
 * @attr {'gate' | 'tools'} [mode=gate] - `tools` shows the tools list to a visitor who already unlocked it
 * @event kyb-beta-unlocked - `{}` when the beta password is accepted (and on load when already unlocked)
 * @event kyb-lead-submitted - `{kind}` when a beta request is stored
 * @csspart base, unlocked, welcome, card, title, form, button, submit, request-link, success, back,
 *   request-form, tools, tool, tool-link, community, field, label, hint, error, toasts, toast
 * @reserve 20
 */
import { defineElement } from '../core/define.ts';
import { CONTROLS } from '../core/controls.ts';
import { BetaGate } from './BetaGate.tsx';
import css from './styles.css?sheet';

await defineElement('kyb-beta-gate', BetaGate, { props: { mode: 'string' }, css, commonCss: CONTROLS });
