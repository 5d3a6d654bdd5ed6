import { defineElement } from '../core/define.ts';
import { AccessModal } from './AccessModal.tsx';
import css from './styles.css?inline';

defineElement('kyb-access-modal', AccessModal, { props: { label: 'string' }, css });
