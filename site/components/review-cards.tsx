/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The review cards of a product page's reviews section, drawn by the one review card the elements draw
 * too (ui/reviews/ReviewCard.tsx), so a review looks and reads the same before the element upgrades, with
 * JavaScript off, and in the element: one component, no second drawing here. The card is React code
 * (ui/'s dialect: ui/README.md), so it is rendered at build time with React's server renderer (react-dom/server,
 * a dependency already) and placed in the page as HTML; site/README.md#jsx says why not preact/compat.
 * Dates in the one zone a page built for everyone can use; no media (its buttons open the element's
 * lightbox, which needs JavaScript; the card draws them only when handed `lightbox`, and the element
 * shows them once it upgrades).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ReviewCard } from '../../ui/reviews/ReviewCard.tsx';
import { type FeedReview, PRERENDER_TIME_ZONE } from '../../ui/reviews/model/index.ts';

/**
 * The card of one review, as HTML. Without its `part` attributes: they name the element's shadow parts
 * and mean nothing in the page's own markup, where the HTML checker (tests/e2e/html-validity) refuses
 * them. React escapes `"` in text, so ` part="` can only be an attribute.
 */
export const reviewCardHtml = (review: FeedReview): string =>
  renderToStaticMarkup(createElement(ReviewCard, { review, timeZone: PRERENDER_TIME_ZONE })).replace(/ part="[^"]*"/g, '');

/** The list of cards, in the feed's order. */
export function ReviewCards({ reviews }: { reviews: readonly FeedReview[] }) {
  return (
    <ol class="reviews-fallback__list">
      {reviews.map((r) => (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: React's renderer wrote this HTML, escaping the review's text as it does in the element
        <li class="reviews-fallback__item" dangerouslySetInnerHTML={{ __html: reviewCardHtml(r) }} />
      ))}
    </ol>
  );
}
