/** Registers <kyb-admin-inbox>. Importing AdminInbox.tsx alone has no side effect. */
import { defineElement } from '../core/define.ts';
import { AdminInbox } from './AdminInbox.tsx';
import css from './styles.css?inline';

defineElement('kyb-admin-inbox', AdminInbox, { css });

export {};
