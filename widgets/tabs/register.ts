/**
 * Registers `<kyb-tabs>`; importing Tabs.tsx alone has no side effect. The tags below are the element's public
 * contract: `npm run gen:elements` turns them into custom-elements.json and what is generated from it
 * (widgets/README.md).
 *
 * WAI-ARIA tabs over its light DOM: a `[data-tabs]` list of `#id` links and the sections they name (arrow keys,
 * Home/End, one panel shown); without JavaScript the links jump to sections that all show.
 *
 * @tag kyb-tabs
 * @slot - the `[data-tabs]` list and the sections
 */
import { defineElement } from '../core/define.ts';
import { Tabs } from './Tabs.tsx';
import css from './styles.css?sheet';

await defineElement('kyb-tabs', Tabs, { css });
