/**
 * Registers `<kyb-sticky-bar>`; importing StickyBar.tsx alone has no side effect. The tags below are the
 * element's public contract: `npm run gen:elements` turns them into custom-elements.json and what is generated
 * from it (widgets/README.md).
 *
 * Shows its light DOM once the page is scrolled past the threshold; sets `--kyb-sticky-bar-height` on `<html>`
 * so the page can keep its end and floating buttons clear of it.
 *
 * @tag kyb-sticky-bar
 * @attr {number} [threshold=300] - scroll distance in px
 * @slot - the bar's content
 * @csspart bar
 * @reserve display:none
 * @load now
 */
import { defineElement } from '../core/define.ts';
import { StickyBar } from './StickyBar.tsx';
import css from './styles.css?sheet';

await defineElement('kyb-sticky-bar', StickyBar, { props: { threshold: 'number' }, css });
