import { defineElement } from '../core/define.ts';
import { NotFound } from './NotFound.tsx';
import css from './styles.css?inline';

defineElement('kyb-not-found', NotFound, { css });
