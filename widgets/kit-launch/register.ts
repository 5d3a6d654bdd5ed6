/**
 * Registers `<kyb-kit-launch>`; importing KitLaunch.tsx alone has no side effect. The tags below are the
 * element's public contract: `npm run gen:elements` turns them into custom-elements.json and what is
 * generated from it (widgets/README.md).
 *
 * The DIY Trinity Kit's launch switch (admins only; issue #29, item 2): whether the kit is on sale, a
 * switch that puts it on sale (or off) after a confirmation, and its launch e-mails: how many went, how
 * many wait, and those that failed and will be retried.
 *
 * @tag kyb-kit-launch
 * @event kyb-kit-launch-change - `{product, onSale}` after the switch is stored
 * @csspart root, loading, denied, sign-in, heading, state, intro, waiting, switch, mails, sent, queued, failed, skipped,
 *   not-configured, status, error, retry, dialog, confirm, back
 * @reserve 251px 322:212px 428:185px
 */
import { defineElement } from '../core/define.ts';
import { CONTROLS } from '../core/controls.ts';
import { KitLaunch } from './KitLaunch.tsx';
import css from './styles.css?sheet';

await defineElement('kyb-kit-launch', KitLaunch, { css, commonCss: CONTROLS });
