/** Star rating display (with partial fill for averages) and the 5-star radio-group input. */
import { useState } from 'react';
import { RATING_MAX } from '../../supabase/functions/_shared/rules.ts';

const STAR_PATH = 'M12 2.6l2.9 5.9 6.5.95-4.7 4.6 1.1 6.5L12 17.5l-5.8 3.05 1.1-6.5-4.7-4.6 6.5-.95z';
const STARS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

function Star() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={STAR_PATH} />
    </svg>
  );
}

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

/**
 * Native radios (arrow keys, one tab stop, form semantics) drawn as stars. Hovering previews a
 * rating by lighting the stars up to the pointer (doc 1 §2.9); leaving restores the chosen value.
 */
export function StarInput({
  value,
  onChange,
  name,
  disabled,
}: {
  value: number;
  onChange: (n: number) => void;
  name: string;
  disabled?: boolean;
}) {
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <div className="rv-star-input" onMouseLeave={() => setHover(0)} data-hover={hover ? 'true' : undefined}>
      {STARS.map((n) => (
        <label
          key={n}
          className="rv-star-input__option"
          data-on={n <= shown ? 'true' : undefined}
          onMouseEnter={() => !disabled && setHover(n)}
        >
          <input
            type="radio"
            className="rv-star-input__radio"
            name={name}
            value={String(n)}
            checked={value === n}
            required
            disabled={disabled}
            onChange={() => onChange(n)}
          />
          <Star />
          <span className="kyb-sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
        </label>
      ))}
      <span className="rv-star-input__value" aria-hidden="true">
        {shown ? `${shown} out of ${RATING_MAX}` : ''}
      </span>
    </div>
  );
}
