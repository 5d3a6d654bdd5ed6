/**
 * Registers `<kyb-inbox-count>`; importing InboxCount.tsx alone has no side effect. The tags below are the
 * element's public contract: `npm run gen:elements` turns them into custom-elements.json and what is generated
 * from it (widgets/README.md).
 *
 * The number of new inbox items beside the admin nav's Inbox link (admins only; nothing for anyone else).
 * Recounts on `kyb-inbox-change`.
 *
 * @tag kyb-inbox-count
 * @csspart count
 * @reserve display:inline
 */
import { defineElement } from '../core/define.ts';
import { InboxCount } from './InboxCount.tsx';
import css from './styles.css?sheet';

await defineElement('kyb-inbox-count', InboxCount, { css });
