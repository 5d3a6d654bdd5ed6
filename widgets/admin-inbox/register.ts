/**
 * Registers `<kyb-admin-inbox>`; importing AdminInbox.tsx alone has no side effect. The tags below are the
 * element's public contract: `npm run gen:elements` turns them into custom-elements.json and what is generated
 * from it (widgets/README.md).
 *
 * Admin inbox: every lead and subscriber, newest first, with kind and status filters, search, details, triage
 * and CSV export (admins only).
 *
 * @tag kyb-admin-inbox
 * @event kyb-inbox-change - `{id, status: 'new' | 'handled' | 'archived'}` after an item's new status is stored
 * @csspart heading, search, filters, tabs, tab, export, list, item, kind, status, summary, open, empty, load-more,
 *   details, actions, handle, archive, reopen, close, badge, dialog, root, loading, denied, sign-in
 * @event kyb-request-sign-in - `{tab: 'sign-in'}` when a signed-out visitor presses Sign in (the page's
 *   kyb-auth-button opens its dialog)
 * @reserve 251px 322:212px 428:185px
 */
import { defineElement } from '../core/define.ts';
import { CONTROLS } from '../core/controls.ts';
import { AdminInbox } from './AdminInbox.tsx';
import css from './styles.css?sheet';

await defineElement('kyb-admin-inbox', AdminInbox, { css, commonCss: CONTROLS });
