/** Registers <kyb-loc-configurator product="…">. Importing LocConfigurator.tsx alone has no side effect. */
import { defineElement } from '../core/define.ts';
import { LocConfigurator } from './LocConfigurator.tsx';
import css from './loc-configurator.css?inline';

defineElement('kyb-loc-configurator', LocConfigurator, { props: { product: 'string' }, css });
