import { defineElement } from '../core/define.ts';
import { StickyBar } from './StickyBar.tsx';
import css from './styles.css?inline';

defineElement('kyb-sticky-bar', StickyBar, { props: { threshold: 'number' }, css });
