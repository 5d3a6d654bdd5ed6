/** Registers <kyb-review-moderation>. Importing ReviewModeration.tsx alone has no side effect. */
import { defineElement } from '../core/define.ts';
import { ReviewModeration } from './ReviewModeration.tsx';
import css from './styles.css?inline';

defineElement('kyb-review-moderation', ReviewModeration, { css });
