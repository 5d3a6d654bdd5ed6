/**
 * Registers `<kyb-admin-rewards>`; importing AdminRewards.tsx alone has no side effect. The tags below are the
 * element's public contract: `npm run gen:elements` turns them into custom-elements.json and what is
 * generated from it (widgets/README.md).
 *
 * The rewards cards (admins only; issue #31, item 5): the new rewards issued, with Mark as seen; the members
 * by visits and tier; each member's history of punches, and a correction (add a punch or take one back,
 * with a reason) that the database records with the admin who made it.
 *
 * @tag kyb-admin-rewards
 * @event kyb-rewards-change - on document, after a correction or a mark as seen (the admin nav recounts)
 * @csspart root, loading, denied, sign-in, error, retry, new, new-reward, seen, status, members, member, history-toggle,
 *   member-card, codes, member-code, adjust, save, adjust-status
 * @reserve 251px 322:212px 428:185px
 */
import { defineElement } from '../core/define.ts';
import { CONTROLS } from '../core/controls.ts';
import { AdminRewards } from './AdminRewards.tsx';
import css from './styles.css?sheet';

await defineElement('kyb-admin-rewards', AdminRewards, { css, commonCss: CONTROLS });
