/**
 * Registers `<kyb-embed-builder>`; importing EmbedBuilder.tsx alone has no side effect. The tags below are the
 * element's public contract: `npm run gen:elements` turns them into custom-elements.json and what is generated
 * from it (widgets/README.md).
 *
 * The embed builder (admins only; docs/admin.md#embed-builder, docs/embedding.md): pick a public element,
 * set its attributes and look, preview it at phone and desktop width, and copy it as a script tag, an
 * iframe or a plain link; below it, the click counts of the /links page.
 *
 * @tag kyb-embed-builder
 * @event kyb-request-sign-in - `{tab: 'sign-in'}` when a signed-out visitor presses Sign in (the page's
 *   kyb-auth-button opens its dialog)
 * @csspart root, loading, denied, sign-in, heading, elements, element, attributes, look, contrast, previews,
 *   preview, frame, forms, form, note, code, button, copy, copy-status, open, clicks, clicks-table, days
 * @reserve 251px 322:212px 428:185px
 */
import { defineElement } from '../core/define.ts';
import { CONTROLS } from '../core/controls.ts';
import { EmbedBuilder } from './EmbedBuilder.tsx';
import css from './styles.css?sheet';

await defineElement('kyb-embed-builder', EmbedBuilder, { css, commonCss: CONTROLS });
