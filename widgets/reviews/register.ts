/**
 * Registers `<kyb-reviews>`; importing Reviews.tsx alone has no side effect. The tags below are the element's
 * public contract: `npm run gen:elements` turns them into custom-elements.json and what is generated from it
 * (widgets/README.md).
 *
 * Reviews of one product: summary, list, filters and the write-a-review form (docs/reviews.md#reviews-section, #review-form).
 *
 * @tag kyb-reviews
 * @attr {string} [slug=handmade-locs] - product whose approved reviews are shown and to which new reviews are
 *   written (one of REVIEW_SLUGS)
 * @attr {'form' | 'link'} [write=form] - `link`: no sign-in and no form here, but a "Write a review" link
 *   (part `write-link`) to the product's page on the site, in a new tab: for embeds (issue #22). Also
 *   where browser storage throws (a sandboxed frame), whatever the attribute says
 * @event kyb-review-submitted - `{slug, reviewId, files}` after a review and its files are stored (pending
 *   moderation: it is listed once approved)
 * @event kyb-request-sign-in - `{tab: 'sign-in'}` when a signed-out visitor asks to write a review
 *   (Sign in to write a review, Write the First Review); kyb-auth-button opens its dialog, and the form opens
 *   once the visitor is signed in
 * @csspart avatar, lightbox, review, verified, form, field, title-field, name-field, content-field,
 *   submit-button, cancel-button, pending-note, heading, write-button, write-link, sign-in-button, empty, write-first-button, filters, list,
 *   load-more, skeleton, summary, histogram, reply, label, hint, error, toasts, toast
 * @cssprop --kyb-color-star - color of the stars
 * @cssprop [--kyb-reviews-gap=1.25rem] - space between the sections
 * @cssprop [--kyb-reviews-thumb-size=80px] - media thumbnails
 * @cssprop --kyb-reviews-skeleton - color of the loading placeholders
 * @reserve 28
 */
import { defineElement } from '../core/define.ts';
import { Reviews } from './Reviews.tsx';
import css from './element.css?sheet';

await defineElement('kyb-reviews', Reviews, { props: { slug: 'string', write: 'string' }, css });
