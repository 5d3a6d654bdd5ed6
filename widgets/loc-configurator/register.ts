/**
 * Registers `<kyb-loc-configurator>`; importing LocConfigurator.tsx alone has no side effect. The tags below are
 * the element's public contract: `npm run gen:elements` turns them into custom-elements.json and what is
 * generated from it (widgets/README.md).
 *
 * Loc pickers and live price for one product (docs/catalog.md#product-detail-pages, #limits).
 *
 * @tag kyb-loc-configurator
 * @attr {'trinity-locs' | 'irie-locs' | 'jah-locs' | 'diy-kit' | 'lock-kit'} product - the product configured
 * @attr {'true'} on-sale - a Coming Soon product the admin's launch switch has put on sale: Add to Cart instead of the waiting list
 * @event kyb-price-change - `{product, price, currency: 'USD', configuration}` on load and on each change
 * @event kyb-request-cart - `{add: {product, configuration}}` on Add to Cart: the page's kyb-cart adds that line
 * @csspart error, root, heading, summary, price, breakdown, actions, notify, add-to-cart, consult, copy, group, option,
 *   swatch, table, note
 * @reserve 36
 */
import { defineElement } from '../core/define.ts';
import { CONTROLS } from '../core/controls.ts';
import { LocConfigurator } from './LocConfigurator.tsx';
import css from './loc-configurator.css?sheet';

await defineElement('kyb-loc-configurator', LocConfigurator, { props: { product: 'string', onSale: 'string' }, css, commonCss: CONTROLS });
