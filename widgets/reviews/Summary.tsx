/** Average, count and the rating histogram; each bar filters the list to that many stars. */
import { RATING_MAX } from '../core/domain.ts';
import { type FeedSummary, barPercent, basedOn, formatAverage, reviewCount } from '../../ui/reviews/model/index.ts';
import { Stars } from '../../ui/reviews/view/index.ts';
import { STARS, Star, starCount } from '../../ui/reviews/view/star.ts';

const ROWS = [...STARS].reverse();

export function Summary({ summary, rating, onRating }: { summary: FeedSummary; rating: number | null; onRating: (n: number | null) => void }) {
  const avg = formatAverage(summary.average);
  return (
    <div className="rv-summary" part="summary">
      <div className="rv-summary__score">
        <span className="rv-summary__average" aria-hidden="true">
          {avg}
        </span>
        <Stars value={Number(avg ?? 0)} label={`Average rating ${avg} out of ${RATING_MAX}`} size="lg" />
        <p className="rv-summary__count">{basedOn(summary.count)}</p>
      </div>
      <ul className="rv-histogram" part="histogram" aria-label="Filter by rating">
        {ROWS.map((star) => {
          const n = summary.histogram[String(star)] ?? 0;
          const pressed = rating === star;
          return (
            <li key={star}>
              <button type="button" className="rv-histogram__row" aria-pressed={pressed} disabled={n === 0 && !pressed} onClick={() => onRating(pressed ? null : star)}>
                <span className="rv-histogram__label" aria-hidden="true">
                  {star}
                  <Star />
                </span>
                <span className="rv-histogram__bar" aria-hidden="true">
                  <span style={{ width: `${barPercent(n, summary.count)}%` }} />
                </span>
                <span className="rv-histogram__count" aria-hidden="true">
                  {n}
                </span>
                <span className="kyb-sr-only">{`${starCount(star)}: ${reviewCount(n)}`}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
