/** Registers <kyb-inbox-count>. Importing InboxCount.tsx alone has no side effect. */
import { defineElement } from '../core/define.ts';
import { InboxCount } from './InboxCount.tsx';
import css from './styles.css?inline';

defineElement('kyb-inbox-count', InboxCount, { css });

export {};
