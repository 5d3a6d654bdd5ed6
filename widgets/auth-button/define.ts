import { defineElement } from '../core/define.ts';
import { AuthButton } from './AuthButton.tsx';
import css from './styles.css?inline';

defineElement('kyb-auth-button', AuthButton, { props: { accountPath: 'string', layout: 'string' }, css });
