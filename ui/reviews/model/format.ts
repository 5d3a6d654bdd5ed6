/**
 * How a review reads, in the element, in the moderation panel and in the prerendered page alike: the
 * summary, ratings, dates and the badges shown with a review (docs/reviews.md#reviews-section). Pure: no
 * DOM, no network.
 */
import { RATING_MAX } from '../../../shared/rules/reviews.ts';

/**
 * What labels the brand's public reply under a review (issue #10), live and prerendered. Worded in
 * the shared rules (the brand named there as in its other messages), not built from BUSINESS.name:
 * that would add the business-details chunk to what a product page loads before its reviews show.
 */
export { REVIEW_REPLY_LABEL as REPLY_LABEL } from '../../../shared/rules/reviews.ts';

/** The badge of a review whose author bought the product (docs/reviews.md#reviews-section). */
export const VERIFIED_LABEL = 'Verified Purchase';

/**
 * The time zone of dates written into prerendered HTML. The browser shows dates in the visitor's own
 * zone; a page built once for everyone needs one fixed zone, or the same review would read as a
 * different day depending on the machine that built it (docs/reviews.md#reviews-section).
 */
export const PRERENDER_TIME_ZONE = 'America/New_York';

/** Average rounded to 1 decimal (docs/limits.md), shown with one decimal; null when there are no ratings. */
export function formatAverage(average: number | null | undefined): string | null {
  if (average == null || !Number.isFinite(average)) return null;
  return (Math.round(average * 10) / 10).toFixed(1);
}

/** Mean of the ratings rounded to 1 decimal, for a histogram like review_feed's summary. */
export function averageOf(histogram: Partial<Record<string, number>>): number | null {
  let count = 0;
  let sum = 0;
  for (let star = 1; star <= RATING_MAX; star++) {
    const n = histogram[String(star)] ?? 0;
    count += n;
    sum += n * star;
  }
  return count ? Math.round((sum / count) * 10) / 10 : null;
}

/** "N review(s)". */
export function reviewCount(count: number): string {
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}

/** "Based on N review(s)" (docs/reviews.md#reviews-section). */
export function basedOn(count: number): string {
  return `Based on ${reviewCount(count)}`;
}

export function ratingLabel(rating: number): string {
  return `Rated ${rating} out of ${RATING_MAX}`;
}

/**
 * US English long form: year, full month, day (docs/reviews.md#reviews-section), in `timeZone`, or the
 * visitor's own when none is given (PRERENDER_TIME_ZONE for built pages). '' for an unreadable date.
 */
export function formatReviewDate(iso: string, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', ...(timeZone ? { timeZone } : {}) });
}

/** Share of a histogram bar, 0..100, for its width. */
export function barPercent(n: number, count: number): number {
  return count > 0 ? Math.round((n / count) * 100) : 0;
}
