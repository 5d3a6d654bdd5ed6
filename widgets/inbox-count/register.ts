/**
 * Registers `<kyb-inbox-count>`; importing InboxCount.tsx alone has no side effect. The tags below are the
 * element's public contract: `npm run gen:elements` turns them into custom-elements.json and what is generated
 * from it (widgets/README.md).
 *
 * A count beside an admin nav link (admins only; nothing for anyone else): the new inbox items ("N new")
 * beside Inbox, or the orders that need action ("N need action") beside Orders. Recounts on
 * `kyb-inbox-change` and `kyb-order-change`.
 *
 * @tag kyb-inbox-count
 * @attr {'inbox' | 'orders'} [of=inbox] - what is counted: new inbox items, or orders that need action
 * @csspart count
 * @reserve display:inline
 */
import { defineElement } from '../core/define.ts';
import { InboxCount } from './InboxCount.tsx';
import css from './styles.css?sheet';

await defineElement('kyb-inbox-count', InboxCount, { props: { of: 'string' }, css });
