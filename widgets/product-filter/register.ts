/**
 * Registers `<kyb-product-filter>`; importing ProductFilter.tsx alone has no side effect. The tags below are the
 * element's public contract: `npm run gen:elements` turns them into custom-elements.json and what is generated
 * from it (widgets/README.md).
 *
 * Filter and sort over the prerendered product cards in its light DOM (`data-category`, `data-price`,
 * `data-added`, `data-rank`).
 *
 * @tag kyb-product-filter
 * @slot - the product cards
 * @csspart base, controls, filter, sort, count, empty
 */
import { defineElement } from '../core/define.ts';
import { CONTROLS } from '../core/controls.ts';
import { ProductFilter } from './ProductFilter.tsx';
import css from './styles.css?sheet';

await defineElement('kyb-product-filter', ProductFilter, { css, commonCss: CONTROLS });
