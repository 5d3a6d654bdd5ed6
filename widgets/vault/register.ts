/**
 * Registers `<kyb-vault>`; importing Vault.tsx alone has no side effect. The tags below are the element's public
 * contract: `npm run gen:elements` turns them into custom-elements.json and what is generated from it
 * (widgets/README.md).
 *
 * Free downloads with an e-mail opt-in.
 *
 * @tag kyb-vault
 * @attr {string} [items] - JSON list of downloads (default: the three Vault files)
 * @event kyb-lead-submitted - `{kind}` once the opt-in is stored
 * @csspart base, grid, card, type, title, done, download-again, form, button, submit, field, label, hint, error,
 *   toasts, toast
 * @reserve 1169px 390:1114px 768:736px 1280:358px
 */
import { defineElement } from '../core/define.ts';
import { CONTROLS } from '../core/controls.ts';
import { Vault } from './Vault.tsx';
import css from './styles.css?sheet';

await defineElement('kyb-vault', Vault, { props: { items: 'string' }, css, commonCss: CONTROLS });
