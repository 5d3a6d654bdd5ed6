import { defineElement } from '../core/define.ts';
import { Tabs } from './Tabs.tsx';
import css from './styles.css?inline';

defineElement('kyb-tabs', Tabs, { css });
