import { defineElement } from '../core/define.ts';
import { MerchNotify } from './MerchNotify.tsx';
import css from './styles.css?inline';

defineElement('kyb-merch-notify', MerchNotify, { props: { item: 'string' }, css });
