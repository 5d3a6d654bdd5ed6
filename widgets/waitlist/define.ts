import { defineElement } from '../core/define.ts';
import { Waitlist } from './Waitlist.tsx';
import css from './styles.css?inline';

defineElement('kyb-waitlist', Waitlist, { props: { sourcePage: 'string' }, css });
