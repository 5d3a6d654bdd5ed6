/**
 * Registers `<kyb-gallery-admin>`; importing GalleryAdmin.tsx alone has no side effect. The tags below are the
 * element's public contract: `npm run gen:elements` turns them into custom-elements.json and what is generated
 * from it (widgets/README.md).
 *
 * Planner gallery admin: upload, order, alt text, activate and delete images (admins only;
 * docs/admin.md#gallery-admin).
 *
 * @tag kyb-gallery-admin
 * @event kyb-gallery-change - `{action: 'upload' | 'update' | 'delete', id}` after each change is stored
 * @csspart heading, upload, file-input, chosen, count, list, item, preview, order, active, alt, delete, dialog, root,
 *   loading, denied, sign-in
 * @event kyb-request-sign-in - `{tab: 'sign-in'}` when a signed-out visitor presses Sign in (the page's
 *   kyb-auth-button opens its dialog)
 * @reserve 251px 322:212px 428:185px
 */
import { defineElement } from '../core/define.ts';
import { CONTROLS } from '../core/controls.ts';
import { GalleryAdmin } from './GalleryAdmin.tsx';
import css from './gallery-admin.css?sheet';

await defineElement('kyb-gallery-admin', GalleryAdmin, { css, commonCss: CONTROLS });
