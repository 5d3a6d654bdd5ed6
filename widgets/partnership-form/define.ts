import { defineElement } from '../core/define.ts';
import { PartnershipForm } from './PartnershipForm.tsx';
import css from './styles.css?inline';

defineElement('kyb-partnership-form', PartnershipForm, { css });
