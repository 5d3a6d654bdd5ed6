import { defineElement } from '../core/define.ts';
import { BetaGate } from './BetaGate.tsx';
import css from './styles.css?inline';

defineElement('kyb-beta-gate', BetaGate, { props: { mode: 'string' }, css });
