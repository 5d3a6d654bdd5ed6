/** Star rating display, with partial fill for averages. The 5-star input is in StarInput.tsx (form only). */
import { RATING_MAX } from '../../../shared/rules/reviews.ts';
import { STARS, Star } from './star.ts';

/**
 * Read-only stars; `label` is what assistive technology reads (e.g. "Rated 4 out of 5"). A whole number
 * of stars (a review's rating) is filled by a class (`rv-stars__fill--4`), not a style attribute: the
 * prerendered pages draw review cards with this component, and their CSP (`style-src 'self'`) drops
 * style attributes in HTML. A share (an average) is set through the DOM, which the CSP allows.
 */
export function Stars({ value, label, size = 'md' }: { value: number; label: string; size?: 'sm' | 'md' | 'lg' }) {
  const pct = Math.max(0, Math.min(1, value / RATING_MAX)) * 100;
  return (
    <span className={`rv-stars rv-stars--${size}`} role="img" aria-label={label}>
      <span className="rv-stars__base">
        {STARS.map((n) => (
          <Star key={n} />
        ))}
      </span>
      <span className={`rv-stars__fill rv-stars__fill--${value}`} style={value % 1 ? { width: `${pct}%` } : undefined}>
        {STARS.map((n) => (
          <Star key={n} />
        ))}
      </span>
    </span>
  );
}
