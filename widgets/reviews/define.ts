/**
 * Registers `<kyb-reviews>`. Importing Reviews.tsx alone has no side effect.
 *
 * @attr slug - product whose approved reviews are shown and to which new reviews are written
 *   (one of REVIEW_SLUGS; default `handmade-locs`).
 * @event kyb-review-submitted - `{slug, reviewId, files}` after a review and its files are stored
 *   (pending moderation: it is listed once approved).
 * @event kyb-request-sign-in - `{tab: 'sign-in'}` when a signed-out visitor asks to write a review;
 *   kyb-auth-button opens its dialog.
 * @csspart heading, summary, histogram, filters, list, review, avatar, verified, reply, load-more, skeleton,
 *   empty, write-button, write-first-button, pending-note, form, title-field, name-field,
 *   content-field, submit-button, cancel-button, lightbox, toasts, toast
 * @cssproperty --kyb-color-* / --kyb-radius / --kyb-font-family / --kyb-heading-font-family /
 *   --kyb-focus-ring - shared tokens (widgets/core/tokens.css); --kyb-color-star colours the stars.
 * @cssproperty --kyb-reviews-gap - space between the sections (1.25rem).
 * @cssproperty --kyb-reviews-thumb-size - media thumbnails (80px).
 * @cssproperty --kyb-reviews-skeleton - colour of the loading placeholders.
 */
import { defineElement } from '../core/define.ts';
import { Reviews } from './Reviews.tsx';
import replyCss from './reply.css?inline';
import css from './styles.css?inline';

defineElement('kyb-reviews', Reviews, { props: { slug: 'string' }, css: css + replyCss });

export {};
