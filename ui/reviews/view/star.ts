/**
 * The star glyph (24×24 viewBox) of the read-only stars, the histogram's labels and the form's star
 * input, the scale's steps (1 … RATING_MAX) and a number of stars in words, each written once. Plain createElement, so this file
 * stays `.ts` beside the pure helpers of view/.
 */
import { createElement } from 'react';
import { RATING_MAX } from '../../../shared/rules/reviews.ts';

export const STAR_PATH = 'M12 2.6l2.9 5.9 6.5.95-4.7 4.6 1.1 6.5L12 17.5l-5.8 3.05 1.1-6.5-4.7-4.6 6.5-.95z';

/** 1 … RATING_MAX: one star per step of the scale. */
export const STARS: readonly number[] = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

/** "1 star", "4 stars": the histogram's rows, the star filter and the form's star choices. */
export const starCount = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;

/** One star, decorative: what a screen reader hears is the label of the control or image it sits in. */
export function Star() {
  return createElement('svg', { viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' }, createElement('path', { d: STAR_PATH }));
}
