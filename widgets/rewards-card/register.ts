/**
 * Registers `<kyb-rewards-card>`; importing RewardsCard.tsx alone has no side effect. The tags below are the
 * element's public contract: `npm run gen:elements` turns them into custom-elements.json and what is generated
 * from it (widgets/README.md).
 *
 * The signed-in member's own rewards card (docs/rewards.md#what-the-member-sees): the card filling with
 * their punches, their tier, the next reward, their codes with Copy; with `detail="full"` their upcoming
 * appointments and history too. Signed out it shows its children (/rewards' example card).
 *
 * @tag kyb-rewards-card
 * @attr {'full' | 'card'} [detail=full] - `full` (My Account): also upcoming appointments and the history of visits; `card` (/rewards): the card and its codes
 * @csspart card, loading, error, tier, next, code, code-text, button, copy, checkout, used, upcoming, upcoming-empty, manage, history, history-row, history-empty
 * @reserve 4
 */
import { defineElement } from '../core/define.ts';
import { CONTROLS } from '../core/controls.ts';
import { RewardsCard } from './RewardsCard.tsx';
import css from './styles.css?sheet';

await defineElement('kyb-rewards-card', RewardsCard, { props: { detail: 'string' }, css, commonCss: CONTROLS });
