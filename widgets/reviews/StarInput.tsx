/** The 5-star radio-group input of the review form (loaded with the form). */
import { useState } from 'react';
import { RATING_MAX } from '../core/domain.ts';
import { STARS, Star, starCount } from '../../ui/reviews/view/star.ts';

/**
 * Native radios (arrow keys, one tab stop, form semantics) drawn as stars. Hovering previews a
 * rating by lighting the stars up to the pointer (docs/reviews.md#review-form); leaving restores the chosen value.
 */
export function StarInput({ value, onChange, name, disabled }: { value: number; onChange: (n: number) => void; name: string; disabled?: boolean }) {
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <div className="rv-star-input" onMouseLeave={() => setHover(0)} data-hover={hover ? 'true' : undefined}>
      {STARS.map((n) => (
        <label key={n} className="rv-star-input__option" data-on={n <= shown ? 'true' : undefined} onMouseEnter={() => !disabled && setHover(n)}>
          <input type="radio" className="rv-star-input__radio" name={name} value={String(n)} checked={value === n} required disabled={disabled} onChange={() => onChange(n)} />
          <Star />
          <span className="kyb-sr-only">{starCount(n)}</span>
        </label>
      ))}
      <span className="rv-star-input__value" aria-hidden="true">
        {shown ? `${shown} out of ${RATING_MAX}` : ''}
      </span>
    </div>
  );
}
