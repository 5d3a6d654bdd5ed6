/**
 * Registers `<kyb-inbox-count>`; importing InboxCount.tsx alone has no side effect. The tags below are the
 * element's public contract: `npm run gen:elements` turns them into custom-elements.json and what is generated
 * from it (widgets/README.md).
 *
 * A count beside an admin nav link (admins only; nothing for anyone else): the new inbox items ("N new")
 * beside Inbox, the orders that need action ("N need action") beside Orders, or the rewards issued and not
 * seen yet ("N new") beside Rewards. Recounts on `kyb-inbox-change`, `kyb-order-change` and `kyb-rewards-change`.
 *
 * @tag kyb-inbox-count
 * @attr {'inbox' | 'orders' | 'rewards'} [of=inbox] - what is counted: new inbox items, orders that need action, or new rewards issued
 * @csspart count
 * @reserve display:inline
 */
import { defineElement } from '../core/define.ts';
import { InboxCount } from './InboxCount.tsx';
import css from './styles.css?sheet';

await defineElement('kyb-inbox-count', InboxCount, { props: { of: 'string' }, css });
