import { defineElement } from '../core/define.ts';
import { Vault } from './Vault.tsx';
import css from './styles.css?inline';

defineElement('kyb-vault', Vault, { props: { items: 'string' }, css });
