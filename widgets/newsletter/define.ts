import { defineElement } from '../core/define.ts';
import { Newsletter } from './Newsletter.tsx';
import css from './styles.css?inline';

defineElement('kyb-newsletter', Newsletter, { props: { sourcePage: 'string' }, css });
