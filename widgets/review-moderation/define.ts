/** Registers <kyb-review-moderation>. Importing ReviewModeration.tsx alone has no side effect. */
import { defineElement } from '../core/define.ts';
import { ReviewModeration } from './ReviewModeration.tsx';
import replyCss from '../reviews/reply.css?inline';
import css from './styles.css?inline';

defineElement('kyb-review-moderation', ReviewModeration, { css: css + replyCss });

export {};
