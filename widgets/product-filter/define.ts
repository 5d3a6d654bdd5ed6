import { defineElement } from '../core/define.ts';
import { ProductFilter } from './ProductFilter.tsx';
import css from './styles.css?inline';

defineElement('kyb-product-filter', ProductFilter, { css });
