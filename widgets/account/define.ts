import { defineElement } from '../core/define.ts';
import { Account } from './Account.tsx';
import css from './styles.css?inline';

defineElement('kyb-account', Account, { props: { redirect: 'string' }, css });
