import { defineElement } from '../core/define.ts';
import { Unsubscribe } from './Unsubscribe.tsx';
import css from './styles.css?inline';

defineElement('kyb-unsubscribe', Unsubscribe, { props: { token: 'string' }, css });
