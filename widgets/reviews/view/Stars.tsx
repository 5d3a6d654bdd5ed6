/** Star rating display, with partial fill for averages. The 5-star input is in StarInput.tsx (form only). */
import { RATING_MAX } from '../../core/shared.ts';
import { STARS, Star } from './star.ts';

/** Read-only stars; `label` is what assistive technology reads (e.g. "Rated 4 out of 5"). */
export function Stars({ value, label, size = 'md' }: { value: number; label: string; size?: 'sm' | 'md' | 'lg' }) {
  const pct = Math.max(0, Math.min(1, value / RATING_MAX)) * 100;
  return (
    <span className={`rv-stars rv-stars--${size}`} role="img" aria-label={label}>
      <span className="rv-stars__base">
        {STARS.map((n) => (
          <Star key={n} />
        ))}
      </span>
      <span className="rv-stars__fill" style={{ width: `${pct}%` }}>
        {STARS.map((n) => (
          <Star key={n} />
        ))}
      </span>
    </span>
  );
}
